import './ui.css';
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';

export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'size'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A labelled native select with the TextField's look, label, hint and error wiring (works with
 * react-hook-form's `register`). Used by the checkout, the orders filters and the wizard.
 */
export function SelectField({
  label,
  error,
  hint,
  hideLabel = false,
  className,
  id,
  required,
  'aria-describedby': describedBy,
  children,
  ref,
  ...selectProps
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? `select-${autoId}`;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  const describedByIds = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={['ui-field', error && 'ui-field--invalid', className].filter(Boolean).join(' ')}
    >
      <div className={hideLabel ? 'visually-hidden' : 'ui-field__label-row'}>
        <label htmlFor={selectId} className="ui-field__label">
          {label}
        </label>
        {required && !hideLabel ? (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      <div className="ui-field__control">
        <select
          ref={ref}
          id={selectId}
          className="ui-field__input select-field"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          required={required}
          {...selectProps}
        >
          {children}
        </select>
      </div>
      {hint ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ui-field__error">
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
