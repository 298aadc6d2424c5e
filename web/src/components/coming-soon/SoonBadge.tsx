import { es } from '../../../../shared/messages.es';
import './coming-soon.css';

/**
 * The 'Próximamente' badge of a catalogue item not delivered yet (issue 21). `item` names it
 * ("service:fea", "credit_service:notarial_service", "feature:legal_advisory", or "page" for a
 * screen not built yet): the router walk (test/e2e/availability-routes.test.ts) fails on any
 * badge whose item the catalogue says is available.
 */
export function SoonBadge({ item, id }: { item: string; id?: string }) {
  return (
    <span id={id} className="soon-badge" data-soon={item}>
      {es.availability.soonBadge}
    </span>
  );
}
