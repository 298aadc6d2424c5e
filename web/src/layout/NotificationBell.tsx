import { Link } from 'react-router';
import { fmt } from '../../../shared/messages/fmt';
import { es } from '../../../shared/messages.es';
import { formatSantiagoDateTime } from '../../../shared/rules/santiago-time';
import { Icon } from '../components/layout-bits/icons';
import { usePopover } from '../components/popover/usePopover';
import { useNotifications } from './useNotifications';

/** The badge never grows past two digits and a plus: the list says the rest. */
const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The header's bell: a badge with the unread chat messages (GET /api/notifications, polled by
 * useNotifications) and a popover listing them as links to the chat; empty, it says so.
 */
export function NotificationBell() {
  const t = es.notifications;
  const { open, rootRef, buttonProps, id, close } = usePopover();
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  const items = data?.notifications ?? [];
  const label =
    unread === 0
      ? es.layout.notifications
      : unread === 1
        ? t.bellUnreadOne
        : fmt(t.bellUnreadMany, { n: unread });
  return (
    <div className="popover-anchor" ref={rootRef}>
      <button type="button" className="lb-icon-btn bell" aria-label={label} {...buttonProps}>
        <Icon name="bell" />
        {unread > 0 ? (
          <span className="bell__badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      {open && (
        <section id={id} className="popover" aria-label={es.layout.notifications}>
          <p className="popover__title">{es.layout.notifications}</p>
          {items.length === 0 ? (
            <div className="popover__empty">
              <Icon name="bell" size={28} strokeWidth={1.5} />
              <p>{es.layout.noNotifications}</p>
            </div>
          ) : (
            <ul className="bell__list">
              {items.map((n) => (
                <li key={n.id}>
                  <Link to={n.href} className="bell__item" onClick={close}>
                    <span className="bell__item-title">{n.title}</span>
                    <span className="bell__item-body">{n.body}</span>
                    <time className="bell__item-at" dateTime={n.updated_at}>
                      {formatSantiagoDateTime(n.updated_at)}
                    </time>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
