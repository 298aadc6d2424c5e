import './ui.css';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { es } from '../../../../shared/messages.es';

export interface ModalProps {
  /** Rendered (and shown modally) only while true. */
  open: boolean;
  /** Called on Esc, on the close button and (when allowed) on a backdrop click. */
  onClose(): void;
  /** The dialog's heading; also its accessible name. */
  title: ReactNode;
  /** Optional text under the title; becomes the accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Width of the panel (default md). */
  size?: 'sm' | 'md' | 'lg';
  /** Close when the backdrop is clicked (default true). */
  closeOnBackdrop?: boolean;
  /** Extra class of the panel. */
  className?: string;
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]') && el.getClientRects().length > 0,
  );
}

/**
 * An accessible modal dialog built on the native <dialog> element opened with showModal():
 * the page behind becomes inert, Esc closes, and focus is kept inside (Tab and Shift+Tab wrap)
 * and given back to the element that had it when the dialog opened. The first element marked
 * `data-autofocus` (else the first form field, else the close button) receives focus.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  size = 'md',
  closeOnBackdrop = true,
  className,
}: ModalProps) {
  if (!open || typeof document === 'undefined') return null;
  return createPortal(
    <ModalDialog
      onClose={onClose}
      title={title}
      description={description}
      size={size}
      closeOnBackdrop={closeOnBackdrop}
      className={className}
    >
      {children}
    </ModalDialog>,
    document.body,
  );
}

type DialogProps = Omit<ModalProps, 'open'>;

function ModalDialog({
  onClose,
  title,
  description,
  children,
  size,
  closeOnBackdrop,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const titleId = useId();
  const descriptionId = useId();
  // Where a press started: a drag from inside the panel that ends on the backdrop is no click.
  const pressStartedOnBackdrop = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      try {
        dialog.showModal();
      } catch {
        dialog.setAttribute('open', '');
      }
    }
    const initial =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>(
        '.ui-modal__body input:not([disabled]), .ui-modal__body select, .ui-modal__body textarea',
      ) ??
      dialog.querySelector<HTMLElement>('.ui-modal__close');
    initial?.focus();

    const { body } = document;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';

    return () => {
      body.style.overflow = previousOverflow;
      if (dialog.open) dialog.close();
      if (previouslyFocused?.isConnected) {
        // After React has removed the dialog, so the browser's own focus fix-up does not win.
        queueMicrotask(() => previouslyFocused.focus());
      }
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = focusableIn(ref.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !ref.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !ref.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={['ui-modal', `ui-modal--${size}`, className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      onKeyDown={onKeyDown}
      // The native cancel (Esc) would close the element behind React's back: ask the owner.
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (
          closeOnBackdrop &&
          event.target === event.currentTarget &&
          pressStartedOnBackdrop.current
        ) {
          onCloseRef.current();
        }
      }}
    >
      <div className="ui-modal__panel">
        <div className="ui-modal__header">
          <h2 id={titleId} className="ui-modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="ui-modal__close"
            aria-label={es.common.close}
            onClick={() => onCloseRef.current()}
          >
            <svg
              viewBox="0 0 24 24"
              width="20"
              height="20"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        </div>
        {description ? (
          <p id={descriptionId} className="ui-modal__description">
            {description}
          </p>
        ) : null}
        <div className="ui-modal__body">{children}</div>
      </div>
    </dialog>
  );
}
