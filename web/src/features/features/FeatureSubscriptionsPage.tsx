import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { FeaturePlan, FeatureSubscription } from '../../../../shared/contract/features';
import { es, fmt } from '../../../../shared/messages.es';
import { waitlistInterest } from '../../../../shared/rules/availability';
import { LOW_CREDITS_FEATURES } from '../../../../shared/rules/credits';
import { formatCredits } from '../../../../shared/rules/currency';
import { formatSantiagoDate } from '../../../../shared/rules/santiago-time';
import { NotifyMe } from '../../components/coming-soon/NotifyMe';
import { SoonBadge } from '../../components/coming-soon/SoonBadge';
import { BalancePill } from '../../components/credit-screens/BalancePill';
import { LowCreditsBanner } from '../../components/credit-screens/LowCreditsBanner';
import { QueryState } from '../../components/credit-screens/QueryState';
import { Icon, type IconName } from '../../components/layout-bits/icons';
import { Alert, Button, Modal, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { apiErrorDetail, errorWithDetail } from '../../lib/apiErrorDetail';
import { ActionKeys, newIdempotencyKey } from '../../lib/idempotency';
import { useAuthModal } from '../../lib/session/authModal';
import { useSession } from '../../lib/session/session';
import { useRefreshWallet, useWallet } from '../../lib/wallet/useWallet';
import { isLowBalance } from '../../lib/wallet/walletRules';
import { activeByPlan, activeSubscriptions, type PlanAction, planAction } from './featureRules';
import '../../components/credit-screens/credit-screens.css';
import '../../components/coming-soon/coming-soon.css';
import './features.css';

export const featurePlansQueryKey = ['featurePlans'] as const;
export const featureSubscriptionsQueryKey = ['featureSubscriptions'] as const;

const FEATURE_ICONS: Record<string, IconName> = {
  saved_signers_access: 'users',
  legal_advisory: 'scale',
  real_estate_analysis: 'building',
  real_estate_community: 'users',
};

const featureIcon = (type: string): IconName => FEATURE_ICONS[type] ?? 'star';

/**
 * /feature-subscriptions (§2 screen 3): the user's active premium features and the plans on
 * offer, paid monthly in credits. Visitors may look; subscribing asks them to log in.
 */
export function FeatureSubscriptionsPage() {
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const wallet = useWallet();
  const authModal = useAuthModal();
  const queryClient = useQueryClient();
  const refreshWallet = useRefreshWallet();
  const [toCancel, setToCancel] = useState<FeatureSubscription | null>(null);
  const activeHeadingId = useId();
  const plansHeadingId = useId();

  const plans = useQuery({
    queryKey: featurePlansQueryKey,
    queryFn: ({ signal }) => apiCall('listFeaturePlans', { signal }),
    staleTime: 5 * 60_000,
  });
  const subscriptions = useQuery({
    queryKey: featureSubscriptionsQueryKey,
    queryFn: ({ signal }) => apiCall('listFeatureSubscriptions', { signal }),
    enabled: signedIn,
  });

  // Per plan: a retry after no answer or a 503 is the same subscription (charged once at most).
  const keys = useRef(new ActionKeys(newIdempotencyKey));
  const subscribe = useMutation({
    mutationFn: (vars: { plan_id: string; idempotency_key: string }) =>
      apiCall('subscribeFeature', { body: vars }),
    onSuccess: (result, vars) => {
      keys.current.succeeded(vars.plan_id);
      toast.success(es.credits.subscribed);
      void refreshWallet(result.balance);
      void queryClient.invalidateQueries({ queryKey: featureSubscriptionsQueryKey });
    },
    onError: (err, vars) => {
      keys.current.failed(vars.plan_id, err);
      toast.error(errorWithDetail(es.credits.subscribeError, apiErrorDetail(err)));
      void refreshWallet();
      void queryClient.invalidateQueries({ queryKey: featureSubscriptionsQueryKey });
    },
  });

  const cancel = useMutation({
    mutationFn: (id: string) => apiCall('cancelFeatureSubscription', { params: { id } }),
    onSuccess: () => {
      toast.success(es.credits.cancelled);
      setToCancel(null);
    },
    onError: (err) => {
      toast.error(errorWithDetail(es.credits.cancelError, apiErrorDetail(err)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: featureSubscriptionsQueryKey }),
  });

  const now = Date.now();
  const subs = subscriptions.data?.subscriptions ?? [];
  const active = activeSubscriptions(subs, now);
  const byPlan = activeByPlan(subs, now);
  const balance = wallet.data?.balance;

  const actionFor = (plan: FeaturePlan): PlanAction =>
    planAction({
      session: status,
      // When the list could not be read the server still refuses a duplicate: offer Subscribe.
      hasActive: subscriptions.isError
        ? false
        : subscriptions.data
          ? byPlan.has(plan.id)
          : undefined,
      // Likewise an unreadable wallet: the server checks the balance anyway.
      balance: wallet.isError ? Number.POSITIVE_INFINITY : balance,
      cost: plan.credits_per_month,
    });

  const onSubscribe = (plan: FeaturePlan) => {
    if (!signedIn) {
      authModal.open('login');
      return;
    }
    subscribe.mutate({ plan_id: plan.id, idempotency_key: keys.current.keyFor(plan.id) });
  };

  return (
    <div className="page credits-page">
      <title>{`${es.credits.featuresTitle} · ${es.layout.brand}`}</title>
      <header className="credits-header">
        <div>
          <h1>{es.credits.featuresTitle}</h1>
          <p className="credits-header__intro">{es.credits.featuresIntro}</p>
        </div>
        {signedIn && balance !== undefined ? (
          <div className="credits-header__actions">
            <BalancePill balance={balance} />
            <Link to="/credit-history">{es.credits.viewHistory}</Link>
          </div>
        ) : null}
      </header>

      {signedIn && isLowBalance(balance, LOW_CREDITS_FEATURES) ? (
        <LowCreditsBanner message={es.credits.lowCreditsFeatures} />
      ) : null}

      {signedIn ? (
        <section className="credits-section" aria-labelledby={activeHeadingId}>
          <h2 id={activeHeadingId} className="credits-section__title">
            {es.credits.activeFeatures}
          </h2>
          {subscriptions.isPending ? (
            <div className="credits-loading">
              <Spinner label={es.common.loading} />
            </div>
          ) : subscriptions.isError ? (
            <Alert
              tone="error"
              action={
                <Button variant="secondary" size="sm" onClick={() => void subscriptions.refetch()}>
                  {es.credits.retry}
                </Button>
              }
            >
              {es.credits.featuresLoadError}
            </Alert>
          ) : active.length === 0 ? (
            <p className="features-none">{es.credits.noActiveFeatures}</p>
          ) : (
            <ul className="active-features">
              {active.map((sub) => (
                <li key={sub.id}>
                  <ActiveSubscriptionCard sub={sub} onCancel={() => setToCancel(sub)} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <section className="credits-section" aria-labelledby={plansHeadingId}>
        <h2 id={plansHeadingId} className="credits-section__title">
          {es.credits.availableFeatures}
        </h2>
        <QueryState
          query={plans}
          errorText={es.credits.featuresLoadError}
          emptyText={es.credits.featuresEmpty}
          isEmpty={(data) => data.plans.length === 0}
        >
          {(data) => (
            <ul className="offer-grid">
              {data.plans.map((plan) => {
                const action = actionFor(plan);
                const sub = byPlan.get(plan.id);
                return (
                  <li key={plan.id}>
                    <PlanCard
                      plan={plan}
                      action={action}
                      subscribing={subscribe.isPending && subscribe.variables?.plan_id === plan.id}
                      busy={subscribe.isPending}
                      onSubscribe={() => onSubscribe(plan)}
                      onCancel={() => (sub ? setToCancel(sub) : undefined)}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </section>

      <Modal
        open={toCancel !== null}
        onClose={() => {
          if (!cancel.isPending) setToCancel(null);
        }}
        title={es.credits.cancelConfirmTitle}
        description={
          toCancel ? fmt(es.credits.cancelConfirmBody, { name: toCancel.plan }) : undefined
        }
        size="sm"
      >
        <div className="features-modal__actions">
          <Button
            variant="secondary"
            data-autofocus
            disabled={cancel.isPending}
            onClick={() => setToCancel(null)}
          >
            {es.credits.keepSubscription}
          </Button>
          <Button
            variant="danger"
            loading={cancel.isPending}
            loadingLabel={es.auth.submitting}
            onClick={() => (toCancel ? cancel.mutate(toCancel.id) : undefined)}
          >
            {es.credits.cancelConfirm}
          </Button>
        </div>
      </Modal>
    </div>
  );
}

function ActiveSubscriptionCard({ sub, onCancel }: { sub: FeatureSubscription; onCancel(): void }) {
  const titleId = useId();
  return (
    <article className="active-feature" aria-labelledby={titleId}>
      <span className="offer-card__icon" aria-hidden="true">
        <Icon name={featureIcon(sub.feature_type)} size={22} />
      </span>
      <div className="active-feature__main">
        <div className="active-feature__title-row">
          <h3 id={titleId} className="offer-card__title">
            {sub.plan}
          </h3>
          <span className="feature-badge">{es.credits.activeBadge}</span>
        </div>
        <p className="active-feature__meta">
          {fmt(es.credits.perMonth, { n: formatCredits(sub.credits_per_period) })}
          <span aria-hidden="true"> · </span>
          {fmt(es.credits.activeUntil, { date: formatSantiagoDate(sub.period_end) })}
        </p>
        {sub.auto_renew && sub.next_renewal_date ? (
          <p className="active-feature__meta">
            {fmt(es.credits.nextRenewal, { date: formatSantiagoDate(sub.next_renewal_date) })}
          </p>
        ) : null}
      </div>
      <Button variant="secondary" size="sm" onClick={onCancel}>
        {es.credits.cancelSubscription}
      </Button>
    </article>
  );
}

function PlanCard({
  plan,
  action,
  subscribing,
  busy,
  onSubscribe,
  onCancel,
}: {
  plan: FeaturePlan;
  action: PlanAction;
  subscribing: boolean;
  busy: boolean;
  onSubscribe(): void;
  onCancel(): void;
}) {
  const titleId = useId();
  const noteId = useId();
  // Nothing to use yet (issue 21): 'Próximamente' and 'Avísame', no price and no promises; a
  // subscription taken before still shows, with its cancel.
  const soon = !plan.available && action !== 'cancel';
  const item = waitlistInterest('feature', plan.feature_type);
  if (soon) {
    return (
      <article className="offer-card offer-card--soon" aria-labelledby={titleId}>
        <div className="offer-card__top">
          <span className="offer-card__icon" aria-hidden="true">
            <Icon name={featureIcon(plan.feature_type)} size={22} />
          </span>
          <h3 id={titleId} className="offer-card__title">
            {plan.name}
          </h3>
          <SoonBadge item={item} />
        </div>
        {plan.description ? <p className="offer-card__body">{plan.description}</p> : null}
        <div className="offer-card__footer">
          <NotifyMe interest={item} label={plan.name} />
        </div>
      </article>
    );
  }
  return (
    <article
      className={action === 'cancel' ? 'offer-card offer-card--active' : 'offer-card'}
      aria-labelledby={titleId}
    >
      <div className="offer-card__top">
        <span className="offer-card__icon" aria-hidden="true">
          <Icon name={featureIcon(plan.feature_type)} size={22} />
        </span>
        <h3 id={titleId} className="offer-card__title">
          {plan.name}
        </h3>
      </div>
      <p className="offer-card__price">
        {formatCredits(plan.credits_per_month)}{' '}
        <span className="offer-card__price-unit">{es.credits.perMonthUnit}</span>
      </p>
      {plan.description ? <p className="offer-card__body">{plan.description}</p> : null}
      {plan.benefits.length > 0 ? (
        <ul
          className="feature-benefits"
          aria-label={fmt(es.credits.benefitsLabel, { name: plan.name })}
        >
          {plan.benefits.map((b) => (
            <li key={b}>
              <Icon name="check" size={16} />
              <span>{b}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="offer-card__footer">
        {action === 'cancel' ? (
          <>
            <p className="offer-card__note offer-card__note--success">
              <Icon name="check" size={16} />
              {es.credits.alreadySubscribed}
            </p>
            <Button variant="secondary" fullWidth onClick={onCancel}>
              {es.credits.cancelSubscription}
            </Button>
          </>
        ) : (
          <>
            {action === 'insufficient' ? (
              <p id={noteId} className="offer-card__note offer-card__note--danger">
                <Icon name="alertTriangle" size={16} />
                {es.credits.insufficient}
              </p>
            ) : null}
            <Button
              fullWidth
              loading={subscribing}
              disabled={action === 'wait' || action === 'insufficient' || (busy && !subscribing)}
              aria-describedby={action === 'insufficient' ? noteId : undefined}
              onClick={onSubscribe}
            >
              {es.credits.subscribe}
            </Button>
          </>
        )}
      </div>
    </article>
  );
}
