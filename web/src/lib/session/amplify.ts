/**
 * The only module that imports the Amplify auth library. Everything else in the app reaches it
 * through `import('./amplify')` (see session.tsx), so Amplify is a separate chunk that the
 * signer's pages never download.
 */
import { Amplify } from 'aws-amplify';
import {
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  fetchAuthSession,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { loadRuntimeConfig } from '../config';
import {
  isAlreadySignedInError,
  mapSignInError,
  outcomeOfSignInStep,
  type SignInOutcome,
} from './signInErrors';

let configured: Promise<void> | undefined;

/** Configures Amplify from /config.json once. */
export function ensureAmplify(): Promise<void> {
  configured ??= loadRuntimeConfig()
    .then(({ cognito }) => {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: cognito.userPoolId,
            userPoolClientId: cognito.userPoolClientId,
            // The local stack gives a same-origin path; Amplify wants an absolute URL.
            ...(cognito.endpoint
              ? { userPoolEndpoint: new URL(cognito.endpoint, window.location.origin).href }
              : {}),
            loginWith: { email: true },
          },
        },
      });
    })
    .catch((err: unknown) => {
      // Let a later call try again (the config request may have failed on a flaky network).
      configured = undefined;
      throw err;
    });
  return configured;
}

/**
 * The access token, refreshed by Amplify when it is about to expire (session.tsx asks only
 * when the stored one is not fresh); undefined when signed out or the refresh failed.
 */
export async function accessToken(): Promise<string | undefined> {
  await ensureAmplify();
  try {
    const session = await fetchAuthSession();
    return session.tokens?.accessToken?.toString();
  } catch {
    return undefined;
  }
}

export interface CurrentSession {
  signedIn: boolean;
  /** Claims of the ID token, the fallback source of the user's names and role. */
  idClaims?: Record<string, unknown>;
}

/** Reads the stored session, refreshing expired tokens when a refresh token allows it. */
export async function readSession(): Promise<CurrentSession> {
  await ensureAmplify();
  try {
    const session = await fetchAuthSession();
    if (!session.tokens?.accessToken) return { signedIn: false };
    return {
      signedIn: true,
      idClaims: session.tokens.idToken?.payload as Record<string, unknown> | undefined,
    };
  } catch {
    return { signedIn: false };
  }
}

export type SignInResult = { ok: true } | { ok: false; message: string };

const MESSAGES_BY_OUTCOME: Record<Exclude<SignInOutcome, 'done'>, string> = {
  notConfirmed: mapSignInError({ name: 'UserNotConfirmedException' }),
  unexpected: mapSignInError(undefined),
};

/**
 * E-mail and password sign-in. cognito-local supports only USER_PASSWORD_AUTH, and the hosted
 * pool is configured for it too, so that flow is used everywhere. A leftover session (another
 * account, a stale tab) is signed out first.
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  try {
    await ensureAmplify();
  } catch {
    return { ok: false, message: MESSAGES_BY_OUTCOME.unexpected };
  }
  const attempt = () =>
    amplifySignIn({
      username: email,
      password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  try {
    let result: Awaited<ReturnType<typeof attempt>>;
    try {
      result = await attempt();
    } catch (err) {
      if (!isAlreadySignedInError(err)) throw err;
      await signOutQuietly();
      result = await attempt();
    }
    const outcome = outcomeOfSignInStep(result.nextStep?.signInStep, result.isSignedIn);
    if (outcome === 'done') return { ok: true };
    if (outcome === 'unexpected') await signOutQuietly();
    return { ok: false, message: MESSAGES_BY_OUTCOME[outcome] };
  } catch (err) {
    return { ok: false, message: mapSignInError(err) };
  }
}

/** Signs out of this device; failures are ignored (spec §7.1): local tokens are gone anyway. */
export async function signOutQuietly(): Promise<void> {
  try {
    await ensureAmplify();
    await amplifySignOut();
  } catch {
    // Ignored on purpose.
  }
}

export type AuthHubEvent = 'signedIn' | 'signedOut' | 'tokenRefresh' | 'tokenRefresh_failure';

/** Subscribes to Amplify's auth events; returns the unsubscribe function. */
export function listenToAuthEvents(listener: (event: AuthHubEvent) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    const { event } = payload;
    if (
      event === 'signedIn' ||
      event === 'signedOut' ||
      event === 'tokenRefresh' ||
      event === 'tokenRefresh_failure'
    ) {
      listener(event);
    }
  });
}
