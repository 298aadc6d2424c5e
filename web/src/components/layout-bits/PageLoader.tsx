import { es } from '../../../../shared/messages.es';
import './layout-bits.css';

/**
 * Suspense fallback while a page chunk (or the app shell) loads. `overlay` covers the page
 * instead, dimmed like a modal's backdrop: the stand-in for a dialog whose chunk is loading.
 */
export function PageLoader({
  fullScreen = false,
  overlay = false,
}: {
  fullScreen?: boolean;
  overlay?: boolean;
}) {
  const className = [
    'page-loader',
    fullScreen && 'page-loader--full',
    overlay && 'page-loader--overlay',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className} role="status">
      <span className="page-loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{es.common.loading}</span>
    </div>
  );
}
