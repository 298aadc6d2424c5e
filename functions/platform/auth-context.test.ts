import { describe, expect, it } from 'vitest';
import { callerOf, mustBeCaller, parseGroups, requireCaller } from './auth-context.js';
import { AppError } from './errors.js';

const eventWith = (claims: Record<string, unknown> | undefined) =>
  ({
    requestContext: { authorizer: claims ? { jwt: { claims, scopes: [] } } : undefined },
  }) as never;

describe('parseGroups', () => {
  it('reads API Gateway strings, JSON arrays and real arrays alike', () => {
    expect(parseGroups('[admin notary]')).toEqual(['admin', 'notary']);
    expect(parseGroups('[admin]')).toEqual(['admin']);
    expect(parseGroups('["admin","notary"]')).toEqual(['admin', 'notary']);
    expect(parseGroups('["admin"]')).toEqual(['admin']);
    expect(parseGroups(['admin'])).toEqual(['admin']);
    expect(parseGroups('[]')).toEqual([]);
    expect(parseGroups('')).toEqual([]);
    expect(parseGroups(undefined)).toEqual([]);
    expect(parseGroups(42)).toEqual([]);
  });

  it.each([
    ['a comma list', 'admin,x'],
    ['a comma list in brackets', '[notadmin,admin]'],
    ['a bare name', 'admin'],
    ['a name that merely contains admin', '[notadmin admin2]'],
    ['a quoted name in the space form', '[admin "x"]'],
    ['an unclosed bracket', '[admin'],
    ['nested brackets', '[[admin]]'],
    ['a JSON array of non-strings', '["admin", 1]'],
    ['broken JSON', '["admin"'],
    ['a JSON object', '{"admin":true}'],
    ['an array holding non-strings', ['admin', 1]],
    ['leading whitespace', ' [admin]'],
  ])('never grants admin from %s', (_name, raw) => {
    expect(parseGroups(raw)).not.toContain('admin');
  });

  it('keeps names whole: no group is a prefix or piece of another', () => {
    expect(parseGroups('[notadmin admin2]')).toEqual(['notadmin', 'admin2']);
    expect(parseGroups('admin,x')).toEqual([]);
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
