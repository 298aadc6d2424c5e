import { es } from '../../../shared/messages.es';
import { Icon } from '../components/layout-bits/icons';
import { usePopover } from '../components/popover/usePopover';

/** Bell with a popover; notifications are not built yet, so it always says there are none. */
export function NotificationBell() {
  const { open, rootRef, buttonProps, id } = usePopover();
  return (
    <div className="popover-anchor" ref={rootRef}>
      <button
        type="button"
        className="lb-icon-btn"
        aria-label={es.layout.notifications}
        {...buttonProps}
      >
        <Icon name="bell" />
      </button>
      {open && (
        <section id={id} className="popover" aria-label={es.layout.notifications}>
          <p className="popover__title">{es.layout.notifications}</p>
          <div className="popover__empty">
            <Icon name="bell" size={28} strokeWidth={1.5} />
            <p>{es.layout.noNotifications}</p>
          </div>
        </section>
      )}
    </div>
  );
}
