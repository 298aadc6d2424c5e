import './ui.css';
import { es } from '../../../../shared/messages.es';

export interface SpinnerProps {
  /** Diameter in pixels (default 20). */
  size?: number;
  /**
   * Text for assistive technology. Given: the spinner is a live `status` region announcing it.
   * Omitted: the spinner is decorative (the surrounding control already says what is going on).
   */
  label?: string;
  className?: string;
}

/** A small rotating ring in the current text colour. */
export function Spinner({ size = 20, label, className }: SpinnerProps) {
  const ring = (
    <span className="ui-spinner__ring" style={{ width: size, height: size }} aria-hidden="true" />
  );
  const classes = ['ui-spinner', className].filter(Boolean).join(' ');
  if (label === undefined) {
    return <span className={classes}>{ring}</span>;
  }
  return (
    <span className={classes} role="status">
      {ring}
      <span className="visually-hidden">{label || es.common.loading}</span>
    </span>
  );
}
