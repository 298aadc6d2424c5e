import type { CloudFormationCustomResourceEvent, Context } from 'aws-lambda';
import type Stripe from 'stripe';
import { logger } from '../platform/logger.js';
import { isMissing, stripe } from './stripe-client.js';
import {
  planRegistration,
  type RegistrationPlan,
  registrationProblem,
} from './webhook-registration-plan.js';
import { haveWebhookSecret, storeWebhookSecret } from './webhook-secret-store.js';

/** The custom resource's properties (lib/stripe-webhook-registration.ts). */
interface Properties {
  Url: string;
  Events: string[];
}

type EnabledEvent = Stripe.WebhookEndpointCreateParams.EnabledEvent;

/** Time kept back to answer CloudFormation before Lambda's own timeout. */
const ANSWER_MARGIN_MS = 5_000;

function propertiesOf(event: CloudFormationCustomResourceEvent): Properties {
  const p = event.ResourceProperties as unknown as Partial<Properties>;
  if (typeof p.Url !== 'string' || !/^https:\/\/\S+$/.test(p.Url)) {
    throw new Error('Url must be the https URL of the webhook route');
  }
  if (!Array.isArray(p.Events) || p.Events.length === 0) throw new Error('Events is empty');
  return { Url: p.Url, Events: p.Events.map(String) };
}

/**
 * Runs the plan (webhook-registration-plan.ts) against Stripe. A new endpoint's secret is stored
 * before an old endpoint for the URL is deleted, so no event finds neither.
 */
async function register(props: Properties, ownEndpointId: string | undefined): Promise<string> {
  const client = await stripe();
  const endpoints = await client.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({
    limit: 1000,
  });
  const plan: RegistrationPlan = planRegistration({
    endpoints,
    url: props.Url,
    required: props.Events,
    ownEndpointId,
    haveSecret: await haveWebhookSecret(),
  });
  logger.info('stripe webhook registration', { action: plan.action });
  const events = props.Events as EnabledEvent[];
  let id: string;
  if (plan.action === 'create' || plan.action === 'recreate') {
    const created = await client.webhookEndpoints.create({
      url: props.Url,
      enabled_events: events,
      description: 'Sello (registrado por el despliegue)',
    });
    await storeWebhookSecret(created.secret ?? '');
    if (plan.action === 'recreate') await client.webhookEndpoints.del(plan.id);
    id = created.id;
  } else {
    if (plan.action === 'update') {
      await client.webhookEndpoints.update(plan.id, { enabled_events: events, disabled: false });
    }
    id = plan.id;
  }
  // The check: whatever was done, the endpoint as Stripe now has it must send every event.
  const problem = registrationProblem(
    await client.webhookEndpoints.retrieve(id),
    props.Url,
    props.Events,
  );
  if (problem) throw new Error(problem);
  return id;
}

/** Removing the resource removes the endpoint this stack registered (none if it never got one). */
async function deregister(id: string): Promise<void> {
  if (!id.startsWith('we_')) return;
  try {
    await (await stripe()).webhookEndpoints.del(id);
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
}

async function apply(event: CloudFormationCustomResourceEvent): Promise<string> {
  if (event.RequestType === 'Delete') {
    await deregister(event.PhysicalResourceId);
    return event.PhysicalResourceId;
  }
  const own = event.RequestType === 'Update' ? event.PhysicalResourceId : undefined;
  return register(propertiesOf(event), own);
}

/** CloudFormation waits for this answer at the presigned URL; without it the stack hangs. */
async function answer(
  event: CloudFormationCustomResourceEvent,
  outcome: { ok: true; id: string } | { ok: false; reason: string },
): Promise<void> {
  const previous = 'PhysicalResourceId' in event ? event.PhysicalResourceId : undefined;
  const body = JSON.stringify({
    Status: outcome.ok ? 'SUCCESS' : 'FAILED',
    Reason: outcome.ok ? 'ok' : outcome.reason.slice(0, 1000),
    PhysicalResourceId: outcome.ok ? outcome.id : (previous ?? 'stripe-webhook-not-registered'),
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
    Data: outcome.ok ? { EndpointId: outcome.id } : {},
  });
  const res = await fetch(event.ResponseURL, {
    method: 'PUT',
    headers: { 'content-type': '', 'content-length': String(Buffer.byteLength(body)) },
    body,
  });
  if (!res.ok) throw new Error(`CloudFormation refused the answer: ${res.status}`);
}

/**
 * The deploy's Stripe webhook (custom resource, lib/stripe-webhook-registration.ts): finds or
 * creates the endpoint for `{AppUrl}/api/payments/webhook` with exactly the events the code
 * handles, keeps its signing secret where the webhook handler reads it, and fails the deploy
 * when the endpoint would not send one of them. Never logs a key or a secret.
 */
export async function handler(event: CloudFormationCustomResourceEvent, context: Context) {
  let timer: NodeJS.Timeout | undefined;
  const budget = Math.max(
    1_000,
    (context?.getRemainingTimeInMillis?.() ?? 60_000) - ANSWER_MARGIN_MS,
  );
  try {
    const id = await Promise.race([
      apply(event),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('Stripe did not answer in time')), budget);
      }),
    ]);
    await answer(event, { ok: true, id });
  } catch (err) {
    // Stripe's and our own messages name events, ids and URLs, never a key or a secret.
    logger.error('stripe webhook registration failed', {
      name: (err as Error).name,
      reason: (err as Error).message,
    });
    await answer(event, { ok: false, reason: (err as Error).message });
  } finally {
    clearTimeout(timer);
  }
}
