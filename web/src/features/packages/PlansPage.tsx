import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { es } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, Spinner } from '../../components/ui';
import { useCountry } from '../country/CountryProvider';
import { useWallet } from '../credits/useWallet';
import { BalancePill } from '../credits/WalletSummary';
import { PackagesPanel } from './PackagesPanel';
import { PlansPanel } from './PlansPanel';
import '../credits/credits.css';
import '../placeholder/placeholder.css';
import './packages.css';

type Tab = 'subscriptions' | 'packages';

const TABS: { id: Tab; label: string }[] = [
  { id: 'subscriptions', label: es.credits.tabSubscriptions },
  { id: 'packages', label: es.credits.tabPackages },
];

/** /subscription-plans: the credits and subscriptions screen, subscriptions tab first. */
export function SubscriptionPlansPage() {
  return <PlansScreen initialTab="subscriptions" />;
}

/** /credit-packages: the same screen, opened on the one-off packages. */
export function CreditPackagesPage() {
  return <PlansScreen initialTab="packages" />;
}

/**
 * The credits and subscriptions screen (credits-signing-admin §2 screen 2): a selected country
 * is required (prices are in its currency); two tabs, recurring subscriptions and one-off
 * packages; the balance of a signed-in user. Visitors may look and are asked to log in to buy.
 */
function PlansScreen({ initialTab }: { initialTab: Tab }) {
  const { country, loading, detecting } = useCountry();
  const wallet = useWallet();
  const [tab, setTab] = useState<Tab>(initialTab);
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const baseId = useId();
  const tabId = (t: Tab) => `${baseId}-tab-${t}`;
  const panelId = (t: Tab) => `${baseId}-panel-${t}`;
  const pageTitle = tab === 'packages' ? es.credits.packagesTitle : es.credits.plansTitle;

  if (!country) {
    if (loading || detecting) {
      return (
        <div className="page credits-page">
          <title>{`${pageTitle} · ${es.layout.brand}`}</title>
          <div className="credits-loading">
            <Spinner label={es.common.loading} />
          </div>
        </div>
      );
    }
    return <SelectCountry />;
  }

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern, automatic activation).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.id === tab);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    const target = next === undefined ? undefined : TABS[next];
    if (!target) return;
    event.preventDefault();
    setTab(target.id);
    tabRefs.current[target.id]?.focus();
  };

  const balance = wallet.data?.balance;
  return (
    <div className="page credits-page plans-page">
      <title>{`${pageTitle} · ${es.layout.brand}`}</title>
      <header className="credits-header">
        <div>
          <h1>{es.credits.plansTitle}</h1>
          <p className="credits-header__intro">{es.credits.plansIntro}</p>
        </div>
        {wallet.signedIn && balance !== undefined ? (
          <div className="credits-header__actions">
            <BalancePill balance={balance} />
            <Link to="/credit-history">{es.credits.viewHistory}</Link>
          </div>
        ) : null}
      </header>

      <div className="plans-tabs" role="tablist" aria-label={es.credits.plansTitle}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={tabId(t.id)}
            aria-controls={panelId(t.id)}
            aria-selected={tab === t.id}
            tabIndex={tab === t.id ? 0 : -1}
            className="plans-tabs__tab"
            onClick={() => setTab(t.id)}
            onKeyDown={onTabKey}
          >
            <Icon name={t.id === 'packages' ? 'package' : 'creditCard'} size={18} />
            {t.label}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} className="plans-panel">
        {tab === 'packages' ? (
          <PackagesPanel country={country} />
        ) : (
          <PlansPanel
            country={country}
            notice={
              <Alert
                tone="info"
                className="plans-notice"
                action={
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      setTab('packages');
                      tabRefs.current.packages?.focus();
                    }}
                  >
                    {es.credits.tabPackages}
                  </Button>
                }
              >
                {es.credits.plansReadOnly}
              </Alert>
            }
          />
        )}
      </div>
    </div>
  );
}

/** §2 screen 2: without a selected country there are no prices to show. */
function SelectCountry() {
  return (
    <div className="page status-page">
      <title>{`${es.credits.selectCountryTitle} · ${es.layout.brand}`}</title>
      <div className="status-page__card card">
        <span className="status-page__icon" aria-hidden="true">
          <GlobeIcon />
        </span>
        <h1>{es.credits.selectCountryTitle}</h1>
        <p className="status-page__body">{es.credits.selectCountryBody}</p>
        <Link to="/" className="lb-btn lb-btn--primary">
          <Icon name="home" size={18} />
          {es.common.backHome}
        </Link>
      </div>
    </div>
  );
}

function GlobeIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10Z" />
    </svg>
  );
}
