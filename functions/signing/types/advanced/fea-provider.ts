import { type FeaErrorKind, feaKindOfCode } from './fea-codes.js';

/**
 * The advanced electronic signature (FEA) provider port: what the FEA flow needs from an
 * accredited provider (prestador acreditado, Ley 19.799), which keeps the signer's key in its
 * HSM. One adapter (fea-http.ts) speaks the provider's REST API; the local stack points it at
 * the emulator in local/fea, which answers the same API. The certificate password and the SMS
 * code pass through to the provider: nothing here stores or logs them.
 */

/** The certificate's state (the signing screen's 'vigencia' card). */
export interface FeaCertificateStatus {
  rut: string;
  /** 'none' = never enrolled: the signer needs the enrolment link. */
  state: 'valid' | 'expired' | 'blocked' | 'none';
  /** YYYY-MM-DD, when a certificate exists. */
  expiresOn?: string;
  /** The certificate's serial number (hex), when one exists. */
  certificateSerial?: string;
}

export interface FeaSignedPdf {
  pdf: Uint8Array;
  /** The provider's transaction code (shown on the verification page). */
  transactionCode: string;
  certificateSerial: string;
}

export interface FeaSignedHash {
  /** A detached CMS (PKCS#7) SignedData over the hash. */
  cms: Uint8Array;
  transactionCode: string;
  certificateSerial: string;
}

export type RecoveryKind = 'certificado' | 'segundo_factor';

export interface FeaProvider {
  certificateStatus(rut: string): Promise<FeaCertificateStatus>;
  /** A link to the provider's enrolment (identity check, certificate and password creation). */
  enrolmentLink(input: {
    rut: string;
    name: string;
    email: string;
    returnUrl: string;
  }): Promise<{ url: string }>;
  /** Checks the certificate password and sends the SMS code (15–30 s at a real provider). */
  requestSecondFactor(input: { rut: string; password: string }): Promise<{ phoneMasked: string }>;
  /**
   * Signs a PDF (PAdES, 10–20 s at a real provider). `reference` is ours and unique per
   * signature: the same reference with the same document answers the first result again.
   */
  signPdf(input: {
    rut: string;
    password: string;
    code: string;
    reference: string;
    name: string;
    pdf: Uint8Array;
  }): Promise<FeaSignedPdf>;
  signHash(input: {
    rut: string;
    password: string;
    code: string;
    reference: string;
    sha256Hex: string;
  }): Promise<FeaSignedHash>;
  /** The provider's page where a blocked certificate is unlocked (RUT and ID-card serial). */
  unlockCertificate(input: { rut: string; returnUrl: string }): Promise<{ url: string }>;
  unlockSecondFactor(input: { rut: string; returnUrl: string }): Promise<{ url: string }>;
  /** Recovery of the certificate password or the second factor (spec §7 recover-fea-password). */
  recover(input: {
    rut: string;
    documentNumber: string;
    returnUrl: string;
    sendMail: boolean;
    kind: RecoveryKind;
  }): Promise<{ message: string; url?: string }>;
}

/**
 * A refusal or failure of the provider: `code` is the provider's (fea-codes.ts), `kind` what it
 * means to the flow; `timeout` and `unexpected` come from the adapter itself. `attemptsLeft` is
 * set on a wrong password or code when the provider says it.
 */
export class FeaError extends Error {
  readonly kind: FeaErrorKind;
  constructor(
    readonly code: number | undefined,
    message: string,
    kind?: FeaErrorKind,
    readonly attemptsLeft?: number,
  ) {
    super(message);
    this.name = 'FeaError';
    this.kind = kind ?? (code === undefined ? 'unexpected' : feaKindOfCode(code));
  }

  /** Whether asking again later may succeed (the provider down or slow), not a refusal. */
  get transient(): boolean {
    return this.kind === 'timeout' || this.kind === 'unavailable' || this.kind === 'unexpected';
  }
}
