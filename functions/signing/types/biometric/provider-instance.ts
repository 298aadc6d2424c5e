import { secret } from '../../../platform/secret-values.js';
import { BiometricHttpProvider } from './biometric-http.js';
import type { BiometricProvider } from './biometric-provider.js';

let instance: Promise<BiometricProvider | undefined> | undefined;

/**
 * The identity-verification provider of the biometric signature: the HTTP adapter at
 * BIOMETRIC_API_URL with BIOMETRIC_API_KEY (the simulator's on the local stack), or undefined
 * when either is unset or 'none' (`secret` reads both as undefined): then the type answers
 * 'type unavailable', as FEA and Clave Única do.
 */
export function biometricProvider(): Promise<BiometricProvider | undefined> {
  instance ??= Promise.all([secret('BIOMETRIC_API_URL'), secret('BIOMETRIC_API_KEY')])
    .then(([baseUrl, apiKey]) =>
      baseUrl && apiKey ? new BiometricHttpProvider({ baseUrl, apiKey }) : undefined,
    )
    .catch((err: unknown) => {
      instance = undefined;
      throw err;
    });
  return instance;
}

/** Tests change the configuration between cases. */
export function resetBiometricProvider(): void {
  instance = undefined;
}
