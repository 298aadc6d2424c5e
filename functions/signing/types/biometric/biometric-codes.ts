import type { BiometricResult, CaptureSide } from './biometric-provider.js';

/**
 * How the provider's answer reads (TOC's `/v2/face-and-document` as public sample code shows
 * it; ../shared/notes/claveunica-and-identity.md). `status` "200" is a comparison made;
 * 201, 202, 203 and 431 are capture errors. Which capture each of those names is ours (the
 * public samples do not say): confirm against the provider's manual before going live.
 */
export const CAPTURE_ERRORS: Record<number, CaptureSide> = {
  201: 'id_front',
  202: 'id_back',
  203: 'selfie',
  431: 'any',
};

/** `"biometric result"`: 2 = positive, 0 = negative, -1 = no face. */
export function resultOf(biometric: number, livenessFailed: boolean): BiometricResult | undefined {
  // A selfie that is not a live person is refused whatever the comparison said.
  if (livenessFailed) return 'spoof';
  if (biometric === 2) return 'positive';
  if (biometric === 0) return 'negative';
  if (biometric === -1) return 'no_face';
  return undefined;
}

/** The Registro Civil's answers for a card serial. */
export const SERIAL_STATUS = {
  VIGENTE: 'vigente',
  NO_VIGENTE: 'no_vigente',
  NO_MATCH: 'no_match',
} as const;
