import { describe, expect, it } from 'vitest';
import { organizationsEs as m } from '../messages/organizations.es.js';
import {
  averageOf,
  byRoleThenName,
  INVITATION_DAYS,
  invitationAcceptance,
  invitationExpiry,
  invitationRefusal,
  leaveRefusal,
  managesMembers,
  mayChangeRole,
  mayLeave,
  mayRemove,
  memberChips,
  monthFigures,
  monthlyAnalytics,
  organizationFormErrors,
  removalRefusal,
  roleChangeRefusal,
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

describe('why a step on the members is refused', () => {
  it('invitations: a manager invites members and admins; only an owner invites an owner', () => {
    expect(invitationRefusal('owner', 'owner')).toBeUndefined();
    expect(invitationRefusal('owner', 'member')).toBeUndefined();
    expect(invitationRefusal('admin', 'admin')).toBeUndefined();
    expect(invitationRefusal('admin', 'member')).toBeUndefined();
    expect(invitationRefusal('admin', 'owner')).toBe('role');
    expect(invitationRefusal('member', 'member')).toBe('role');
  });

  it('role changes name the reason: the role, the last owner, oneself', () => {
    const base = { self: false, owners: 2 };
    expect(roleChangeRefusal({ ...base, actor: 'member', from: 'member', to: 'admin' })).toBe(
      'role',
    );
    expect(roleChangeRefusal({ ...base, actor: 'admin', from: 'owner', to: 'admin' })).toBe('role');
    expect(roleChangeRefusal({ ...base, actor: 'admin', from: 'member', to: 'owner' })).toBe(
      'role',
    );
    expect(
      roleChangeRefusal({ actor: 'owner', self: true, owners: 1, from: 'owner', to: 'admin' }),
    ).toBe('last_owner');
    expect(
      roleChangeRefusal({ actor: 'owner', self: true, owners: 2, from: 'owner', to: 'member' }),
    ).toBe('self');
    expect(
      roleChangeRefusal({ actor: 'admin', self: true, owners: 1, from: 'admin', to: 'member' }),
    ).toBe('self');
    expect(roleChangeRefusal({ ...base, actor: 'owner', from: 'owner', to: 'member' })).toBe(
      undefined,
    );
    expect(roleChangeRefusal({ ...base, actor: 'admin', from: 'admin', to: 'member' })).toBe(
      undefined,
    );
  });

  it('removal: admins never remove owners, nobody removes the last owner or themselves', () => {
    expect(removalRefusal({ actor: 'member', self: false, target: 'member' })).toBe('role');
    expect(removalRefusal({ actor: 'admin', self: false, target: 'owner', owners: 3 })).toBe(
      'role',
    );
    expect(removalRefusal({ actor: 'owner', self: false, target: 'owner', owners: 1 })).toBe(
      'last_owner',
    );
    expect(removalRefusal({ actor: 'owner', self: true, target: 'owner', owners: 2 })).toBe('self');
    expect(removalRefusal({ actor: 'admin', self: false, target: 'admin', owners: 1 })).toBe(
      undefined,
    );
    expect(removalRefusal({ actor: 'owner', self: false, target: 'owner', owners: 2 })).toBe(
      undefined,
    );
  });

  it('leaving: refused to the last owner only', () => {
    expect(leaveRefusal('owner', 1)).toBe('last_owner');
    expect(leaveRefusal('owner', 2)).toBeUndefined();
    expect(leaveRefusal('admin', 1)).toBeUndefined();
    expect(leaveRefusal('member', 0)).toBeUndefined();
  });
});

describe('accepting an invitation', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const valid = {
    now,
    expiresAt: invitationExpiry(now).toISOString(),
    acceptedBy: undefined,
    current: true,
    invitedEmail: 'ana@example.com',
    callerSub: 'sub-ana',
    callerEmail: 'Ana@Example.com ',
  };

  it('lasts seven days', () => {
    expect(INVITATION_DAYS).toBe(7);
    expect(invitationExpiry(now).toISOString()).toBe('2026-12-01T12:00:00.000Z');
  });

  it('accepts the invited address, whatever its case, until it expires', () => {
    expect(invitationAcceptance(valid)).toEqual({ accept: 'new' });
    expect(invitationAcceptance({ ...valid, expiresAt: now.toISOString() })).toEqual({
      refusal: 'expired',
    });
  });

  it('answers the same to the account that accepted it, and refuses it to any other', () => {
    expect(invitationAcceptance({ ...valid, acceptedBy: 'sub-ana' })).toEqual({ accept: 'again' });
    expect(
      invitationAcceptance({ ...valid, acceptedBy: 'sub-ana', expiresAt: '2020-01-01T00:00:00Z' }),
    ).toEqual({ accept: 'again' });
    expect(invitationAcceptance({ ...valid, acceptedBy: 'sub-otro' })).toEqual({ refusal: 'used' });
  });

  it('refuses a replaced invitation and another account', () => {
    expect(invitationAcceptance({ ...valid, current: false })).toEqual({ refusal: 'replaced' });
    expect(invitationAcceptance({ ...valid, callerEmail: 'otro@example.com' })).toEqual({
      refusal: 'other_account',
    });
    expect(invitationAcceptance({ ...valid, callerEmail: undefined })).toEqual({
      refusal: 'other_account',
    });
  });
});

