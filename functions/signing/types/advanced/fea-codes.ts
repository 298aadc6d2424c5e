/**
 * The FEA provider's error codes (`errorCode` in a reply with `estado: 'FAIL'`). The three the
 * spec documents (credits-signing-admin §8) come from Certificadora del Sur's public REST API
 * (../shared/notes/signing.md): 122 too many key attempts, 123 certificate blocked, 134 second
 * factor blocked. The others are the local emulator's (local/fea), named after the same API's
 * 100–134 range; confirm each against the provider's manual before going live. One table, read
 * by the HTTP adapter (what a code means to the flow) and by the emulator (what it answers).
 */
export const FEA_CODES = {
  invalidInput: 101,
  notEnrolled: 102,
  unauthorized: 110,
  wrongPassword: 120,
  tooManyKeyAttempts: 122,
  certificateBlocked: 123,
  wrongCode: 130,
  codeExpired: 131,
  secondFactorBlocked: 134,
  invalidDocument: 140,
  referenceReused: 141,
  unavailable: 150,
} as const;

export type FeaErrorKind = keyof typeof FEA_CODES | 'timeout' | 'unexpected';

const KIND_OF_CODE = new Map<number, FeaErrorKind>(
  Object.entries(FEA_CODES).map(([kind, code]) => [code, kind as FeaErrorKind]),
);

export const feaKindOfCode = (code: number): FeaErrorKind => KIND_OF_CODE.get(code) ?? 'unexpected';

/** The signer's password tries before the provider locks the key (spec §9: 3). */
export const FEA_MAX_KEY_ATTEMPTS = 3;
/** Wrong second-factor codes before the provider blocks the second factor. */
export const FEA_MAX_CODE_ATTEMPTS = 3;
/** The SMS code's length (spec §9: code length 8). */
export const FEA_CODE_LENGTH = 8;
