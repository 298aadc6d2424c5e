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
import { apiCall, setTokenProvider } from '../api';
import { clearMaintenanceAccess, grantMaintenanceAccess } from '../maintenanceAccess';
import { restoreWorkContext } from '../workContext';
import {
  type SessionStatus,
  type SessionUser,
  userFromClaims,
  userFromProfile,
} from './sessionUser';
import { AMPLIFY_STORAGE_PREFIX, freshStoredTokens } from './storedTokens';

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

type AuthModule = typeof import('./amplify');

export { AMPLIFY_STORAGE_PREFIX } from './storedTokens';

/**
 * True when this browser may hold a session: Amplify stored something. Without any of its keys
 * nobody is signed in, so the visitor is known to be signed out at once and the auth library
 * (a third of the app's first-load JS to download and run) is not loaded until a login.
 */
export function mayHaveStoredSession(): boolean {
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      if (window.localStorage.key(i)?.startsWith(AMPLIFY_STORAGE_PREFIX)) return true;
    }
    return false;
  } catch {
    // Storage unreadable: let Amplify decide, as before.
    return true;
  }
}

let authModule: Promise<AuthModule> | undefined;
/** Called with the auth module once it is loaded (the provider subscribes to its events then). */
const onAuthLoaded = new Set<(auth: AuthModule) => void>();

/** Amplify is loaded on demand, once: this module (and the app shell) stays free of it. */
export function loadAuth(): Promise<AuthModule> {
  if (!authModule) {
    const loading = import('./amplify');
    authModule = loading;
    loading.then(
      (auth) => {
        for (const listener of onAuthLoaded) listener(auth);
      },
      () => {
        // A failed chunk (offline, a deploy) may load on the next attempt.
        if (authModule === loading) authModule = undefined;
      },
    );
  }
  return authModule;
}

/**
 * The API client's token: the stored one while it is fresh (storedTokens.ts), else Amplify's,
 * which refreshes it. Amplify then loads only when a token must be refreshed.
 */
setTokenProvider(async () => {
  const stored = freshStoredTokens();
  if (stored) return stored.accessToken;
  if (!mayHaveStoredSession()) return undefined;
  try {
    return await (await loadAuth()).accessToken();
  } catch {
    return undefined;
  }
});

interface State {
  status: SessionStatus;
  user: SessionUser | null;
}

const SIGNED_OUT: State = { status: 'signedOut', user: null };

/**
 * Who is signed in. The status starts as 'loading' until the stored tokens are read (without
 * Amplify while the access token is fresh, storedTokens.ts);
 * the user's names and role come from the API profile (the ID token's claims when the profile
 * cannot be read). Amplify's Hub events and other tabs' sign-ins and sign-outs keep it current.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>(() =>
    mayHaveStoredSession() ? { status: 'loading', user: null } : SIGNED_OUT,
  );
  const queryClient = useContext(QueryClientContext);
  // Every load gets a number; only the latest one may set the state (no stale overwrite).
  const generation = useRef(0);
  const userRef = useRef<SessionUser | null>(null);

  const refresh = useCallback(async (): Promise<SessionUser | null> => {
    const mine = ++generation.current;
    let next: State;
    try {
      // A fresh stored token is a session without loading Amplify (storedTokens.ts).
      const stored = freshStoredTokens();
      const current = stored
        ? { signedIn: true, idClaims: stored.idClaims }
        : mayHaveStoredSession()
          ? await (await loadAuth()).readSession()
          : { signedIn: false as const };
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
      restoreWorkContext(next.user?.sub ?? null);
      setState(next);
    }
    return next.user;
  }, [queryClient]);

  const signOut = useCallback(
    async (options?: { keepAppOpen?: boolean }) => {
      generation.current++;
      // The flag is set or cleared before the sign-out lands: Amplify announces it (the
      // 'signedOut' event below) before its promise resolves, and the gate reads the flag
      // again as soon as the status becomes 'signedOut'.
      if (options?.keepAppOpen) grantMaintenanceAccess();
      else clearMaintenanceAccess();
      const auth = await loadAuth().catch(() => undefined);
      await auth?.signOutQuietly();
      queryClient?.clear();
      userRef.current = null;
      restoreWorkContext(null);
      setState(SIGNED_OUT);
    },
    [queryClient],
  );

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    void refresh();
    // Amplify's own events (a token refresh that failed, a sign-out): followed from the moment
    // it is loaded, now for a stored session or later by a login.
    const subscribe = (auth: AuthModule) => {
      if (!active || unsubscribe) return;
      unsubscribe = auth.listenToAuthEvents((event) => {
        if (event === 'signedOut') {
          generation.current++;
          if (userRef.current) queryClient?.clear();
          userRef.current = null;
          restoreWorkContext(null);
          setState(SIGNED_OUT);
        } else if (event === 'signedIn' || event === 'tokenRefresh_failure') {
          void refresh();
        }
      });
    };
    onAuthLoaded.add(subscribe);
    if (authModule) authModule.then(subscribe, () => undefined);

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
      onAuthLoaded.delete(subscribe);
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
