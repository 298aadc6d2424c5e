import './ui.css';
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';

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
  const autoId = useId();
  const inputId = id ?? `field-${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedByIds = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  const wrapperClasses = ['ui-field', error && 'ui-field--invalid', className]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={wrapperClasses}>
      {/* The required mark sits outside the label so the field's name is the label alone. */}
      <div className={hideLabel ? 'visually-hidden' : 'ui-field__label-row'}>
        <label htmlFor={inputId} className="ui-field__label">
          {label}
        </label>
        {required && !hideLabel ? (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      <div
        className={
          endAdornment ? 'ui-field__control ui-field__control--adorned' : 'ui-field__control'
        }
      >
        <input
          ref={ref}
          id={inputId}
          className={['ui-field__input', inputClassName].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          required={required}
          {...inputProps}
        />
        {endAdornment ? <span className="ui-field__adornment">{endAdornment}</span> : null}
      </div>
      {hint ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ui-field__error">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path
              d="M8 4.5v4M8 11h.01"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
