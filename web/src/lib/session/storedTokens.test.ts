import { afterEach, describe, expect, it, vi } from 'vitest';
import { AMPLIFY_STORAGE_PREFIX, FRESH_MARGIN_MS, freshStoredTokens } from './storedTokens';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const CLIENT = `${AMPLIFY_STORAGE_PREFIX}client123`;

function jwt(claims: Record<string, unknown>): string {
  const part = (v: unknown) =>
    Buffer.from(JSON.stringify(v)).toString('base64url').replace(/=+$/, '');
  return `${part({ alg: 'RS256' })}.${part(claims)}.sig`;
}

function useStorage(entries: Record<string, string>): void {
  const keys = Object.keys(entries);
  vi.stubGlobal('window', {
    localStorage: {
      length: keys.length,
      key: (i: number) => keys[i] ?? null,
      getItem: (k: string) => entries[k] ?? null,
    },
  });
}

function amplifyEntries(accessExp: number, extra: Record<string, string> = {}) {
  return {
    other: 'x',
    [`${CLIENT}.LastAuthUser`]: 'ana',
    [`${CLIENT}.ana.accessToken`]: jwt({ sub: 'ana', exp: accessExp }),
    [`${CLIENT}.ana.idToken`]: jwt({ sub: 'ana', email: 'ana@sello.test' }),
    ...extra,
  };
}

describe('freshStoredTokens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("answers the last user's access token and ID claims while the token stays fresh", () => {
    const entries = amplifyEntries(NOW / 1000 + 3600);
    useStorage(entries);
    const tokens = freshStoredTokens(NOW);
    expect(tokens?.accessToken).toBe(entries[`${CLIENT}.ana.accessToken`]);
    expect(tokens?.idClaims).toEqual({ sub: 'ana', email: 'ana@sello.test' });
  });

  it('leaves a token inside the refresh margin, or expired, to Amplify', () => {
    useStorage(amplifyEntries((NOW + FRESH_MARGIN_MS) / 1000));
    expect(freshStoredTokens(NOW)).toBeUndefined();
    useStorage(amplifyEntries(NOW / 1000 - 10));
    expect(freshStoredTokens(NOW)).toBeUndefined();
  });

  it('answers undefined for no session, a missing or unreadable token, or no storage', () => {
    useStorage({ other: 'x' });
    expect(freshStoredTokens(NOW)).toBeUndefined();
    useStorage({ [`${CLIENT}.LastAuthUser`]: 'ana' });
    expect(freshStoredTokens(NOW)).toBeUndefined();
    useStorage(amplifyEntries(0, { [`${CLIENT}.ana.accessToken`]: 'not-a-jwt' }));
    expect(freshStoredTokens(NOW)).toBeUndefined();
    useStorage(amplifyEntries(0, { [`${CLIENT}.ana.accessToken`]: jwt({ exp: 'later' }) }));
    expect(freshStoredTokens(NOW)).toBeUndefined();
    vi.stubGlobal('window', {
      get localStorage() {
        throw new Error('denied');
      },
    });
    expect(freshStoredTokens(NOW)).toBeUndefined();
  });

  it('keeps a fresh access token without a readable ID token (the profile names the user)', () => {
    useStorage(amplifyEntries(NOW / 1000 + 3600, { [`${CLIENT}.ana.idToken`]: '%%%' }));
    const tokens = freshStoredTokens(NOW);
    expect(tokens?.accessToken).toBeTruthy();
    expect(tokens?.idClaims).toBeUndefined();
  });
});
