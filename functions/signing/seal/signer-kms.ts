import { createPublicKey } from 'node:crypto';
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { awsClientConfig, boundToDeadline } from '../../platform/sdk-budget.js';
import {
  algorithmOfCertificate,
  publicKeyOfCertificate,
  type SealKeySigner,
  type SealSignatureAlgorithm,
  sha256,
} from './signer.js';

/**
 * The seal key in AWS: an asymmetric KMS key (lib/seal-key.ts) that only the seal consumer may
 * use, and only to sign. The private key never leaves KMS: this adapter sends the SHA-256
 * digest (MessageType DIGEST) and gets the signature back. The certificate chain is public
 * (the `SEAL_CERT_CHAIN` secret holds it as PEM); at start the adapter checks that the
 * certificate really is for this key, so a wrong chain fails the run loudly instead of
 * producing seals no reader accepts.
 */

/** The KMS key specs the seal accepts, with the signing algorithm each one uses. */
const ALGORITHM_OF_KEY_SPEC: Readonly<Record<string, SealSignatureAlgorithm>> = {
  RSA_2048: 'RSASSA_PKCS1_V1_5_SHA_256',
  RSA_3072: 'RSASSA_PKCS1_V1_5_SHA_256',
  RSA_4096: 'RSASSA_PKCS1_V1_5_SHA_256',
  ECC_NIST_P256: 'ECDSA_SHA_256',
};

export function kmsClient(): KMSClient {
  // Timeouts and retries that fit the consumer's run (platform/sdk-budget.ts).
  return boundToDeadline(new KMSClient(awsClientConfig('kms')));
}

/** A KMS signing key as the seal uses it: its public key, its algorithm, and signing with it. */
export interface KmsKey {
  keyId: string;
  /** DER SubjectPublicKeyInfo, from kms:GetPublicKey. */
  publicKey: Uint8Array;
  algorithm: SealSignatureAlgorithm;
  /** Signs SHA-256(data) in KMS (MessageType DIGEST): what a certificate or a CSR needs. */
  sign(data: Uint8Array): Promise<Uint8Array>;
}

/** Reads the key's public half and checks it can make a seal (also used by scripts/seal-csr.ts). */
export async function openKmsKey(client: KMSClient, keyId: string): Promise<KmsKey> {
  const key = await client.send(new GetPublicKeyCommand({ KeyId: keyId }));
  if (key.KeyUsage !== 'SIGN_VERIFY') {
    throw new Error(`KMS key ${keyId} is not a signing key (${key.KeyUsage})`);
  }
  const algorithm = ALGORITHM_OF_KEY_SPEC[key.KeySpec ?? ''];
  if (!algorithm || !key.SigningAlgorithms?.includes(algorithm) || !key.PublicKey) {
    throw new Error(`KMS key spec ${key.KeySpec} cannot make a seal (RSA or ECC_NIST_P256)`);
  }
  return {
    keyId,
    publicKey: key.PublicKey,
    algorithm,
    async sign(data) {
      const out = await client.send(
        new SignCommand({
          KeyId: keyId,
          Message: sha256(data),
          MessageType: 'DIGEST',
          SigningAlgorithm: algorithm,
        }),
      );
      // KMS returns RSA signatures as raw bytes and ECDSA ones DER-encoded: as CMS and X.509 want.
      if (!out.Signature) throw new Error(`KMS returned no signature for key ${keyId}`);
      return out.Signature;
    },
  };
}

export class KmsSigner implements SealKeySigner {
  private constructor(
    private readonly key: KmsKey,
    readonly chain: readonly Uint8Array[],
  ) {}

  get algorithm(): SealSignatureAlgorithm {
    return this.key.algorithm;
  }

  static async create(options: {
    keyId: string;
    chain: readonly Uint8Array[];
    client?: KMSClient;
  }): Promise<KmsSigner> {
    const [certificate] = options.chain;
    if (!certificate) throw new Error('SEAL_CERT_CHAIN holds no certificate');
    const key = await openKmsKey(options.client ?? kmsClient(), options.keyId);
    if (!samePublicKey(key.publicKey, publicKeyOfCertificate(certificate))) {
      throw new Error(
        `the seal certificate is not for KMS key ${options.keyId}: its public key differs`,
      );
    }
    if (algorithmOfCertificate(certificate) !== key.algorithm) {
      throw new Error('the seal certificate and the KMS key use different algorithms');
    }
    return new KmsSigner(key, options.chain);
  }

  sign(data: Uint8Array): Promise<Uint8Array> {
    return this.key.sign(data);
  }
}

/** Two DER SubjectPublicKeyInfos of the same key (compared after OpenSSL re-encodes both). */
function samePublicKey(a: Uint8Array, b: Uint8Array): boolean {
  const der = (k: Uint8Array) =>
    createPublicKey({ key: Buffer.from(k), format: 'der', type: 'spki' }).export({
      type: 'spki',
      format: 'der',
    });
  return der(a).equals(der(b));
}
