import './ui.css';
import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'success' | 'warning' | 'info';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Optional action (a link or button) under the text. */
  action?: ReactNode;
  id?: string;
}

const icons: Record<AlertTone, ReactNode> = {
  error: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 8v5M12 16h.01" />
    </>
  ),
  warning: (
    <>
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
      <path d="M12 9v4M12 17h.01" />
    </>
  ),
  success: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m8 12 3 3 5-6" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 16v-4M12 8h.01" />
    </>
  ),
};

/**
 * A message box. Errors and warnings are `alert` (announced at once); success and info are
 * `status` (announced politely). Render it when the message appears so it is announced.
 */
export function Alert({ tone = 'info', title, children, className, action, id }: AlertProps) {
  const role = tone === 'error' || tone === 'warning' ? 'alert' : 'status';
  return (
    <div
      id={id}
      role={role}
      className={['ui-alert', `ui-alert--${tone}`, className].filter(Boolean).join(' ')}
    >
      <svg
        className="ui-alert__icon"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {icons[tone]}
      </svg>
      <div className="ui-alert__body">
        {title ? <p className="ui-alert__title">{title}</p> : null}
        {children ? <div className="ui-alert__text">{children}</div> : null}
        {action ? <div className="ui-alert__action">{action}</div> : null}
      </div>
    </div>
  );
}
