import { useLayoutEffect, useState } from 'react';
import { useParams } from 'react-router';
import { es } from '../../../../shared/messages.es';
import { ShellHandoff } from '../../components/layout-bits/ShellHandoff';
import { ScreenHeader } from '../../components/link-screen/ScreenHeader';
import { Button, Spinner } from '../../components/ui';
import { forbidReferrer } from '../../lib/linkCredentials';
import { SigningScreen } from './SigningScreen';
import { useSigningFlow } from './useSigningFlow';
import '../../components/link-screen/link-screen.css';
import './signing.css';

const t = es.signing;

/** /firmar/{signerId}?refresh_status=true (the link after a second-factor unlock, §2). */
function wantsRefresh(): boolean {
  const url = new URL(window.location.href);
  return url.pathname.startsWith('/firmar/') && url.searchParams.get('refresh_status') === 'true';
}

/**
 * /firmar/{signerId}?identity_return=…: back from ClaveÚnica (ClaveUnicaReturn.tsx) with the
 * provider's code and state, taken once and dropped from the address bar at once.
 */
function takeIdentityReturn(): string | undefined {
  const url = new URL(window.location.href);
  const value = url.searchParams.get('identity_return') ?? undefined;
  if (value === undefined) return undefined;
  url.searchParams.delete('identity_return');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return value;
}

/**
 * The signer's page, /sign/{signerId}?token=… and /firmar/{signerId}: the server-driven
 * screen 8 (credits-signing-admin §2, §3, §4, §7). No Amplify, no account: the link's token,
 * then the signing session, are the signer's only credentials (./linkCredentials).
 */
export function SigningPage() {
  const { signerId = '' } = useParams();
  const [refresh] = useState(wantsRefresh);
  const [identityReturn] = useState(takeIdentityReturn);
  // Before anything is fetched: no request from this page carries its address.
  useLayoutEffect(() => forbidReferrer(), []);
  const { view, running, notice, step, retry } = useSigningFlow(signerId, refresh, identityReturn);

  return (
    <div className="sign-page">
      <title>{`${es.pages.signTitle} · ${es.layout.brand}`}</title>
      {/* The first-paint shell shows this page's "Conectando" already: it stays until the first
          answer, so the screen replaces it in one commit and the centred layout never moves
          from a painted "Conectando" to the taller screen (a layout shift). */}
      {view.kind === 'connecting' ? null : <ShellHandoff />}
      {view.kind === 'connecting' ? (
        <div className="sign-screen sign-screen--center">
          <Spinner size={32} label={t.connecting} />
          <p className="sign-connecting" aria-hidden="true">
            {t.connecting}
          </p>
        </div>
      ) : view.kind === 'screen' ? (
        <SigningScreen
          key={view.seq}
          answer={view.answer}
          seq={view.seq}
          running={running}
          notice={notice}
          onPost={(accion, values, pressed) => void step(accion, values, pressed)}
        />
      ) : (
        <Problem view={view} onRetry={retry} />
      )}
    </div>
  );
}

/** The states without a screen: connection lost, first call refused, no link at all. */
function Problem({
  view,
  onRetry,
}: {
  view: Exclude<ReturnType<typeof useSigningFlow>['view'], { kind: 'connecting' | 'screen' }>;
  onRetry(): void;
}) {
  const copy =
    view.kind === 'connection-error'
      ? { title: t.connectionErrorTitle, body: t.connectionErrorHelp, type: 'error' as const }
      : view.kind === 'refused'
        ? { title: t.requestErrorTitle, body: view.message, type: 'error' as const }
        : { title: t.sessionExpiredTitle, body: t.sessionExpired, type: 'blocked' as const };
  return (
    <article className="sign-screen" aria-labelledby="sign-problem-title">
      <ScreenHeader
        titleId="sign-problem-title"
        type={copy.type}
        title={copy.title}
        description={copy.body}
        focusKey={`${view.kind}-${copy.body}`}
      />
      {view.kind === 'no-link' ? null : (
        <div className="sign-actions sign-actions--center">
          <Button onClick={onRetry}>{t.retry}</Button>
        </div>
      )}
    </article>
  );
}
