import type { KMSClient } from '@aws-sdk/client-kms';
import { certificatesFromPem } from './signer.js';
import type { SealCredentials } from './types.js';

/**
 * The seal's configured values. In AWS: `SEAL_KMS_KEY_ID` (the asymmetric KMS key, an
 * environment variable set by the stack) and `SEAL_CERT_CHAIN` (the certificate issued for
 * that key and its CA chain, PEM, from Secrets Manager); no private key is configured
 * anywhere. Locally (`localSealEnv` in local/pki): `SEAL_P12` (the local PKCS#12, base64) and
 * `SEAL_P12_PASSWORD`. Both: `TSA_URL` and optionally `TSA_URL_FALLBACK`, the RFC 3161 TSAs.
 */
export interface SealConfig {
  SEAL_KMS_KEY_ID?: string;
  SEAL_CERT_CHAIN?: string;
  SEAL_P12?: string;
  SEAL_P12_PASSWORD?: string;
  TSA_URL?: string;
  TSA_URL_FALLBACK?: string;
}

/**
 * The seal credentials from their configured values: the signer adapter is chosen by the
 * configuration (a KMS key id → KmsSigner, else the local file key). A missing value throws:
 * the seal job must fail loudly (and retry), never seal without.
 */
export async function sealCredentialsFrom(
  values: SealConfig,
  deps: { kms?: KMSClient } = {},
): Promise<SealCredentials> {
  const needed = values.SEAL_KMS_KEY_ID
    ? (['SEAL_CERT_CHAIN', 'TSA_URL'] as const)
    : (['SEAL_P12', 'SEAL_P12_PASSWORD', 'TSA_URL'] as const);
  const missing = needed.filter((k) => !values[k]);
  if (missing.length) throw new Error(`Missing seal configuration ${missing.join(', ')}`);
  const tsa = {
    tsaUrl: values.TSA_URL as string,
    ...(values.TSA_URL_FALLBACK ? { tsaUrlFallback: values.TSA_URL_FALLBACK } : {}),
  };
  if (values.SEAL_KMS_KEY_ID) {
    const chain = certificatesFromPem(values.SEAL_CERT_CHAIN as string);
    if (chain.length === 0) throw new Error('SEAL_CERT_CHAIN holds no PEM certificate');
    const { KmsSigner } = await import('./signer-kms.js');
    const signer = await KmsSigner.create({
      keyId: values.SEAL_KMS_KEY_ID,
      chain,
      ...(deps.kms ? { client: deps.kms } : {}),
    });
    return { signer, ...tsa };
  }
  const p12 = new Uint8Array(Buffer.from(values.SEAL_P12 as string, 'base64'));
  if (p12.length < 100) throw new Error('SEAL_P12 is not a base64 PKCS#12');
  const { FileKeySigner } = await import('./signer-file.js');
  return { signer: await FileKeySigner.fromP12(p12, values.SEAL_P12_PASSWORD as string), ...tsa };
}
