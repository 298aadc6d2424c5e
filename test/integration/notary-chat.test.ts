import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { CHAT_LIMITS } from '../../shared/contract/chat.js';
import { chatEs } from '../../shared/messages/chat.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { mailsTo, newConfirmedUser } from '../support/client.js';
import { runJob } from '../support/ledger.js';
import {
  assignNow,
  notaryApi,
  notaryOffering,
  notaryWithAssignment,
  orderChat,
  orderRecord,
  sealedNotarialOrder,
  uniqueService,
} from '../support/notary.js';

/**
 * The chat between the assigned notary and the customer: who may write when, one e-mail per
 * unread streak (not per message), unread counts cleared by reading, repeats written once, the
 * cap, a reassignment starting a new thread, and bad input refused in Spanish.
 */
const stack = inject('stack');

async function subjectsTo(email: string, subject: string, atLeast: number) {
  let found: unknown[] = [];
  for (let i = 0; i < 100; i++) {
    found = (await mailsTo(stack, email)).filter((m) => m.subject === subject);
    if (found.length >= atLeast) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return found.length;
}

describe('the chat between notary and customer', () => {
  it('carries a question and its answer, telling each side once per unread streak', async () => {
    const n = await notaryWithAssignment(stack);
    const notary = notaryApi(stack, n.user, n.org.id);
    const customer = orderChat(stack, n.customer, n.orderId);
    const order = await orderRecord(stack, n.orderId);

    // Before taking it the notary may read but not write.
    const before = await notary.messages(n.assignmentId);
    expect(before.body).toMatchObject({ messages: [], can_write: false });
    expect(before.body.closed_reason).toBe(chatEs.notTaken);
    const early = await notary.write(n.assignmentId, '¿Hola?');
    expect(early.status).toBe(409);
    expect(early.body.error?.message).toBe(chatEs.notTaken);

    expect((await notary.action('take_document', n.assignmentId)).status).toBe(200);
    const q1 = await notary.write(n.assignmentId, '¿El documento tiene la fecha correcta?');
    expect(q1.status).toBe(200);
    expect(q1.body.message).toMatchObject({ author: 'notary', author_name: n.org.name });
    const q2 = await notary.write(n.assignmentId, 'También necesito la ciudad.');
    expect(q2.status).toBe(200);

    // One mail for the two unread messages.
    const subject = fmt(chatEs.customerMailSubject, { number: order.order_number });
    expect(await subjectsTo(order.billing.email, subject, 1)).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await subjectsTo(order.billing.email, subject, 2)).toBe(1);
    const listed = await notary.list('processing');
    expect(listed.body.assignments[0]?.message_count).toBe(2);
    expect(listed.body.assignments[0]?.unread_count).toBe(0);

    // The customer reads (marks read) and answers; the member who took it is told.
    const thread = await customer.read();
    expect(thread.status).toBe(200);
    expect(thread.body.can_write).toBe(true);
    expect(thread.body.messages.map((m) => m.body)).toEqual([
      '¿El documento tiene la fecha correcta?',
      'También necesito la ciudad.',
    ]);
    const answer = await customer.write('  Sí, 27 de noviembre, Santiago.  ');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatchObject({
      author: 'customer',
      body: 'Sí, 27 de noviembre, Santiago.',
    });
    const toNotary = fmt(chatEs.notaryMailSubject, { number: order.order_number });
    expect(await subjectsTo(n.user.email, toNotary, 1)).toBe(1);
    // Unread on the notary's card until it opens the chat.
    expect((await notary.list('processing')).body.assignments[0]?.unread_count).toBe(1);

    // Read by the customer: the notary's next message mails again.
    expect((await notary.messages(n.assignmentId)).body.messages).toHaveLength(3);
    expect((await notary.list('processing')).body.assignments[0]?.unread_count).toBe(0);
    await notary.write(n.assignmentId, 'Gracias.');
    expect(await subjectsTo(order.billing.email, subject, 2)).toBe(2);
  });

  it('writes a repeated send once and refuses bad input in Spanish', async () => {
    const n = await notaryWithAssignment(stack);
    const customer = orderChat(stack, n.customer, n.orderId);
    const key = randomUUID();
    const sends = await Promise.all(
      Array.from({ length: 20 }, () => customer.write('Una sola vez', key)),
    );
    expect(sends.map((s) => s.status)).toEqual(sends.map(() => 200));
    expect(new Set(sends.map((s) => s.body.message.id))).toEqual(new Set([key]));
    expect((await customer.read()).body.messages).toHaveLength(1);

    const empty = await customer.write('   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields?.body).toBe(chatEs.bodyRequired);
    const long = await customer.write('x'.repeat(CHAT_LIMITS.body + 1));
    expect(long.status).toBe(400);
    expect(long.body.error?.fields?.body).toBe(chatEs.bodyTooLong);
    expect((await customer.read()).body.messages).toHaveLength(1);
  });

  it('100 messages at once from both sides: all written, counted exactly, never a 5xx', async () => {
    const n = await notaryWithAssignment(stack);
    const notary = notaryApi(stack, n.user, n.org.id);
    await notary.action('take_document', n.assignmentId);
    const customer = orderChat(stack, n.customer, n.orderId);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 ? customer.write(`Cliente ${i}`) : notary.write(n.assignmentId, `Notaría ${i}`),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const written = statuses.filter((s) => s === 200).length;
    // A burst may exhaust a send's retries (409, nothing written): the count says exactly.
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const thread = await customer.read();
    expect(thread.body.messages).toHaveLength(written);
    const listed = await notary.list('processing');
    expect(listed.body.assignments[0]?.message_count).toBe(written);
    expect(written).toBeGreaterThan(50);
  });

  it('closes with the decision, and before a notary there is nobody to write to', async () => {
    const service = uniqueService();
    const customerUser = await newConfirmedUser(stack, 'Cliente');
    const waiting = await sealedNotarialOrder(stack, customerUser, { service });
    expect(await assignNow(stack, waiting)).toBe('waiting');
    const none = orderChat(stack, customerUser, waiting);
    expect((await none.read()).body).toEqual({
      messages: [],
      can_write: false,
      closed_reason: chatEs.notAssigned,
    });
    const refused = await none.write('¿Hay alguien?');
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(chatEs.notAssigned);

    const n = await notaryWithAssignment(stack);
    const notary = notaryApi(stack, n.user, n.org.id);
    await notary.action('take_document', n.assignmentId);
    await notary.action('approve', n.assignmentId);
    const closed = await orderChat(stack, n.customer, n.orderId).write('¿Y ahora?');
    expect(closed.status).toBe(409);
    expect(closed.body.error?.message).toBe(chatEs.closed);
    expect((await notary.write(n.assignmentId, 'Listo')).status).toBe(409);
  });

  it('a reassignment starts a new thread: the next notary does not read the previous one', async () => {
    const first = await notaryWithAssignment(stack);
    await orderChat(stack, first.customer, first.orderId).write('Mensaje a la primera notaría');
    const second = await notaryOffering(stack, first.service);
    await runJob(stack, 'notarial-assignments', new Date(Date.now() + 241 * 60_000));
    const order = await orderRecord(stack, first.orderId);
    expect(order.notary_org_id).toBe(second.org.id);
    const theirs = await notaryApi(stack, second.user, second.org.id).messages(
      order.assignment_id ?? '',
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.messages).toEqual([]);
    const gone = await notaryApi(stack, first.user, first.org.id).messages(first.assignmentId);
    expect(gone.status).toBe(404);
  });

  it(`refuses message ${CHAT_LIMITS.messages + 1} with the cap's message`, async () => {
    const n = await notaryWithAssignment(stack);
    const customer = orderChat(stack, n.customer, n.orderId);
    for (let i = 0; i < CHAT_LIMITS.messages; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, j) => customer.write(`Mensaje ${i + j}`)),
      );
      // Retried until each lands: the cap is what this test is about.
      for (const [j, r] of batch.entries()) {
        if (r.status !== 200) {
          expect(r.status).toBe(409);
          expect((await customer.write(`Mensaje ${i + j}`)).status).toBe(200);
        }
      }
    }
    const over = await customer.write('Uno más');
    expect(over.status).toBe(409);
    expect(over.body.error?.message).toBe(fmt(chatEs.tooMany, { n: CHAT_LIMITS.messages }));
    expect((await customer.read()).body.messages).toHaveLength(CHAT_LIMITS.messages);
  });
});
