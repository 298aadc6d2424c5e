import { describe, expect, it } from 'vitest';
import { groupsOf, userFromClaims, userFromProfile } from './sessionUser';

it('userFromProfile maps the API profile', () => {
  expect(
    userFromProfile({
      id: 'sub-1',
      email: 'ana@example.com',
      first_name: 'Ana',
      last_name: 'Pérez',
      role: 'admin',
    }),
  ).toEqual({
    sub: 'sub-1',
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Pérez',
    role: 'admin',
  });
});

describe('groupsOf', () => {
  it('reads arrays and the flattened string shapes', () => {
    expect(groupsOf(['admin', 'x'])).toEqual(['admin', 'x']);
    expect(groupsOf('[admin notary]')).toEqual(['admin', 'notary']);
    expect(groupsOf('admin,notary')).toEqual(['admin', 'notary']);
    expect(groupsOf(undefined)).toEqual([]);
    expect(groupsOf(3)).toEqual([]);
  });
});

describe('userFromClaims', () => {
  it('builds the user from ID-token claims', () => {
    expect(
      userFromClaims({
        sub: 's',
        email: 'a@b.cl',
        given_name: 'Ana',
        family_name: 'Soto',
        'cognito:groups': ['admin'],
      }),
    ).toEqual({ sub: 's', email: 'a@b.cl', firstName: 'Ana', lastName: 'Soto', role: 'admin' });
  });
  it('defaults to customer and empty names', () => {
    expect(userFromClaims({ sub: 's' })).toEqual({
      sub: 's',
      email: '',
      firstName: '',
      lastName: '',
      role: 'customer',
    });
  });
  it('needs a subject', () => {
    expect(userFromClaims(undefined)).toBeNull();
    expect(userFromClaims({ email: 'a@b.cl' })).toBeNull();
  });
});
