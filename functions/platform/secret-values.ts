import { awsClientConfig, boundToDeadline } from './sdk-budget.js';

/**
 * The server's secrets (`SecretName` below; docs/security.md lists each and what it guards):
 * Stripe's keys, the gate code, the AI webhook URL, the origin secret, the signing codes' HMAC
 * key, the link tokens' key, the seal's certificate chain, and the timestamp authorities. In AWS a function is given
 * `<NAME>_SECRET_ARN` (never the value: Lambda environment variables are readable by anyone with
 * lambda:GetFunctionConfiguration) and the right to read that one secret; the value is read from
 * Secrets Manager on first use and kept for the life of the container. Without an ARN the value
 * is the environment variable `<NAME>` itself: the local stack configures its values (fresh per
 * data folder) that way. Nothing here knows which of the two it is running with.
 */
export type SecretName =
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'MAINTENANCE_ACCESS_CODE'
  | 'AI_ANALYSIS_WEBHOOK_URL'
  | 'ORIGIN_VERIFY_SECRET'
  | 'SIGNING_CODE_HMAC_KEY'
  // Signing and delivery link tokens are minted from it at send time (functions/mail/).
  | 'LINK_TOKEN_KEY'
  // The seal (functions/signing/seal/): the certificate chain of its KMS key (PEM; the key
  // never leaves KMS), and the RFC 3161 timestamp authorities (the fallback may be 'none').
  | 'SEAL_CERT_CHAIN'
  | 'TSA_URL'
  | 'TSA_URL_FALLBACK'
  // The advanced signature's provider (functions/signing/types/advanced/): its REST API's URL
  // and integration key ('none' while no provider is contracted), and the key that seals the
  // certificate password and SMS code on their way through a job.
  | 'FEA_API_URL'
  | 'FEA_API_KEY'
  | 'FEA_TRANSIT_KEY'
  // FES + Clave Única (functions/signing/types/clave-unica/): the OpenID provider that returns
  // a verified RUN (ClaveÚnica or an accredited intermediary); 'none' while not contracted.
  | 'CLAVEUNICA_ISSUER'
  | 'CLAVEUNICA_CLIENT_ID'
  | 'CLAVEUNICA_CLIENT_SECRET'
  // The biometric signature (functions/signing/types/biometric/): the identity-verification
  // provider's API URL and key ('none' while no provider is contracted).
  | 'BIOMETRIC_API_URL'
  | 'BIOMETRIC_API_KEY';

/** The environment variable that carries a secret's ARN. */
export const arnVariable = (name: SecretName) => `${name}_SECRET_ARN` as const;

/**
 * Secrets Manager cannot hold an empty value, so an optional secret that is not configured
 * holds this word instead (the AI webhook URL when the built-in analyzer is used).
 */
export const UNSET_SECRET = 'none';

type SecretsSdk = typeof import('./secrets-sdk.js');
let client:
  | Promise<{ sdk: SecretsSdk; client: InstanceType<SecretsSdk['SecretsManagerClient']> }>
  | undefined;
const values = new Map<string, Promise<string>>();

function secretsManager() {
  client ??= import('./secrets-sdk.js').then((sdk) => ({
    sdk,
    // Timeouts and retries that fit the Lambda timeout (sdk-budget.ts).
    client: boundToDeadline(new sdk.SecretsManagerClient(awsClientConfig('secretsManager'))),
  }));
  return client;
}

async function fetchSecret(arn: string): Promise<string> {
  const { sdk, client: sm } = await secretsManager();
  const out = await sm.send(new sdk.GetSecretValueCommand({ SecretId: arn }));
  if (out.SecretString === undefined) throw new Error(`Secret ${arn} has no string value`);
  return out.SecretString;
}

/**
 * The secret's value, or undefined when the function is configured with neither an ARN nor a
 * value (or the optional secret is `UNSET_SECRET`). Read once per container; a failed read is
 * not remembered, so the next request tries again.
 */
export async function secret(name: SecretName): Promise<string | undefined> {
  const arn = process.env[arnVariable(name)];
  if (!arn) {
    const value = process.env[name];
    return value === '' || value === UNSET_SECRET ? undefined : value;
  }
  let value = values.get(arn);
  if (!value) {
    value = fetchSecret(arn);
    values.set(arn, value);
    value.catch(() => values.delete(arn));
  }
  const read = await value;
  return read === '' || read === UNSET_SECRET ? undefined : read;
}

/** Like `secret`, for a secret the function cannot work without. */
export async function requiredSecret(name: SecretName): Promise<string> {
  const value = await secret(name);
  if (value === undefined) throw new Error(`Missing configuration ${name}`);
  return value;
}

/** Tests change the configuration between cases. */
export function resetSecretCache(): void {
  values.clear();
}
