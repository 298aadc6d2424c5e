import { PRIVACY_DATE, PRIVACY_VERSION } from '../../../../shared/legal';
import { privacyDocument } from '../../../../shared/messages/legal-pages.es';
import { LegalPage } from './LegalPage';

/** /privacidad: the privacy policy (Ley 19.628, Ley 21.719), as sign-up records it accepted. */
export function PrivacyPage() {
  return <LegalPage document={privacyDocument} version={PRIVACY_VERSION} date={PRIVACY_DATE} />;
}
