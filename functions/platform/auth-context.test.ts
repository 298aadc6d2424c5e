import { describe, expect, it } from 'vitest';
import { callerOf, mustBeCaller, parseGroups, requireCaller } from './auth-context.js';
import { AppError } from './errors.js';

const eventWith = (claims: Record<string, unknown> | undefined) =>
  ({
    requestContext: { authorizer: claims ? { jwt: { claims, scopes: [] } } : undefined },
  }) as never;

describe('parseGroups', () => {
  it('reads API Gateway strings and real arrays alike', () => {
    expect(parseGroups('[admin notary]')).toEqual(['admin', 'notary']);
    expect(parseGroups('[admin, "notary"]')).toEqual(['admin', 'notary']);
    expect(parseGroups(['admin'])).toEqual(['admin']);
    expect(parseGroups('admin')).toEqual(['admin']);
    expect(parseGroups('')).toEqual([]);
    expect(parseGroups(undefined)).toEqual([]);
    expect(parseGroups(42)).toEqual([]);
  });
});

describe('callerOf', () => {
  it('takes the caller from an access token and its groups', () => {
    const caller = callerOf(
      eventWith({ sub: 'abc', token_use: 'access', 'cognito:groups': '[admin]' }),
    );
    expect(caller).toEqual({ sub: 'abc', email: undefined, groups: ['admin'], isAdmin: true });
  });

  it('refuses ID tokens, missing subjects and missing authorizers', () => {
    expect(callerOf(eventWith({ sub: 'abc', token_use: 'id', aud: 'client' }))).toBeUndefined();
    expect(callerOf(eventWith({ token_use: 'access' }))).toBeUndefined();
    expect(callerOf(eventWith({ sub: '', token_use: 'access' }))).toBeUndefined();
    expect(callerOf(eventWith(undefined))).toBeUndefined();
    expect(callerOf({ requestContext: undefined } as never)).toBeUndefined();
  });
});

describe('requireCaller', () => {
  const user = { sub: 'u', email: undefined, groups: [], isAdmin: false };
  const admin = { ...user, groups: ['admin'], isAdmin: true };

  it('lets anyone through public routes', () => {
    expect(requireCaller('public', undefined)).toBeUndefined();
    expect(requireCaller('public', user)).toBe(user);
  });

  it('answers 401 without a caller and 403 to a non-admin on admin routes', () => {
    expect(() => requireCaller('user', undefined)).toThrow(
      expect.objectContaining({ code: 'UNAUTHORIZED' }),
    );
    expect(() => requireCaller('admin', user)).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(requireCaller('admin', admin)).toBe(admin);
    expect(() => mustBeCaller(undefined)).toThrow(AppError);
  });
});
