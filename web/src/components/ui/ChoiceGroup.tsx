import './ui.css';
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { FieldError } from './FieldError';

export interface ChoiceGroupProps {
  /** The group's visible name (the fieldset's legend). */
  legend: ReactNode;
  /** Help text under the options. */
  hint?: ReactNode;
  /** Error message under the options; also marks the group invalid. */
  error?: string;
  /** Class of the fieldset. */
  className?: string;
  /** The options: ChoiceOption elements. */
  children: ReactNode;
}

/**
 * A labelled set of radio buttons or checkboxes drawn as bordered pills that wrap on narrow
 * screens: the fieldset's legend names it, the hint and the error are tied to it.
 */
export function ChoiceGroup({ legend, hint, error, className, children }: ChoiceGroupProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={['ui-choices', error && 'ui-choices--invalid', className]
        .filter(Boolean)
        .join(' ')}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
    >
      <legend className="ui-field__label">{legend}</legend>
      <div className="ui-choices__options">{children}</div>
      {hint ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}

export interface ChoiceOptionProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  type: 'radio' | 'checkbox';
  label: ReactNode;
}

/** One option of a ChoiceGroup: a native radio or checkbox inside its label. */
export function ChoiceOption({ label, ref, ...inputProps }: ChoiceOptionProps) {
  return (
    <label className="ui-choice">
      <input ref={ref} {...inputProps} />
      <span>{label}</span>
    </label>
  );
}
