import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { es } from '../../../../shared/messages.es';
import { Alert, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';

/**
 * The order's 'Actividad': its audit trail (links, openings, consent, codes, signatures,
 * sealing, delivery), each event with who and when on Santiago's clock, and whether the hash
 * chain that links the events still verifies.
 */
export function OrderActivity({ orderId }: { orderId: string }) {
  const headingId = useId();
  const c = es.checkout;
  const activity = useQuery({
    queryKey: ['orders', orderId, 'activity'],
    queryFn: ({ signal }) => apiCall('getOrderActivity', { params: { id: orderId }, signal }),
  });
  return (
    <section className="order-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="order-section__title">
        {c.activity}
      </h3>
      {activity.isPending ? (
        <Spinner label={es.common.loading} />
      ) : activity.isError ? (
        <Alert tone="error">{c.activityLoadError}</Alert>
      ) : (
        <>
          <p
            className={`order-activity__chain order-activity__chain--${activity.data.chain_ok ? 'ok' : 'bad'}`}
          >
            {activity.data.chain_ok ? c.activityChainOk : c.activityChainBroken}
          </p>
          <ol className="order-activity">
            {activity.data.events.map((e) => (
              <li key={e.seq} className="order-activity__event">
                <span className="order-activity__label">{e.label}</span>
                {e.actor.name ? <span className="order-activity__who">{e.actor.name}</span> : null}
                <time className="order-activity__at" dateTime={e.at}>
                  {e.at_local}
                </time>
                {e.ip ? (
                  <span className="order-activity__device" title={e.user_agent ?? undefined}>
                    {e.ip}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
