import './ui.css';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldFrame, useFieldIds } from './Field';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  /** The visible label (always rendered: placeholders are not labels). */
  label: ReactNode;
  /** Error message under the field; also sets aria-invalid. */
  error?: string;
  /** Help text under the field. */
  hint?: ReactNode;
  /** Hides the label visually but keeps it for assistive technology. */
  hideLabel?: boolean;
  /** Content inside the input box, at the end (e.g. a show/hide toggle). */
  endAdornment?: ReactNode;
  /** Class of the wrapper element. */
  className?: string;
  /** Class of the input element. */
  inputClassName?: string;
}

/**
 * A labelled text input. Works with react-hook-form: `<TextField label="Email"
 * {...register('email')} error={errors.email?.message} />` (React 19 passes `ref` as a prop).
 */
export function TextField({
  label,
  error,
  hint,
  hideLabel = false,
  endAdornment,
  className,
  inputClassName,
  id,
  required,
  'aria-describedby': describedBy,
  ref,
  ...inputProps
}: TextFieldProps) {
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
      controlClassName={endAdornment ? 'ui-field__control--adorned' : undefined}
    >
      <input
        ref={ref}
        id={ids.controlId}
        className={['ui-field__input', inputClassName].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        required={required}
        {...inputProps}
      />
      {endAdornment ? <span className="ui-field__adornment">{endAdornment}</span> : null}
    </FieldFrame>
  );
}
