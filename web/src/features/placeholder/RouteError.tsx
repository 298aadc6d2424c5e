import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { es } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import { ShellHandoff } from '../../components/layout-bits/ShellHandoff';
import '../../styles/status-page.css';

/**
 * Router error element: a failed lazy chunk (after a deploy) or a render error. Rendered
 * without the app providers, so it relies on nothing but the router.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <main id="main-content" className="page status-page status-page--full">
      <ShellHandoff />
      <div className="status-page__card card">
        <span className="status-page__icon status-page__icon--danger">
          <Icon name="alertTriangle" size={28} />
        </span>
        <h1>{notFound ? es.common.notFoundTitle : es.pages.errorTitle}</h1>
        <p className="status-page__body">{notFound ? es.common.notFound : es.common.unexpected}</p>
        <div className="status-page__actions">
          <button
            type="button"
            className="lb-btn lb-btn--primary"
            onClick={() => window.location.reload()}
          >
            {es.pages.reload}
          </button>
          <Link to="/" className="lb-btn lb-btn--secondary" reloadDocument>
            {es.common.backHome}
          </Link>
        </div>
      </div>
    </main>
  );
}
