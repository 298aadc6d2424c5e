import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AWS_BUDGETS } from './sdk-budget.js';
import { requiredSecret, resetSecretCache, secret } from './secret-values.js';

/** A stand-in Secrets Manager endpoint that counts GetSecretValue calls. */
let server: Server;
const calls: string[] = [];
/** How many of the next reads fail with a 500. */
let failures = 0;
const stored: Record<string, string> = {
  'arn:aws:secretsmanager:us-east-1:111122223333:secret:stripe-key': 'sk_test_from_sm',
  'arn:aws:secretsmanager:us-east-1:111122223333:secret:ai-url': 'none',
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const { SecretId } = JSON.parse(body) as { SecretId: string };
      calls.push(`${req.headers['x-amz-target']} ${SecretId}`);
      if (failures > 0) {
        failures--;
        res.writeHead(500, { 'content-type': 'application/x-amz-json-1.1' });
        return res.end(JSON.stringify({ __type: 'InternalServiceError', message: 'boom' }));
      }
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ ARN: SecretId, Name: 'n', SecretString: stored[SecretId] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_MAX_ATTEMPTS: '1',
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

afterEach(() => {
  calls.length = 0;
  resetSecretCache();
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY_SECRET_ARN'])
    delete process.env[name];
  for (const name of ['AI_ANALYSIS_WEBHOOK_URL', 'AI_ANALYSIS_WEBHOOK_URL_SECRET_ARN']) {
    delete process.env[name];
  }
});

describe('secret()', () => {
  it('is the configured value when no ARN is given (the local stack)', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_local';
    expect(await secret('STRIPE_SECRET_KEY')).toBe('sk_test_local');
    expect(calls).toEqual([]);
  });

  it('is undefined when nothing is configured, and requiredSecret says which one', async () => {
    expect(await secret('STRIPE_SECRET_KEY')).toBeUndefined();
    await expect(requiredSecret('STRIPE_SECRET_KEY')).rejects.toThrow(
      'Missing configuration STRIPE_SECRET_KEY',
    );
  });

  it('reads Secrets Manager once per container when the ARN is given, never the env value', async () => {
    process.env.STRIPE_SECRET_KEY_SECRET_ARN =
      'arn:aws:secretsmanager:us-east-1:111122223333:secret:stripe-key';
    process.env.STRIPE_SECRET_KEY = 'sk_test_ignored';
    const reads = await Promise.all(
      Array.from({ length: 20 }, () => requiredSecret('STRIPE_SECRET_KEY')),
    );
    expect(new Set(reads)).toEqual(new Set(['sk_test_from_sm']));
    expect(await secret('STRIPE_SECRET_KEY')).toBe('sk_test_from_sm');
    expect(calls).toEqual([
      'secretsmanager.GetSecretValue arn:aws:secretsmanager:us-east-1:111122223333:secret:stripe-key',
    ]);
  });

  it('tries again after a failed read instead of remembering the failure', async () => {
    process.env.STRIPE_SECRET_KEY_SECRET_ARN =
      'arn:aws:secretsmanager:us-east-1:111122223333:secret:stripe-key';
    // Every attempt of the client's retry budget fails: the read fails.
    failures = AWS_BUDGETS.secretsManager.maxAttempts;
    await expect(secret('STRIPE_SECRET_KEY')).rejects.toThrow();
    expect(await secret('STRIPE_SECRET_KEY')).toBe('sk_test_from_sm');
    expect(calls).toHaveLength(AWS_BUDGETS.secretsManager.maxAttempts + 1);
  });

  it("treats an optional secret holding 'none' as not configured", async () => {
    process.env.AI_ANALYSIS_WEBHOOK_URL_SECRET_ARN =
      'arn:aws:secretsmanager:us-east-1:111122223333:secret:ai-url';
    expect(await secret('AI_ANALYSIS_WEBHOOK_URL')).toBeUndefined();
    process.env.AI_ANALYSIS_WEBHOOK_URL_SECRET_ARN = '';
    process.env.AI_ANALYSIS_WEBHOOK_URL = '';
    expect(await secret('AI_ANALYSIS_WEBHOOK_URL')).toBeUndefined();
  });
});
