import { useId, useState } from 'react';
import { Link } from 'react-router';
import { es } from '../../../../shared/messages.es';
import { BalancePill } from '../../components/credit-screens/BalancePill';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, focusTab, Spinner, TabPanel, Tabs } from '../../components/ui';
import { useCountry } from '../../lib/country/CountryProvider';
import { useWallet } from '../../lib/wallet/useWallet';
import { PackagesPanel } from './PackagesPanel';
import { PlansPanel } from './PlansPanel';
import '../../components/credit-screens/credit-screens.css';
import '../../styles/status-page.css';
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
  const baseId = useId();
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

      <Tabs
        idBase={baseId}
        className="plans-tabs"
        label={es.credits.plansTitle}
        selected={tab}
        onSelect={setTab}
        tabs={TABS.map((t) => ({
          id: t.id,
          label: t.label,
          icon: <Icon name={t.id === 'packages' ? 'package' : 'creditCard'} size={18} />,
        }))}
      />

      <TabPanel idBase={baseId} selected={tab} className="plans-panel">
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
                      focusTab(baseId, 'packages');
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
      </TabPanel>
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
