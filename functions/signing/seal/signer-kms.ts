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

export class KmsSigner implements SealKeySigner {
  private constructor(
    private readonly client: KMSClient,
    readonly keyId: string,
    readonly chain: readonly Uint8Array[],
    readonly algorithm: SealSignatureAlgorithm,
  ) {}

  static async create(options: {
    keyId: string;
    chain: readonly Uint8Array[];
    client?: KMSClient;
  }): Promise<KmsSigner> {
    const client = options.client ?? kmsClient();
    const [certificate] = options.chain;
    if (!certificate) throw new Error('SEAL_CERT_CHAIN holds no certificate');
    const key = await client.send(new GetPublicKeyCommand({ KeyId: options.keyId }));
    if (key.KeyUsage !== 'SIGN_VERIFY') {
      throw new Error(`KMS key ${options.keyId} is not a signing key (${key.KeyUsage})`);
    }
    const algorithm = ALGORITHM_OF_KEY_SPEC[key.KeySpec ?? ''];
    if (!algorithm || !key.SigningAlgorithms?.includes(algorithm)) {
      throw new Error(`KMS key spec ${key.KeySpec} cannot make a seal (RSA or ECC_NIST_P256)`);
    }
    if (!key.PublicKey || !samePublicKey(key.PublicKey, publicKeyOfCertificate(certificate))) {
      throw new Error(
        `the seal certificate is not for KMS key ${options.keyId}: its public key differs`,
      );
    }
    if (algorithmOfCertificate(certificate) !== algorithm) {
      throw new Error('the seal certificate and the KMS key use different algorithms');
    }
    return new KmsSigner(client, options.keyId, options.chain, algorithm);
  }

  async sign(data: Uint8Array): Promise<Uint8Array> {
    const out = await this.client.send(
      new SignCommand({
        KeyId: this.keyId,
        Message: sha256(data),
        MessageType: 'DIGEST',
        SigningAlgorithm: this.algorithm,
      }),
    );
    // KMS returns RSA signatures as raw bytes and ECDSA ones DER-encoded: both as CMS wants.
    if (!out.Signature) throw new Error(`KMS returned no signature for key ${this.keyId}`);
    return out.Signature;
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
