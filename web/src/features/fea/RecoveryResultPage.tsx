import { useLocation, useNavigate } from 'react-router';
import { es, fmt } from '../../../../shared/messages.es';
import { RECOVERY_RESULT_COUNTDOWN_S } from '../../../../shared/rules/fea-recovery';
import { ActionLink, FeaActions, FeaScreen } from './FeaScreen';
import { recoveryResultOf } from './feaQuery';
import { useCountdown } from './timers';

const t = es.fea;

/**
 * /password-recovery-success (screen 12): the provider's answer in the query (`status`,
 * `message`, `tipo`), a 10-second countdown home, 'Nueva Solicitud' and 'Volver al Inicio'.
 */
export function RecoveryResultPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const result = recoveryResultOf(search);
  const left = useCountdown(RECOVERY_RESULT_COUNTDOWN_S, () => navigate('/'));
  const done = result.kind === 'segundo_factor' ? t.resultSecondFactor : t.resultCertificate;
  return (
    <FeaScreen
      id="fea-recovery-result"
      type={result.ok ? 'success' : 'error'}
      title={result.ok ? t.resultSuccessTitle : t.resultErrorTitle}
      description={result.message ?? (result.ok ? done : t.resultErrorFallback)}
    >
      {result.ok && result.message ? <p className="fea-text">{done}</p> : null}
      <p className="fea-countdown" role="timer">
        {fmt(t.countdown, { seconds: left })}
      </p>
      <FeaActions>
        <ActionLink to="/fea/password-recovery">{t.newRequest}</ActionLink>
        <ActionLink to="/" variant="secondary">
          {es.common.backHome}
        </ActionLink>
      </FeaActions>
    </FeaScreen>
  );
}
