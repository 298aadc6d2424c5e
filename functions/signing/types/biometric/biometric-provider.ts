/**
 * The biometric signature's identity-verification port (issue 23): the signer's ID card (front
 * and back) and a selfie taken with the browser's camera go to a provider, which compares the
 * face with the card's photo, reads the card's MRZ (the RUN and the card's serial) and answers
 * with a transaction id. A second call asks whether that serial is a card in force (the
 * Registro Civil's "estado de documento"). One adapter (biometric-http.ts) speaks an API shaped
 * like TOC's (../shared/notes/claveunica-and-identity.md); the local stack points it at the
 * simulator in local/biometric. The images pass through: nothing here stores or logs them.
 */

/** Chilean ID cards: CHL1 the old card, CHL2 the card issued since 2013. */
export const DOCUMENT_TYPES = ['CHL1', 'CHL2'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface IdentityImages {
  idFront: Uint8Array;
  idBack: Uint8Array;
  selfie: Uint8Array;
}

/**
 * What the face comparison said: the same person, another person, no face found in the selfie,
 * or a selfie that is not a live person (a photo of a photo, a screen, a mask).
 */
export type BiometricResult = 'positive' | 'negative' | 'no_face' | 'spoof';

/** Which capture the provider could not use (its capture-error codes, biometric-codes.ts). */
export type CaptureSide = 'id_front' | 'id_back' | 'selfie' | 'any';

export type Verification =
  | {
      kind: 'checked';
      transactionId: string;
      result: BiometricResult;
      /** The provider's similarity score, 0–1, when it gives one. */
      score: number | null;
      /** The card's RUN and serial as its MRZ reads; null when the MRZ could not be read. */
      mrzRun: string | null;
      mrzSerial: string | null;
    }
  | {
      kind: 'capture_error';
      transactionId: string | null;
      /** The provider's code (201, 202, 203, 431). */
      code: number;
      side: CaptureSide;
    };

/** The card's state at the Registro Civil. */
export type SerialStatus = 'vigente' | 'no_vigente' | 'no_match';

export interface BiometricProvider {
  /**
   * Compares the selfie with the card and reads the card. `expectedRun` is the signer's RUT:
   * a real provider reads the RUN from the MRZ and ignores it; the local simulator picks its
   * test identity by it (local/biometric).
   */
  verify(input: {
    documentType: DocumentType;
    images: IdentityImages;
    expectedRun: string;
  }): Promise<Verification>;
  serialStatus(input: {
    run: string;
    serial: string;
    documentType: DocumentType;
  }): Promise<SerialStatus>;
}

/** The provider did not answer in time, could not be reached, or answered what we cannot read. */
export class BiometricUnavailable extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'unavailable' | 'unexpected',
  ) {
    super(message);
    this.name = 'BiometricUnavailable';
  }
}
