import { formatDistance } from 'date-fns';
import { es as dateEs } from 'date-fns/locale/es';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Assignment } from '../../../../shared/contract/notary';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import { FactList } from '../../components/facts/FactList';
import { Icon } from '../../components/layout-bits/icons';
import { Button } from '../../components/ui';
import {
  chatPath,
  decidePath,
  documentPath,
  isOverdue,
  minutesText,
  statusTone,
} from './dashboardRules';

/**
 * One assignment of the notary's queue (screen 16): order number, when it was assigned, its
 * status and the overdue flag, the minutes it took to take and to process ('Pendiente' while
 * not done), and its actions: 'Ver Detalle', the chat with its count, 'Tomar Documento' while
 * assigned, 'Tomar Decisión' once taken.
 */
export function AssignmentCard({
  assignment: a,
  now,
  taking,
  onTake,
}: {
  assignment: Assignment;
  /** The time the relative 'Asignado hace…' is counted from. */
  now: Date;
  /** This card's 'Tomar Documento' is on its way. */
  taking: boolean;
  onTake(): void;
}) {
  const t = es.notary;
  const titleId = useId();
  const assigned = new Date(a.assigned_at);
  // The server's clock may be a little ahead of the browser's: never 'dentro de…'.
  const ago = formatDistance(assigned, assigned > now ? assigned : now, {
    addSuffix: true,
    locale: dateEs,
  });
  const overdue = isOverdue(a);
  return (
    <article
      className={`ui-card ui-card--pad-md assignment-card${overdue ? ' assignment-card--overdue' : ''}`}
      aria-labelledby={titleId}
    >
      <header className="assignment-card__head">
        <div>
          <h3 id={titleId} className="assignment-card__number">
            {fmt(t.orderNumber, { number: a.order_number })}
          </h3>
          <p className="assignment-card__meta">
            {a.service_name ? `${a.service_name} · ` : ''}
            <time dateTime={a.assigned_at} title={assigned.toLocaleString('es-CL')}>
              {fmt(t.assignedAgo, { ago })}
            </time>
          </p>
        </div>
        <p className="assignment-card__badges">
          <span className={`status-badge status-badge--${statusTone(a.status)}`}>
            {es.organizations.assignmentStatus[a.status]}
          </span>
          {overdue ? (
            <span className="status-badge status-badge--error">
              <Icon name="alertTriangle" size={14} />
              {t.overdueFlag}
            </span>
          ) : null}
        </p>
      </header>
      <FactList
        layout="grid"
        className="assignment-card__facts"
        facts={[
          { label: t.timeToTake, value: minutesText(a.time_to_take_minutes) },
          { label: t.timeToProcess, value: minutesText(a.time_to_process_minutes) },
        ]}
      />
      <div className="assignment-card__actions">
        <Link to={documentPath(a.id)} className="lb-btn lb-btn--secondary lb-btn--sm">
          <Icon name="eye" size={16} />
          {t.viewDetail}
        </Link>
        <Link to={chatPath(a.id)} className="lb-btn lb-btn--secondary lb-btn--sm">
          <Icon name="send" size={16} />
          {fmt(t.chat, { n: a.message_count })}
          {a.unread_count > 0 ? (
            <span className="assignment-card__unread">
              {fmt(a.unread_count === 1 ? t.unreadOne : t.unreadMany, { n: a.unread_count })}
            </span>
          ) : null}
        </Link>
        {a.status === 'assigned' ? (
          <Button
            size="sm"
            icon={<Icon name="check" size={16} />}
            loading={taking}
            loadingLabel={t.taking}
            onClick={onTake}
          >
            {t.take}
          </Button>
        ) : null}
        {a.status === 'taken' ? (
          <Link to={decidePath(a.id)} className="lb-btn lb-btn--primary lb-btn--sm">
            <Icon name="stamp" size={16} />
            {t.decide}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
