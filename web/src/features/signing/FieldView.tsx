import type { SigningComponent } from '../../../../shared/contract/signing';
import { es } from '../../../../shared/messages.es';
import { PasswordField, TextField } from '../../components/ui';
import { CameraField } from './CameraField';
import { CODE_MAX_LENGTH, sanitizeCode } from './formRules';
import { SignatureField } from './SignatureField';

const t = es.signing;

export interface FieldViewProps {
  component: SigningComponent;
  value: string;
  error?: string;
  disabled: boolean;
  onChange(id: string, value: string): void;
}

/** Browser autofill hints for the ids the server uses. */
const AUTOCOMPLETE: Record<string, string> = {
  typed_name: 'name',
  code: 'one-time-code',
  second_factor_code: 'one-time-code',
};

/**
 * An input, password (with show/hide) or code field (digits only, at most 8, the phone's
 * number pad), the signature pad, or a camera's photo. The component id is the field's name in the step posted.
 */
export function FieldView({ component: c, value, error, disabled, onChange }: FieldViewProps) {
  const common = {
    id: `sign-${c.id}`,
    name: c.id,
    label: c.label || c.placeholder || c.id,
    placeholder: c.placeholder,
    error,
    required: Boolean(c.validation?.required),
    disabled: disabled || c.disabled,
    value,
  };
  if (c.type === 'signature') {
    return (
      <SignatureField
        id={c.id}
        label={c.label}
        error={error}
        disabled={disabled || c.disabled}
        onChange={(v) => onChange(c.id, v)}
      />
    );
  }
  if (c.type === 'camera') {
    return (
      <CameraField
        id={c.id}
        label={c.label || c.id}
        facing={c.value === 'user' ? 'user' : 'environment'}
        value={value}
        error={error}
        disabled={disabled || c.disabled}
        onChange={(v) => onChange(c.id, v)}
      />
    );
  }
  if (c.type === 'password') {
    return (
      <PasswordField
        {...common}
        autoComplete="off"
        showLabel={t.showPassword}
        hideValueLabel={t.hidePassword}
        onChange={(e) => onChange(c.id, e.target.value)}
      />
    );
  }
  if (c.type === 'code') {
    return (
      <TextField
        {...common}
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={CODE_MAX_LENGTH}
        autoComplete={AUTOCOMPLETE[c.id] ?? 'one-time-code'}
        inputClassName="sign-code"
        onChange={(e) => onChange(c.id, sanitizeCode(e.target.value))}
      />
    );
  }
  return (
    <TextField
      {...common}
      autoComplete={AUTOCOMPLETE[c.id] ?? 'off'}
      onChange={(e) => onChange(c.id, e.target.value)}
    />
  );
}
