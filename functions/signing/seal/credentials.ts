import type { SealCredentials } from './types.js';

/**
 * The seal credentials from their configured values (Secrets Manager in AWS, the environment
 * locally — see `localSealEnv` in local/pki): `SEAL_P12` is the PKCS#12 in base64,
 * `SEAL_P12_PASSWORD` its password, `TSA_URL` (and optionally `TSA_URL_FALLBACK`) the RFC 3161
 * TSAs. A missing value throws: the seal job must fail loudly (and retry), never seal without.
 */
export function sealCredentialsFrom(values: {
  SEAL_P12?: string;
  SEAL_P12_PASSWORD?: string;
  TSA_URL?: string;
  TSA_URL_FALLBACK?: string;
}): SealCredentials {
  const missing = (['SEAL_P12', 'SEAL_P12_PASSWORD', 'TSA_URL'] as const).filter((k) => !values[k]);
  if (missing.length) throw new Error(`Missing seal configuration ${missing.join(', ')}`);
  const p12 = new Uint8Array(Buffer.from(values.SEAL_P12 as string, 'base64'));
  if (p12.length < 100) throw new Error('SEAL_P12 is not a base64 PKCS#12');
  return {
    p12,
    password: values.SEAL_P12_PASSWORD as string,
    tsaUrl: values.TSA_URL as string,
    ...(values.TSA_URL_FALLBACK ? { tsaUrlFallback: values.TSA_URL_FALLBACK } : {}),
  };
}
