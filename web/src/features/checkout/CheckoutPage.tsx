import { es } from '../../../../shared/messages.es';
import { ComingSoon } from '../placeholder/ComingSoon';

/** Placeholder until the screen is built. */
export function CheckoutPage() {
  return <ComingSoon title={es.pages.checkoutTitle} />;
}
