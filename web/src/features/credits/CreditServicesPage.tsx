import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { CreditService, ServiceName } from '../../../../shared/contract/credits';
import { es, fmt } from '../../../../shared/messages.es';
import { HOME_COUNTRY_ID, waitlistInterest } from '../../../../shared/rules/availability';
import { LOW_CREDITS_SERVICES } from '../../../../shared/rules/credits';
import { formatCredits } from '../../../../shared/rules/currency';
import { NotifyMe } from '../../components/coming-soon/NotifyMe';
import { SoonBadge } from '../../components/coming-soon/SoonBadge';
import { creditsText, servicePriceUnit } from '../../components/credit-ledger/creditRules';
import { BalancePill } from '../../components/credit-screens/BalancePill';
import { LowCreditsBanner } from '../../components/credit-screens/LowCreditsBanner';
import { Icon, type IconName } from '../../components/layout-bits/icons';
import { Button, Modal } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { apiErrorDetail, errorWithDetail } from '../../lib/apiErrorDetail';
import { useCountry } from '../../lib/country/CountryProvider';
import { ActionKeys, newIdempotencyKey } from '../../lib/idempotency';
import { useAuthModal } from '../../lib/session/authModal';
import { useRefreshWallet, useWallet } from '../../lib/wallet/useWallet';
import { isInsufficient, isLowBalance } from '../../lib/wallet/walletRules';
import '../../components/credit-screens/credit-screens.css';
import '../../components/coming-soon/coming-soon.css';
import './credits.css';
import { QueryState } from '../../components/credit-screens/QueryState';
import { creditServicesQuery } from '../../lib/creditServicesQuery';

const SERVICE_ICONS: Record<ServiceName, IconName> = {
  ai_document_analysis: 'fileText',
  ai_chat_message: 'send',
  document_signature: 'pen',
  notarial_service: 'stamp',
  template_access: 'clipboard',
};

/** Where a service consumed by another feature is used (issue 21): the card leads there. */
const USE_TARGET = {
  analysis: { to: '/firmar-documento', label: es.availability.goToAnalysis },
  wizard: { to: '/firmar-documento', label: es.availability.goToWizard },
} as const;

/**
 * /credit-services (§2 screen 4): what each service costs in credits and a way to use it.
 * Nothing takes credits without delivering (issue 21): a service not available yet is shown as
 * 'Próximamente' with 'Avísame'; the analysis and the wizard's services lead to the feature
 * that consumes them (which charges for itself, at the price shown here: one rule, from the
 * server); only a service used directly is charged here, after a confirmation with its price.
 * Anyone may look; using needs a session (the login modal opens) and enough credits.
 */
export function CreditServicesPage() {
  const wallet = useWallet();
  const authModal = useAuthModal();
  const refreshWallet = useRefreshWallet();
  const { country, loading, detecting } = useCountry();
  const listHeadingId = useId();
  const [toConfirm, setToConfirm] = useState<CreditService | null>(null);
  const services = useQuery({
    ...creditServicesQuery(country?.id ?? HOME_COUNTRY_ID),
    // The prices of the wizard's services are the country's: wait for it to be known.
    enabled: !loading && !detecting,
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
    onSettled: () => setToConfirm(null),
  });

  const balance = wallet.data?.balance;
  const onUse = (service: CreditService) => {
    if (!wallet.signedIn) {
      authModal.open('login');
      return;
    }
    setToConfirm(service);
  };
  const confirmUse = () => {
    if (!toConfirm) return;
    use.mutate({
      service_name: toConfirm.service_name,
      idempotency_key: keys.current.keyFor(toConfirm.service_name),
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
              {data.services.map((service) => {
                const direct = service.available && service.use === 'direct';
                const insufficient =
                  direct && wallet.signedIn && isInsufficient(balance, service.credits_per_unit);
                const pending =
                  use.isPending && use.variables?.service_name === service.service_name;
                return (
                  <li key={service.id}>
                    <ServiceCard
                      service={service}
                      insufficient={insufficient}
                      pending={pending}
                      // Another use is on its way: one at a time, so the balance shown stays true.
                      busy={use.isPending && !pending}
                      waiting={wallet.sessionLoading}
                      onUse={() => onUse(service)}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </section>

      <Modal
        open={toConfirm !== null}
        onClose={() => {
          if (!use.isPending) setToConfirm(null);
        }}
        title={
          toConfirm
            ? fmt(es.availability.useConfirmTitle, {
                name: es.credits.serviceNames[toConfirm.service_name] ?? toConfirm.service_name,
              })
            : ''
        }
        description={
          toConfirm
            ? fmt(es.availability.useConfirmBody, {
                n: creditsText(toConfirm.credits_per_unit),
                balance: formatCredits(balance ?? 0),
              })
            : undefined
        }
        size="sm"
      >
        <div className="credit-use-confirm__actions">
          <Button variant="secondary" onClick={() => setToConfirm(null)} disabled={use.isPending}>
            {es.common.cancel}
          </Button>
          <Button data-autofocus onClick={confirmUse} loading={use.isPending}>
            {toConfirm
              ? fmt(es.availability.useConfirm, { n: creditsText(toConfirm.credits_per_unit) })
              : null}
          </Button>
        </div>
      </Modal>
    </div>
  );
}

function ServiceCard({
  service,
  insufficient,
  pending,
  busy,
  waiting,
  onUse,
}: {
  service: CreditService;
  insufficient: boolean;
  pending: boolean;
  busy: boolean;
  waiting: boolean;
  onUse(): void;
}) {
  const titleId = useId();
  const noteId = useId();
  const name = es.credits.serviceNames[service.service_name] ?? service.service_name;
  const item = waitlistInterest('credit_service', service.service_name);
  const target = service.use === 'direct' ? undefined : USE_TARGET[service.use];
  return (
    <article
      className={`offer-card${service.available ? '' : ' offer-card--soon'}`}
      aria-labelledby={titleId}
    >
      <div className="offer-card__top">
        <span className="offer-card__icon" aria-hidden="true">
          <Icon name={SERVICE_ICONS[service.service_name] ?? 'coins'} size={22} />
        </span>
        <h3 id={titleId} className="offer-card__title">
          {name}
        </h3>
        {service.available ? null : <SoonBadge item={item} />}
      </div>
      {service.available ? (
        <p className="offer-card__price">
          {service.price_from
            ? fmt(es.availability.priceFrom, { n: formatCredits(service.credits_per_unit) })
            : formatCredits(service.credits_per_unit)}{' '}
          <span className="offer-card__price-unit">{servicePriceUnit(service)}</span>
        </p>
      ) : null}
      {service.description ? <p className="offer-card__body">{service.description}</p> : null}
      <div className="offer-card__footer">
        {!service.available ? (
          <NotifyMe interest={item} label={name} />
        ) : target ? (
          <Link to={target.to} className="lb-btn lb-btn--primary offer-card__link">
            {target.label}
          </Link>
        ) : (
          <>
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
          </>
        )}
      </div>
    </article>
  );
}