describe('the members list', () => {
  it('lists owners, then admins, then members, each by name', () => {
    const people = [
      { role: 'member' as const, name: 'Zoe' },
      { role: 'owner' as const, name: 'Óscar' },
      { role: 'admin' as const, name: 'Beto' },
      { role: 'member' as const, name: 'Ángela' },
      { role: 'owner' as const, name: 'Ana' },
    ];
    expect([...people].sort(byRoleThenName).map((p) => p.name)).toEqual([
      'Ana',
      'Óscar',
      'Beto',
      'Ángela',
      'Zoe',
    ]);
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

describe("the organisation dashboard's month", () => {
  const o = (status: string, total_price: number, currency_code = 'CLP') => ({
    status,
    total_price,
    currency_code,
  });

  it('counts paid documents, not cancelled or unpaid ones, and averages their price', () => {
    expect(
      monthFigures([
        o('processing', 10_000),
        o('completed', 20_001),
        o('cancelled', 99_000),
        o('pending', 50_000),
      ]),
    ).toEqual({ documents: 2, average: { amount: 15_001, currency_code: 'CLP' } });
  });

  it('never adds currencies: the average is in the currency most documents were paid in', () => {
    expect(
      monthFigures([o('completed', 10, 'EUR'), o('completed', 9_990), o('processing', 19_990)]),
    ).toEqual({ documents: 3, average: { amount: 14_990, currency_code: 'CLP' } });
  });

  it('has no average without documents', () => {
    expect(monthFigures([])).toEqual({ documents: 0, average: null });
    expect(monthFigures([o('cancelled', 5)])).toEqual({ documents: 0, average: null });
  });
});

describe("the admin's monthly analytics of an organisation", () => {
  const o = (created_at: string, status: string, total_price = 1000, currency_code = 'CLP') => ({
    created_at,
    status,
    total_price,
    currency_code,
    credits_used: status === 'cancelled' ? 7 : 3,
  });
  const monthOf = (iso: string) => iso.slice(0, 7);

  it('counts each month, leaves unpaid orders out and never adds currencies', () => {
    const rows = monthlyAnalytics(
      [
        o('2026-10-03T12:00:00Z', 'completed'),
        o('2026-10-20T12:00:00Z', 'processing', 500, 'EUR'),
        o('2026-11-02T12:00:00Z', 'cancelled', 9000),
        o('2026-11-05T12:00:00Z', 'pending', 9000),
        o('2026-11-06T12:00:00Z', 'completed', 2000),
        // Outside the months asked for.
        o('2026-01-01T12:00:00Z', 'completed'),
      ],
      ['2026-10', '2026-11'],
      monthOf,
    );
    expect(rows).toEqual([
      {
        month: '2026-10',
        documents: 2,
        completed: 1,
        cancelled: 0,
        revenue: [
          { currency_code: 'CLP', amount: 1000 },
          { currency_code: 'EUR', amount: 500 },
        ],
        credits_used: 6,
      },
      {
        month: '2026-11',
        documents: 2,
        completed: 1,
        cancelled: 1,
        revenue: [{ currency_code: 'CLP', amount: 2000 }],
        credits_used: 3,
      },
    ]);
  });

  it('shows a month without orders as zeros', () => {
    expect(monthlyAnalytics([], ['2026-09'], monthOf)).toEqual([
      { month: '2026-09', documents: 0, completed: 0, cancelled: 0, revenue: [], credits_used: 0 },
    ]);
  });
});
