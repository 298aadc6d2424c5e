import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { ConsumptionRule, ServiceName } from '../../../../shared/contract/credits';
import { es } from '../../../../shared/messages.es';
import { LOW_CREDITS_SERVICES } from '../../../../shared/rules/credits';
import { formatCredits } from '../../../../shared/rules/currency';
import { BalancePill } from '../../components/credit-screens/BalancePill';
import { LowCreditsBanner } from '../../components/credit-screens/LowCreditsBanner';
import { Icon, type IconName } from '../../components/layout-bits/icons';
import { Button } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { apiErrorDetail, errorWithDetail } from '../../lib/apiErrorDetail';
import { ActionKeys, newIdempotencyKey } from '../../lib/idempotency';
import { useAuthModal } from '../../lib/session/authModal';
import { useRefreshWallet, useWallet } from '../../lib/wallet/useWallet';
import { isInsufficient, isLowBalance } from '../../lib/wallet/walletRules';
import { perUnitText } from './creditRules';
import '../../components/credit-screens/credit-screens.css';
import { QueryState } from '../../components/credit-screens/QueryState';

export const creditServicesQueryKey = ['creditServices'] as const;

const SERVICE_ICONS: Record<ServiceName, IconName> = {
  ai_document_analysis: 'fileText',
  ai_chat_message: 'send',
  document_signature: 'pen',
  notarial_service: 'stamp',
  template_access: 'clipboard',
};

/**
 * /credit-services (§2 screen 4): what each service costs in credits and a way to use it.
 * Anyone may look; using needs a session (the login modal opens) and enough credits.
 */
export function CreditServicesPage() {
  const wallet = useWallet();
  const authModal = useAuthModal();
  const refreshWallet = useRefreshWallet();
  const listHeadingId = useId();
  const services = useQuery({
    queryKey: creditServicesQueryKey,
    queryFn: ({ signal }) => apiCall('listCreditServices', { signal }),
    staleTime: 5 * 60_000,
  });

  // Per service: a retry after no answer or a 503 is the same use (same key, charged once at
  // most); a click after an answer is a new use with a new key.
  const keys = useRef(new ActionKeys(newIdempotencyKey));
  const use = useMutation({
    mutationFn: (vars: { service_name: ServiceName; idempotency_key: string }) =>
      apiCall('useCreditService', { body: { ...vars, quantity: 1 } }),
    onSuccess: (result, vars) => {
      keys.current.succeeded(vars.service_name);
      toast.success(es.credits.serviceUsed);
      void refreshWallet(result.balance);
    },
    onError: (err, vars) => {
      keys.current.failed(vars.service_name, err);
      toast.error(errorWithDetail(es.credits.serviceError, apiErrorDetail(err)));
      // The balance may have changed elsewhere (another tab): show the real one.
      void refreshWallet();
    },
  });

  const balance = wallet.data?.balance;
  const onUse = (rule: ConsumptionRule) => {
    if (!wallet.signedIn) {
      authModal.open('login');
      return;
    }
    use.mutate({
      service_name: rule.service_name,
      idempotency_key: keys.current.keyFor(rule.service_name),
    });
  };

  return (
    <div className="page credits-page">
      <title>{`${es.credits.servicesTitle} · ${es.layout.brand}`}</title>
      <header className="credits-header">
        <div>
          <h1>{es.credits.servicesTitle}</h1>
          <p className="credits-header__intro">{es.credits.servicesIntro}</p>
        </div>
        {wallet.signedIn && balance !== undefined ? (
          <div className="credits-header__actions">
            <BalancePill balance={balance} />
            <Link to="/credit-history">{es.credits.viewHistory}</Link>
          </div>
        ) : null}
      </header>

      {wallet.signedIn && isLowBalance(balance, LOW_CREDITS_SERVICES) ? (
        <LowCreditsBanner message={es.credits.lowBalance} />
      ) : null}

      <section className="credits-section" aria-labelledby={listHeadingId}>
        <h2 id={listHeadingId} className="visually-hidden">
          {es.credits.servicesListTitle}
        </h2>
        <QueryState
          query={services}
          errorText={es.credits.servicesLoadError}
          emptyText={es.credits.servicesEmpty}
          isEmpty={(data) => data.services.length === 0}
        >
          {(data) => (
            <ul className="offer-grid">
              {data.services.map((rule) => {
                const insufficient =
                  wallet.signedIn && isInsufficient(balance, rule.credits_per_unit);
                const pending = use.isPending && use.variables?.service_name === rule.service_name;
                return (
                  <li key={rule.id}>
                    <ServiceCard
                      rule={rule}
                      insufficient={insufficient}
                      pending={pending}
                      // Another use is on its way: one at a time, so the balance shown stays true.
                      busy={use.isPending && !pending}
                      waiting={wallet.sessionLoading}
                      onUse={() => onUse(rule)}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </section>
    </div>
  );
}

function ServiceCard({
  rule,
  insufficient,
  pending,
  busy,
  waiting,
  onUse,
}: {
  rule: ConsumptionRule;
  insufficient: boolean;
  pending: boolean;
  busy: boolean;
  waiting: boolean;
  onUse(): void;
}) {
  const titleId = useId();
  const noteId = useId();
  return (
    <article className="offer-card" aria-labelledby={titleId}>
      <div className="offer-card__top">
        <span className="offer-card__icon" aria-hidden="true">
          <Icon name={SERVICE_ICONS[rule.service_name] ?? 'coins'} size={22} />
        </span>
        <h3 id={titleId} className="offer-card__title">
          {es.credits.serviceNames[rule.service_name] ?? rule.service_name}
        </h3>
      </div>
      <p className="offer-card__price">
        {formatCredits(rule.credits_per_unit)}{' '}
        <span className="offer-card__price-unit">
          {perUnitText(rule.credits_per_unit, rule.service_type)}
        </span>
      </p>
      {rule.description ? <p className="offer-card__body">{rule.description}</p> : null}
      <div className="offer-card__footer">
        {insufficient ? (
          <p id={noteId} className="offer-card__note offer-card__note--danger">
            <Icon name="alertTriangle" size={16} />
            {es.credits.insufficient}
          </p>
        ) : null}
        <Button
          fullWidth
          onClick={onUse}
          loading={pending}
          disabled={insufficient || busy || waiting}
          aria-describedby={insufficient ? noteId : undefined}
        >
          {es.credits.useService}
        </Button>
      </div>
    </article>
  );
}
