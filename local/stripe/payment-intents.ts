import {
  type Card,
  type CardDecline,
  cardForPaymentMethod,
  cardFromInput,
  isCard,
} from './cards.js';
import { invalidRequest, missing, ok, type Reply, stripeError } from './errors.js';
import { type FormObject, obj, str } from './form.js';
import { newId, nowSeconds } from './ids.js';
import type { WebhookSender } from './webhooks.js';

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

/** The fields of Stripe's PaymentIntent that the emulator keeps. */
export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: Record<string, unknown> | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  status: IntentStatus;
}

/** Who called: the secret key sees everything, the publishable key only with the client secret. */
export type KeyKind = 'secret' | 'publishable';

const CREATE_PARAMS = new Set([
  'amount',
  'currency',
  'metadata',
  'description',
  'automatic_payment_methods',
  'payment_method_types',
  'expand',
]);
const CONFIRM_PARAMS = new Set([
  'client_secret',
  'payment_method',
  'payment_method_data',
  'return_url',
  'expand',
  'key',
  'use_stripe_sdk',
]);

function unknownParam(form: FormObject, allowed: Set<string>): Reply | undefined {
  const extra = Object.keys(form).find((k) => !allowed.has(k));
  return extra === undefined
    ? undefined
    : invalidRequest(`Received unknown parameter: ${extra}`, extra, 'parameter_unknown');
}

/** The payment intents of one emulator: create, retrieve and confirm with test cards. */
export class PaymentIntents {
  private readonly intents = new Map<string, PaymentIntent>();

  constructor(private readonly webhooks: WebhookSender) {}

  /** The intent itself (the emulator's refunds and disputes read and never change it). */
  get(id: string): PaymentIntent | undefined {
    return this.intents.get(id);
  }

  /** The succeeded intent whose charge this is. */
  byCharge(chargeId: string): PaymentIntent | undefined {
    for (const intent of this.intents.values())
      if (intent.latest_charge === chargeId) return intent;
    return undefined;
  }

  create(form: FormObject): Reply {
    const bad = unknownParam(form, CREATE_PARAMS);
    if (bad) return bad;
    const amountText = str(form.amount);
    if (amountText === undefined)
      return invalidRequest('Missing required param: amount.', 'amount', 'parameter_missing');
    const amount = Number(amountText);
    if (!/^\d+$/.test(amountText) || amount < 1 || amount > 99_999_999) {
      return invalidRequest('Invalid integer: amount', 'amount', 'parameter_invalid_integer');
    }
    const currency = str(form.currency)?.toLowerCase();
    if (!currency)
      return invalidRequest('Missing required param: currency.', 'currency', 'parameter_missing');
    if (!/^[a-z]{3}$/.test(currency))
      return invalidRequest(`Invalid currency: ${currency}`, 'currency');
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(obj(form.metadata) ?? {})) {
      if (typeof v !== 'string' || k.length > 40 || v.length > 500) {
        return invalidRequest('Invalid metadata', `metadata[${k}]`);
      }
      metadata[k] = v;
    }
    const apm = obj(form.automatic_payment_methods);
    const types = obj(form.payment_method_types);
    const id = newId('pi');
    const intent: PaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: apm
        ? {
            enabled: str(apm.enabled) === 'true',
            ...(str(apm.allow_redirects) ? { allow_redirects: str(apm.allow_redirects) } : {}),
          }
        : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${newId('x').slice(2)}`,
      confirmation_method: 'automatic',
      created: nowSeconds(),
      currency,
      customer: null,
      description: str(form.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata,
      next_action: null,
      payment_method: null,
      payment_method_types: types
        ? Object.values(types).filter((t) => typeof t === 'string')
        : ['card'],
      status: 'requires_payment_method',
    };
    this.intents.set(id, intent);
    this.webhooks.emit('payment_intent.created', intent);
    return ok(intent);
  }

  retrieve(id: string, key: KeyKind, clientSecret: string | undefined): Reply {
    const intent = this.intents.get(id);
    if (!intent) return missing('payment_intent', id);
    if (key === 'publishable' && clientSecret !== intent.client_secret) {
      return missing('payment_intent', id);
    }
    return ok(view(intent, key));
  }

  confirm(id: string, key: KeyKind, form: FormObject): Reply {
    const bad = unknownParam(form, CONFIRM_PARAMS);
    if (bad) return bad;
    const intent = this.intents.get(id);
    if (!intent) return missing('payment_intent', id, 'intent');
    if (key === 'publishable' && str(form.client_secret) !== intent.client_secret) {
      return invalidRequest(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        'client_secret',
      );
    }
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        payment_intent: view(intent, key),
      });
    }
    const card = cardOf(form);
    if (card === undefined) {
      return invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        'payment_method',
        'payment_intent_unexpected_state',
      );
    }
    if (typeof card === 'string') return missing('PaymentMethod', card, 'payment_method');
    const paymentMethod = paymentMethodOf(card, form);
    const decline = isCard(card) ? card.decline : card;
    if (decline) {
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = {
        type: 'card_error',
        code: decline.code,
        ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
        message: decline.message,
        ...(decline.param ? { param: decline.param } : {}),
        payment_method: paymentMethod,
      };
      this.webhooks.emit('payment_intent.payment_failed', intent);
      return stripeError(402, {
        type: 'card_error',
        code: decline.code,
        ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
        message: decline.message,
        ...(decline.param ? { param: decline.param } : {}),
        payment_intent: view(intent, key),
        payment_method: paymentMethod,
      });
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.payment_method = paymentMethod.id as string;
    intent.latest_charge = newId('ch');
    intent.last_payment_error = null;
    this.webhooks.emit('payment_intent.succeeded', intent);
    return ok(view(intent, key));
  }
}

/** The card to charge: a test PaymentMethod id, or card details typed into a form. */
function cardOf(form: FormObject): Card | CardDecline | string | undefined {
  const pm = str(form.payment_method);
  if (pm) return cardForPaymentMethod(pm) ?? pm;
  const data = obj(form.payment_method_data);
  if (!data || str(data.type) !== 'card') return undefined;
  const c = obj(data.card) ?? {};
  return cardFromInput({
    number: str(c.number),
    exp_month: str(c.exp_month),
    exp_year: str(c.exp_year),
    cvc: str(c.cvc),
  });
}

function paymentMethodOf(card: Card | CardDecline, form: FormObject): Record<string, unknown> {
  const typed = obj(obj(obj(form.payment_method_data)?.card) ?? {}) ?? {};
  const number = isCard(card) ? card.number : (str(typed.number) ?? '').replace(/\D/g, '');
  return {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    card: {
      brand: isCard(card) ? card.brand : 'unknown',
      last4: number.slice(-4),
      exp_month: Number(str(typed.exp_month) ?? 12),
      exp_year: Number(str(typed.exp_year) ?? 2034),
    },
  };
}

/** What a key may see: the publishable key (the browser) gets no metadata, as in Stripe. */
function view(intent: PaymentIntent, key: KeyKind): Partial<PaymentIntent> {
  if (key === 'secret') return structuredClone(intent);
  const { metadata: _m, customer: _c, ...rest } = intent;
  return structuredClone(rest);
}
