import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { formatMoney } from '../../shared/rules/currency.js';
import { api, newConfirmedUser } from '../support/client.js';
import { grantCredits } from '../support/ledger.js';
import {
  cardPaidOrder,
  checkoutApi,
  checkoutForm,
  completeRequest,
  confirmInBrowser,
  delivered,
  dropWebhooks,
  GOOD_CARD,
  paidOrder,
  signer,
  waitForLinks,
} from '../support/orders.js';
import {
  buyPackage,
  getReceipt,
  listReceipts,
  packageIntent,
  receiptMails,
  receiptsWhen,
  waitForReceiptMails,
} from '../support/receipts.js';
import { dashboardRefund, deliver, eventOf } from '../support/refunds.js';
import { openLink, verifyToReject } from '../support/signing.js';

/**
 * Receipts (issue 21 item 4): every payment kind gets exactly one receipt and one receipt
 * e-mail, whatever repeats (webhooks delivered again, 100 identical deliveries at once, a
 * credits payment retried with its key), with what was bought, the amounts in the currency
 * paid, the 2% credits discount where it applies and the payment's reference; only its owner
 * reads it.
 */
const stack = inject('stack');

/** Lets the mail outbox run: a second receipt mail, if one were queued, would be sent by then. */
const settle = () => new Promise((r) => setTimeout(r, 1500));

