import { TERMS_DATE, TERMS_VERSION } from '../../../../shared/legal';
import { termsDocument } from '../../../../shared/messages/legal-pages.es';
import { LegalPage } from './LegalPage';

/** /terminos: the terms of service, in the version sign-up records as accepted. */
export function TermsPage() {
  return <LegalPage document={termsDocument} version={TERMS_VERSION} date={TERMS_DATE} />;
}
