import { newId, nowSeconds } from './ids.js';
import { signatureHeader } from './signature.js';

/** One event as the emulator sent it: tests read these back to replay them byte for byte. */
export interface SentEvent {
  id: string;
  type: string;
  /** Id of the object the event is about (e.g. the payment intent). */
  object_id: string;
  /** The payment intent a refund, charge or dispute event belongs to (null for others). */
  payment_intent: string | null;
  /** The exact body posted to the webhook. */
  payload: string;
  /** The `Stripe-Signature` header of the latest attempt. */
  signature: string | null;
  attempts: { at: string; status: number | null }[];
  delivered: boolean;
  /** Not sent on purpose (a test asked to lose this object's webhooks). */
  dropped: boolean;
}

export interface WebhookOptions {
  url: string;
  secret: string;
  apiVersion: string;
  /** Waits before each retry after a non-2xx answer or a network error. */
  retryDelaysMs?: number[];
  log?: (message: string) => void;
}

/**
 * Creates Stripe events and posts them, signed, to the one configured endpoint. Delivery is
 * asynchronous and retried a few times on failure, like Stripe's (which retries for days).
 */
export class WebhookSender {
  readonly events: SentEvent[] = [];
  private readonly dropFor = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly opts: WebhookOptions) {}

  /** Events about this object are recorded but never delivered (a "lost" webhook). */
  drop(objectId: string): void {
    this.dropFor.add(objectId);
  }

  /** `paymentIntent`: the intent a refund, charge or dispute belongs to (filters and drops). */
  emit(type: string, object: { id: string }, paymentIntent: string | null = null): SentEvent {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: this.opts.apiVersion,
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: newId('req', 14), idempotency_key: null },
      type,
    };
    const sent: SentEvent = {
      id: event.id,
      type,
      object_id: object.id,
      payment_intent: paymentIntent,
      payload: JSON.stringify(event, null, 2),
      signature: null,
      attempts: [],
      delivered: false,
      dropped: this.dropFor.has(object.id) || (!!paymentIntent && this.dropFor.has(paymentIntent)),
    };
    this.events.push(sent);
    if (!sent.dropped) this.schedule(sent, 0, 0);
    return sent;
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private schedule(sent: SentEvent, attempt: number, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.deliver(sent, attempt);
    }, delayMs);
    this.timers.add(timer);
  }

  /**
   * Delivers one recorded event now, signed afresh, once (no retry): tests replay dropped
   * events in the order they choose, as Stripe may deliver them. The webhook's status, or null.
   */
  async deliverNow(eventId: string): Promise<number | null | undefined> {
    const sent = this.events.find((e) => e.id === eventId);
    if (!sent) return undefined;
    const status = await this.post(sent);
    if (status !== null && status >= 200 && status < 300) sent.delivered = true;
    return status;
  }

  private async deliver(sent: SentEvent, attempt: number): Promise<void> {
    const status = await this.post(sent);
    if (status !== null && status >= 200 && status < 300) {
      sent.delivered = true;
      return;
    }
    const delays = this.opts.retryDelaysMs ?? [250, 1000, 3000, 10_000];
    const wait = delays[attempt];
    if (wait === undefined) {
      this.opts.log?.(`[stripe] webhook ${sent.type} ${sent.id} abandonado (${status ?? 'red'})`);
      return;
    }
    this.schedule(sent, attempt + 1, wait);
  }

  /** One signed POST of the event; the attempt is recorded. */
  private async post(sent: SentEvent): Promise<number | null> {
    const signature = signatureHeader(sent.payload, this.opts.secret);
    sent.signature = signature;
    let status: number | null = null;
    try {
      const res = await fetch(this.opts.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: sent.payload,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      // network error: retried below like a non-2xx answer
    }
    sent.attempts.push({ at: new Date().toISOString(), status });
    return status;
  }
}
