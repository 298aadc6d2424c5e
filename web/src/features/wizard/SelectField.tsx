import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { Icon } from '../../components/layout-bits/icons';

export interface SelectFieldProps extends ComponentPropsWithRef<'select'> {
  label: ReactNode;
  error?: string;
  className?: string;
}

/**
 * A labelled native select in the design system's field style (components/ui TextField's
 * classes), so it lines up with the text fields of the same form.
 */
export function SelectField({
  label,
  error,
  className,
  id,
  children,
  ref,
  ...rest
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? `select-${autoId}`;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div
      className={['ui-field', error && 'ui-field--invalid', className].filter(Boolean).join(' ')}
    >
      <div className="ui-field__label-row">
        <label htmlFor={selectId} className="ui-field__label">
          {label}
        </label>
      </div>
      <div className="ui-field__control wizard-select">
        <select
          ref={ref}
          id={selectId}
          className="ui-field__input wizard-select__control"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...rest}
        >
          {children}
        </select>
        <Icon name="chevronDown" size={16} className="wizard-select__chevron" />
      </div>
      {error ? (
        <p id={errorId} className="ui-field__error">
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
