import { describe, expect, it } from 'vitest';
import type { ActingAs } from '../organizations/acting-as.js';
import { historyOf, mayActOn } from './access.js';

const personal = (sub: string): ActingAs => ({ kind: 'personal', sub, ownerId: `user:${sub}` });
const inOrg = (
  sub: string,
  organizationId: string,
  role: 'owner' | 'admin' | 'member',
): ActingAs => ({
  kind: 'organization',
  sub,
  ownerId: `org:${organizationId}`,
  organizationId,
  organizationType: 'company',
  role,
});

describe('who may act on an order', () => {
  const personalOrder = { user_sub: 'ana', organization_id: null };
  const orgOrder = { user_sub: 'ana', organization_id: 'o1' };

  it('a Personal order: only its customer, only in Personal', () => {
    expect(mayActOn(personalOrder, personal('ana'))).toBe(true);
    expect(mayActOn({ user_sub: 'ana' }, personal('ana'))).toBe(true);
    expect(mayActOn(personalOrder, personal('bruno'))).toBe(false);
    expect(mayActOn(personalOrder, inOrg('ana', 'o1', 'owner'))).toBe(false);
  });

  it("an organisation's order: the member who placed it, and every admin and owner, in that organisation", () => {
    expect(mayActOn(orgOrder, inOrg('ana', 'o1', 'member'))).toBe(true);
    expect(mayActOn(orgOrder, inOrg('bruno', 'o1', 'member'))).toBe(false);
    expect(mayActOn(orgOrder, inOrg('bruno', 'o1', 'admin'))).toBe(true);
    expect(mayActOn(orgOrder, inOrg('bruno', 'o1', 'owner'))).toBe(true);
    expect(mayActOn(orgOrder, inOrg('ana', 'o2', 'owner'))).toBe(false);
    // Not from Personal, not even by the member who placed it.
    expect(mayActOn(orgOrder, personal('ana'))).toBe(false);
  });

  it('the history a context lists follows the same rule', () => {
    expect(historyOf(personal('ana'))).toEqual({ pk: 'USER#ana#ORDERS' });
    expect(historyOf(inOrg('ana', 'o1', 'member'))).toEqual({
      pk: 'ORG#o1#ORDERS',
      placedBy: 'ana',
    });
    expect(historyOf(inOrg('ana', 'o1', 'admin'))).toEqual({ pk: 'ORG#o1#ORDERS' });
  });
});
