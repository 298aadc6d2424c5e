import { invalidRequest, missing, ok, type Reply, stripeError } from './errors.js';
import { type FormObject, obj, str } from './form.js';
import { newId, nowSeconds } from './ids.js';
import type { PaymentIntent, PaymentIntents } from './payment-intents.js';
import type { WebhookSender } from './webhooks.js';

/** The fields of Stripe's Charge that the emulator keeps (one charge per succeeded intent). */
export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  disputed: boolean;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

export interface Dispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  livemode: false;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string;
  status: 'needs_response';
}

const REFUND_PARAMS = new Set([
  'payment_intent',
  'charge',
  'amount',
  'reason',
  'metadata',
  'expand',
]);
const REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);

/**
 * Refunds (`POST /v1/refunds`, `GET /v1/refunds/{id}`) and disputes of succeeded payments, with
 * the events Stripe sends for them: `refund.created` and `charge.refunded` (the charge with
 * its new `amount_refunded`, for a full or a partial refund alike) and `charge.dispute.created`.
 * A dispute cannot be made through Stripe's API (a cardholder opens it with their bank): the
 * emulator's test door does it. Another door makes the next refunds of an intent fail with a
 * 500, as a Stripe outage would, so the app's retry path can be tested.
 */
export class Refunds {
  private readonly charges = new Map<string, Charge>();
  private readonly refunds = new Map<string, Refund>();
  private readonly failing = new Map<string, number>();

  constructor(
    private readonly intents: PaymentIntents,
    private readonly webhooks: WebhookSender,
  ) {}

  /** The charge of a succeeded intent, made on first use from the intent. */
  private chargeOf(intent: PaymentIntent): Charge | undefined {
    if (intent.status !== 'succeeded' || !intent.latest_charge) return undefined;
    let charge = this.charges.get(intent.latest_charge);
    if (!charge) {
      charge = {
        id: intent.latest_charge,
        object: 'charge',
        amount: intent.amount_received,
        amount_captured: intent.amount_received,
        amount_refunded: 0,
        captured: true,
        created: intent.created,
        currency: intent.currency,
        disputed: false,
        livemode: false,
        metadata: { ...intent.metadata },
        paid: true,
        payment_intent: intent.id,
        refunded: false,
        status: 'succeeded',
      };
      this.charges.set(charge.id, charge);
    }
    return charge;
  }

  create(form: FormObject): Reply {
    const extra = Object.keys(form).find((k) => !REFUND_PARAMS.has(k));
    if (extra !== undefined) {
      return invalidRequest(`Received unknown parameter: ${extra}`, extra, 'parameter_unknown');
    }
    const piId = str(form.payment_intent);
    const chargeId = str(form.charge);
    if (!piId && !chargeId) {
      return invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    }
    const intent = piId ? this.intents.get(piId) : this.intents.byCharge(chargeId ?? '');
    if (!intent) {
      return piId
        ? missing('payment_intent', piId, 'payment_intent')
        : missing('charge', chargeId ?? '', 'charge');
    }
    const charge = this.chargeOf(intent);
    if (!charge) {
      return invalidRequest(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        'payment_intent',
      );
    }
    const failures = this.failing.get(intent.id) ?? 0;
    if (failures > 0) {
      this.failing.set(intent.id, failures - 1);
      return stripeError(500, {
        type: 'api_error',
        message: 'An unknown error occurred while processing your request.',
      });
    }
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) {
      return invalidRequest(
        `Charge ${charge.id} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    }
    const amountText = str(form.amount);
    const amount = amountText === undefined ? left : Number(amountText);
    if (!/^\d+$/.test(amountText ?? String(left)) || amount < 1) {
      return invalidRequest('Invalid positive integer', 'amount', 'parameter_invalid_integer');
    }
    if (amount > left) {
      return invalidRequest(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount',
        'amount_too_large',
      );
    }
    const reason = str(form.reason) ?? null;
    if (reason !== null && !REASONS.has(reason)) {
      return invalidRequest(`Invalid reason: must be one of ${[...REASONS].join(', ')}`, 'reason');
    }
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(obj(form.metadata) ?? {})) {
      if (typeof v !== 'string' || k.length > 40 || v.length > 500) {
        return invalidRequest('Invalid metadata', `metadata[${k}]`);
      }
      metadata[k] = v;
    }
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      metadata,
      payment_intent: intent.id,
      reason,
      status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    this.webhooks.emit('refund.created', refund, intent.id);
    this.webhooks.emit('charge.refunded', charge, intent.id);
    return ok(structuredClone(refund));
  }

  retrieve(id: string): Reply {
    const refund = this.refunds.get(id);
    return refund ? ok(structuredClone(refund)) : missing('refund', id);
  }

  /** Test door: the cardholder disputes the payment (`charge.dispute.created`). */
  dispute(paymentIntentId: string, reason = 'fraudulent'): Reply {
    const intent = this.intents.get(paymentIntentId);
    if (!intent) return missing('payment_intent', paymentIntentId, 'payment_intent');
    const charge = this.chargeOf(intent);
    if (!charge) return invalidRequest('The payment has no successful charge to dispute.');
    charge.disputed = true;
    const dispute: Dispute = {
      id: newId('dp'),
      object: 'dispute',
      amount: charge.amount,
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      livemode: false,
      metadata: {},
      payment_intent: intent.id,
      reason,
      status: 'needs_response',
    };
    this.webhooks.emit('charge.dispute.created', dispute, intent.id);
    return ok(dispute);
  }

  /** Test door: the next `times` refund requests for this intent fail with a 500. */
  failNext(paymentIntentId: string, times: number): Reply {
    if (times > 0) this.failing.set(paymentIntentId, times);
    else this.failing.delete(paymentIntentId);
    return ok({ payment_intent: paymentIntentId, failing: Math.max(times, 0) });
  }
}
