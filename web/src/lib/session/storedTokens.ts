/** Amplify keeps its tokens under keys with this prefix (used to follow other tabs). */
export const AMPLIFY_STORAGE_PREFIX = 'CognitoIdentityServiceProvider.';

/** A stored access token closer than this to its expiry is left to Amplify to refresh. */
export const FRESH_MARGIN_MS = 60_000;

export interface StoredTokens {
  accessToken: string;
  /** The ID token's claims (names, role), when it is stored and readable. */
  idClaims?: Record<string, unknown>;
}

/** A JWT's payload, unverified: only the server trusts a token, this reads its expiry. */
function payloadOf(token: string | null): Record<string, unknown> | undefined {
  const part = token?.split('.')[1];
  if (!part) return undefined;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The tokens Amplify stored for the last signed-in user (`{prefix}{client}.LastAuthUser`, then
 * `{prefix}{client}.{user}.accessToken` and `.idToken`, Amplify v6's layout, the same the boot
 * script reads in prerender/earlyCalls.ts), when the access token stays valid for
 * FRESH_MARGIN_MS more. With them a returning customer's first screen needs neither the auth
 * library (a third of the app's first-load JS) nor its session read: Amplify is loaded only to
 * refresh a token about to expire, to sign in or out. Anything unexpected answers undefined and
 * leaves the decision to Amplify.
 */
export function freshStoredTokens(now = Date.now()): StoredTokens | undefined {
  try {
    const storage = window.localStorage;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i) ?? '';
      if (!key.startsWith(AMPLIFY_STORAGE_PREFIX) || !key.endsWith('.LastAuthUser')) continue;
      const user = storage.getItem(key);
      if (!user) return undefined;
      const base = `${key.slice(0, -'LastAuthUser'.length)}${user}`;
      const accessToken = storage.getItem(`${base}.accessToken`);
      const exp = payloadOf(accessToken)?.exp;
      if (!accessToken || typeof exp !== 'number' || exp * 1000 <= now + FRESH_MARGIN_MS) {
        return undefined;
      }
      return { accessToken, idClaims: payloadOf(storage.getItem(`${base}.idToken`)) };
    }
  } catch {
    // Storage unreadable: Amplify decides.
  }
  return undefined;
}
