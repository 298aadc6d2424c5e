import { isValidEmail } from './email.js';
import { isValidPhone, phoneRangeText, phoneRule } from './phone.js';
import { isValidRut } from './rut.js';
import { RUT_REQUIRED_CODES } from './services.js';

/** At most 10 signers per request (customer-flows §5, §9). */
export const MAX_SIGNERS = 10;

/** A signer as the wizard collects it (request_signers of customer-flows §3). */
export interface SignerFields {
  first_name: string;
  last_name: string;
  id_number: string;
  email: string;
  phone: string;
  phone_country_code: string;
}

export type SignerField = keyof SignerFields;

export interface SignerMessages {
  required: string;
  emailInvalid: string;
  rutInvalid: string;
  /** With {country} and {range}. */
  phoneInvalid: string;
  tooLong: string;
}

const LIMITS: Record<SignerField, number> = {
  first_name: 100,
  last_name: 100,
  id_number: 32,
  email: 254,
  phone: 15,
  phone_country_code: 5,
};

export const rutRequiredFor = (signatureCode: string | null | undefined) =>
  !!signatureCode && RUT_REQUIRED_CODES.includes(signatureCode);

/**
 * Every rule of customer-flows §5 for one signer: all fields required, e-mail shape, Chilean
 * RUT with modulus 11 only for the advanced and Clave Única types, phone length by dial code
 * and not all the same digit. Returns the first message per field; empty when valid. The
 * browser and the server run this same function.
 */
export function signerErrors(
  s: SignerFields,
  signatureCode: string | null | undefined,
  m: SignerMessages,
  fill: (template: string, values: Record<string, string>) => string,
): Partial<Record<SignerField, string>> {
  const errors: Partial<Record<SignerField, string>> = {};
  for (const field of Object.keys(LIMITS) as SignerField[]) {
    const value = (s[field] ?? '').trim();
    if (value === '') errors[field] = m.required;
    else if (value.length > LIMITS[field]) errors[field] = m.tooLong;
  }
  const email = s.email.trim();
  if (!errors.email && (/\s/.test(email) || !isValidEmail(email))) errors.email = m.emailInvalid;
  if (!errors.id_number && rutRequiredFor(signatureCode) && !isValidRut(s.id_number.trim())) {
    errors.id_number = m.rutInvalid;
  }
  const code = s.phone_country_code.trim();
  if (!errors.phone && !isValidPhone(s.phone.trim(), code)) {
    errors.phone = fill(m.phoneInvalid, {
      country: phoneRule(code).label,
      range: phoneRangeText(code),
    });
  }
  return errors;
}

/** Renumbers signers from 1 in their current order (after a removal, §4.1). */
export function renumber<T extends object>(
  signers: readonly T[],
): (T & { signer_index: number })[] {
  return signers.map((s, i) => ({ ...s, signer_index: i + 1 }));
}
