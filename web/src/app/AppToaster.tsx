import { useEffect } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';
import {
  TOAST_DURATION_MS,
  TOAST_ERROR_MS,
  TOAST_SUCCESS_MS,
  toastsBeyondLimit,
} from './toastRules';

/** react-hot-toast has no visible-count option: dismiss the oldest beyond the limit. */
function ToastLimiter() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const id of toastsBeyondLimit(toasts)) toast.dismiss(id);
  }, [toasts]);
  return null;
}

export function AppToaster() {
  return (
    <>
      <Toaster
        position="top-right"
        containerStyle={{ top: 72 }}
        toastOptions={{
          duration: TOAST_DURATION_MS,
          success: { duration: TOAST_SUCCESS_MS },
          error: { duration: TOAST_ERROR_MS },
          loading: { duration: Number.POSITIVE_INFINITY },
          className: 'app-toast',
          style: {
            background: 'var(--color-surface)',
            color: 'var(--color-text)',
            border: '1px solid var(--color-border)',
            boxShadow: 'var(--shadow-lg)',
            borderRadius: 'var(--radius)',
            fontSize: '0.9375rem',
            maxWidth: 420,
          },
        }}
      />
      <ToastLimiter />
    </>
  );
}
