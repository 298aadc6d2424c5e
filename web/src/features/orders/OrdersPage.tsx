import { es } from '../../../../shared/messages.es';
import { ComingSoon } from '../placeholder/ComingSoon';

/** Placeholder until the screen is built. */
export function OrdersPage() {
  return <ComingSoon title={es.nav.orders} />;
}
