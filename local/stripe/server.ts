import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Managed } from '../emulators/process.js';
import { invalidRequest, type Reply, stripeError, unauthenticated } from './errors.js';
import { type FormObject, parseForm, str } from './form.js';
import { newId } from './ids.js';
import { type KeyKind, PaymentIntents } from './payment-intents.js';
import { Refunds } from './refunds.js';
import { WebhookSender } from './webhooks.js';

export interface StripeEmulatorOptions {
  port: number;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where events are posted (the app's webhook route). */
  webhookUrl: string;
  retryDelaysMs?: number[];
  log?: (message: string) => void;
}

export interface StripeHandle extends Managed {
  endpoint: string;
  webhooks: WebhookSender;
}

/** The API version events carry (the account default of a new Stripe account). */
const API_VERSION = '2026-10-28.endive';

/**
 * A Stripe-compatible HTTP API for the local stack and tests, implementing exactly what Sello
 * calls (payment intents: create, retrieve, confirm with test cards; refunds: create, retrieve)
 * and sending signed webhooks.
 * The `stripe` SDK talks to it through its host/port/protocol options.
 *
 * Test-only doors (never part of Stripe's API):
 *   GET  /_emulator/events[?object=pi_…]   events sent, with the exact payload and signature
 *                                           (an intent's id also finds its refund, charge and
 *                                           dispute events)
 *   POST /_emulator/drop-webhooks {object}  record but never deliver that object's events
 *   POST /_emulator/disputes {payment_intent, reason?}   the cardholder disputes the payment
 *   POST /_emulator/fail-refunds {payment_intent, times}  the next refunds of it answer 500
 *   POST /_emulator/refunds {payment_intent, amount?}      a refund made in Stripe's dashboard
 *   POST /_emulator/deliver {id}            delivers a recorded (e.g. dropped) event now, once,
 *                                           signed afresh; answers the webhook's status
 */
export async function startStripe(opts: StripeEmulatorOptions): Promise<StripeHandle> {
  const webhooks = new WebhookSender({
    url: opts.webhookUrl,
    secret: opts.webhookSecret,
    apiVersion: API_VERSION,
    retryDelaysMs: opts.retryDelaysMs,
    log: opts.log,
  });
  const intents = new PaymentIntents(webhooks);
  const refunds = new Refunds(intents, webhooks);
  const idempotent = new Map<string, { fingerprint: string; reply: Reply }>();

  function keyKind(req: IncomingMessage, form: FormObject): KeyKind | Reply {
    const header = String(req.headers.authorization ?? '');
    let key = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
    if (!key && basic) key = Buffer.from(basic, 'base64').toString('utf8').split(':')[0];
    // Stripe.js sends the publishable key as a form field.
    key ??= str(form.key);
    if (!key) {
      return unauthenticated(
        'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
      );
    }
    if (key === opts.secretKey) return 'secret';
    if (key === opts.publishableKey) return 'publishable';
    return unauthenticated(`Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}`);
  }

  function route(req: IncomingMessage, url: URL, form: FormObject): Reply {
    const auth = keyKind(req, form);
    if (typeof auth !== 'string') return auth;
    const method = req.method ?? 'GET';
    if (url.pathname === '/v1/payment_intents' && method === 'POST') {
      return auth === 'secret' ? intents.create(form) : secretOnly();
    }
    const one = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (one && method === 'GET') {
      return intents.retrieve(
        one[1] as string,
        auth,
        url.searchParams.get('client_secret') ?? undefined,
      );
    }
    const confirm = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)\/confirm$/.exec(url.pathname);
    if (confirm && method === 'POST') return intents.confirm(confirm[1] as string, auth, form);
    if (url.pathname === '/v1/refunds' && method === 'POST') {
      return auth === 'secret' ? refunds.create(form) : secretOnly();
    }
    const refund = /^\/v1\/refunds\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (refund && method === 'GET') {
      return auth === 'secret' ? refunds.retrieve(refund[1] as string) : secretOnly();
    }
    return invalidRequest(`Unrecognized request URL (${method}: ${url.pathname}).`);
  }

