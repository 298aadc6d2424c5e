import type Stripe from 'stripe';
import type { ReceiptBilling, ReceiptLine } from '../../shared/contract/receipts.js';
import { fmt } from '../../shared/messages/fmt.js';
import { receiptsEs as t } from '../../shared/messages/receipts.es.js';
import { formatCredits, fromStripeAmount } from '../../shared/rules/currency.js';
import { cardAmounts, contractedItems, creditsAmounts } from '../../shared/rules/money.js';
import type { LedgerEntry } from '../credits/entry.js';
import { readHead } from '../credits/wallet.js';
import { receiptMail } from '../mail/receipt-mail.js';
import { walletOwnerOf } from '../orders/payer.js';
import { orderPaymentOf } from '../orders/payment-metadata.js';
import { getPaymentMarker } from '../orders/payment-records.js';
import { getOrder, getOrderParts, type OrderRecord } from '../orders/repo.js';
import { purchaseOf } from '../payments/purchase.js';
import type { RefundRecord } from '../payments/refund-repo.js';
import { type Clock, systemClock } from '../platform/clock.js';
import { required } from '../platform/config.js';
import { logger } from '../platform/logger.js';
import { getProfile } from '../profile/repo.js';
import { issueReceipt, type ReceiptDraft, type StoredReceipt } from './repo.js';

/**
 * Where each payment's receipt comes from (issue 21 item 4, docs/credits-economy.md
 * "Receipts"). Every function is idempotent: the receipt's id is derived from its reference
 * (`ref`), so a repeated webhook, a status poll and a retry all end with the one receipt.
 *   credit package   `pi:{pi}`           the webhook and the status poll, once credited
 *   card order       `pi:{pi}`           the webhook, once the order exists
 *   credits order    `order:{orderId}`   the credits payment, after its transaction
 *   card refund      `refund:{pi}`       our refund once Stripe made it, or Stripe's own
 *                                        charge.refunded (a refund made in the dashboard)
 *   credits restored `restore:{orderId}` the order's ending that gave the credits back
 */

const receiptUrl = (id: string) => `${required('APP_URL').replace(/\/+$/, '')}/recibo/${id}`;

type Profile = NonNullable<Awaited<ReturnType<typeof getProfile>>>;

const billingOfProfile = (p: Profile | undefined): ReceiptBilling => ({
  name: [p?.first_name, p?.last_name].filter(Boolean).join(' '),
  email: p?.email ?? '',
  company: p?.company ?? null,
  address: p?.address ?? null,
  city: p?.city ?? null,
  region: p?.region_province ?? null,
  country_id: p?.billing_country_id ?? null,
});

const billingOfOrder = (o: OrderRecord): ReceiptBilling => ({
  name: `${o.billing.first_name} ${o.billing.last_name}`.trim(),
  email: o.billing.email,
  company: o.billing.company ?? null,
  address: o.billing.address,
  city: o.billing.city,
  region: o.billing.region_province,
  country_id: o.billing.billing_country_id,
});

/** Issues the receipt and its e-mail to the account's address (the billing one without it). */
async function issue(draft: Omit<ReceiptDraft, 'issued_at'>, clock: Clock): Promise<StoredReceipt> {
  const profile = await getProfile(draft.user_sub);
  const now = clock.now();
  const to = profile?.email || draft.billing.email;
  const { receipt, created } = await issueReceipt(
    { ...draft, issued_at: now.toISOString() },
    (r) => receiptMail(to, profile?.first_name ?? '', r, receiptUrl(r.id)),
    now,
  );
  if (created) logger.info('receipt issued', { receiptId: receipt.id, kind: receipt.kind });
  return receipt;
}

const orderLines = async (order: OrderRecord): Promise<ReceiptLine[]> => {
  const { lines } = await getOrderParts(order);
  return contractedItems(
    lines.map((l) => ({ ...l, category: l.service_category, item_total: l.item_total })),
  ).map((l) => ({ description: l.service_name, quantity: l.quantity, amount: l.item_total }));
};

/**
 * The ledger record of a credits order's payment (its reference): the first result of its
 * idempotency key `order:{key}`, read consistently (settled or still in the wallet's journal).
 */
async function spendOf(order: OrderRecord): Promise<LedgerEntry | undefined> {
  if (!order.credits_idempotency_key) return undefined;
  const head = await readHead(walletOwnerOf(order), `order:${order.credits_idempotency_key}`);
  return head.first?.related_entity_id === order.id ? head.first : undefined;
}

const byCredits = (o: OrderRecord) => o.payment_method_mix === 'full_credits' && o.credits_used > 0;

/** The receipt of an order's payment: by card (its PaymentIntent) or with credits. */
export async function issueOrderReceipt(
  order: OrderRecord,
  clock: Clock = systemClock,
): Promise<StoredReceipt> {
  const credits = byCredits(order);
  const spend = credits ? await spendOf(order) : undefined;
  const amounts = credits
    ? creditsAmounts(order.total_price, order.credits_discount_amount)
    : cardAmounts(order.total_price);
  return issue(
    {
      ref: credits ? `order:${order.id}` : `pi:${order.payment_intent_id}`,
      user_sub: order.user_sub,
      kind: credits ? 'credits_order' : 'card_order',
      description: fmt(t.orderDescription, { number: order.order_number, title: order.title }),
      lines: await orderLines(order),
      currency_code: order.currency_code,
      ...amounts,
      payment_method: credits ? 'credits' : 'card',
      credits: credits ? order.credits_used : null,
      reference: credits ? (spend?.id ?? order.order_number) : (order.payment_intent_id ?? ''),
      payment_intent_id: order.payment_intent_id,
      transaction_id: spend?.id ?? null,
      order_id: order.id,
      order_number: order.order_number,
      billing: billingOfOrder(order),
    },
    clock,
  );
}

