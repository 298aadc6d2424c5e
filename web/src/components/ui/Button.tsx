import './ui.css';
import { type ComponentPropsWithRef, type ReactNode, useEffect, useRef } from 'react';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and sets aria-busy. */
  loading?: boolean;
  /** Label while loading (e.g. 'Validando...'); defaults to the normal label. */
  loadingLabel?: ReactNode;
  /** Stretches to the width of its container. */
  fullWidth?: boolean;
  /** Icon before the label (decorative). */
  icon?: ReactNode;
}

/** The design-system button. `type` defaults to 'button' so it never submits by accident. */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingLabel,
  fullWidth = false,
  icon,
  type = 'button',
  disabled,
  className,
  children,
  ref,
  ...rest
}: ButtonProps) {
  // A disabled button loses focus; give it back when loading ends so keyboard and screen
  // reader users stay where they were (e.g. to read the error that appeared).
  const own = useRef<HTMLButtonElement | null>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    const button = own.current;
    if (!button) return;
    if (loading) {
      hadFocus.current = document.activeElement === button;
    } else if (hadFocus.current) {
      hadFocus.current = false;
      const active = document.activeElement;
      if ((!active || active === document.body) && !button.disabled) button.focus();
    }
  }, [loading]);
  const setRef = (node: HTMLButtonElement | null) => {
    own.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  const classes = [
    'ui-btn',
    `ui-btn--${variant}`,
    `ui-btn--${size}`,
    fullWidth && 'ui-btn--full',
    loading && 'ui-btn--loading',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      ref={setRef}
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? (
        <Spinner size={16} />
      ) : icon ? (
        <span className="ui-btn__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className="ui-btn__label">{loading && loadingLabel ? loadingLabel : children}</span>
    </button>
  );
}
