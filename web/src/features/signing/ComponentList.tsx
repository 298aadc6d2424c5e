import type { ReactNode } from 'react';
import type { SigningComponent, SigningResponse } from '../../../../shared/contract/signing';
import { es } from '../../../../shared/messages.es';
import { Button, type ButtonVariant } from '../../components/ui';
import { runningText } from './buttons';
import { DocumentView } from './DocumentView';
import { FieldView } from './FieldView';
import { FIELD_TYPES } from './formRules';
import type { Running } from './useSigningFlow';

const VARIANT: Record<NonNullable<SigningComponent['style']>, ButtonVariant> = {
  primary: 'primary',
  secondary: 'secondary',
  danger: 'danger',
  // The design system has no green button: primary's shape with the success colour.
  success: 'primary',
};

export interface ComponentListProps {
  components: readonly SigningComponent[];
  data: SigningResponse['data'];
  values: Record<string, string>;
  errors: Record<string, string>;
  running: Running | null;
  /** Shown right before the first row of buttons (form and request errors). */
  notice: ReactNode;
  /** The button Enter presses (type="submit"). */
  submitId?: string;
  onChange(id: string, value: string): void;
  onPress(button: SigningComponent): void;
}

/** Consecutive buttons share one row (a column on phones). */
function groups(components: readonly SigningComponent[]): SigningComponent[][] {
  const out: SigningComponent[][] = [];
  for (const c of components) {
    const last = out.at(-1);
    if (c.type === 'button' && last?.[0]?.type === 'button') last.push(c);
    else out.push([c]);
  }
  return out;
}

/** The server's components in its order (§2 screen 8). */
export function ComponentList(props: ComponentListProps) {
  const { components, notice } = props;
  const rows = groups(components);
  const firstButtons = rows.findIndex((g) => g[0]?.type === 'button');
  return (
    <>
      {rows.map((group, i) => {
        const head = group[0] as SigningComponent;
        return (
          <div key={head.id} className="sign-form__row">
            {i === firstButtons ? notice : null}
            {head.type === 'button' ? (
              <div className="sign-actions">
                {group.map((b) => (
                  <StepButton key={b.id} button={b} {...props} />
                ))}
              </div>
            ) : (
              <One component={head} {...props} />
            )}
          </div>
        );
      })}
      {firstButtons < 0 ? notice : null}
    </>
  );
}

function StepButton({
  button,
  running,
  submitId,
  onPress,
}: ComponentListProps & { button: SigningComponent }) {
  const pressed = running?.componentId === button.id;
  return (
    <Button
      type={button.id === submitId ? 'submit' : 'button'}
      variant={VARIANT[button.style ?? 'primary']}
      className={button.style === 'success' ? 'sign-btn--success' : undefined}
      disabled={button.disabled || (running !== null && !pressed)}
      loading={pressed}
      loadingLabel={runningText(running?.action).label}
      onClick={button.id === submitId ? undefined : () => onPress(button)}
      data-action={button.action}
    >
      {button.label || button.value}
    </Button>
  );
}

function One({
  component: c,
  data,
  values,
  errors,
  running,
  onChange,
}: ComponentListProps & { component: SigningComponent }) {
  if (FIELD_TYPES.has(c.type)) {
    return (
      <FieldView
        component={c}
        value={values[c.id] ?? ''}
        error={errors[c.id]}
        disabled={running !== null}
        onChange={onChange}
      />
    );
  }
  if (c.type === 'document') return <DocumentView component={c} fallbackName={data.documentName} />;
  if (c.type === 'progress') return <ProgressBar component={c} />;
  // text
  return <TextBlock component={c} />;
}

function TextBlock({ component: c }: { component: SigningComponent }) {
  const body = c.value === undefined ? undefined : String(c.value);
  if (c.label && body) {
    return (
      <div className="sign-text">
        <p className="sign-text__label">{c.label}</p>
        <p className="sign-text__body">{body}</p>
      </div>
    );
  }
  return <p className="sign-text sign-text__body">{c.label || body}</p>;
}

function ProgressBar({ component: c }: { component: SigningComponent }) {
  const n = Number(c.value);
  const value = Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : 0;
  const label = c.label || es.signing.progress;
  return (
    <div className="sign-progress">
      <div className="sign-progress__top">
        <span id={`sign-${c.id}-label`}>{label}</span>
        <span aria-hidden="true">{value}%</span>
      </div>
      <progress
        id={`sign-${c.id}`}
        max={100}
        value={value}
        aria-labelledby={`sign-${c.id}-label`}
        className="sign-progress__bar"
      />
    </div>
  );
}
