import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { es } from '../../../shared/messages.es';
import { Icon, Logo } from '../components/layout-bits/icons';
import { SidebarBadges, SidebarNav } from './Sidebar';

interface MobileDrawerProps {
  onClose(): void;
}

/**
 * The sidebar as a drawer on phones: a modal <dialog> (the rest of the page is inert, so focus
 * stays inside), Esc or the backdrop closes it, and the layout unmounts it on navigation.
 */
export function MobileDrawer({ onClose }: MobileDrawerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    document.documentElement.classList.add('drawer-open');

    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // A click whose target is the dialog itself landed on the backdrop.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onClick);
      document.documentElement.classList.remove('drawer-open');
      if (dialog.open) dialog.close();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, []);

  // Some browsers let Tab leave a modal dialog for the browser UI; keep it cycling inside.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focusables = [
        ...dialog.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])',
        ),
      ].filter((el) => !el.closest('[hidden]'));
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <dialog ref={dialogRef} className="drawer" aria-label={es.layout.menu}>
      <div className="drawer__panel">
        <div className="drawer__head">
          <Link to="/" className="brand" onClick={onClose}>
            <Logo size={30} />
            <span className="brand__name brand__name--always">{es.layout.brand}</span>
          </Link>
          <button
            ref={closeRef}
            type="button"
            className="lb-icon-btn"
            aria-label={es.layout.closeMenu}
            onClick={onClose}
          >
            <Icon name="x" />
          </button>
        </div>
        <SidebarNav onNavigate={onClose} />
        <SidebarBadges />
      </div>
    </dialog>
  );
}
