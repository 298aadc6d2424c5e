import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type {
  SigningAction,
  SigningComponent,
  SigningResponse,
} from '../../../../shared/contract/signing';
import { LEGAL_PATHS } from '../../../../shared/legal';
import { es } from '../../../../shared/messages.es';
import { ScreenHeader } from '../../components/link-screen/ScreenHeader';
import { Alert } from '../../components/ui';
import { buttonEffect, defaultButton, runningText } from './buttons';
import { ComponentList } from './ComponentList';
import { checkForm, initialValues, postedValues } from './formRules';
import { detailRows, helpList } from './screenModel';
import type { Running } from './useSigningFlow';

const t = es.signing;

export interface SigningScreenProps {
  answer: SigningResponse;
  seq: number;
  running: Running | null;
  /** A refused step's message (429, 4xx), shown above the buttons. */
  notice: string | null;
  onPost(accion: SigningAction, values: Record<string, string>, pressed: Running): void;
}

/**
 * One answer of the server drawn (§2 screen 8, §3): header, details, the help list on error,
 * then the components in the server's order. Its form state starts afresh with each answer
 * (the page keys it by the answer's sequence number).
 */
export function SigningScreen({ answer, seq, running, notice, onPost }: SigningScreenProps) {
  const { ui, data } = answer;
  const navigate = useNavigate();
  const [values, setValues] = useState(() => initialValues(ui.components));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState(false);
  const rows = detailRows(data);
  const help = helpList(answer);

  const change = (id: string, value: string) => {
    setValues((v) => ({ ...v, [id]: value }));
    setErrors((e) => {
      if (!e[id]) return e;
      const { [id]: _gone, ...rest } = e;
      return rest;
    });
  };

  const press = (button: SigningComponent) => {
    if (running) return;
    const effect = buttonEffect(button, data);
    if (effect.kind === 'home') return void navigate('/');
    if (effect.kind === 'support') return void window.location.assign(effect.href);
    if (effect.kind === 'redirect') return void window.location.assign(effect.url);
    if (effect.kind === 'toast') return void toast.error(effect.message);
    if (effect.validate) {
      const found = checkForm(ui.components, values);
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) {
        setFormError(true);
        toast.error(t.formErrors, { id: 'sign-form-errors' });
        document.getElementById(`sign-${first}`)?.focus();
        return;
      }
    }
    setFormError(false);
    // Every posting button sends the screen's current values (§7); the rules gate only some.
    onPost(effect.accion, postedValues(ui.components, values), {
      componentId: button.id,
      action: button.action,
    });
  };

  const submitButton = defaultButton(ui.components);
  const estimate = running ? runningText(running.action).estimate : undefined;

  return (
    <article className="sign-screen" aria-labelledby={`sign-title-${seq}`}>
      <ScreenHeader
        titleId={`sign-title-${seq}`}
        type={ui.type}
        title={ui.title}
        description={ui.description}
        focusKey={seq}
      />
      {rows.length ? (
        <dl className="sign-details">
          {rows.map((r) => (
            <div key={r.label} className="sign-details__row">
              <dt>{r.label}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {help.length ? (
        <section className="sign-help" aria-labelledby={`sign-help-${seq}`}>
          <h2 id={`sign-help-${seq}`}>{t.helpTitle}</h2>
          <ul>
            {help.map((item) => (
              <li key={item.text}>
                {item.code ? <HelpCode text={item.text} code={item.code} /> : item.text}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <form
        className="sign-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (submitButton) press(submitButton);
        }}
      >
        <ComponentList
          components={ui.components}
          data={data}
          values={values}
          errors={errors}
          running={running}
          notice={
            <>
              {formError && Object.keys(errors).length ? (
                <Alert tone="error">{t.formErrors}</Alert>
              ) : null}
              {notice ? <Alert tone="error">{notice}</Alert> : null}
            </>
          }
          submitId={submitButton?.id}
          onChange={change}
          onPress={press}
        />
        <p className="sign-estimate" aria-live="polite">
          {estimate ?? ''}
        </p>
      </form>
      {ui.components.some((c) => c.value === 'accept_consent') ? <LegalNotice /> : null}
    </article>
  );
}

/**
 * Under the consent screen: the terms and the privacy policy the signer may read before
 * accepting, in a new tab so the signing session stays where it is.
 */
function LegalNotice() {
  const [before = '', rest = ''] = es.legal.signerNotice.split('{terms}');
  const [between = '', after = ''] = rest.split('{privacy}');
  const link = (to: string, text: string) => (
    <a href={to} target="_blank" rel="noopener noreferrer" title={es.legal.opensInNewTab}>
      {text}
    </a>
  );
  return (
    <p className="sign-legal">
      {before}
      {link(LEGAL_PATHS.terms, es.legal.termsTitle)}
      {between}
      {link(LEGAL_PATHS.privacy, es.legal.privacyTitle)}
      {after}
    </p>
  );
}

/** The quoted error code kept on one line (a code cut at its hyphens is hard to copy). */
function HelpCode({ text, code }: { text: string; code: string }) {
  const at = text.lastIndexOf(code);
  return (
    <>
      {text.slice(0, at)}
      <strong className="sign-help__code">{code}</strong>
      {text.slice(at + code.length)}
    </>
  );
}
