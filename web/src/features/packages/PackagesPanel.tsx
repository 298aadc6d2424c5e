import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import type { Country } from '../../../../shared/contract/countries';
import type { CreditPackage } from '../../../../shared/contract/credits';
import { es, fmt } from '../../../../shared/messages.es';
import { formatCredits, formatMoney } from '../../../../shared/rules/currency';
import { QueryState } from '../../components/credit-screens/QueryState';
import { Icon } from '../../components/layout-bits/icons';
import { Button } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { checkoutReturnOf, RETURN_PARAM } from '../../lib/checkoutReturn';
import { useAuthModal } from '../../lib/session/authModal';
import { creditsQueryKey, useWallet } from '../../lib/wallet/useWallet';
import { creditWord } from '../../lib/wallet/walletRules';
import { PurchaseModal, type StartedPurchase } from './PurchaseModal';
import { intentErrorMessage } from './purchase';

export const creditPackagesQueryKey = (countryId: string) => ['creditPackages', countryId] as const;

/**
 * The one-off packages tab: every package sold in the selected country at its price there.
 * Buying needs a package, a country and a logged-in user (§5): visitors get the login modal.
 */
export function PackagesPanel({ country }: { country: Country }) {
  const wallet = useWallet();
  const authModal = useAuthModal();
  const queryClient = useQueryClient();
  const [purchase, setPurchase] = useState<StartedPurchase | null>(null);
  const headingId = useId();

  const packages = useQuery({
    queryKey: creditPackagesQueryKey(country.id),
    queryFn: ({ signal }) =>
      apiCall('listCreditPackages', { query: { country: country.id }, signal }),
    staleTime: 5 * 60_000,
  });

  const start = useMutation({
    mutationFn: (pkg: CreditPackage) =>
      apiCall('createPackagePaymentIntent', { body: { packageId: pkg.id, countryId: country.id } }),
    onSuccess: (started) => setPurchase(started),
    onError: (err) => toast.error(intentErrorMessage(err)),
  });

  const onBuy = (pkg: CreditPackage) => {
    if (!wallet.signedIn) {
      authModal.open('login');
      return;
    }
    start.mutate(pkg);
  };

  const refreshCredits = useCallback(
    () => queryClient.invalidateQueries({ queryKey: creditsQueryKey }),
    [queryClient],
  );
  const onClose = useCallback(() => {
    setPurchase(null);
    // A closed modal may hide a payment credited meanwhile: read the wallet again.
    void refreshCredits();
  }, [refreshCredits]);
  // §4: the success handler, 2 s after the credits arrived, tells the user and shows the new
  // balance (a query refresh instead of the page reload).
  // Come from checkout's 'Comprar créditos': back there with the credits (issue 21).
  const backTo = checkoutReturnOf(useSearchParams()[0].get(RETURN_PARAM));
  const navigate = useNavigate();
  const onSucceeded = useCallback(() => {
    setPurchase(null);
    toast.success(es.credits.purchaseSuccess);
    void refreshCredits();
    if (backTo) void navigate(backTo);
  }, [refreshCredits, backTo, navigate]);

  return (
    <section className="credits-section" aria-labelledby={headingId}>
      <div className="packages-intro">
        <h2 id={headingId} className="credits-section__title">
          {es.credits.packagesListTitle}
        </h2>
        <p className="packages-intro__text">{es.credits.packagesIntro}</p>
        <p className="packages-intro__tax">
          <Icon name="fileText" size={16} />
          <span>
            {es.receipts.pricesVatIncluded} ·{' '}
            {fmt(es.credits.priceIn, { currency: country.currency_code })}
          </span>
        </p>
      </div>

      <QueryState
        query={packages}
        errorText={es.credits.packagesLoadError}
        emptyText={es.credits.packagesEmpty}
        isEmpty={(data) => data.packages.length === 0}
      >
        {(data) => (
          <ul className="offer-grid">
            {data.packages.map((pkg) => {
              const pending = start.isPending && start.variables?.id === pkg.id;
              return (
                <li key={pkg.id}>
                  <PackageCard
                    pkg={pkg}
                    pending={pending}
                    busy={(start.isPending && !pending) || purchase !== null}
                    waiting={wallet.sessionLoading}
                    onBuy={() => onBuy(pkg)}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>

      <p className="packages-validity">
        <Icon name="clock" size={16} />
        <span>{es.credits.packageValidity}</span>
      </p>

      {!wallet.signedIn && !wallet.sessionLoading ? (
        <div className="packages-invite">
          <p>{es.credits.signupInvite}</p>
          <div className="packages-invite__actions">
            <Button size="sm" onClick={() => authModal.open('register')}>
              {es.auth.register}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => authModal.open('login')}>
              {es.auth.login}
            </Button>
          </div>
        </div>
      ) : null}

      {purchase ? (
        <PurchaseModal purchase={purchase} onClose={onClose} onSucceeded={onSucceeded} />
      ) : null}
    </section>
  );
}

function PackageCard({
  pkg,
  pending,
  busy,
  waiting,
  onBuy,
}: {
  pkg: CreditPackage;
  pending: boolean;
  busy: boolean;
  waiting: boolean;
  onBuy(): void;
}) {
  const titleId = useId();
  return (
    <article className="offer-card package-card" aria-labelledby={titleId}>
      <div className="offer-card__top">
        <span className="offer-card__icon" aria-hidden="true">
          <Icon name="package" size={22} />
        </span>
        <h3 id={titleId} className="offer-card__title">
          {pkg.name}
        </h3>
      </div>
      <p className="package-card__credits">
        <strong>{formatCredits(pkg.credits_amount)}</strong> {creditWord(pkg.credits_amount)}
      </p>
      <p className="offer-card__price package-card__price">
        {formatMoney(pkg.price, pkg.currency_code)}
      </p>
      {pkg.description ? <p className="offer-card__body">{pkg.description}</p> : null}
      <div className="offer-card__footer">
        <Button fullWidth onClick={onBuy} loading={pending} disabled={busy || waiting}>
          {es.credits.buy}
        </Button>
      </div>
    </article>
  );
}
