import { useId } from 'react';
import { es } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import { Button } from '../../components/ui';
import type { WizardStep } from './wizardRules';

/**
 * "Anterior" and "Siguiente" (on step 4 "Cotizar y pagar") under a step, with the hint of what
 * the step still lacks. Without handlers (the first-step preview while the countries load,
 * WizardLoading) both buttons are disabled.
 */
export function WizardNav({
  step,
  canNext,
  busy = false,
  onBack,
  onNext,
}: {
  step: WizardStep;
  canNext: boolean;
  busy?: boolean;
  onBack?: () => void;
  onNext?: () => void;
}) {
  const hintId = useId();
  return (
    <div className="wizard-nav">
      <Button variant="secondary" disabled={step === 1 || busy || !onBack} onClick={onBack}>
        {es.wizard.previous}
      </Button>
      <div className="wizard-nav__next">
        {canNext ? null : (
          <p id={hintId} className="wizard-nav__hint">
            {es.wizard.hints[step - 1]}
          </p>
        )}
        <Button
          size="lg"
          onClick={onNext}
          disabled={!canNext || busy || !onNext}
          loading={busy}
          loadingLabel={es.wizard.saving}
          aria-describedby={canNext ? undefined : hintId}
          icon={step === 4 ? <Icon name="creditCard" /> : undefined}
        >
          {step === 4 ? es.wizard.quoteAndPay : es.wizard.next}
        </Button>
      </div>
    </div>
  );
}
