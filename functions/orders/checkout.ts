import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type * as z from 'zod/mini';
import type {
  CheckoutForm,
  cardIntentResponse,
  creditsPaymentRequest,
  Order,
} from '../../shared/contract/orders.js';
import { orderPaymentStatusResponse } from '../../shared/contract/orders.js';
import type { Quote } from '../../shared/contract/requests.js';
import { apiEs } from '../../shared/messages/api.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { toStripeAmount } from '../../shared/rules/currency.js';
import { readWallet, spend } from '../credits/ledger.js';
import { getOwnedDocument } from '../documents/repo.js';
import { countPaymentIntent } from '../payments/intent-limit.js';
import { isMissing, isPaymentIntentId, publishableKey, stripe } from '../payments/stripe-client.js';
import { epochSeconds } from '../platform/clock.js';
import { currentDeadline, MAX_REQUEST_MS, pause } from '../platform/deadline.js';
import { AppError, notFound } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { updateProfile } from '../profile/repo.js';
import { assertPayable } from '../requests/checks.js';
import { quoteRequest } from '../requests/quote.js';
import {
  claimForCredits,
  getOwnedRequest,
  type RequestItem,
  releaseCreditsClaim,
  setPaymentIntent,
} from '../requests/repo.js';
import { payableUntil } from '../signing/sealing/original-keys.js';
import { fulfilOrderPayment } from './fulfil.js';
import type { OrderPayer } from './payer.js';
import { orderPaymentMetadata, orderPaymentOf } from './payment-metadata.js';
import { putCheckout } from './payment-records.js';
import { getOrderPlacedBy } from './repo.js';
import {
  buildOrder,
  type NewOrder,
  orderView,
  orderWrites,
  requestFingerprint,
} from './service.js';

/**
 * The two ways to pay a request (customer-flows §2.7, §4.4, §5). Both start the same way: the
 * caller's own pending request, complete and valid right now (assertPayable re-checks what the
 * wizard checked), the form saved to the profile, and the price from the catalogue: the
 * browser never sends an amount.
 */
const m = ordersEs;

const requestNotFound = () => notFound(m.requestNotFound);
const notPending = () => new AppError('CONFLICT', m.requestNotPending);

/**
 * Saves the checkout's personal and billing fields to the caller's profile (§4.4) and answers
 * the account's e-mail. A missing profile does not stop a payment: it is logged.
 */
async function saveProfile(sub: string, form: CheckoutForm, now: Date): Promise<string> {
  const profile = await updateProfile(
    sub,
    {
      first_name: form.first_name,
      last_name: form.last_name,
      phone: form.phone,
      company: form.company,
      address: form.address,
      city: form.city,
      whatsapp: form.whatsapp,
      billing_country_id: form.billing_country_id,
      region_province: form.region_province,
    },
    now.toISOString(),
  );
  if (!profile) logger.warn('checkout: the caller has no profile to save the form to');
  return profile?.email || form.email.toLowerCase();
}

/** Stripe's states in which an intent still waits for the card. */
const AWAITING = new Set<Stripe.PaymentIntent.Status>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

/** The request's current card payment, when it is one of ours for this request. */
async function currentIntent(req: RequestItem): Promise<Stripe.PaymentIntent | undefined> {
  if (!req.payment_intent_id) return undefined;
  const client = await stripe();
  const pi = await client.paymentIntents.retrieve(req.payment_intent_id).catch((err: unknown) => {
    if (isMissing(err)) return undefined;
    throw err;
  });
  const meta = pi ? orderPaymentOf(pi) : undefined;
  return meta?.request_id === req.id && meta.user_sub === req.user_sub ? pi : undefined;
}

type CardIntent = z.input<typeof cardIntentResponse>;

/**
 * Starts (or resumes) the card payment of a request at its catalogue total. A second click
 * gets the same intent back while it still waits for the card at the same amount; a changed
 * total gets a new intent (the stale one is cancelled where Stripe allows it). The form goes
 * to a CHECKOUT item keyed by request and intent, read when the payment succeeds.
 */
