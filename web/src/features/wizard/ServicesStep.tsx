import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import type { CountryService, ServicesCatalog } from '../../../../shared/contract/catalog';
import type { Country } from '../../../../shared/contract/countries';
import { es } from '../../../../shared/messages.es';
import { waitlistInterest } from '../../../../shared/rules/availability';
import { formatMoney } from '../../../../shared/rules/currency';
import type { TypedSigner } from '../../../../shared/rules/signer-types';
import { NotifyMe } from '../../components/coming-soon/NotifyMe';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, Spinner } from '../../components/ui';
import { ChoiceCard } from './ChoiceCard';
import { PriceSummary } from './PriceSummary';
import {
  chosenServices,
  isSignatureForced,
  offeredSignatures,
  type ServiceSelection,
} from './wizardRules';

interface ServicesStepProps {
  country: Country;
  catalog: UseQueryResult<ServicesCatalog, unknown>;
  selection: ServiceSelection;
  /** The signers so far: the estimate prices each one's type (issue 23). */
  signers: readonly TypedSigner[];
  onToggle(service: CountryService): void;
}

const priceLine = (s: CountryService) =>
  `${formatMoney(s.price, s.currency_code)} ${
    s.pricing_model === 'per_signer' ? es.wizard.perSigner : `· ${es.wizard.flatPrice}`
  }`;

/** The catalogue item of a service not delivered yet (issue 21), for its 'Próximamente'. */
const soonItem = (s: CountryService) =>
  s.available ? undefined : waitlistInterest('service', s.code);

/** A service's card; one not delivered yet gets 'Avísame' under it. */
function ServiceChoice({ service, children }: { service: CountryService; children: ReactNode }) {
  if (service.available) return children;
  return (
    <div className="choice-card-wrap">
      {children}
      <NotifyMe interest={waitlistInterest('service', service.code)} label={service.name} />
    </div>
  );
}

/**
 * Step 2 (§2.5, §4.1): the notarial choice, then the signature type it allows; a summary with
 * the estimated total (§9) and how prices work. The server re-applies the same rules on save.
 */
export function ServicesStep({
  country,
  catalog,
  selection,
  signers,
  onToggle,
}: ServicesStepProps) {
  const notarialId = useId();
  const signatureId = useId();

  if (catalog.isPending) {
    return (
      <div className="wizard-loading">
        <Spinner label={es.common.loading} />
      </div>
    );
  }
  if (catalog.isError) {
    return (
      <Alert
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void catalog.refetch()}>
            {es.wizard.retry}
          </Button>
        }
      >
        {es.wizard.catalogError}
      </Alert>
    );
  }
  const data = catalog.data;
  if (data.notarial_services.length === 0 || data.signature_types.length === 0) {
    return <Alert tone="info">{es.wizard.catalogEmpty}</Alert>;
  }

  const { notarial } = chosenServices(data, selection);
  const forced = isSignatureForced(notarial?.code);
  const offered = notarial ? offeredSignatures(data, notarial.code) : [];
  // Types not delivered yet are listed (disabled, 'Próximamente') whatever the notarial choice:
  // the customer sees what is coming, and none of them can be chosen.
  const signatures = notarial
    ? data.signature_types.filter((s) => !s.available || offered.includes(s))
    : [];

  return (
    <div className="wizard-columns">
      <div className="wizard-columns__main">
        <section className="choice-section" aria-labelledby={notarialId}>
          <h3 id={notarialId} className="choice-section__title">
            <Icon name="stamp" size={18} />
            {es.wizard.notarialTitle}
          </h3>
          <fieldset className="choice-grid" aria-labelledby={notarialId}>
            {data.notarial_services.map((s) => (
              <ServiceChoice key={s.id} service={s}>
                <ChoiceCard
                  title={s.name}
                  description={s.description}
                  meta={priceLine(s)}
                  selected={selection.notarial_service === s.id}
                  soon={soonItem(s)}
                  onSelect={() => onToggle(s)}
                />
              </ServiceChoice>
            ))}
          </fieldset>
        </section>

        <section className="choice-section" aria-labelledby={signatureId}>
          <h3 id={signatureId} className="choice-section__title">
            <Icon name="pen" size={18} />
            {es.wizard.signatureTitle}
          </h3>
          {!notarial ? (
            <p className="muted">{es.wizard.signatureFirst}</p>
          ) : (
            <>
              {forced ? <Alert tone="info">{es.wizard.signatureForced}</Alert> : null}
              <fieldset className="choice-grid" aria-labelledby={signatureId}>
                {signatures.map((s) => (
                  <ServiceChoice key={s.id} service={s}>
                    <ChoiceCard
                      title={s.name}
                      description={s.description}
                      meta={priceLine(s)}
                      badge={forced ? es.wizard.requiredBadge : undefined}
                      selected={selection.electronic_signature === s.id}
                      locked={forced}
                      soon={soonItem(s)}
                      onSelect={() => onToggle(s)}
                    />
                  </ServiceChoice>
                ))}
              </fieldset>
            </>
          )}
        </section>
      </div>
      <div className="wizard-columns__side">
        <PriceSummary country={country} catalog={data} selection={selection} signers={signers} />
      </div>
    </div>
  );
}
