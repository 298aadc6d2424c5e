import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import type { Country } from '../../../../shared/contract/countries';
import type { SubscriptionPlan } from '../../../../shared/contract/credits';
import { es, fmt } from '../../../../shared/messages.es';
import { formatCredits, formatMoney } from '../../../../shared/rules/currency';
import { QueryState } from '../../components/credit-screens/QueryState';
import { Icon } from '../../components/layout-bits/icons';
import { apiCall } from '../../lib/api';
import { intervalText } from './planRules';

export const subscriptionPlansQueryKey = (countryId: string) =>
  ['subscriptionPlans', countryId] as const;

/**
 * The subscriptions tab: the plans on offer in the selected country, read-only for now (the
 * notice says so; subscribing comes with the subscriptions work).
 */
export function PlansPanel({ country, notice }: { country: Country; notice: ReactNode }) {
  const headingId = useId();
  const plans = useQuery({
    queryKey: subscriptionPlansQueryKey(country.id),
    queryFn: ({ signal }) =>
      apiCall('listSubscriptionPlans', { query: { country: country.id }, signal }),
    staleTime: 5 * 60_000,
  });

  return (
    <section className="credits-section" aria-labelledby={headingId}>
      <div className="packages-intro">
        <h2 id={headingId} className="credits-section__title">
          {es.credits.plansListTitle}
        </h2>
        <p className="packages-intro__tax">
          <Icon name="fileText" size={16} />
          <span>
            {es.receipts.pricesVatIncluded} ·{' '}
            {fmt(es.credits.priceIn, { currency: country.currency_code })}
          </span>
        </p>
      </div>
      {notice}
      <QueryState
        query={plans}
        errorText={es.credits.plansLoadError}
        emptyText={es.credits.plansEmpty}
        isEmpty={(data) => data.plans.length === 0}
      >
        {(data) => (
          <ul className="offer-grid">
            {data.plans.map((plan) => (
              <li key={plan.id}>
                <PlanCard plan={plan} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function PlanCard({ plan }: { plan: SubscriptionPlan }) {
  const titleId = useId();
  return (
    <article className="offer-card plan-card" aria-labelledby={titleId}>
      <div className="offer-card__top">
        <span className="offer-card__icon" aria-hidden="true">
          <Icon name="creditCard" size={22} />
        </span>
        <h3 id={titleId} className="offer-card__title">
          {plan.name}
        </h3>
      </div>
      <p className="offer-card__price package-card__price">
        {formatMoney(plan.price, plan.currency_code)}{' '}
        <span className="offer-card__price-unit">
          {intervalText(plan.interval, plan.interval_count)}
        </span>
      </p>
      <p className="package-card__credits">
        <strong>{formatCredits(plan.credits_per_month)}</strong> {es.credits.perMonthUnit}
      </p>
      {plan.description ? <p className="offer-card__body">{plan.description}</p> : null}
      {plan.features.length > 0 ? (
        <ul
          className="plan-card__features"
          aria-label={fmt(es.credits.benefitsLabel, { name: plan.name })}
        >
          {plan.features.map((feature) => (
            <li key={feature}>
              <Icon name="check" size={16} />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
