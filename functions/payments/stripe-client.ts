import type Stripe from 'stripe';
import { env, required } from '../platform/config.js';
import { currentDeadline, timedOut } from '../platform/deadline.js';
import { STRIPE_BUDGET } from '../platform/sdk-budget.js';
import { requiredSecret } from '../platform/secret-values.js';

type StripeSdk = typeof Stripe;

/**
 * The stripe SDK (about 240 KB bundled) is loaded on first use, not at import: with the
 * handlers bundled with code splitting (lib/app-function.ts) it sits in its own chunk that a
 * cold start does not parse. Only `import type` of 'stripe' anywhere else, or it would be
 * bundled back into the handler's entry file.
 */
let sdk: StripeSdk | undefined;
let loading: Promise<StripeSdk> | undefined;

function loadSdk(): Promise<StripeSdk> {
  loading ??= import('stripe').then((m) => {
    sdk = m.default;
    return sdk;
  });
  return loading;
}

let cached: { signature: string; client: Stripe } | undefined;

type HttpClient = ReturnType<StripeSdk['createNodeHttpClient']>;

/**
 * Stripe's own HTTP client, bound to the request's deadline (platform/deadline.ts) as the AWS
 * clients are: an attempt never waits past it, and once it has passed no attempt starts. The
 * rejection is a retryable 503 (`timedOut`), which the SDK reports as a connection error.
 */
function deadlineHttpClient(StripeClient: StripeSdk): HttpClient {
  const inner = StripeClient.createNodeHttpClient();
  const makeRequest = inner.makeRequest.bind(inner);
  inner.makeRequest = (host, port, path, method, headers, data, protocol, timeout) => {
    const deadline = currentDeadline();
    if (!deadline) return makeRequest(host, port, path, method, headers, data, protocol, timeout);
    if (deadline.expired) return Promise.reject(timedOut());
    const left = Math.max(1, Math.min(timeout, deadline.remainingMs()));
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(timedOut());
      deadline.signal.addEventListener('abort', onAbort, { once: true });
      makeRequest(host, port, path, method, headers, data, protocol, left)
        .then(resolve, reject)
        .finally(() => deadline.signal.removeEventListener('abort', onAbort));
    });
  };
  return inner;
}

/**
 * The one Stripe client of this container. Where it connects is configuration
 * (STRIPE_API_HOST/PORT/PROTOCOL, unset = api.stripe.com): the local stack points it at the
 * emulator in local/stripe; no code here knows which one it talks to.
 */
export async function stripe(): Promise<Stripe> {
  const e = env();
  const [key, StripeClient] = await Promise.all([requiredSecret('STRIPE_SECRET_KEY'), loadSdk()]);
  const signature = [key, e.STRIPE_API_HOST, e.STRIPE_API_PORT, e.STRIPE_API_PROTOCOL].join('|');
  if (cached?.signature !== signature) {
    cached = {
      signature,
      client: new StripeClient(key, {
        ...(e.STRIPE_API_HOST ? { host: e.STRIPE_API_HOST } : {}),
        ...(e.STRIPE_API_PORT ? { port: e.STRIPE_API_PORT } : {}),
        ...(e.STRIPE_API_PROTOCOL ? { protocol: e.STRIPE_API_PROTOCOL } : {}),
        // Timeout and retries that fit the Lambda timeout (platform/sdk-budget.ts); POSTs carry
        // an Idempotency-Key the SDK adds, so its retry never pays twice.
        maxNetworkRetries: STRIPE_BUDGET.maxNetworkRetries,
        timeout: STRIPE_BUDGET.timeoutMs,
        httpClient: deadlineHttpClient(StripeClient),
        appInfo: { name: 'sello' },
      }),
    };
  }
  return cached.client;
}

/** Checks a webhook's `Stripe-Signature` over the raw body; rejects when it does not match. */
export async function verifiedEvent(rawBody: string, signature: string): Promise<Stripe.Event> {
  const [client, secret] = await Promise.all([stripe(), requiredSecret('STRIPE_WEBHOOK_SECRET')]);
  return client.webhooks.constructEvent(rawBody, signature, secret);
}

export const publishableKey = () => required('STRIPE_PUBLISHABLE_KEY');

/** Stripe ids of payment intents: `pi_` then letters and digits. */
export const isPaymentIntentId = (id: string) => /^pi_[A-Za-z0-9]{8,64}$/.test(id);

/**
 * True when Stripe said the object does not exist (a 404 from the API). A Stripe error can only
 * exist once the SDK is loaded, so an unloaded SDK means "not a Stripe error".
 */
export const isMissing = (err: unknown) =>
  sdk !== undefined && err instanceof sdk.errors.StripeError && err.statusCode === 404;