export async function startCardPayment(
  sub: string,
  payer: OrderPayer,
  requestId: string,
  form: CheckoutForm,
  now: Date,
): Promise<CardIntent> {
  const req = await getOwnedRequest(requestId, sub);
  if (!req) throw requestNotFound();
  const existing = req.status === 'pending' ? await currentIntent(req) : undefined;
  // Started in another context (Personal, another organisation): not this payment's intent.
  const sameContext =
    !!existing && orderPaymentOf(existing)?.organization_id === (payer.organizationId ?? '');
  if (existing?.status === 'succeeded') {
    // Paid already, but the order was not made yet (webhook late or lost): make it now. A
    // payment that cannot become the order (the request changed since) is refunded
    // automatically and the request gets a new intent below.
    if ((await fulfilOrderPayment(existing)).outcome === 'order') throw notPending();
  }
  if (existing?.status === 'processing') throw new AppError('CONFLICT', m.paymentInProgress);
  await assertPayable(req);
  const customerEmail = await saveProfile(sub, form, now);
  const quote = await quoteRequest(req);
  if (quote.total <= 0) throw new AppError('BUSINESS_RULE', m.requestIncomplete);
  const amount = toStripeAmount(quote.total, quote.currency_code);
  const currency = quote.currency_code.toLowerCase();
  const client = await stripe();

  let pi: Stripe.PaymentIntent;
  if (
    existing &&
    sameContext &&
    AWAITING.has(existing.status) &&
    existing.amount === amount &&
    existing.currency === currency
  ) {
    pi = existing;
  } else {
    if (existing && AWAITING.has(existing.status)) {
      await client.paymentIntents.cancel(existing.id).catch((err: unknown) => {
        // Not fatal: a stale intent that still gets paid is caught at fulfilment (unmatched).
        logger.warn('could not cancel a stale order payment', {
          paymentIntent: existing.id,
          error: (err as Error)?.name,
        });
      });
    }
    await countPaymentIntent(sub);
    pi = await client.paymentIntents.create(
      {
        amount,
        currency,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        description: fmt(m.paymentDescription, { number: req.request_number }),
        metadata: orderPaymentMetadata(req, quote, payer),
      },
      // Two clicks at once see the same previous intent and so create one intent between them.
      {
        idempotencyKey: `order-intent:${req.id}:${req.payment_intent_id ?? 'none'}:${amount}:${currency}:${payer.organizationId ?? 'personal'}`,
      },
    );
    await setPaymentIntent(req, pi.id);
  }
  if (!pi.client_secret) throw new Error(`payment intent ${pi.id} has no client secret`);
  await putCheckout({
    request_id: req.id,
    payment_intent_id: pi.id,
    user_sub: sub,
    organization_id: payer.organizationId,
    form,
    customer_email: customerEmail,
    fingerprint: requestFingerprint(req),
    items: quote.items,
    total: quote.total,
    currency_code: quote.currency_code,
    created_at: now.toISOString(),
  });
  return {
    client_secret: pi.client_secret,
    payment_intent_id: pi.id,
    publishable_key: publishableKey(),
    amount: quote.total,
    currency_code: quote.currency_code,
  };
}

type CreditsPayment = z.output<typeof creditsPaymentRequest>;

/** The ledger's extra writes (the order) failed their conditions. */
class OrderWritesFailed extends Error {
  constructor() {
    super('order writes failed');
    this.name = 'OrderWritesFailed';
  }
}

/** A request already paid: the order of this very key again, or a 409. */
async function replayOrRefuse(req: RequestItem, key: string, now: Date): Promise<Order> {
  const order = req.order_id ? await getOrderPlacedBy(req.order_id, req.user_sub) : undefined;
  if (!order || order.credits_idempotency_key !== key) throw notPending();
  return orderView(order.id, req.user_sub, now);
}

const MAX_ORDER_ATTEMPTS = 3;

/**
 * This attempt was fenced off by a newer one for the same request: wait for that one to end.
 * Paid with this very key (a double click) answers that order; paid with another key, or still
 * pending when this request must answer, is a 409.
 */
async function afterNewerAttempt(requestId: string, sub: string, key: string, now: Date) {
  for (let i = 0; i < 40; i++) {
    await pause(100);
    const fresh = await getOwnedRequest(requestId, sub);
    if (!fresh) throw requestNotFound();
    if (fresh.status !== 'pending') return replayOrRefuse(fresh, key, now);
  }
  throw new AppError('CONFLICT', m.paymentInProgress);
}

/**
 * Pays a request with credits (§4.4, §5, §9): the credits needed are the 2% discounted total at
 * the currency's rate, rounded up. ONE ledger transaction debits them and writes the order
 * (order, number, lines, signers, request paid at the priced version, document lock, contacts)
 * under the idempotency key `order:{key}`: a double click with the same key debits once and
 * answers the same order; two keys racing for one request debit once and the loser gets 409.
 */
