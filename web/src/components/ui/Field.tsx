import { type ReactNode, useId } from 'react';

import { FieldError } from './FieldError';
/** Ids that tie a control to its hint and error (aria-describedby), from one useId. */
export function useFieldIds(
  id: string | undefined,
  opts: { hint?: ReactNode; error?: string; describedBy?: string },
) {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  const hintId = opts.hint ? `${controlId}-hint` : undefined;
  const errorId = opts.error ? `${controlId}-error` : undefined;
  const describedBy = [opts.describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

export interface FieldFrameProps {
  controlId: string;
  hintId?: string;
  errorId?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  hideLabel?: boolean;
  /** Class of the wrapper element. */
  className?: string;
  /** Class of the box around the control. */
  controlClassName?: string;
  /** The control itself (input, select) and anything drawn inside its box. */
  children: ReactNode;
}

/**
 * What every form field around its control looks like: the label (with the required mark
 * outside it, so the field's accessible name is the label alone), then the hint and the error.
 */
export function FieldFrame({
  controlId,
  hintId,
  errorId,
  label,
  hint,
  error,
  required,
  hideLabel = false,
  className,
  controlClassName,
  children,
}: FieldFrameProps) {
  return (
    <div
      className={['ui-field', error && 'ui-field--invalid', className].filter(Boolean).join(' ')}
    >
      <div className={hideLabel ? 'visually-hidden' : 'ui-field__label-row'}>
        <label htmlFor={controlId} className="ui-field__label">
          {label}
        </label>
        {required && !hideLabel ? (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      <div className={['ui-field__control', controlClassName].filter(Boolean).join(' ')}>
        {children}
      </div>
      {hint ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
