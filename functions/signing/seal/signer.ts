import { createHash, X509Certificate } from 'node:crypto';
import type { DigestAlgorithm, Signer } from '@libpdf/core';

/**
 * The seal's signer port: what the seal needs from the platform's key, and nothing that would
 * let the key itself be read. Two adapters: `KmsSigner` in AWS (signer-kms.ts: the key never
 * leaves KMS) and `FileKeySigner` locally (signer-file.ts: the local PKI's PKCS#12).
 *
 * (Named SealKeySigner because `SealSigner` in types.ts is a person who signed the document.)
 */
export type SealSignatureAlgorithm = 'RSASSA_PKCS1_V1_5_SHA_256' | 'ECDSA_SHA_256';

export interface SealKeySigner {
  /** DER certificates, the seal certificate first, then its issuers up to the root. */
  readonly chain: readonly Uint8Array[];
  /** The algorithm `sign` uses; always over SHA-256. */
  readonly algorithm: SealSignatureAlgorithm;
  /**
   * Signs SHA-256(data): RSA PKCS#1 v1.5 signature bytes, or an ECDSA signature DER-encoded
   * (SEQUENCE { r, s }), which is what CMS carries.
   */
  sign(data: Uint8Array): Promise<Uint8Array>;
}

export const sha256 = (data: Uint8Array): Uint8Array =>
  new Uint8Array(createHash('sha256').update(data).digest());

/** The algorithm a certificate's public key calls for (RSA or EC P-256 only). */
export function algorithmOfCertificate(certDer: Uint8Array): SealSignatureAlgorithm {
  const key = new X509Certificate(certDer).publicKey;
  if (key.asymmetricKeyType === 'rsa') return 'RSASSA_PKCS1_V1_5_SHA_256';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    return 'ECDSA_SHA_256';
  }
  throw new Error(`seal certificate key ${key.asymmetricKeyType} is not RSA or EC P-256`);
}

/** The certificate's SubjectPublicKeyInfo, DER: what binds it to one key. */
export function publicKeyOfCertificate(certDer: Uint8Array): Uint8Array {
  return new Uint8Array(
    new X509Certificate(certDer).publicKey.export({ type: 'spki', format: 'der' }),
  );
}

/** Certificates from PEM text (CERTIFICATE blocks in order), as DER. */
export function certificatesFromPem(pem: string): Uint8Array[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new Uint8Array(new X509Certificate(block).raw));
}

/** The port as @libpdf/core's `Signer` (what `PDF.sign` takes). Only SHA-256 is offered. */
export function libpdfSigner(port: SealKeySigner): Signer {
  const [certificate, ...certificateChain] = port.chain;
  if (!certificate) throw new Error('the seal signer has no certificate');
  const ecdsa = port.algorithm === 'ECDSA_SHA_256';
  return {
    certificate,
    certificateChain,
    keyType: ecdsa ? 'EC' : 'RSA',
    signatureAlgorithm: ecdsa ? 'ECDSA' : 'RSASSA-PKCS1-v1_5',
    sign(data: Uint8Array, algorithm: DigestAlgorithm) {
      // The CMS names SHA-256 (sealPdf's digestAlgorithm); anything else would not verify.
      if (algorithm !== 'SHA-256') throw new Error(`the seal signs SHA-256 only, not ${algorithm}`);
      return port.sign(data);
    },
  };
}