export async function payWithCredits(
  sub: string,
  payer: OrderPayer,
  body: CreditsPayment,
  now: Date,
): Promise<Order> {
  const req = await getOwnedRequest(body.request_id, sub);
  if (!req) throw requestNotFound();
  if (req.status !== 'pending') return replayOrRefuse(req, body.idempotency_key, now);
  // This attempt holds the request from here: an earlier attempt's transaction still on its
  // way (its request answered 503 at the deadline) can no longer land, so the balance read
  // after it is final for this request and a 422 is never answered for credits then spent.
  // The claim comes first so that parallel clicks wait instead of all pricing the request.
  const claim = randomUUID();
  const outcome = await claimOrWait(req, claim);
  if ('settled' in outcome) return replayOrRefuse(outcome.settled, body.idempotency_key, now);
  const held = outcome.held;
  try {
    await assertPayable(held);
    const quote: Quote = await quoteRequest(held);
    if (quote.credits_needed <= 0) throw new AppError('BUSINESS_RULE', m.creditsPaymentError);
    return await payClaimed(held, claim, payer, body, quote, now);
  } catch (err) {
    // This attempt answers now, so the next click (a retry after this 503, say) need not wait
    // for the claim's time to pass. Safe whatever the failure: a transaction of this attempt
    // still on its way lands only while no newer attempt has claimed the request, and then it
    // is this attempt's order; once the retry claims, it is fenced off as before.
    await releaseCreditsClaim(held, claim).catch((e: unknown) =>
      logger.warn('could not release a credits payment claim', { error: (e as Error)?.name }),
    );
    throw err;
  }
}

/** How long a click waits for another attempt holding the same request before its 409. */
const WAIT_FOR_HOLDER_MS = 6_000;

/**
 * Claims the request for this attempt (`held`: the request as last read), or answers the
 * request as it is once another attempt that held it has paid it (`settled`). While another
 * attempt holds it, this one waits for it (a double click gets that attempt's order, a second
 * key its 409); still held after WAIT_FOR_HOLDER_MS is a 409 "payment in progress", which the
 * checkout page asks again with the same key.
 */
async function claimOrWait(
  req: RequestItem,
  claim: string,
): Promise<{ held: RequestItem } | { settled: RequestItem }> {
  // The claim lasts as long as this request may work; outside a request (jobs, tests), as
  // long as any request may.
  const deadline = currentDeadline()?.at ?? Date.now() + MAX_REQUEST_MS;
  // Answered before this request's own deadline, so the wait ends in the 409, never a 503.
  const giveUpAt = Math.min(Date.now() + WAIT_FOR_HOLDER_MS, deadline - 1_000);
  let current = req;
  let delay = 250;
  for (;;) {
    if (await claimForCredits(current, claim, deadline)) return { held: current };
    for (;;) {
      // Spread out: a hundred waiting clicks must not read the request in step.
      const wait = delay / 2 + Math.random() * delay;
      if (Date.now() + wait > giveUpAt) throw new AppError('CONFLICT', m.paymentInProgress);
      await pause(wait);
      delay = Math.min(delay * 1.5, 1_000);
      const fresh = await getOwnedRequest(req.id, req.user_sub);
      if (!fresh) throw requestNotFound();
      if (fresh.status !== 'pending') return { settled: fresh };
      current = fresh;
      if ((fresh.pay_attempt_until ?? 0) <= Date.now()) break;
    }
  }
}

