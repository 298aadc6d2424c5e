import { useEffect, useId, useRef, useState } from 'react';
import { es } from '../../../shared/messages.es';
import { Icon } from '../components/layout-bits/icons';

/** Bell with a popover; notifications are not built yet, so it always says there are none. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="popover-anchor" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="lb-icon-btn"
        aria-label={es.layout.notifications}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((v) => !v)}
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
