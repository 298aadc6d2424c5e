import { QueryClientContext } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { apiCall } from '../api';
import { clearMaintenanceAccess, grantMaintenanceAccess } from '../maintenanceAccess';
import {
  type SessionStatus,
  type SessionUser,
  userFromClaims,
  userFromProfile,
} from './sessionUser';

export type { SessionStatus, SessionUser } from './sessionUser';

export interface SessionValue {
  status: SessionStatus;
  user: SessionUser | null;
  /**
   * Signs out of this device (errors ignored) and clears cached data. A logout also closes the maintenance gate again (spec §4.5);
   * `keepAppOpen` is for a sign-out the app forces on a user who was inside (a password
   * change), who must land on /login, not on the gate.
   */
  signOut(options?: { keepAppOpen?: boolean }): Promise<void>;
  /** Re-reads the session and profile; resolves to the user (null when signed out). */
  refresh(): Promise<SessionUser | null>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** Amplify is loaded on demand: this module (and the app shell) stays free of it. */
const loadAuth = () => import('./amplify');

/** Amplify keeps its tokens under keys with this prefix (used to follow other tabs). */
const AMPLIFY_STORAGE_PREFIX = 'CognitoIdentityServiceProvider.';

interface State {
  status: SessionStatus;
  user: SessionUser | null;
}

const SIGNED_OUT: State = { status: 'signedOut', user: null };

/**
 * Who is signed in. The status starts as 'loading' until Amplify has read the stored tokens;
 * the user's names and role come from the API profile (the ID token's claims when the profile
 * cannot be read). Amplify's Hub events and other tabs' sign-ins and sign-outs keep it current.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ status: 'loading', user: null });
  const queryClient = useContext(QueryClientContext);
  // Every load gets a number; only the latest one may set the state (no stale overwrite).
  const generation = useRef(0);
  const userRef = useRef<SessionUser | null>(null);

  const refresh = useCallback(async (): Promise<SessionUser | null> => {
    const mine = ++generation.current;
    let next: State;
    try {
      const auth = await loadAuth();
      const current = await auth.readSession();
      if (!current.signedIn) {
        next = SIGNED_OUT;
      } else {
        let user: SessionUser | null;
        try {
          user = userFromProfile(await apiCall('getMyProfile'));
        } catch {
          user = userFromClaims(current.idClaims);
        }
        next = user ? { status: 'signedIn', user } : SIGNED_OUT;
      }
    } catch (err) {
      // No runtime config or the auth chunk failed to load: the app still works signed out.
      console.warn('session unavailable', err instanceof Error ? err.message : err);
      next = SIGNED_OUT;
    }
    if (mine === generation.current) {
      // Another account (or none): nothing cached for the previous one may be shown.
      if (userRef.current && userRef.current.sub !== next.user?.sub) queryClient?.clear();
      userRef.current = next.user;
      setState(next);
    }
    return next.user;
  }, [queryClient]);

  const signOut = useCallback(
    async (options?: { keepAppOpen?: boolean }) => {
      generation.current++;
      // Granted before the sign-out lands, so the gate never shows in between.
      if (options?.keepAppOpen) grantMaintenanceAccess();
      const auth = await loadAuth().catch(() => undefined);
      await auth?.signOutQuietly();
      if (!options?.keepAppOpen) clearMaintenanceAccess();
      queryClient?.clear();
      userRef.current = null;
      setState(SIGNED_OUT);
    },
    [queryClient],
  );

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    void refresh();
    loadAuth()
      .then((auth) => {
        if (!active) return;
        unsubscribe = auth.listenToAuthEvents((event) => {
          if (event === 'signedOut') {
            generation.current++;
            if (userRef.current) queryClient?.clear();
            userRef.current = null;
            setState(SIGNED_OUT);
          } else if (event === 'signedIn' || event === 'tokenRefresh_failure') {
            void refresh();
          }
        });
      })
      .catch(() => undefined);

    // Another tab signed in or out: Amplify writes several keys at once, so wait for the last.
    let storageTimer: ReturnType<typeof setTimeout> | undefined;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && !event.key.startsWith(AMPLIFY_STORAGE_PREFIX)) return;
      clearTimeout(storageTimer);
      storageTimer = setTimeout(() => void refresh(), 150);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      active = false;
      clearTimeout(storageTimer);
      unsubscribe?.();
      window.removeEventListener('storage', onStorage);
    };
  }, [refresh, queryClient]);

  const value = useMemo<SessionValue>(
    () => ({ status: state.status, user: state.user, signOut, refresh }),
    [state, signOut, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