/** The credits payment once this attempt holds the request: the wallet, the form, the order. */
async function payClaimed(
  req: RequestItem,
  claim: string,
  payer: OrderPayer,
  body: CreditsPayment,
  quote: Quote,
  now: Date,
): Promise<Order> {
  const sub = req.user_sub;
  const ownerId = payer.walletOwner;
  // Checked again inside the transaction; this only spares a profile write for a short wallet.
  if ((await readWallet(ownerId)).balance < quote.credits_needed) {
    throw new AppError('INSUFFICIENT_CREDITS', m.insufficientCredits);
  }
  const customerEmail = await saveProfile(sub, body.form, now);

  for (let attempt = 0; attempt < MAX_ORDER_ATTEMPTS; attempt++) {
    const input: NewOrder = {
      req,
      form: body.form,
      customerEmail,
      items: quote.items,
      total: quote.total,
      currencyCode: quote.currency_code,
      payment: {
        kind: 'credits',
        credits: quote.credits_needed,
        discountAmount: quote.credits_discount_amount,
        idempotencyKey: body.idempotency_key,
        attempt: claim,
      },
      payer,
      now,
    };
    const built = buildOrder(input);
    try {
      const { entry, replayed } = await spend(
        {
          ownerId,
          amount: quote.credits_needed,
          description: fmt(m.creditsOrderDescription, { number: built.order.order_number }),
          // What the credits paid: the price less the 2% discount (the receipt's total).
          currency_amount: quote.total - quote.credits_discount_amount,
          currency_code: quote.currency_code,
          related_entity_type: 'order',
          related_entity_id: built.order.id,
          idempotencyKey: `order:${body.idempotency_key}`,
        },
        () => epochSeconds(now),
        {
          items: orderWrites(built, req, input).items,
          onConditionFailed: () => new OrderWritesFailed(),
        },
      );
      const orderId = replayed ? (entry.related_entity_id ?? '') : built.order.id;
      const order = replayed ? await getOrderPlacedBy(orderId, sub) : built.order;
      if (!order) throw new Error(`order ${orderId} of a credits payment is missing`);
      if (!replayed) logger.info('order paid with credits', { orderId, requestId: req.id });
      return orderView(order.id, sub, now);
    } catch (err) {
      if (!(err instanceof OrderWritesFailed)) throw err;
      const fresh = await getOwnedRequest(req.id, sub);
      if (!fresh) throw requestNotFound();
      if (fresh.status !== 'pending') return replayOrRefuse(fresh, body.idempotency_key, now);
      // Saved by the wizard in between: what was priced is not what would be paid.
      if (fresh.version !== req.version) throw new AppError('CONFLICT', apiEs.conflict);
      // Claimed by a newer attempt (a second click, a retry): that one pays, or says why not.
      if (fresh.pay_attempt !== claim)
        return afterNewerAttempt(req.id, sub, body.idempotency_key, now);
      // As the lock's condition reads it: gone, or too close to its expiry to be paid for.
      const doc = req.document_id
        ? await getOwnedDocument(req.document_id, sub, payableUntil(now))
        : undefined;
      if (doc?.status !== 'ready') throw new AppError('BUSINESS_RULE', m.userOrDocumentMissing);
      // Otherwise the order number was taken: draw another.
    }
  }
  throw new AppError('CONFLICT', apiEs.conflict);
}

const KNOWN_STATUSES = new Set<string>(orderPaymentStatusResponse.shape.status.options);

/** Stripe's status in our five: a confirm still owed counts as awaiting a card. */
const statusOf = (s: Stripe.PaymentIntent.Status) => {
  if (s === 'requires_capture') return 'processing' as const;
  return KNOWN_STATUSES.has(s)
    ? (s as z.output<typeof orderPaymentStatusResponse>['status'])
    : ('requires_payment_method' as const);
};

/**
 * Where one of the caller's order payments stands, read from Stripe itself; a succeeded one is
 * turned into its order here too (idempotently, like the webhook), so a lost webhook loses
 * nothing. Someone else's payment, a package payment or an unknown id are a 404 alike.
 */
export async function orderPaymentStatus(
  sub: string,
  paymentIntentId: string,
): Promise<z.input<typeof orderPaymentStatusResponse>> {
  if (!isPaymentIntentId(paymentIntentId)) throw notFound(m.paymentNotFound);
  const client = await stripe();
  const pi = await client.paymentIntents.retrieve(paymentIntentId).catch((err: unknown) => {
    throw isMissing(err) ? notFound(m.paymentNotFound) : err;
  });
  if (orderPaymentOf(pi)?.user_sub !== sub) throw notFound(m.paymentNotFound);
  const result = await fulfilOrderPayment(pi);
  // Charged but matching no order: refunded automatically; the browser must not wait on.
  if (result.outcome === 'unmatched' && !result.order) {
    throw new AppError('CONFLICT', m.paymentRefunded);
  }
  const order = result.outcome === 'none' ? undefined : result.order;
  return {
    payment_intent_id: pi.id,
    status: statusOf(pi.status),
    order_id: order?.id ?? null,
    order_number: order?.order_number ?? null,
  };
}
