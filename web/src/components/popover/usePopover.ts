import { useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * A header popover's open state: it closes on a press outside its anchor and on Escape (which
 * gives the focus back to its button). The notification bell and the context switcher use it.
 */
export function usePopover() {
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

  const toggle = useCallback(() => setOpen((v) => !v), []);
  const close = useCallback(() => setOpen(false), []);
  return {
    open,
    toggle,
    close,
    rootRef,
    /** Spread on the button that opens it. */
    buttonProps: {
      ref: buttonRef,
      'aria-expanded': open,
      'aria-controls': open ? id : undefined,
      onClick: toggle,
    },
    /** The popover element's id (the button's aria-controls). */
    id,
  };
}
