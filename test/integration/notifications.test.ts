import { describe, expect, inject, it } from 'vitest';
import { fmt } from '../../shared/messages/fmt.js';
import { notificationsEs as t } from '../../shared/messages/notifications.es.js';
import { newConfirmedUser } from '../support/client.js';
import { runJob } from '../support/ledger.js';
import {
  newNotary,
  notaryApi,
  notaryOffering,
  notaryWithAssignment,
  orderChat,
  orderRecord,
} from '../support/notary.js';
import { bellOf } from '../support/notifications.js';

/**
 * The header's bell (GET /api/notifications): one notification per chat thread with unread
 * messages, for the side that has not read them; cleared by reading the thread; a notary's
 * only in that notary's work context and never anyone else's; an old notary's cleared by a
 * reassignment it can no longer read.
 */
const stack = inject('stack');

describe("the header's bell", () => {
  it("counts the notary's messages for the customer until the customer reads them", async () => {
    const n = await notaryWithAssignment(stack);
    const notary = notaryApi(stack, n.user, n.org.id);
    const customer = orderChat(stack, n.customer, n.orderId);
    const { order_number } = await orderRecord(stack, n.orderId);
    await notary.action('take_document', n.assignmentId);

    expect((await notary.write(n.assignmentId, '¿La fecha es correcta?')).status).toBe(200);
    const one = await bellOf(stack, n.customer);
    expect(one.status).toBe(200);
    expect(one.body.unread).toBe(1);
    expect(one.body.notifications).toEqual([
      {
        id: `chat:order:${n.orderId}`,
        kind: 'chat',
        title: fmt(t.chatFromNotaryTitle, { number: order_number }),
        body: t.unreadOne,
        count: 1,
        href: `/mis-pedidos?order=${n.orderId}`,
        updated_at: expect.any(String),
      },
    ]);

    await notary.write(n.assignmentId, '¿Y la ciudad?');
    await notary.write(n.assignmentId, 'Quedo atento.');
    const three = await bellOf(stack, n.customer);
    expect(three.body.unread).toBe(3);
    expect(three.body.notifications).toHaveLength(1);
    expect(three.body.notifications[0]).toMatchObject({
      count: 3,
      body: fmt(t.unreadMany, { n: 3 }),
    });
    // The writer's own bell stays quiet, in its notary's context as in Personal.
    expect((await bellOf(stack, n.user, n.org.id)).body).toEqual({ notifications: [], unread: 0 });

    expect((await customer.read()).body.messages).toHaveLength(3);
    expect((await bellOf(stack, n.customer)).body).toEqual({ notifications: [], unread: 0 });
  });

  it("shows the customer's messages to the notary in its own context only", async () => {
    const n = await notaryWithAssignment(stack);
    const customer = orderChat(stack, n.customer, n.orderId);
    const { order_number } = await orderRecord(stack, n.orderId);
    expect((await customer.write('¿Cuándo estará listo?')).status).toBe(200);
    expect((await customer.write('Gracias.')).status).toBe(200);

    const mine = await bellOf(stack, n.user, n.org.id);
    expect(mine.status).toBe(200);
    expect(mine.body.unread).toBe(2);
    expect(mine.body.notifications).toEqual([
      {
        id: `chat:assignment:${n.assignmentId}`,
        kind: 'chat',
        title: fmt(t.chatFromCustomerTitle, { number: order_number }),
        body: fmt(t.unreadMany, { n: 2 }),
        count: 2,
        href: `/notary-document/${n.assignmentId}#chat`,
        updated_at: expect.any(String),
      },
    ]);
    // The same member in Personal: the notary's items are not theirs as a customer.
    expect((await bellOf(stack, n.user)).body.notifications).toEqual([]);
    // The customer never sees the notary's side, whatever it wrote.
    expect((await bellOf(stack, n.customer)).body).toEqual({ notifications: [], unread: 0 });
    // A member of another notary, in its own context, sees nothing of it...
    const stranger = await newNotary(stack, null);
    expect((await bellOf(stack, stranger.user, stranger.org.id)).body.notifications).toEqual([]);
    // ...and naming this notary in its header is refused.
    const intruder = await bellOf(stack, stranger.user, n.org.id);
    expect(intruder.status).toBe(403);
    expect(JSON.stringify(intruder.body)).not.toContain(n.assignmentId);

    // The notary opens the chat (any status: reading is allowed before taking it).
    expect((await notaryApi(stack, n.user, n.org.id).messages(n.assignmentId)).status).toBe(200);
    expect((await bellOf(stack, n.user, n.org.id)).body).toEqual({ notifications: [], unread: 0 });
  });

  it("a reassignment takes the thread off the old notary's bell", async () => {
    const first = await notaryWithAssignment(stack);
    await orderChat(stack, first.customer, first.orderId).write('¿Hay alguien?');
    expect((await bellOf(stack, first.user, first.org.id)).body.unread).toBe(1);
    const second = await notaryOffering(stack, first.service);
    await runJob(stack, 'notarial-assignments', new Date(Date.now() + 241 * 60_000));
    const order = await orderRecord(stack, first.orderId);
    expect(order.notary_org_id).toBe(second.org.id);
    expect((await bellOf(stack, first.user, first.org.id)).body).toEqual({
      notifications: [],
      unread: 0,
    });
    // The new notary's thread starts empty: nothing unread for it yet.
    expect((await bellOf(stack, second.user, second.org.id)).body.unread).toBe(0);
  });

  it('is empty for a user with nothing new', async () => {
    const user = await newConfirmedUser(stack, 'Nueva');
    const res = await bellOf(stack, user);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ notifications: [], unread: 0 });
  });
});
