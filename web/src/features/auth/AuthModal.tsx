import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../components/layout-bits/PageLoader';
import { safeNextPath } from '../../lib/redirects';
import { AuthModalContext, type AuthModalValue, type AuthMode } from '../../lib/session/authModal';
import type { AuthModalDone } from './AuthModalDialog';
import type { SwitchLink } from './forms/types';

/**
 * The dialog and its forms (zod schemas, react-hook-form) are a chunk of their own, fetched the
 * first time the modal opens: no page pays for them until a visitor asks to log in.
 */
const AuthModalDialog = lazy(async () => ({
  default: (await import('./AuthModalDialog')).AuthModalDialog,
}));

/**
 * The login / register / forgot-password modal (spec §2.6), opened from anywhere with
 * `useAuthModal()` (lib/session/authModal). Each mode is its own form, mounted afresh on every switch, so
 * switching clears the fields and the messages. While the dialog's chunk loads (first opening
 * only) a full-screen loader stands in for it.
 */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthMode | null>(null);
  const [done, setDone] = useState<AuthModalDone | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const contentRef = useRef<HTMLDivElement>(null);
  const switched = useRef(false);

  const open = useCallback((next: AuthMode) => {
    switched.current = false;
    setDone(null);
    setMode(next);
  }, []);
  const close = useCallback(() => {
    setMode(null);
    setDone(null);
  }, []);
  const switchTo = useCallback((next: AuthMode) => {
    switched.current = true;
    setDone(null);
    setMode(next);
  }, []);
  const finish = useCallback((next: AuthModalDone) => {
    switched.current = true;
    setDone(next);
  }, []);

  // After a switch the pressed link is gone: move focus to the new view's first control.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the view changes.
  useEffect(() => {
    if (!switched.current || mode === null) return;
    switched.current = false;
    contentRef.current?.querySelector<HTMLElement>('input, button, a[href]')?.focus();
  }, [mode, done]);

  const switchLink: SwitchLink = (target, label) => (
    <button type="button" className="ui-link-button" onClick={() => switchTo(target)}>
      {label}
    </button>
  );

  const onLoggedIn = () => {
    close();
    // A guarded page sent the visitor home with `state.from` (app/RouteGuard): go back there.
    const from = (location.state as { from?: unknown } | null)?.from;
    if (typeof from === 'string') {
      const target = safeNextPath(from, '');
      if (target) void navigate(target, { replace: true });
    }
  };

  const value = useMemo<AuthModalValue>(() => ({ open, close }), [open, close]);

  return (
    <AuthModalContext.Provider value={value}>
      {children}
      {mode !== null ? (
        <Suspense fallback={<PageLoader overlay />}>
          <AuthModalDialog
            mode={mode}
            done={done}
            onClose={close}
            contentRef={contentRef}
            switchLink={switchLink}
            onLoggedIn={onLoggedIn}
            onDone={finish}
          />
        </Suspense>
      ) : null}
    </AuthModalContext.Provider>
  );
}
