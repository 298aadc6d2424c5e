import { useLocation, useNavigate } from 'react-router';
import { es } from '../../../../shared/messages.es';
import { UNLOCK_REDIRECT_MS } from '../../../../shared/rules/fea-recovery';
import { ActionLink, FeaActions, FeaScreen } from './FeaScreen';
import { signingPathAfterUnlock, unlockResultOf } from './feaQuery';
import { useRedirectAfter } from './timers';

const t = es.fea;

type UnlockKind = 'certificate' | 'secondFactor';

/**
 * The provider's return after an unlock (screens 13–14): `status` (default success),
 * `message`, `signer_id` and the one-time return code `r`. With a signer it continues on the
 * signing link (`/firmar/{id}?refresh_status=true&r=…`; the second factor's page goes there by
 * itself after 1.5 s); without one, to the dashboard. No token is read or built (issue 23).
 */
function UnlockResult({ kind }: { kind: UnlockKind }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const result = unlockResultOf(search);
  const next = result.signerId ? signingPathAfterUnlock(result.signerId, result.returnCode) : null;
  const redirects = kind === 'secondFactor' && result.ok && next !== null;
  useRedirectAfter(redirects, UNLOCK_REDIRECT_MS, () => {
    if (next) navigate(next, { replace: true });
  });
  const done = kind === 'secondFactor' ? t.secondFactorUnlocked : t.certificateUnlocked;
  return (
    <FeaScreen
      id={`fea-unlock-${kind}`}
      type={result.ok ? 'success' : 'error'}
      title={result.ok ? t.unlockSuccessTitle : t.unlockErrorTitle}
      description={result.message ?? (result.ok ? done : t.unlockErrorFallback)}
    >
      {kind === 'secondFactor' ? <p className="fea-text">{t.secondFactorExplain}</p> : null}
      {redirects ? (
        <p className="fea-text" role="status">
          {t.redirectingSigning}
        </p>
      ) : null}
      <FeaActions>
        {next ? (
          <ActionLink to={next}>{result.ok ? t.continueSigning : t.backToSigning}</ActionLink>
        ) : (
          <ActionLink to="/dashboard">{t.goDashboard}</ActionLink>
        )}
      </FeaActions>
    </FeaScreen>
  );
}

/** /certificate-unlock-success (screen 13). */
export function CertificateUnlockPage() {
  return <UnlockResult kind="certificate" />;
}

/** /second-factor-unlock-success (screen 14). */
export function SecondFactorUnlockPage() {
  return <UnlockResult kind="secondFactor" />;
}