  /** Stripe's Idempotency-Key: the same key and parameters answer the first result again. */
  function withIdempotency(req: IncomingMessage, url: URL, raw: string, run: () => Reply) {
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || typeof key !== 'string' || !key)
      return { reply: run(), replayed: false };
    const scope = `${String(req.headers.authorization ?? '')}|${key}`;
    const fingerprint = createHash('sha256').update(`${url.pathname}\n${raw}`).digest('hex');
    const seen = idempotent.get(scope);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        const reply = stripeError(400, {
          type: 'idempotency_error',
          message:
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        });
        return { reply, replayed: false };
      }
      return { reply: seen.reply, replayed: true };
    }
    const reply = run();
    // A 5xx is Stripe's "try again" (Stripe-Should-Retry): it is not kept for the key.
    if (reply.status < 500) idempotent.set(scope, { fingerprint, reply });
    return { reply, replayed: false };
  }

  function emulatorDoor(req: IncomingMessage, url: URL, raw: string): Reply | undefined {
    if (url.pathname === '/_emulator/events' && req.method === 'GET') {
      const object = url.searchParams.get('object');
      return {
        status: 200,
        body: {
          events: webhooks.events.filter(
            (e) => !object || e.object_id === object || e.payment_intent === object,
          ),
        },
      };
    }
    if (url.pathname === '/_emulator/drop-webhooks' && req.method === 'POST') {
      const { object } = JSON.parse(raw || '{}') as { object?: string };
      if (!object) return invalidRequest('object is required', 'object');
      webhooks.drop(object);
      return { status: 200, body: { dropping: object } };
    }
    if (url.pathname === '/_emulator/disputes' && req.method === 'POST') {
      const { payment_intent, reason } = JSON.parse(raw || '{}') as Record<string, unknown>;
      if (typeof payment_intent !== 'string') {
        return invalidRequest('payment_intent is required', 'payment_intent');
      }
      return refunds.dispute(payment_intent, typeof reason === 'string' ? reason : undefined);
    }
    if (url.pathname === '/_emulator/refunds' && req.method === 'POST') {
      const { payment_intent, amount } = JSON.parse(raw || '{}') as Record<string, unknown>;
      return refunds.create({
        ...(typeof payment_intent === 'string' ? { payment_intent } : {}),
        ...(typeof amount === 'number' ? { amount: String(amount) } : {}),
        reason: 'requested_by_customer',
      });
    }
    if (url.pathname === '/_emulator/fail-refunds' && req.method === 'POST') {
      const { payment_intent, times } = JSON.parse(raw || '{}') as Record<string, unknown>;
      if (typeof payment_intent !== 'string' || typeof times !== 'number') {
        return invalidRequest('payment_intent and times are required', 'payment_intent');
      }
      return refunds.failNext(payment_intent, times);
    }
    return undefined;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const raw = Buffer.concat(chunks).toString('utf8');
      if (url.pathname === '/_emulator/deliver' && req.method === 'POST') {
        const { id } = JSON.parse(raw || '{}') as { id?: string };
        void webhooks
          .deliverNow(String(id))
          .then((status) =>
            send(
              res,
              status === undefined
                ? invalidRequest(`No such event: '${id}'`, 'id')
                : { status: 200, body: { id, status } },
              false,
            ),
          );
        return;
      }
      try {
        const door = emulatorDoor(req, url, raw);
        if (door) return send(res, door, false);
        const form = parseForm(req.method === 'GET' ? url.search.slice(1) : raw);
        const { reply, replayed } = withIdempotency(req, url, raw, () => route(req, url, form));
        send(res, reply, replayed);
      } catch (err) {
        opts.log?.(`[stripe] ${String(err)}`);
        send(res, stripeError(500, { type: 'api_error', message: 'Emulator error' }), false);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  return {
    name: 'stripe',
    endpoint: `http://127.0.0.1:${opts.port}`,
    webhooks,
    stop: () =>
      new Promise<void>((resolve) => {
        webhooks.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const secretOnly = () =>
  stripeError(401, {
    type: 'invalid_request_error',
    message:
      'This API call cannot be made with a publishable API key. Please use a secret API key.',
  });

function send(res: ServerResponse, reply: Reply, replayed: boolean) {
  const text = JSON.stringify(reply.body, null, 2);
  res.writeHead(reply.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': newId('req', 14),
    'stripe-version': API_VERSION,
    ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    ...(reply.status >= 500 ? { 'stripe-should-retry': 'true' } : {}),
  });
  res.end(text);
}
