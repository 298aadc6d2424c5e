import { es, fmt } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import { STEPS, type WizardStep } from './wizardRules';

/** The four steps (§2.5) with the current one marked; completed ones show a check. */
export function Stepper({
  current,
  done,
}: {
  current: WizardStep;
  done: (s: WizardStep) => boolean;
}) {
  return (
    <nav className="stepper" aria-label={es.wizard.stepperLabel}>
      <p className="stepper__count">{fmt(es.wizard.stepOf, { n: current, total: STEPS.length })}</p>
      <ol className="stepper__list">
        {STEPS.map((s) => {
          const isCurrent = s === current;
          const isDone = !isCurrent && s < current && done(s);
          return (
            <li
              key={s}
              className={[
                'stepper__item',
                isCurrent && 'stepper__item--current',
                isDone && 'stepper__item--done',
              ]
                .filter(Boolean)
                .join(' ')}
              aria-current={isCurrent ? 'step' : undefined}
            >
              <span className="stepper__dot" aria-hidden="true">
                {isDone ? <Icon name="check" size={16} strokeWidth={3} /> : s}
              </span>
              <span className="stepper__label">
                {es.wizard.steps[s - 1]}
                {isDone ? <span className="visually-hidden"> {es.wizard.stepDone}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
