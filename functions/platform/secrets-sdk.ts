/**
 * The Secrets Manager client and the one command we send, in a module secret-values.ts loads on
 * first use, so a cold start never parses it (named imports keep the bundle to this command).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export { GetSecretValueCommand, SecretsManagerClient };
