import { createContext, useContext } from 'react';

/** The views of the login modal (spec §2.6). */
export type AuthMode = 'login' | 'register' | 'forgot-password';

export interface AuthModalValue {
  open(mode: AuthMode): void;
  close(): void;
}

/**
 * The login / register / forgot-password modal, opened from anywhere with
 * `useAuthModal().open(mode)`. The auth feature's AuthModalProvider (mounted by the app shell)
 * provides it; this module only names it, so a screen can ask a visitor to log in without
 * importing the auth feature.
 */
export const AuthModalContext = createContext<AuthModalValue | null>(null);

export function useAuthModal(): AuthModalValue {
  const value = useContext(AuthModalContext);
  if (!value) throw new Error('useAuthModal must be used inside <AuthModalProvider>');
  return value;
}
