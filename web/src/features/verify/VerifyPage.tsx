import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Verification } from '../../../../shared/contract/signing';
import { es } from '../../../../shared/messages.es';
import { ScreenHeader } from '../../components/link-screen/ScreenHeader';
import { Button, Spinner, TextField } from '../../components/ui';
import { ApiError, apiCall } from '../../lib/api';
import { formatCode, normaliseCode, verifyPath } from '../../lib/verifyCode';
import { FileCheck } from './FileCheck';
import '../../components/link-screen/link-screen.css';
import './verify.css';

const t = es.verify;

/**
 * The public verification page (pattern 97): /verificar shows a form for a code, and
 * /verificar/{code} the sealed document's public record and a file check done in the browser.
 * Bare layout, no account, no Amplify: anyone holding the printed code may check a document.
 */
export function VerifyPage() {
  const { code } = useParams();
  return (
    <div className="sign-page verify-page">
      <title>{`${t.pageTitle} · ${es.layout.brand}`}</title>
      {code ? <Record key={code} code={code} /> : <CodeForm heading />}
    </div>
  );
}

type Lookup =
  | { kind: 'loading' }
  | { kind: 'found'; record: Verification }
  /** The server's Spanish message (unknown code, too many queries, connection lost). */
  | { kind: 'failed'; message: string; retry: boolean };

function Record({ code }: { code: string }) {
  const [attempt, setAttempt] = useState(0);
  const [lookup, setLookup] = useState<Lookup>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the lookup.
  useEffect(() => {
    const clean = normaliseCode(code);
    if (!clean) {
      // Never a code: the same answer the server gives, without asking it.
      setLookup({ kind: 'failed', message: es.signing.verifyNotFound, retry: false });
      return;
    }
    const abort = new AbortController();
    setLookup({ kind: 'loading' });
    apiCall('verifyDocument', { params: { code: clean }, signal: abort.signal }).then(
      (record) => setLookup({ kind: 'found', record }),
      (err: unknown) => {
        if (abort.signal.aborted) return;
        const e = err instanceof ApiError ? err : undefined;
        setLookup({
          kind: 'failed',
          message: e?.message ?? es.common.unexpected,
          // 404 is final; a lost connection, a 5xx or the rate limit may pass.
          retry: e?.status !== 404,
        });
      },
    );
    return () => abort.abort();
  }, [code, attempt]);

  if (lookup.kind === 'loading') {
    return (
      <div className="sign-screen sign-screen--center">
        <Spinner size={32} label={t.loading} />
      </div>
    );
  }
  if (lookup.kind === 'failed') {
    return (
      <article className="sign-screen" aria-labelledby="verify-failed-title">
        <ScreenHeader
          titleId="verify-failed-title"
          type="error"
          title={t.notFoundTitle}
          description={lookup.message}
          focusKey={lookup.message}
        />
        {lookup.retry ? (
          <div className="sign-actions sign-actions--center">
            <Button onClick={() => setAttempt((n) => n + 1)}>{t.retry}</Button>
          </div>
        ) : null}
        <CodeForm initial={code} />
      </article>
    );
  }
  return <Sealed record={lookup.record} />;
}

function Sealed({ record }: { record: Verification }) {
  return (
    <article className="sign-screen verify-record" aria-labelledby="verify-title">
      <ScreenHeader
        titleId="verify-title"
        type="success"
        title={t.sealedState}
        description={t.sealedHelp}
        focusKey={record.verification_code}
      />
      <dl className="sign-details">
        <div className="sign-details__row">
          <dt>{t.code}</dt>
          <dd className="verify-code">{formatCode(record.verification_code)}</dd>
        </div>
        <div className="sign-details__row">
          <dt>{t.orderNumber}</dt>
          <dd>{record.order_number}</dd>
        </div>
        <div className="sign-details__row">
          <dt>{t.sealedAt}</dt>
          <dd>
            <time dateTime={record.sealed_at}>{record.sealed_at_local}</time>
          </dd>
        </div>
      </dl>

      <section className="verify-section" aria-labelledby="verify-signers">
        <h2 id="verify-signers" className="verify-section__title">
          {t.signersTitle}
        </h2>
        <ul className="verify-signers">
          {record.signers.map((s, i) => (
            // Names may repeat; the order of signing does not change.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered.
            <li key={i} className="verify-signer">
              <p className="verify-signer__name">{s.name}</p>
              <dl className="verify-signer__facts">
                <div>
                  <dt>{s.signature_type === 'simple' ? t.signerRutDeclared : t.signerRut}</dt>
                  <dd>{s.rut_masked ?? t.noRut}</dd>
                </div>
                <div>
                  <dt>{t.signerType}</dt>
                  <dd>{s.signature_label}</dd>
                </div>
                <div>
                  <dt>{t.signerDate}</dt>
                  <dd>{s.signed_at_local || t.noRut}</dd>
                </div>
                {s.certificate_serial ? (
                  <div>
                    <dt>{t.signerCertificate}</dt>
                    <dd className="verify-mono">{s.certificate_serial}</dd>
                  </div>
                ) : null}
                {s.transaction_code ? (
                  <div>
                    <dt>{t.signerTransaction}</dt>
                    <dd className="verify-mono">{s.transaction_code}</dd>
                  </div>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      </section>

      <section className="verify-section" aria-labelledby="verify-hashes">
        <h2 id="verify-hashes" className="verify-section__title">
          {t.hashesTitle}
        </h2>
        <dl className="verify-hashes">
          {record.original_sha256 ? (
            <div>
              <dt>{t.originalHash}</dt>
              <dd>
                <code className="verify-hash">{record.original_sha256}</code>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t.sealedHash}</dt>
            <dd>
              <code className="verify-hash">{record.sealed_sha256}</code>
            </dd>
          </div>
        </dl>
      </section>

      <FileCheck record={record} />

      <p className="verify-other">
        <Link to="/verificar">{t.otherCode}</Link>
      </p>
    </article>
  );
}

/** The code form: /verificar, and under a failed lookup to try another code. */
function CodeForm({ heading = false, initial = '' }: { heading?: boolean; initial?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const clean = normaliseCode(value);
    if (!clean) {
      setError(t.codeInvalid);
      return;
    }
    setError(undefined);
    navigate(verifyPath(clean));
  };

  const form = (
    <form className="verify-form" onSubmit={submit} noValidate>
      <TextField
        label={t.codeLabel}
        name="code"
        value={value}
        placeholder={t.codePlaceholder}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        inputClassName="verify-form__input"
        error={error}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit">{t.submit}</Button>
    </form>
  );
  if (!heading) return form;
  return (
    <article className="sign-screen" aria-labelledby="verify-form-title">
      <ScreenHeader
        titleId="verify-form-title"
        type="default"
        title={t.formTitle}
        description={t.formHelp}
        focusKey="form"
      />
      {form}
    </article>
  );
}
