import { secret } from '../../../platform/secret-values.js';
import { FeaHttpProvider } from './fea-http.js';
import type { FeaProvider } from './fea-provider.js';

let instance: Promise<FeaProvider | undefined> | undefined;

/**
 * The FEA provider this deployment talks to: the REST adapter at FEA_API_URL with FEA_API_KEY
 * (the emulator's on the local stack), or undefined when no provider is configured ('none'):
 * then nothing of the advanced signature can run, and the catalogue keeps it unavailable.
 */
export function feaProvider(): Promise<FeaProvider | undefined> {
  // `secret` reads an unset or 'none' value as undefined (requiredSecret would throw).
  instance ??= Promise.all([secret('FEA_API_URL'), secret('FEA_API_KEY')])
    .then(([baseUrl, apiKey]) =>
      baseUrl && apiKey ? new FeaHttpProvider({ baseUrl, apiKey }) : undefined,
    )
    .catch((err: unknown) => {
      instance = undefined;
      throw err;
    });
  return instance;
}
