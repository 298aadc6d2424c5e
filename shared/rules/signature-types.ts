import { ADVANCED_SIGNATURE_CODE, CLAVE_UNICA_CODE } from './services.js';

/**
 * The four signature types the signing flow knows (issue 12): the catalogue's electronic
 * signature code decides which flow a signer goes through. Only `simple` is done in house.
 */
export const SIGNATURE_TYPES = ['simple', 'advanced', 'clave_unica', 'biometric'] as const;
export type SignatureType = (typeof SIGNATURE_TYPES)[number];

/** 'Firma biométrica' (catalogue code). */
export const BIOMETRIC_SIGNATURE_CODE = 'biometrica';

/** The type of a catalogue signature code; any other code (the plain 'fes') is simple. */
export function signatureTypeOfCode(code: string | null | undefined): SignatureType {
  if (code === ADVANCED_SIGNATURE_CODE) return 'advanced';
  if (code === CLAVE_UNICA_CODE) return 'clave_unica';
  if (code === BIOMETRIC_SIGNATURE_CODE) return 'biometric';
  return 'simple';
}

/** The catalogue code of each signature type (the reverse of signatureTypeOfCode). */
export const SIGNATURE_CODES: Record<SignatureType, string> = {
  simple: 'fes',
  advanced: ADVANCED_SIGNATURE_CODE,
  clave_unica: CLAVE_UNICA_CODE,
  biometric: BIOMETRIC_SIGNATURE_CODE,
};

/** Notarial choice that means "no notary": such an order is complete once sealed and delivered. */
export const NO_NOTARY_CODE = 'sin_notario';
