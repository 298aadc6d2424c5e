import { algorithmOfCertificate, type SealKeySigner } from './signer.js';

/**
 * The local stack's seal key behind the signer port: the PKCS#12 that local/pki generates
 * (`SEAL_P12`, base64, and `SEAL_P12_PASSWORD` in the local environment). Never used in AWS,
 * where the stack configures a KMS key instead (signer-kms.ts) and holds no PKCS#12.
 */
export class FileKeySigner implements SealKeySigner {
  private constructor(
    readonly chain: readonly Uint8Array[],
    readonly algorithm: SealKeySigner['algorithm'],
    private readonly signWith: (data: Uint8Array) => Promise<Uint8Array>,
  ) {}

  static async fromP12(p12: Uint8Array, password: string): Promise<FileKeySigner> {
    const { P12Signer } = await import('@libpdf/core');
    const p12Signer = await P12Signer.create(p12, password);
    const chain = [p12Signer.certificate, ...p12Signer.certificateChain];
    return new FileKeySigner(chain, algorithmOfCertificate(p12Signer.certificate), (data) =>
      p12Signer.sign(data, 'SHA-256'),
    );
  }

  sign(data: Uint8Array): Promise<Uint8Array> {
    return this.signWith(data);
  }
}
