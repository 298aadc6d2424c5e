import { Link } from 'react-router';
import { LEGAL_PATHS, SUPPORT } from '../../../shared/legal';
import { es, fmt } from '../../../shared/messages.es';
import { santiagoYear } from '../../../shared/rules/santiago-time';

/**
 * The app's footer: the legal pages, the support contact and its hours (shared/legal.ts, the
 * same everywhere), the copyright.
 */
export function Footer() {
  return (
    <footer className="app-footer">
      <nav className="app-footer__legal" aria-label={es.legal.footerLegal}>
        <Link to={LEGAL_PATHS.terms}>{es.legal.termsTitle}</Link>
        <Link to={LEGAL_PATHS.privacy}>{es.legal.privacyTitle}</Link>
      </nav>
      <address className="app-footer__contact">
        <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
        <a href={`tel:${SUPPORT.phone.replace(/\s+/g, '')}`}>{SUPPORT.phone}</a>
        <span>{SUPPORT.hours}</span>
      </address>
      <p>{fmt(es.maintenance.copyright, { year: santiagoYear(new Date()) })}</p>
    </footer>
  );
}
