import { type MouseEvent, useEffect, useLayoutEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { es } from '../../../../shared/messages.es';
import { ScreenHeader } from '../../components/link-screen/ScreenHeader';
import { Button, Spinner } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { forbidReferrer, urlWithoutToken } from '../../lib/linkCredentials';
import { verifyPath } from '../../lib/verifyCode';
import {
  type Delivery,
  exchangeDeliveryToken,
  LINK_FRESH_MS,
  startDownload,
  tokenInUrl,
} from './deliveryLink';
import '../../components/link-screen/link-screen.css';
import './verify.css';

const t = es.verify;

type View =
  | { kind: 'loading' }
  | { kind: 'ready'; delivery: Delivery; at: number }
  | { kind: 'failed'; message: string; retry: boolean };

/** A refused or failed exchange: the server's message; only a 404 is final. */
function failedView(err: unknown): View {
  const e = err instanceof ApiError ? err : undefined;
  return { kind: 'failed', message: e?.message ?? es.common.unexpected, retry: e?.status !== 404 };
}

/** Downloads started by this page load, by order: a re-render never starts a second one. */
const started = new Set<string>();

/**
 * /descargar/{orderId}?token=…: the personal link of a delivery mail (pattern 98). The token
 * leaves the address bar at once (as on the signer's page), is exchanged for a short-lived
 * link to the sealed PDF, and the download starts once by itself; the button stays for later.
 */
export function DeliveryPage() {
  const { orderId = '' } = useParams();
  // Read during the first render, before the layout effect below cleans the address.
  const [token] = useState(() => tokenInUrl(window.location.href));
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<View>(
    token ? { kind: 'loading' } : { kind: 'failed', message: t.downloadNoToken, retry: false },
  );

  useLayoutEffect(() => {
    const cleaned = urlWithoutToken(window.location.href);
    if (cleaned !== null) window.history.replaceState(window.history.state, '', cleaned);
    return forbidReferrer();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the exchange.
  useEffect(() => {
    if (!token) return;
    let live = true;
    setView({ kind: 'loading' });
    exchangeDeliveryToken(orderId, token).then(
      (delivery) => {
        if (!live) return;
        setView({ kind: 'ready', delivery, at: Date.now() });
        if (!started.has(orderId)) {
          started.add(orderId);
          startDownload(delivery.url, delivery.file_name);
        }
      },
      (err: unknown) => {
        if (live) setView(failedView(err));
      },
    );
    return () => {
      live = false;
    };
  }, [orderId, token, attempt]);

  /** The button, on a page left open past the file link's life: a new link first. */
  const downloadAgain = (e: MouseEvent, ready: Extract<View, { kind: 'ready' }>) => {
    if (!token || Date.now() - ready.at < LINK_FRESH_MS) return;
    e.preventDefault();
    exchangeDeliveryToken(orderId, token, true).then(
      (delivery) => {
        setView({ kind: 'ready', delivery, at: Date.now() });
        startDownload(delivery.url, delivery.file_name);
      },
      (err: unknown) => setView(failedView(err)),
    );
  };

  return (
    <div className="sign-page verify-page">
      <title>{`${t.downloadPageTitle} · ${es.layout.brand}`}</title>
      {view.kind === 'loading' ? (
        <div className="sign-screen sign-screen--center">
          <Spinner size={32} label={t.downloadLoading} />
          <p className="sign-connecting" aria-hidden="true">
            {t.downloadLoading}
          </p>
        </div>
      ) : view.kind === 'failed' ? (
        <article className="sign-screen" aria-labelledby="delivery-failed-title">
          <ScreenHeader
            titleId="delivery-failed-title"
            type="error"
            title={t.downloadErrorTitle}
            description={view.message}
            focusKey={view.message}
          />
          {view.retry ? (
            <div className="sign-actions sign-actions--center">
              <Button onClick={() => setAttempt((n) => n + 1)}>{t.retry}</Button>
            </div>
          ) : null}
        </article>
      ) : (
        <article className="sign-screen" aria-labelledby="delivery-title">
          <ScreenHeader
            titleId="delivery-title"
            type="success"
            title={t.downloadReady}
            description={t.downloadHelp}
            focusKey="ready"
          />
          <dl className="sign-details">
            <div className="sign-details__row">
              <dt>{t.downloadFile}</dt>
              <dd className="verify-file-name">{view.delivery.file_name}</dd>
            </div>
            <div className="sign-details__row">
              <dt>{t.code}</dt>
              <dd>
                <Link className="verify-code" to={verifyPath(view.delivery.verification_code)}>
                  {view.delivery.verification_code}
                </Link>
              </dd>
            </div>
          </dl>
          <div className="sign-actions sign-actions--center">
            <a
              className="ui-btn ui-btn--primary ui-btn--lg"
              href={view.delivery.url}
              download={view.delivery.file_name}
              rel="noopener"
              onClick={(e) => downloadAgain(e, view)}
            >
              {t.downloadButton}
            </a>
          </div>
          <p className="verify-other">
            <Link to={verifyPath(view.delivery.verification_code)}>{t.downloadVerify}</Link>
          </p>
        </article>
      )}
    </div>
  );
}
