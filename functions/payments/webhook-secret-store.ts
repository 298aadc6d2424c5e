import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { awsClientConfig, boundToDeadline } from '../platform/sdk-budget.js';
import { arnVariable } from '../platform/secret-values.js';

/**
 * The webhook's signing secret in Secrets Manager, where the webhook handler reads it
 * (STRIPE_WEBHOOK_SECRET through platform/secret-values.ts). Only the deploy's registration
 * (register-webhook.ts) reads and writes it here: Stripe shows an endpoint's secret once, when it
 * creates the endpoint, and this is where it is kept.
 */
// The same budget as every client (a hung Secrets Manager fails the deploy step, not hangs it).
const client = boundToDeadline(new SecretsManagerClient(awsClientConfig('secretsManager')));

function secretArn(): string {
  const arn = process.env[arnVariable('STRIPE_WEBHOOK_SECRET')];
  if (!arn) throw new Error('Missing configuration STRIPE_WEBHOOK_SECRET_SECRET_ARN');
  return arn;
}

/** Whether a signing secret (`whsec_…`) is stored; a secret created without a value holds none. */
export async function haveWebhookSecret(): Promise<boolean> {
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: secretArn() }));
    return out.SecretString?.startsWith('whsec_') ?? false;
  } catch (err) {
    if ((err as Error).name === 'ResourceNotFoundException') return false;
    throw err;
  }
}

export async function storeWebhookSecret(value: string): Promise<void> {
  if (!value.startsWith('whsec_')) throw new Error('Stripe returned no signing secret');
  await client.send(new PutSecretValueCommand({ SecretId: secretArn(), SecretString: value }));
}
