import { expect } from 'vitest';
import type { RouteId } from '../../shared/contract/routes.js';
import { contextsOf, createOrganization } from '../support/organizations.js';
import type { OwnershipCase } from './ownership-cases.js';

/** Ownership cases of the organisation routes (merged into ownershipCases). */
export const organizationsOwnershipCases: Partial<Record<RouteId, OwnershipCase>> = {
  listMyContexts: async ({ stack, owner, other }) => {
    const made = await createOrganization(stack, owner, { name: 'Solo del dueño' });
    expect(made.status).toBe(200);
    // Another user's list holds only their own Personal context.
    const theirs = await contextsOf(stack, other);
    expect(theirs.map((c) => c.organization_id)).not.toContain(made.body.organization.id);
  },
  createOrganization: async ({ stack, owner, other }) => {
    // The same idempotency key from another user makes that user's own organisation: the key
    // never reaches the owner's.
    const key = `shared-key-${Date.now()}`;
    const mine = await createOrganization(stack, owner, { name: 'Del dueño' }, key);
    const theirs = await createOrganization(stack, other, { name: 'Del otro' }, key);
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.body.organization.id).not.toBe(mine.body.organization.id);
    expect(theirs.body.organization.name).toBe('Del otro');
    const ownerOrgs = (await contextsOf(stack, owner)).filter((c) => c.kind === 'organization');
    expect(ownerOrgs.map((c) => c.name)).not.toContain('Del otro');
  },
};
