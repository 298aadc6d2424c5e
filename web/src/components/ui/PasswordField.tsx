import { useId, useState } from 'react';
import { es } from '../../../../shared/messages.es';
import { TextField, type TextFieldProps } from './TextField';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'endAdornment'> {
  /** Accessible name of the toggle while the value is hidden (default 'Mostrar contraseña'). */
  showLabel?: string;
  /** Accessible name of the toggle while the value is visible (default 'Ocultar contraseña'). */
  hideValueLabel?: string;
  /** Controlled visibility (e.g. one toggle for password and confirmation). */
  visible?: boolean;
  onVisibleChange?(visible: boolean): void;
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M3 3l18 18" />}
    </svg>
  );
}

/**
 * A TextField whose value can be shown or hidden. The toggle is a real button with a state
 * (aria-pressed = "the value is shown") and a name that says what pressing it does.
 */
export function PasswordField({
  showLabel = es.auth.showPassword,
  hideValueLabel = es.auth.hidePassword,
  visible,
  onVisibleChange,
  id,
  autoComplete = 'current-password',
  ...props
}: PasswordFieldProps) {
  const [ownVisible, setOwnVisible] = useState(false);
  const shown = visible ?? ownVisible;
  const autoId = useId();
  const inputId = id ?? `password-${autoId}`;
  const toggle = () => {
    const next = !shown;
    if (visible === undefined) setOwnVisible(next);
    onVisibleChange?.(next);
  };
  return (
    <TextField
      {...props}
      id={inputId}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      endAdornment={
        <button
          type="button"
          className="ui-field__toggle"
          onClick={toggle}
          aria-label={shown ? hideValueLabel : showLabel}
          aria-pressed={shown}
          aria-controls={inputId}
          disabled={props.disabled}
        >
          <EyeIcon open={!shown} />
        </button>
      }
    />
  );
}
