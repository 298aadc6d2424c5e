/**
 * Chilean RUT (customer-flows §5): digits, a hyphen, then a check digit (0-9 or K) computed with
 * modulus 11. Dots and spaces are tolerated on input ("12.345.678-5") and removed.
 */
const RUT_RE = /^(\d{1,8})-([\dK])$/;

/** Removes dots and spaces and upper-cases the check digit: "12.345.678-k" → "12345678-K". */
export function cleanRut(value: string): string {
  return value.replace(/[.\s]/g, '').toUpperCase();
}

/** The modulus-11 check digit of a RUT body ("12345678" → "5"). */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  if (rest === 11) return '0';
  if (rest === 10) return 'K';
  return String(rest);
}

/** True for a well-formed RUT whose check digit matches its body. */
export function isValidRut(value: string): boolean {
  const m = RUT_RE.exec(cleanRut(value));
  if (!m) return false;
  const body = m[1] as string;
  if (Number(body) === 0) return false;
  return rutCheckDigit(body) === m[2];
}

/**
 * How every screen and document shows a RUT: "12.345.678-5" (dots in the body, hyphen, upper-case
 * check digit), however it was typed ("123456785", "12345678-k", "12.345.678 - 5"). A value that
 * is not shaped like a RUT (a passport number given for a simple signature) is shown as typed.
 */
export function formatRut(value: string | null | undefined): string {
  const typed = (value ?? '').trim();
  const compact = typed.replace(/[.\s-]/g, '').toUpperCase();
  const m = /^(\d{1,8})([\dK])$/.exec(compact);
  // Without a hyphen only a valid RUT is read as one: "123456785" may be any document number.
  if (!m || (!typed.includes('-') && !isValidRut(`${m[1]}-${m[2]}`))) return typed;
  const body = String(Number(m[1])).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${body}-${m[2]}`;
}
