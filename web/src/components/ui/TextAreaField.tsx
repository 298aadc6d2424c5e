import './ui.css';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldFrame, useFieldIds } from './Field';

export interface TextAreaFieldProps extends ComponentPropsWithRef<'textarea'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
  className?: string;
}

/**
 * A labelled multi-line text box with the TextField's look, label, hint and error wiring (works
 * with react-hook-form's `register`): a notary's rejection reason, longer answers.
 */
export function TextAreaField({
  label,
  error,
  hint,
  hideLabel = false,
  className,
  id,
  required,
  'aria-describedby': describedBy,
  ref,
  ...areaProps
}: TextAreaFieldProps) {
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
      <textarea
        ref={ref}
        id={ids.controlId}
        className="ui-field__input ui-field__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        required={required}
        rows={4}
        {...areaProps}
      />
    </FieldFrame>
  );
}
