import './ui.css';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldFrame, useFieldIds } from './Field';

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
  const ids = useFieldIds(id, { hint, error, describedBy });
  return (
    <FieldFrame
      {...ids}
      label={label}
      hint={hint}
      error={error}
      required={required}
      hideLabel={hideLabel}
      className={className}
    >
      <select
        ref={ref}
        id={ids.controlId}
        className="ui-field__input select-field"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        required={required}
        {...selectProps}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
