import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler } from './register-webhook.js';

/**
 * The custom resource always answers CloudFormation at its presigned URL (without an answer a
 * stack waits an hour): these cases need no Stripe call. The plan itself is
 * webhook-registration-plan.test.ts; the resource in the template, test/infra/stripe-webhook.test.ts.
 */
let server: Server;
let url: string;
const answers: { method: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      answers.push({ method: req.method ?? '', body: JSON.parse(body) });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/answer`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const base = {
  ServiceToken: 'arn:aws:lambda:sa-east-1:1:function:register',
  StackId: 'arn:aws:cloudformation:sa-east-1:1:stack/Sello/x',
  RequestId: 'req-1',
  LogicalResourceId: 'StripeWebhookEndpoint',
  ResourceType: 'Custom::StripeWebhookEndpoint',
};
const context = { getRemainingTimeInMillis: () => 30_000 } as never;

async function run(event: Record<string, unknown>) {
  answers.length = 0;
  await handler(
    { ...base, ResponseURL: url, ...event } as CloudFormationCustomResourceEvent,
    context,
  );
  expect(answers).toHaveLength(1);
  expect(answers[0]?.method).toBe('PUT');
  return answers[0]?.body as Record<string, unknown>;
}

describe('the Stripe webhook custom resource', () => {
  it('fails a create whose URL is not https, naming why, without an endpoint id', async () => {
    const body = await run({
      RequestType: 'Create',
      ResourceProperties: {
        ServiceToken: 'x',
        Url: 'http://sello.cl/api/payments/webhook',
        Events: ['charge.refunded'],
      },
    });
    expect(body).toMatchObject({
      Status: 'FAILED',
      Reason: 'Url must be the https URL of the webhook route',
      PhysicalResourceId: 'stripe-webhook-not-registered',
      RequestId: 'req-1',
      LogicalResourceId: 'StripeWebhookEndpoint',
    });
  });

  it('fails an update with no events, keeping the endpoint it had', async () => {
    const body = await run({
      RequestType: 'Update',
      PhysicalResourceId: 'we_123',
      OldResourceProperties: {},
      ResourceProperties: {
        ServiceToken: 'x',
        Url: 'https://sello.cl/api/payments/webhook',
        Events: [],
      },
    });
    expect(body).toMatchObject({
      Status: 'FAILED',
      Reason: 'Events is empty',
      PhysicalResourceId: 'we_123',
    });
  });

  it('deletes nothing in Stripe when the create never registered an endpoint', async () => {
    const body = await run({
      RequestType: 'Delete',
      PhysicalResourceId: 'stripe-webhook-not-registered',
      ResourceProperties: { ServiceToken: 'x' },
    });
    expect(body).toMatchObject({
      Status: 'SUCCESS',
      PhysicalResourceId: 'stripe-webhook-not-registered',
    });
  });
});
