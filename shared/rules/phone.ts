/**
 * Phone numbers by dial code (customer-flows §5). Non-digits are stripped, input is capped at
 * the code's maximum length, the length must be within the bounds and the digits must not all
 * be the same.
 */
export interface DialCode {
  code: string;
  /** Spanish label shown in the selector. */
  label: string;
  min: number;
  max: number;
}

export const DEFAULT_DIAL_CODE = '+56';

/** The listed codes, in the spec's order, with their digit bounds. */
export const DIAL_CODES: readonly DialCode[] = [
  { code: '+56', label: 'Chile', min: 9, max: 9 },
  { code: '+1', label: 'USA/Canadá', min: 10, max: 10 },
  { code: '+34', label: 'España', min: 9, max: 9 },
  { code: '+54', label: 'Argentina', min: 10, max: 11 },
  { code: '+52', label: 'México', min: 10, max: 10 },
  { code: '+57', label: 'Colombia', min: 10, max: 10 },
  { code: '+51', label: 'Perú', min: 9, max: 9 },
  { code: '+58', label: 'Venezuela', min: 10, max: 10 },
  { code: '+593', label: 'Ecuador', min: 9, max: 9 },
  { code: '+55', label: 'Brasil', min: 10, max: 11 },
];

/** Bounds of any code not in the list. */
const OTHER = { min: 7, max: 15 };

export const DIAL_CODE_RE = /^\+\d{1,4}$/;

export function phoneRule(dialCode: string): { label: string; min: number; max: number } {
  const known = DIAL_CODES.find((d) => d.code === dialCode);
  return known ?? { label: dialCode, ...OTHER };
}

/** What the input keeps as the user types: digits only, at most the code's maximum. */
export function sanitizePhoneInput(value: string, dialCode: string): string {
  return value.replace(/\D/g, '').slice(0, phoneRule(dialCode).max);
}

export function isValidPhone(value: string, dialCode: string): boolean {
  if (!DIAL_CODE_RE.test(dialCode)) return false;
  if (!/^\d+$/.test(value)) return false;
  const { min, max } = phoneRule(dialCode);
  if (value.length < min || value.length > max) return false;
  return !/^(\d)\1*$/.test(value);
}

/** "9 dígitos" or "10-11 dígitos": the allowed range for the message. */
export function phoneRangeText(dialCode: string): string {
  const { min, max } = phoneRule(dialCode);
  return min === max ? `${min} dígitos` : `${min}-${max} dígitos`;
}
