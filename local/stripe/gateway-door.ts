import type { IncomingMessage, ServerResponse } from 'node:http';

/** The browser's same-origin path to the emulator (local stack only; production uses Stripe.js). */
export const STRIPE_LOCAL_PREFIX = '/stripe-local';

const allowed = [
  { method: 'POST', path: /^\/v1\/payment_intents\/[A-Za-z0-9_]+\/confirm$/ },
  { method: 'GET', path: /^\/v1\/payment_intents\/[A-Za-z0-9_]+$/ },
];

/**
 * `/stripe-local/v1/payment_intents/{id}[/confirm]` on the gateway → the Stripe emulator: what
 * Stripe.js would send to api.stripe.com from the browser. Only those two calls pass, and only
 * with a publishable key (the browser never holds a secret key); the emulator then checks the
 * client secret like Stripe does.
 */
export async function proxyStripe(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: Buffer,
  stripeEndpoint: string,
): Promise<void> {
  const path = url.pathname.slice(STRIPE_LOCAL_PREFIX.length);
  const method = req.method ?? 'GET';
  const reply = (status: number, payload: unknown) => {
    const text = JSON.stringify(payload);
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(text);
  };
  if (!allowed.some((a) => a.method === method && a.path.test(path))) {
    return reply(404, { error: { type: 'invalid_request_error', message: 'Not Found' } });
  }
  const authorization = String(req.headers.authorization ?? '');
  if (/^Bearer\s+(sk|rk)_/i.test(authorization)) {
    return reply(401, {
      error: { type: 'invalid_request_error', message: 'Use a publishable key from the browser.' },
    });
  }
  const headers: Record<string, string> = {
    'content-type': String(req.headers['content-type'] ?? 'application/x-www-form-urlencoded'),
  };
  if (authorization) headers.authorization = authorization;
  const idem = req.headers['idempotency-key'];
  if (typeof idem === 'string') headers['idempotency-key'] = idem;
  const upstream = await fetch(`${stripeEndpoint}${path}${url.search}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : body,
  });
  res.writeHead(upstream.status, {
    'content-type': upstream.headers.get('content-type') ?? 'application/json',
    'cache-control': 'no-store',
  });
  res.end(Buffer.from(await upstream.arrayBuffer()));
}