describe('receipts', () => {
  it('a credit package: one receipt with its price, credits and PaymentIntent, even when the webhook repeats', async () => {
    const user = await newConfirmedUser(stack, 'Paula');
    const intent = await buyPackage(stack, user);
    const [receipt] = await receiptsWhen(
      stack,
      user,
      (r) => r.payment_intent_id === intent.payment_intent_id,
    );
    const full = await getReceipt(stack, user, receipt?.id ?? '');
    expect(full.status).toBe(200);
    expect(full.body.receipt).toMatchObject({
      kind: 'credit_package',
      currency_code: intent.package.currency_code,
      subtotal: intent.package.price,
      discount: 0,
      total: intent.package.price,
      credits: intent.package.credits_amount,
      reference: intent.payment_intent_id,
      payment_method: 'card',
      billing: { email: user.email },
    });
    expect(full.body.receipt.number).toMatch(/^R-\d{6,}$/);
    // The owner only: no user id or idempotency reference in the answer.
    expect(full.body.receipt).not.toHaveProperty('user_sub');
    expect(full.body.receipt).not.toHaveProperty('ref');

    // Stripe delivers the event again, twice: still one receipt, one e-mail.
    const event = await delivered(stack, intent.payment_intent_id, 'payment_intent.succeeded');
    expect(await deliver(stack, event)).toBe(200);
    expect(await deliver(stack, event)).toBe(200);
    const mails = await waitForReceiptMails(stack, user.email);
    await settle();
    expect(await receiptMails(stack, user.email)).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`Tu recibo ${full.body.receipt.number} de Sello`);
    // The same es-CL money as every screen, the reference and the way to the printable page.
    expect(mail?.body.text).toContain(formatMoney(intent.package.price, 'CLP'));
    expect(mail?.body.text).toContain(intent.payment_intent_id);
    expect(mail?.body.text).toContain(`/recibo/${full.body.receipt.id}`);
    expect((await listReceipts(stack, user)).body.receipts).toHaveLength(1);
  });

  it('100 identical webhook deliveries at once issue one receipt and one e-mail', async () => {
    const user = await newConfirmedUser(stack, 'Cien');
    const intent = await packageIntent(stack, user);
    await dropWebhooks(stack, intent.payment_intent_id);
    expect((await confirmInBrowser(stack, intent, GOOD_CARD)).status).toBe(200);
    const event = await eventOf(stack, intent.payment_intent_id, 'payment_intent.succeeded');
    const statuses = await Promise.all(Array.from({ length: 100 }, () => deliver(stack, event)));
    for (const s of statuses) expect(s).toBe(200);
    const receipts = (await listReceipts(stack, user)).body.receipts;
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      kind: 'credit_package',
      payment_intent_id: intent.payment_intent_id,
    });
    await waitForReceiptMails(stack, user.email);
    await settle();
    expect(await receiptMails(stack, user.email)).toHaveLength(1);
  });

  it('a card order: one receipt with its total and PaymentIntent, linked to the order', async () => {
    const user = await newConfirmedUser(stack, 'Tarjeta');
    const { pi, orderId } = await cardPaidOrder(stack, user);
    const order = (await checkoutApi(stack).getOrder(user, orderId)).body.order;
    const [summary] = await receiptsWhen(stack, user, (r) => r.order_id === orderId);
    const receipt = (await getReceipt(stack, user, summary?.id ?? '')).body.receipt;
    expect(receipt).toMatchObject({
      kind: 'card_order',
      total: order.total_price,
      discount: 0,
      reference: pi,
      payment_intent_id: pi,
      order_number: order.order_number,
      billing: { name: 'Carla Rojas', city: 'Santiago' },
    });
    // The contracted services, without the free "no notary" choice.
    expect(receipt.lines.map((l) => l.description)).not.toContain('No, solo firma electrónica');
    expect(receipt.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(order.total_price);
    const byOrder = await listReceipts(stack, user, orderId);
    expect(byOrder.body.receipts.map((r) => r.id)).toEqual([receipt.id]);
    // The webhook again: nothing new.
    const event = await delivered(stack, pi, 'payment_intent.succeeded');
    expect(await deliver(stack, event)).toBe(200);
    expect((await listReceipts(stack, user)).body.receipts).toHaveLength(1);
  });

  it('a credits order: the 2% discount and what was paid, once per payment key', async () => {
    const user = await newConfirmedUser(stack, 'Creditos');
    const req = await completeRequest(stack, user);
    await grantCredits(stack, user.accessToken, req.quote.credits_needed);
    const key = randomUUID();
    const shop = checkoutApi(stack);
    const paid = await shop.payCredits(user, req.id, key, checkoutForm());
    expect(paid.status).toBe(200);
    const order = paid.body.order;
    // The same key again (a double click, a retry): the same order, still one receipt.
    expect((await shop.payCredits(user, req.id, key, checkoutForm())).status).toBe(200);
    const [summary] = await receiptsWhen(stack, user, (r) => r.order_id === order.id);
    const receipt = (await getReceipt(stack, user, summary?.id ?? '')).body.receipt;
    expect(order.credits_discount_amount).toBeGreaterThan(0);
    expect(receipt).toMatchObject({
      kind: 'credits_order',
      payment_method: 'credits',
      subtotal: order.total_price,
      discount: order.credits_discount_amount,
      total: order.total_price - order.credits_discount_amount,
      credits: order.credits_used,
      order_number: order.order_number,
    });
    // The reference is the ledger record of the payment.
    expect(receipt.transaction_id).toBe(receipt.reference);
    expect(receipt.reference).not.toBe(order.order_number);
    expect((await listReceipts(stack, user)).body.receipts).toHaveLength(1);
    const [mail] = await waitForReceiptMails(stack, user.email);
    expect(mail?.body.text).toContain(es.receipts.discount);
    expect(mail?.body.text).toContain(
      formatMoney(order.total_price - order.credits_discount_amount, order.currency_code),
    );
  });

  it('credits given back when a signer rejects: one refund receipt for the restored credits', async () => {
    const user = await newConfirmedUser(stack, 'Rechazo');
    const who = signer();
    const order = await paidOrder(stack, user, { signers: [who] });
    const [link] = await waitForLinks(stack, who.email);
    const s = await openLink(stack, link as URL);
    await verifyToReject(stack, s, who.email);
    const rejected = await s.step({
      accion: 'reject_signing',
      reason: 'Las cláusulas no son las acordadas',
    });
    expect(rejected.body.next_step).toBe('done');
    const refunds = await receiptsWhen(
      stack,
      user,
      (r) => r.order_id === order.id && r.kind === 'credits_refund',
    );
    expect(refunds).toHaveLength(1);
    const receipt = (await getReceipt(stack, user, refunds[0]?.id ?? '')).body.receipt;
    expect(receipt).toMatchObject({
      credits: order.credits_used,
      total: order.total_price - order.credits_discount_amount,
      payment_method: 'credits',
    });
    // Its payment's receipt and the refund's: two for the order, both listed with it.
    const byOrder = (await listReceipts(stack, user, order.id)).body.receipts;
    expect(byOrder.map((r) => r.kind).sort()).toEqual(['credits_order', 'credits_refund']);
  });

  it('a card refund made in Stripe: one refund receipt, even when the event repeats', async () => {
    const user = await newConfirmedUser(stack, 'Reembolso');
    const { pi, orderId } = await cardPaidOrder(stack, user);
    await receiptsWhen(stack, user, (r) => r.order_id === orderId);
    await dashboardRefund(stack, pi);
    const [refund] = await receiptsWhen(stack, user, (r) => r.kind === 'card_refund');
    const order = (await checkoutApi(stack).getOrder(user, orderId)).body.order;
    expect(refund).toMatchObject({ order_id: orderId, total: order.total_price });
    const event = await eventOf(stack, pi, 'charge.refunded');
    expect(await deliver(stack, event)).toBe(200);
    const all = (await listReceipts(stack, user)).body.receipts;
    expect(all.filter((r) => r.kind === 'card_refund')).toHaveLength(1);
    expect(all).toHaveLength(2);
  });

  it("the owner only: another user's token reads a 404, and nonsense ids are a 404 too", async () => {
    const owner = await newConfirmedUser(stack, 'Duena');
    const other = await newConfirmedUser(stack, 'Otro');
    const order = await paidOrder(stack, owner, { pendingLinks: true });
    const [mine] = await receiptsWhen(stack, owner, (r) => r.order_id === order.id);
    const foreign = await getReceipt(stack, other, mine?.id ?? '');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: { message: es.receipts.notFound } });
    expect((await getReceipt(stack, owner, 'not-a-receipt')).status).toBe(404);
    expect((await listReceipts(stack, other, order.id)).body.receipts).toEqual([]);
    // A page cursor of someone else's list is refused, not followed.
    const cursor = Buffer.from(
      JSON.stringify({ gsi1pk: 'USER#x#RECEIPTS', gsi1sk: 'a', pk: 'RECEIPT#a', sk: 'RECEIPT' }),
    ).toString('base64url');
    const foreignPage = await api(stack)('GET', `/api/receipts?cursor=${cursor}`, {
      token: owner.accessToken,
    });
    expect(foreignPage.status).toBe(400);
  });
});
