import { es } from '../../../../shared/messages.es';
import './layout-bits.css';

/** Suspense fallback while a page chunk (or the app shell) loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div className={fullScreen ? 'page-loader page-loader--full' : 'page-loader'} role="status">
      <span className="page-loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{es.common.loading}</span>
    </div>
  );
}
