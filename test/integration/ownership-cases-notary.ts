import { expect } from 'vitest';
import type { RouteId } from '../../shared/contract/routes.js';
import { organizationsEs } from '../../shared/messages/organizations.es.js';
import { newNotary, notaryApi, notaryWithAssignment, orderChat } from '../support/notary.js';
import { bellOf } from '../support/notifications.js';
import type { OwnershipCase } from './ownership-cases.js';

/**
 * Ownership cases of the notary routes (merged into ownershipCases): they name no notary, the
 * work context does, and the server checks the caller is a member of it on every call. Another
 * user naming the owner's notary in its context header is refused with 403 and learns nothing
 * of its queue; its assignment stays untaken. Each case's notary offers a service of its own
 * (test/support/notary.ts), so no other notary shares its orders.
 */
export const notaryOwnershipCases: Partial<Record<RouteId, OwnershipCase>> = {
  listNotaryAssignments: async ({ stack, owner, other }) => {
    const n = await notaryWithAssignment(stack, owner);
    const res = await notaryApi(stack, other, n.org.id).list('pending');
    expect(res.status).toBe(403);
    expect(res.body.error?.message).toBe(organizationsEs.notAMember);
    expect(JSON.stringify(res.body)).not.toContain(n.assignmentId);
    const mine = await notaryApi(stack, owner, n.org.id).list('pending');
    expect(mine.body.assignments.map((a) => a.id)).toContain(n.assignmentId);
  },
  getNotaryMetrics: async ({ stack, owner, other }) => {
    const n = await notaryWithAssignment(stack, owner);
    const res = await notaryApi(stack, other, n.org.id).metrics();
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(n.org.name);
  },
  getNotaryAssignment: async ({ stack, owner, other }) => {
    const n = await notaryWithAssignment(stack, owner);
    const res = await notaryApi(stack, other, n.org.id).detail(n.assignmentId);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(n.orderId);
    expect((await notaryApi(stack, owner, n.org.id).detail(n.assignmentId)).status).toBe(200);
  },
  listNotaryMessages: async ({ stack, owner, other }) => {
    const n = await notaryWithAssignment(stack, owner);
    await notaryApi(stack, owner, n.org.id).action('take_document', n.assignmentId);
    expect((await notaryApi(stack, owner, n.org.id).write(n.assignmentId, 'Hola')).status).toBe(
      200,
    );
    const res = await notaryApi(stack, other, n.org.id).messages(n.assignmentId);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('Hola');
  },
  postNotaryMessage: async ({ stack, owner, other }) => {
    const n = await notaryWithAssignment(stack, owner);
    await notaryApi(stack, owner, n.org.id).action('take_document', n.assignmentId);
    const res = await notaryApi(stack, other, n.org.id).write(n.assignmentId, 'Intrusión');
    expect(res.status).toBe(403);
    const thread = await notaryApi(stack, owner, n.org.id).messages(n.assignmentId);
    expect(thread.body.messages).toEqual([]);
  },
  listOrderMessages: async ({ stack, other }) => {
    // The owner here is the order's customer: another user reaches for its chat.
    const n = await notaryWithAssignment(stack);
    await notaryApi(stack, n.user, n.org.id).action('take_document', n.assignmentId);
    await notaryApi(stack, n.user, n.org.id).write(n.assignmentId, 'Pregunta privada');
    const res = await orderChat(stack, other, n.orderId).read();
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Pregunta privada');
    expect((await orderChat(stack, n.customer, n.orderId).read()).body.messages).toHaveLength(1);
  },
  postOrderMessage: async ({ stack, other }) => {
    const n = await notaryWithAssignment(stack);
    const res = await orderChat(stack, other, n.orderId).write('Intrusión');
    expect(res.status).toBe(404);
    expect((await orderChat(stack, n.customer, n.orderId).read()).body.messages).toEqual([]);
  },
  listNotifications: async ({ stack, owner, other }) => {
    // The owner is a notary a customer wrote to: its bell has the thread, nobody else's does,
    // and naming the owner's notary in the context header is refused.
    const n = await notaryWithAssignment(stack, owner);
    await orderChat(stack, n.customer, n.orderId).write('Pregunta privada');
    expect((await bellOf(stack, owner, n.org.id)).body.unread).toBe(1);
    const res = await bellOf(stack, other, n.org.id);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(n.assignmentId);
    expect((await bellOf(stack, other)).body).toEqual({ notifications: [], unread: 0 });
  },
  notaryAction: async ({ stack, owner, other }) => {
    const n = await notaryWithAssignment(stack, owner);
    const res = await notaryApi(stack, other, n.org.id).action('take_document', n.assignmentId);
    expect(res.status).toBe(403);
    const pending = await notaryApi(stack, owner, n.org.id).list('pending');
    const a = pending.body.assignments.find((x) => x.id === n.assignmentId);
    expect(a?.status).toBe('assigned');
  },
  createNotarizedUpload: async ({ stack, owner, other }) => {
    const n = await notaryWithAssignment(stack, owner);
    await notaryApi(stack, owner, n.org.id).action('take_document', n.assignmentId);
    const res = await notaryApi(stack, other, n.org.id).startNotarizedUpload(n.assignmentId, {
      file_name: 'acta.pdf',
      size: 100,
    });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('upload');
  },
  completeNotarizedUpload: async ({ stack, owner, other }) => {
    const n = await notaryWithAssignment(stack, owner);
    await notaryApi(stack, owner, n.org.id).action('take_document', n.assignmentId);
    const started = await notaryApi(stack, owner, n.org.id).startNotarizedUpload(n.assignmentId, {
      file_name: 'acta.pdf',
      size: 100,
    });
    expect(started.status).toBe(201);
    const res = await notaryApi(stack, other, n.org.id).completeNotarizedUpload(
      n.assignmentId,
      started.body.upload_id,
    );
    expect(res.status).toBe(403);
    // Nor from a notary of its own, naming this assignment: the same 404 as an unknown one.
    const stranger = await newNotary(stack, null);
    const foreign = await notaryApi(stack, stranger.user, stranger.org.id).completeNotarizedUpload(
      n.assignmentId,
      started.body.upload_id,
    );
    expect(foreign.status).toBe(404);
  },
};
