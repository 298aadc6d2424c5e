import { type FormEvent, useState } from 'react';
import { es } from '../../../../shared/messages.es';
import {
  canSubmitRecovery,
  DEFAULT_RECOVERY_KIND,
  RECOVERY_REDIRECT_MS,
  type RecoveryKind,
  recoveryFieldErrors,
  SERIAL_MAX_DIGITS,
  serialInput,
} from '../../../../shared/rules/fea-recovery';
import { Alert, Button, ChoiceGroup, ChoiceOption, Switch, TextField } from '../../components/ui';
import { ApiError, apiCall } from '../../lib/api';
import { FeaScreen } from './FeaScreen';
import { isWebAddress, recoveryReturnUrlFrom } from './feaQuery';
import { useRedirectAfter } from './timers';

const t = es.fea;

type Fields = Partial<Record<'rut' | 'numDocumento', string>>;

type Outcome =
  | { kind: 'idle' }
  | { kind: 'sent'; message: string; url?: string }
  | { kind: 'failed'; message: string };

const KINDS: { value: RecoveryKind; label: string; hint: string }[] = [
  { value: 'certificado', label: t.kindCertificate, hint: t.kindCertificateHint },
  { value: 'segundo_factor', label: t.kindSecondFactor, hint: t.kindSecondFactorHint },
];

/** The server's refusal as the page shows it: its Spanish message, else the spec's fallbacks. */
function failure(err: unknown): { message: string; fields: Fields } {
  if (err instanceof ApiError) {
    const fields: Fields = {};
    if (err.fields.rut) fields.rut = err.fields.rut;
    if (err.fields.numDocumento) fields.numDocumento = err.fields.numDocumento;
    return { message: err.message || t.requestFailed, fields };
  }
  return { message: t.unexpected, fields: {} };
}

/**
 * /fea/password-recovery (screen 11): the certificate password or the second factor, by RUT
 * and ID-card serial (§5 rules, the same the route applies). A recovery link from the provider
 * is followed after 2 s; a mailed one leaves the advice to wait 5 minutes.
 */
export function RecoveryPage() {
  const [kind, setKind] = useState<RecoveryKind>(DEFAULT_RECOVERY_KIND);
  const [rut, setRut] = useState('');
  const [serial, setSerial] = useState('');
  const [sendMail, setSendMail] = useState(false);
  const [errors, setErrors] = useState<Fields>({});
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const redirectTo = outcome.kind === 'sent' ? outcome.url : undefined;
  useRedirectAfter(redirectTo !== undefined, RECOVERY_REDIRECT_MS, () => {
    if (redirectTo) window.location.assign(redirectTo);
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmitRecovery({ rut, numDocumento: serial, loading })) return;
    const found = recoveryFieldErrors({ rut, numDocumento: serial });
    setErrors(found);
    if (found.rut || found.numDocumento) return;
    setLoading(true);
    setOutcome({ kind: 'idle' });
    try {
      const res = await apiCall('feaRecovery', {
        body: {
          rut: rut.trim(),
          numDocumento: serial,
          tipoRecuperacion: kind,
          enviarMail: sendMail,
          urlRetorno: recoveryReturnUrlFrom(window.location.origin),
        },
      });
      if (!res.success) {
        setOutcome({ kind: 'failed', message: res.message || t.recoveryFailed });
      } else {
        const url = res.urlRecuperacion ?? undefined;
        setOutcome({
          kind: 'sent',
          message: res.message,
          url: url && isWebAddress(url) ? url : undefined,
        });
      }
    } catch (err) {
      const { message, fields } = failure(err);
      setErrors(fields);
      setOutcome({ kind: 'failed', message });
    } finally {
      setLoading(false);
    }
  };

  const sent = outcome.kind === 'sent' ? outcome : undefined;
  return (
    <FeaScreen
      id="fea-recovery"
      type="default"
      title={es.pages.feaRecoveryTitle}
      description={t.recoveryIntro}
    >
      {sent ? (
        <Alert
          tone="success"
          title={t.resultTitle}
          action={
            sent.url ? (
              <a className="ui-btn ui-btn--primary ui-btn--sm" href={sent.url}>
                <span className="ui-btn__label">{t.openNow}</span>
              </a>
            ) : undefined
          }
        >
          <p>{sent.message}</p>
          {sent.url ? <p>{t.redirecting}</p> : null}
        </Alert>
      ) : (
        <form className="fea-form" noValidate onSubmit={submit}>
          <ChoiceGroup legend={t.kindLegend}>
            {KINDS.map((k) => (
              <ChoiceOption
                key={k.value}
                type="radio"
                name="tipoRecuperacion"
                value={k.value}
                checked={kind === k.value}
                onChange={() => setKind(k.value)}
                label={
                  <>
                    <strong>{k.label}</strong> <span className="fea-choice-hint">{k.hint}</span>
                  </>
                }
              />
            ))}
          </ChoiceGroup>
          <TextField
            label={t.rutLabel}
            name="rut"
            autoComplete="off"
            placeholder={t.rutPlaceholder}
            value={rut}
            required
            error={errors.rut}
            onChange={(e) => {
              setRut(e.target.value);
              setErrors(({ rut: _, ...rest }) => rest);
            }}
          />
          <TextField
            label={t.serialLabel}
            name="numDocumento"
            inputMode="numeric"
            autoComplete="off"
            maxLength={SERIAL_MAX_DIGITS}
            placeholder={t.serialPlaceholder}
            value={serial}
            required
            hint={t.serialHint}
            error={errors.numDocumento}
            onChange={(e) => {
              setSerial(serialInput(e.target.value));
              setErrors(({ numDocumento: _, ...rest }) => rest);
            }}
          />
          <div className="fea-mail">
            <Switch
              id="fea-send-mail"
              checked={sendMail}
              onChange={(e) => setSendMail(e.target.checked)}
            />
            <label htmlFor="fea-send-mail">{t.sendMailLabel}</label>
          </div>
          {outcome.kind === 'failed' ? (
            <Alert tone="error" title={t.requestErrorTitle}>
              {outcome.message}
            </Alert>
          ) : null}
          <Button
            type="submit"
            size="lg"
            loading={loading}
            loadingLabel={t.submitting}
            disabled={!canSubmitRecovery({ rut, numDocumento: serial, loading })}
          >
            {t.submit}
          </Button>
        </form>
      )}
    </FeaScreen>
  );
}
