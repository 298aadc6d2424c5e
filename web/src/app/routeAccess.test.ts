import { describe, expect, it } from 'vitest';
import { accessOf, decideAccess } from './routeAccess';

describe('accessOf', () => {
  it('defaults to public', () => {
    expect(accessOf([])).toBe('public');
    expect(accessOf([{ handle: undefined }, { handle: {} }])).toBe('public');
  });

  it('takes the deepest declared level', () => {
    expect(accessOf([{ handle: { access: 'user' } }, { handle: { access: 'admin' } }])).toBe(
      'admin',
    );
    expect(accessOf([{ handle: { access: 'user' } }, { handle: undefined }])).toBe('user');
  });
});

describe('decideAccess', () => {
  it('always allows public routes', () => {
    expect(decideAccess('public', 'loading', null)).toBe('allow');
    expect(decideAccess('public', 'signedOut', null)).toBe('allow');
  });

  it('waits for the session, then asks anonymous users to log in', () => {
    expect(decideAccess('user', 'loading', null)).toBe('wait');
    expect(decideAccess('user', 'signedOut', null)).toBe('login');
    expect(decideAccess('admin', 'signedOut', null)).toBe('login');
  });

  it('lets any signed-in user into user routes', () => {
    expect(decideAccess('user', 'signedIn', 'customer')).toBe('allow');
    expect(decideAccess('user', 'signedIn', 'admin')).toBe('allow');
  });

  it('keeps admin routes for admins', () => {
    expect(decideAccess('admin', 'signedIn', 'customer')).toBe('forbidden');
    expect(decideAccess('admin', 'signedIn', 'admin')).toBe('allow');
  });
});
