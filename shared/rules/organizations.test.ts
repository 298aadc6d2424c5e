import { describe, expect, it } from 'vitest';
import { organizationsEs as m } from '../messages/organizations.es.js';
import {
  averageOf,
  managesMembers,
  mayChangeRole,
  mayLeave,
  mayRemove,
  memberChips,
  organizationFormErrors,
  successRate,
} from './organizations.js';

describe('who manages members', () => {
  it('owners and admins do, members do not', () => {
    expect(managesMembers('owner')).toBe(true);
    expect(managesMembers('admin')).toBe(true);
    expect(managesMembers('member')).toBe(false);
  });

  it('an admin changes members and admins, never an owner nor into one', () => {
    const base = { self: false, owners: 1 };
    expect(mayChangeRole({ ...base, actor: 'admin', from: 'member', to: 'admin' })).toBe(true);
    expect(mayChangeRole({ ...base, actor: 'admin', from: 'admin', to: 'member' })).toBe(true);
    expect(mayChangeRole({ ...base, actor: 'admin', from: 'member', to: 'owner' })).toBe(false);
    expect(mayChangeRole({ ...base, owners: 2, actor: 'admin', from: 'owner', to: 'member' })).toBe(
      false,
    );
  });

  it('an owner makes and unmakes owners, but the last owner stays one; nobody changes themselves', () => {
    expect(
      mayChangeRole({ actor: 'owner', self: false, from: 'member', to: 'owner', owners: 1 }),
    ).toBe(true);
    expect(
      mayChangeRole({ actor: 'owner', self: false, from: 'owner', to: 'admin', owners: 2 }),
    ).toBe(true);
    expect(
      mayChangeRole({ actor: 'owner', self: false, from: 'owner', to: 'admin', owners: 1 }),
    ).toBe(false);
    expect(
      mayChangeRole({ actor: 'owner', self: true, from: 'owner', to: 'admin', owners: 3 }),
    ).toBe(false);
    expect(
      mayChangeRole({ actor: 'member', self: false, from: 'member', to: 'admin', owners: 1 }),
    ).toBe(false);
    expect(
      mayChangeRole({ actor: 'owner', self: false, from: 'admin', to: 'admin', owners: 1 }),
    ).toBe(false);
  });

  it('removal: a manager removes others; an owner only by an owner', () => {
    expect(mayRemove({ actor: 'admin', self: false, target: 'member' })).toBe(true);
    expect(mayRemove({ actor: 'admin', self: false, target: 'owner' })).toBe(false);
    expect(mayRemove({ actor: 'owner', self: false, target: 'owner' })).toBe(true);
    expect(mayRemove({ actor: 'member', self: false, target: 'member' })).toBe(false);
    expect(mayRemove({ actor: 'owner', self: true, target: 'owner' })).toBe(false);
  });

  it('anyone leaves but the last owner', () => {
    expect(mayLeave('member', 1)).toBe(true);
    expect(mayLeave('owner', 2)).toBe(true);
    expect(mayLeave('owner', 1)).toBe(false);
  });
});

describe('the admin card', () => {
  it('shows five member chips, then +N más', () => {
    expect(memberChips([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(memberChips([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3, 4, 5], more: 0 });
    expect(memberChips([1, 2, 3, 4, 5, 6, 7, 8])).toEqual({ shown: [1, 2, 3, 4, 5], more: 3 });
  });
});

describe('the organisation form (§5)', () => {
  it('create needs a name and a type; e-mail and phone are optional', () => {
    expect(organizationFormErrors({ name: 'Notaría Pérez', type: 'notary' }, 'create', m)).toEqual(
      {},
    );
    expect(organizationFormErrors({ name: '   ', type: null }, 'create', m)).toEqual({
      name: m.nameRequired,
      type: m.typeRequired,
    });
    expect(organizationFormErrors({ name: 'A', type: 'bank' }, 'create', m)).toEqual({
      type: m.typeRequired,
    });
  });

  it('edit needs the name only; a given e-mail must be one; the name has a limit', () => {
    expect(organizationFormErrors({ name: 'Acme' }, 'edit', m)).toEqual({});
    expect(organizationFormErrors({ name: 'Acme', email: 'no-es-correo' }, 'edit', m)).toEqual({
      email: m.emailInvalid,
    });
    expect(organizationFormErrors({ name: 'x'.repeat(201) }, 'edit', m)).toEqual({
      name: m.nameTooLong,
    });
  });
});

describe('dashboard figures', () => {
  it('success rate: processed over received, rounded; none received is 0', () => {
    expect(successRate(0, 0)).toBe(0);
    expect(successRate(3, 2)).toBe(67);
    expect(successRate(8, 8)).toBe(100);
    expect(successRate(4, 9)).toBe(100);
  });

  it('averages round and never divide by zero', () => {
    expect(averageOf(100, 3)).toBe(33);
    expect(averageOf(100, 0)).toBe(0);
  });
});
