import { expect } from 'vitest';
import type { RouteId } from '../../shared/contract/routes.js';
import { organizationsEs } from '../../shared/messages/organizations.es.js';
import { notaryApi, notaryWithAssignment, type TestRegion } from '../support/notary.js';
import type { OwnershipCase } from './ownership-cases.js';

/**
 * Ownership cases of the notary routes (merged into ownershipCases): they name no notary, the
 * work context does, and the server checks the caller is a member of it on every call. Another
 * user naming the owner's notary in its context header is refused with 403 and learns nothing
 * of its queue; its assignment stays untaken. Each case's notary names its own region (below)
 * so no other test's notary shares its orders.
 */
const AYSEN: TestRegion = { code: 'CL-AI', text: 'Aysén' };
const MAGALLANES: TestRegion = { code: 'CL-MA', text: 'Magallanes' };
const LOS_LAGOS: TestRegion = { code: 'CL-LL', text: 'Los Lagos' };

export const notaryOwnershipCases: Partial<Record<RouteId, OwnershipCase>> = {
  listNotaryAssignments: async ({ stack, owner, other }) => {
    const n = await notaryWithAssignment(stack, AYSEN, owner);
    const res = await notaryApi(stack, other, n.org.id).list('pending');
    expect(res.status).toBe(403);
    expect(res.body.error?.message).toBe(organizationsEs.notAMember);
    expect(JSON.stringify(res.body)).not.toContain(n.assignmentId);
    const mine = await notaryApi(stack, owner, n.org.id).list('pending');
    expect(mine.body.assignments.map((a) => a.id)).toContain(n.assignmentId);
  },
  getNotaryMetrics: async ({ stack, owner, other }) => {
    const n = await notaryWithAssignment(stack, MAGALLANES, owner);
    const res = await notaryApi(stack, other, n.org.id).metrics();
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(n.org.name);
  },
  getNotaryAssignment: async ({ stack, owner, other }) => {
    const n = await notaryWithAssignment(stack, AYSEN, owner);
    const res = await notaryApi(stack, other, n.org.id).detail(n.assignmentId);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(n.orderId);
    expect((await notaryApi(stack, owner, n.org.id).detail(n.assignmentId)).status).toBe(200);
  },
  notaryAction: async ({ stack, owner, other }) => {
    const n = await notaryWithAssignment(stack, LOS_LAGOS, owner);
    const res = await notaryApi(stack, other, n.org.id).action('take_document', n.assignmentId);
    expect(res.status).toBe(403);
    const pending = await notaryApi(stack, owner, n.org.id).list('pending');
    const a = pending.body.assignments.find((x) => x.id === n.assignmentId);
    expect(a?.status).toBe('assigned');
  },
};
