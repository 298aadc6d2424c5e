import { DEFAULT_DIAL_CODE, DIAL_CODES, isValidPhone, phoneRangeText, phoneRule } from './phone.js';

/**
 * A phone typed in one field with its country code ("+56 9 1234 5678", "+54 11 2345-6789"), as
 * the profile keeps it, checked with the wizard's rule by dial code (phone.ts): the number's
 * digits within the code's bounds and not all the same. Without a leading "+" the number is
 * Chilean (+56), the product's first country.
 */

/** Separators people type inside a number. Anything else (letters, "#", "*") is refused. */
const SEPARATORS = /[\s.\-()]/g;

export interface PhoneParts {
  dialCode: string;
  digits: string;
}

/**
 * The dial code and the number's digits, or undefined when the text is not a phone number.
 * A code followed by a separator is taken as typed ("+49 1512…"); written together with the
 * number, the longest listed code it starts with ("+56912345678" → +56).
 */
export function splitPhoneNumber(value: string): PhoneParts | undefined {
  const typed = value.trim();
  if (!typed.startsWith('+')) {
    const digits = typed.replace(SEPARATORS, '');
    return /^\d+$/.test(digits) ? { dialCode: DEFAULT_DIAL_CODE, digits } : undefined;
  }
  const apart = /^(\+\d{1,4})[\s.\-()]+(.*)$/.exec(typed);
  if (apart) {
    const digits = (apart[2] as string).replace(SEPARATORS, '');
    return /^\d+$/.test(digits) ? { dialCode: apart[1] as string, digits } : undefined;
  }
  const compact = typed.slice(1).replace(SEPARATORS, '');
  if (!/^\d+$/.test(compact)) return undefined;
  const known = [...DIAL_CODES]
    .sort((a, b) => b.code.length - a.code.length)
    .find((d) => compact.startsWith(d.code.slice(1)));
  if (!known) return undefined;
  return { dialCode: known.code, digits: compact.slice(known.code.length - 1) };
}

/**
 * The Spanish message for a phone that breaks the rule, or undefined when it is valid. The
 * template is the wizard's own («Número inválido para {country} ({range})»).
 */
export function phoneNumberError(
  value: string,
  invalidTemplate: string,
  fill: (template: string, values: Record<string, string>) => string,
): string | undefined {
  const parts = splitPhoneNumber(value);
  if (parts && isValidPhone(parts.digits, parts.dialCode)) return undefined;
  const code = parts?.dialCode ?? DEFAULT_DIAL_CODE;
  return fill(invalidTemplate, { country: phoneRule(code).label, range: phoneRangeText(code) });
}
