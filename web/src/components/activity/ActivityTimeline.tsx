import type { ActivityEvent } from '../../../../shared/contract/signing';
import { es } from '../../../../shared/messages.es';
import './activity.css';

/**
 * An order's audit trail as a timeline: whether its hash chain verifies, then each event with
 * who and when on Santiago's clock and the device's address. The customer's 'Actividad' and
 * the notary's document page show the same trail with this one piece.
 */
export function ActivityTimeline({
  events,
  chainOk,
}: {
  events: readonly ActivityEvent[];
  chainOk: boolean;
}) {
  const c = es.checkout;
  return (
    <>
      <p className={`order-activity__chain order-activity__chain--${chainOk ? 'ok' : 'bad'}`}>
        {chainOk ? c.activityChainOk : c.activityChainBroken}
      </p>
      <ol className="order-activity">
        {events.map((e) => (
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
  );
}
