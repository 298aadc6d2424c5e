import { SUPPORT } from '../legal.js';

/**
 * The short legal texts every screen may show: the footer's links and contact, the sign-up's
 * consent box, the signer's links. The documents themselves are in legal-pages.es.ts, loaded only
 * with their pages. Merged into `es` by ../messages.es.ts for the web.
 */
export const legalEs = {
  termsTitle: 'Términos y Condiciones',
  privacyTitle: 'Política de Privacidad',
  /** «Acepto los {Términos} y la {Política de Privacidad}», the links in braces. */
  consentBefore: 'Acepto los ',
  consentTermsLink: 'Términos',
  consentBetween: ' y la ',
  consentPrivacyLink: 'Política de Privacidad',
  opensInNewTab: '(se abre en una pestaña nueva)',
  signerNotice: 'Consulta los {terms} y la {privacy} de Sello.',
  footerLegal: 'Legal',
  supportEmail: SUPPORT.email,
  supportPhone: SUPPORT.phone,
  supportHours: SUPPORT.hours,
  supportBadge: `Soporte ${SUPPORT.hoursShort}`,
  versionLine: 'Versión {version} · vigente desde el {date}',
  contents: 'Contenido',
  printHint: 'Puedes imprimir o guardar esta página desde tu navegador.',
} as const;
