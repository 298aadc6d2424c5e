/**
 * The sealed-PDF pipeline's inputs and errors. Pure: no DynamoDB, no S3. The seal consumer
 * reads the order, the original and the signatures, calls `sealDocument`, and stores the
 * result (docs/drafts/signing-design.md §4.2, §5).
 */

import type { SealKeySigner } from './signer.js';

export type SealSignatureType = 'simple' | 'advanced' | 'clave_unica' | 'biometric';

export interface SealSigner {
  name: string;
  rut: string | null;
  /** Printed masked (j***@d***.cl). */
  email: string;
  signatureType: SealSignatureType;
  method: 'typed' | 'drawn';
  typedName?: string;
  /** A provider's signature (FEA): its transaction and certificate, printed instead of the code. */
  provider?: { transactionCode: string; certificateSerial: string };
  /** The drawn signature (PNG), required when method = 'drawn'. */
  imagePng?: Uint8Array;
  /** ISO UTC. */
  codeSentAt?: string;
  codeVerifiedAt?: string;
  ip: string;
  userAgent: string;
  signedAt: string;
}

export interface SealInput {
  original: Uint8Array;
  originalName: string;
  /** Hex SHA-256 recorded at upload; re-checked here. */
  originalSha256: string;
  /**
   * 'signed-pdf': a PDF an accredited provider signed (FEA). Never altered: it goes attached,
   * unchanged, to a separate evidence PDF that is sealed, as a Word original does.
   */
  kind: 'pdf' | 'doc' | 'docx' | 'signed-pdf';
  orderNumber: string;
  auditHead: string;
  verificationCode: string;
  verifyUrl: string;
  /** ISO UTC; printed on the certificate and used as the CMS signing time. */
  sealedAt: string;
  signers: SealSigner[];
}

export interface SealCredentials {
  /** The platform's seal key behind the signer port (KMS in AWS, a file key locally). */
  signer: SealKeySigner;
  /** RFC 3161 TSA; `tsaUrlFallback` is tried when it fails. */
  tsaUrl: string;
  tsaUrlFallback?: string;
}

export interface SealResult {
  /** The sealed PDF. */
  pdf: Uint8Array;
  /** Hex SHA-256 of `pdf` (what /verificar compares). */
  sha256: string;
  /** Pages of the sealed PDF (original + signatures page + certificate pages). */
  pages: number;
}

/** The original's bytes are not the ones recorded at upload: never retry, raise an alarm. */
export class SealHashMismatch extends Error {
  override readonly name = 'SealHashMismatch';
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`original SHA-256 ${actual} differs from the recorded ${expected}`);
  }
}

/** No timestamp could be had from any TSA: the seal is not made (never without a timestamp). */
export class SealTimestampError extends Error {
  override readonly name = 'SealTimestampError';
}

/** Input the pipeline cannot render (no signers, a drawn signature without a valid PNG…). */
export class SealInputError extends Error {
  override readonly name = 'SealInputError';
}
