import { feaEs } from '../messages/fea.es.js';
import { cleanRut } from './rut.js';

/**
 * The FEA password and second-factor recovery form (credits-signing-admin §5, §7, §9): the RUT
 * and the ID-card serial number. The page checks them as the signer types and the route
 * (functions/signing/fea-recovery.ts) again before anything reaches the provider.
 */

/** What can be recovered (§3 recovery request); the spec's default is 'certificado' (§9). */
export const RECOVERY_KINDS = ['certificado', 'segundo_factor'] as const;
export type RecoveryKind = (typeof RECOVERY_KINDS)[number];
export const DEFAULT_RECOVERY_KIND: RecoveryKind = 'certificado';

/** §9: serial 7–12 digits; RUT body 7–8 digits. */
export const SERIAL_MIN_DIGITS = 7;
export const SERIAL_MAX_DIGITS = 12;
const RECOVERY_RUT_RE = /^\d{7,8}-[\dK]$/;
const SERIAL_RE = new RegExp(`^\\d{${SERIAL_MIN_DIGITS},${SERIAL_MAX_DIGITS}}$`);

/** §4, §9: after a result with a recovery link the page goes there after 2 s. */
export const RECOVERY_REDIRECT_MS = 2_000;
/** §4, §9: the result page counts down 10 s, then goes home. */
export const RECOVERY_RESULT_COUNTDOWN_S = 10;
/** §4, §9: the unlock result pages go back to signing after 1.5 s. */
export const UNLOCK_REDIRECT_MS = 1_500;

/** The RUT as the rule reads it: dots and spaces removed, upper case ("11.111.111-k" → "11111111-K"). */
export const recoveryRut = (value: string): string => cleanRut(value);

/** §5: 7–8 digits, a hyphen, then a digit or K (after `recoveryRut`). */
export function isRecoveryRut(value: string): boolean {
  return RECOVERY_RUT_RE.test(recoveryRut(value));
}

/** §5: what the serial input keeps of what is typed: digits only, at most 12. */
export function serialInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, SERIAL_MAX_DIGITS);
}

/** §5: digits only, 7 to 12 of them. */
export function isIdCardSerial(value: string): boolean {
  return SERIAL_RE.test(value);
}

/** The spec's message for each field that breaks its rule (none: the form may be sent). */
export function recoveryFieldErrors(input: {
  rut: string;
  numDocumento: string;
}): Partial<Record<'rut' | 'numDocumento', string>> {
  const errors: Partial<Record<'rut' | 'numDocumento', string>> = {};
  if (!isRecoveryRut(input.rut)) errors.rut = feaEs.rutInvalid;
  if (!isIdCardSerial(input.numDocumento)) errors.numDocumento = feaEs.serialInvalid;
  return errors;
}

/** §5: the submit button is disabled while loading or with an empty RUT or serial. */
export function canSubmitRecovery(input: {
  rut: string;
  numDocumento: string;
  loading: boolean;
}): boolean {
  return !input.loading && input.rut.trim() !== '' && input.numDocumento.trim() !== '';
}

/**
 * Where the provider sends the signer back (§7 urlRetorno): only an address on the app's own
 * origin is taken (never an open redirect through the provider's page); anything else, and
 * nothing, is `{appUrl}/password-recovery-success`.
 */
export function recoveryReturnUrl(appUrl: string, asked: string | undefined): string {
  const app = new URL(appUrl);
  const fallback = new URL('/password-recovery-success', app).href;
  if (!asked) return fallback;
  try {
    const url = new URL(asked);
    if (url.origin !== app.origin || url.username || url.password) return fallback;
    return url.href;
  } catch {
    return fallback;
  }
}
