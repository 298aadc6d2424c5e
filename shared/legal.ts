/**
 * The legal documents' versions and the support contact, in one place: the pages /terminos and
 * /privacidad show these versions, sign-up records them as accepted (functions/auth), and every
 * screen that gives the support contact (footer, sidebar, payment success, signer's help, gate)
 * reads it from here, so what one screen promises no other contradicts.
 *
 * A new version of a document is a new constant value here and a new text in
 * shared/messages/legal-pages.es.ts; acceptances already recorded keep the version they name.
 */

/** Version and date (ISO, Chile) of the Términos y Condiciones at /terminos. */
export const TERMS_VERSION = '1.0';
export const TERMS_DATE = '2026-11-27';

/** Version and date of the Política de Privacidad at /privacidad. */
export const PRIVACY_VERSION = '1.0';
export const PRIVACY_DATE = '2026-11-27';

/** The pages' paths (router, footer, sign-up form, signer's consent screen). */
export const LEGAL_PATHS = { terms: '/terminos', privacy: '/privacidad' } as const;

/** The service's operator and data controller (Ley 21.719 art. 14 ter: who is responsible). */
export const CONTROLLER_NAME = 'Sello SpA';

/** Where people exercise their data rights. */
export const PRIVACY_EMAIL = 'privacidad@sello.cl';

/** How to reach support, and when a person answers. */
export const SUPPORT = {
  email: 'soporte@sello.cl',
  phone: '+56 2 2345 6789',
  /** Spelled out: success page, footer, legal pages. */
  hours: 'Lunes a viernes, 9:00 a 18:00 (hora de Chile)',
  /** Short form for a badge. */
  hoursShort: 'Lun a vie 9:00–18:00',
} as const;

/** What sign-up records on the profile when the person accepts both documents. */
export interface TermsAcceptance {
  terms_version: string;
  privacy_version: string;
  /** ISO time of the sign-up that accepted them. */
  accepted_at: string;
  /** The client address that sent that sign-up. */
  ip: string;
}

/**
 * The consent rule of sign-up: only an explicit `true` (the ticked box) is acceptance; a missing
 * field, `false` or any other value is not. The browser checks it before sending and the server
 * again before creating the account.
 */
export function acceptedTerms(value: unknown): boolean {
  return value === true;
}

/** The record of an acceptance made now from `ip`, naming the versions in force. */
export function termsAcceptance(now: Date, ip: string): TermsAcceptance {
  return {
    terms_version: TERMS_VERSION,
    privacy_version: PRIVACY_VERSION,
    accepted_at: now.toISOString(),
    ip,
  };
}

/** "27 de noviembre de 2026" for a document's ISO date, without time-zone surprises. */
export function legalDateText(iso: string): string {
  const months = [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ];
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} de ${months[(month ?? 1) - 1]} de ${year}`;
}