/** The receipt of a credited package payment. */
export async function issuePackageReceipt(
  pi: Stripe.PaymentIntent,
  clock: Clock = systemClock,
): Promise<StoredReceipt | undefined> {
  const purchase = purchaseOf(pi);
  if (!purchase) return undefined;
  const currency = pi.currency.toUpperCase();
  const paid = fromStripeAmount(pi.amount_received || pi.amount, pi.currency);
  const name = purchase.package_name || purchase.package_id;
  return issue(
    {
      ref: `pi:${pi.id}`,
      user_sub: purchase.user_sub,
      kind: 'credit_package',
      description: fmt(t.packageDescription, {
        name,
        credits: formatCredits(purchase.credits),
      }),
      lines: [{ description: name, quantity: 1, amount: paid }],
      currency_code: currency,
      ...cardAmounts(paid),
      payment_method: 'card',
      credits: purchase.credits,
      reference: pi.id,
      payment_intent_id: pi.id,
      transaction_id: null,
      order_id: null,
      order_number: null,
      billing: billingOfProfile(await getProfile(purchase.user_sub)),
    },
    clock,
  );
}

/** The order a card payment made, if any (its marker says). */
async function orderOfPayment(paymentIntentId: string): Promise<OrderRecord | undefined> {
  const marker = await getPaymentMarker(paymentIntentId);
  return marker?.order_id && !marker.refund_reason ? getOrder(marker.order_id) : undefined;
}

interface CardRefund {
  paymentIntentId: string;
  userSub: string;
  /** The request number or the package name. */
  label: string;
  amount: number;
  currencyCode: string;
  /** Stripe's refund id, when known. */
  refundId: string | null;
}

async function issueCardRefund(r: CardRefund, clock: Clock): Promise<StoredReceipt> {
  const order = await orderOfPayment(r.paymentIntentId);
  const label = order ? order.order_number : r.label;
  const description = fmt(t.refundDescription, { label });
  return issue(
    {
      ref: `refund:${r.paymentIntentId}`,
      user_sub: r.userSub,
      kind: 'card_refund',
      description,
      lines: [{ description, quantity: 1, amount: r.amount }],
      currency_code: r.currencyCode,
      ...cardAmounts(r.amount),
      payment_method: 'card',
      credits: null,
      reference: r.refundId ?? r.paymentIntentId,
      payment_intent_id: r.paymentIntentId,
      transaction_id: null,
      order_id: order?.id ?? null,
      order_number: order?.order_number ?? null,
      billing: order ? billingOfOrder(order) : billingOfProfile(await getProfile(r.userSub)),
    },
    clock,
  );
}

/** The receipt of one of our refunds, once Stripe has made it (payments/refund.ts). */
export function issueRefundReceipt(record: RefundRecord, clock: Clock = systemClock) {
  return issueCardRefund(
    {
      paymentIntentId: record.payment_intent_id,
      userSub: record.user_sub,
      label: record.label,
      amount: record.amount,
      currencyCode: record.currency_code,
      refundId: record.refund_id,
    },
    clock,
  );
}

/**
 * The receipt of a refund Stripe reports (charge.refunded), ours or made in its dashboard: the
 * amount refunded so far. One per payment: a second partial refund adds no second receipt.
 */
export async function issueChargeRefundReceipt(
  pi: Stripe.PaymentIntent,
  amountRefunded: number,
  clock: Clock = systemClock,
): Promise<StoredReceipt | undefined> {
  const purchase = purchaseOf(pi);
  const payment = purchase ? undefined : orderPaymentOf(pi);
  const userSub = purchase?.user_sub ?? payment?.user_sub;
  if (!userSub || amountRefunded <= 0) return undefined;
  return issueCardRefund(
    {
      paymentIntentId: pi.id,
      userSub,
      label: purchase
        ? purchase.package_name || purchase.package_id
        : (payment?.request_number ?? ''),
      amount: fromStripeAmount(amountRefunded, pi.currency),
      currencyCode: pi.currency.toUpperCase(),
      refundId: null,
    },
    clock,
  );
}

/** The receipt of credits given back when a credits order ended (orders/order-refund.ts). */
export function issueCreditsRefundReceipt(
  order: OrderRecord,
  restored: Pick<LedgerEntry, 'id' | 'amount'>,
  clock: Clock = systemClock,
) {
  const description = fmt(t.restoreDescription, { number: order.order_number });
  const amounts = creditsAmounts(order.total_price, order.credits_discount_amount);
  return issue(
    {
      ref: `restore:${order.id}`,
      user_sub: order.user_sub,
      kind: 'credits_refund',
      description,
      lines: [{ description, quantity: 1, amount: amounts.total }],
      currency_code: order.currency_code,
      ...amounts,
      payment_method: 'credits',
      credits: Math.abs(restored.amount),
      reference: restored.id,
      payment_intent_id: null,
      transaction_id: restored.id,
      order_id: order.id,
      order_number: order.order_number,
      billing: billingOfOrder(order),
    },
    clock,
  );
}

/**
 * For paths whose payment is already durable and answered (a credits payment, an order's
 * ending): a receipt that could not be issued now is logged as an error, never undoes the
 * payment. The webhook paths call the functions above directly and fail so Stripe retries.
 */
export async function issueQuietly(what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    logger.error('receipt not issued', { what, error: (err as Error)?.name });
  }
}
