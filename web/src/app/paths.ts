/**
 * Layout and gate rules by path.
 *
 * Layout (credits-signing-admin §2): any path starting with /sign/ (and the alternative signing
 * link /firmar/), or containing unlock-success, enrolment-success or password-recovery, is shown
 * without header and sidebar. So are the sealed documents' public pages, /verificar (with or
 * without a code) and /descargar/ (the delivery mails' links): visitors from a printed code or
 * a mail, who need no account and must not download the auth library. Everything else has both.
 */
function normalise(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/')
    ? pathname.replace(/\/+$/, '') || '/'
    : pathname;
}

export function isBareLayoutPath(pathname: string): boolean {
  return (
    pathname.startsWith('/sign/') ||
    pathname.startsWith('/firmar/') ||
    // ClaveÚnica's return to the signer (FES + Clave Única), on its way to /firmar/.
    pathname.startsWith('/claveunica/') ||
    pathname === '/verificar' ||
    pathname.startsWith('/verificar/') ||
    pathname.startsWith('/descargar/') ||
    pathname.includes('unlock-success') ||
    pathname.includes('enrolment-success') ||
    pathname.includes('password-recovery')
  );
}

/** The signer's page (/sign/{id}, /firmar/{id}). */
export function isSigningPath(pathname: string): boolean {
  return pathname.startsWith('/sign/') || pathname.startsWith('/firmar/');
}

/**
 * Paths the maintenance gate never covers. The gate is for "the app" a visitor browses; people
 * who land from a link they were sent must reach their page without an access code:
 *  - every bare-layout path (signers and FEA recovery/unlock/enrolment results come from the
 *    signing e-mail or the FEA provider, and are never logged in to Sello);
 *  - /fea/enrolment-return: the FEA provider sends the signer back there after enrolment (it
 *    keeps the sidebar layout by the rule above, but the visitor is the same signer);
 *  - /auth/confirm and /reset-password: the return targets of our own e-mails. A new user
 *    confirming an account has neither a session nor the access code yet;
 *  - /invitacion: an invitation to an organisation, opened by someone who may have no account
 *    and no access code yet;
 *  - /terminos and /privacidad: the legal pages, linked from the sign-up form and from the
 *    signer's consent screen; anyone must be able to read what they are asked to accept.
 */
const UNGATED_EXACT = new Set([
  '/auth/confirm',
  '/invitacion',
  '/reset-password',
  '/fea/enrolment-return',
  '/terminos',
  '/privacidad',
]);

export function isUngatedPath(pathname: string): boolean {
  return isBareLayoutPath(pathname) || UNGATED_EXACT.has(normalise(pathname));
}
