import { es } from '../../../../shared/messages.es';
import { ComingSoon } from '../placeholder/ComingSoon';

/** Placeholder until the screen is built. */
export function SuccessPage() {
  return <ComingSoon title={es.pages.successTitle} />;
}
