import { type Instant, santiagoOffset, santiagoParts } from './santiago-time.js';

/**
 * How signing evidence shows people and times (certificate page, 'Actividad', the signing
 * screen, /verificar): times on Santiago's clock with their offset, e-mails and RUTs masked so a
 * public page or a shared PDF never shows a whole address or identity number.
 */

const two = (n: number) => String(n).padStart(2, '0');

/** "24-11-2026 21:28 (UTC−03:00)": es-CL day order, Santiago's wall clock, its offset. */
export function santiagoStamp(at: Instant): string {
  const p = santiagoParts(at);
  const offset = santiagoOffset(at).replace('-', '−');
  return `${two(p.day)}-${two(p.month)}-${p.year} ${two(p.hour)}:${two(p.minute)} (UTC${offset})`;
}

/** "j***@g***.cl": the first letter of each part and the top-level domain. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

/**
 * "A. M. P. S.": a person's initials, what a public page shows instead of a name (Ley 21.719:
 * the verification page is open to anyone holding the code; it needs no more than that).
 */
export function initials(name: string): string {
  return name
    .trim()
    .split(/[\s-]+/)
    .map((part) => Array.from(part.normalize('NFC').replace(/^[^\p{L}]+/u, ''))[0])
    .filter((c): c is string => !!c)
    .map((c) => `${c.toUpperCase()}.`)
    .join(' ');
}

/** "**.***.678-9": only the last three digits and the check digit of a RUT. */
export function maskRut(rut: string | null | undefined): string | null {
  const clean = (rut ?? '').replace(/[^0-9kK]/g, '').toUpperCase();
  if (clean.length < 2) return null;
  const body = clean.slice(0, -1);
  const dv = clean.slice(-1);
  return `**.***.${body.slice(-3)}-${dv}`;
}
