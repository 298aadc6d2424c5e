import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { es, fmt } from '../../../../shared/messages.es';
import { TransactionList } from '../../components/credit-ledger/TransactionList';
import { WalletSummary } from '../../components/credit-ledger/WalletSummary';
import { LoadMore } from '../../components/pager/LoadMore';
import { Alert, Button, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { AdjustmentForm } from './AdjustmentForm';
import '../../components/credit-screens/credit-screens.css';
import '../../styles/status-badge.css';
import './admin-billing.css';

/**
 * 'Billing' of an organisation for the platform admin (/billing?organization={id}, the button
 * of /admin/organizations): its wallet, its ledger a page at a time, and manual adjustments.
 */
export function BillingPage() {
  const t = es.organizations;
  const [params] = useSearchParams();
  const id = params.get('organization') ?? '';
  const billing = useInfiniteQuery({
    queryKey: ['admin', 'billing', id],
    queryFn: ({ pageParam, signal }) =>
      apiCall('getAdminOrganizationBilling', {
        params: { id },
        query: { cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: id !== '',
  });
  const back = (
    <Link to="/admin/organizations" className="lb-btn lb-btn--secondary">
      {t.backToOrganizations}
    </Link>
  );
  if (!id) {
    return (
      <div className="page credits-page">
        <Alert tone="info">{t.billingChoose}</Alert>
        <div>{back}</div>
      </div>
    );
  }
  const first = billing.data?.pages[0];
  const transactions = billing.data?.pages.flatMap((p) => p.transactions) ?? [];
  return (
    <div className="page credits-page">
      <title>{`${fmt(t.billingTitle, { organization: first?.organization.name ?? '' })} · ${es.layout.brand}`}</title>
      <header className="credits-header">
        <div>
          <h1>{fmt(t.billingTitle, { organization: first?.organization.name ?? '…' })}</h1>
          <p className="credits-header__intro billing-meta">
            {first && !first.organization.is_active ? (
              <span className="status-badge status-badge--muted">{t.inactive}</span>
            ) : null}
            {t.billingIntro}
          </p>
        </div>
        <div className="credits-header__actions">{back}</div>
      </header>
      {billing.isPending ? <Spinner label={es.common.loading} /> : null}
      {billing.isError && !first ? (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void billing.refetch()}>
              {es.common.retry}
            </Button>
          }
        >
          {billing.error.message || t.billingError}
        </Alert>
      ) : null}
      {first ? (
        <>
          <WalletSummary wallet={first.wallet} />
          <AdjustmentForm organizationId={id} onAdjusted={() => void billing.refetch()} />
          <section className="credits-section">
            <h2 className="credits-section__title">{es.credits.movementsTitle}</h2>
            {transactions.length ? (
              <TransactionList transactions={transactions} />
            ) : (
              <p className="billing-empty">{es.credits.historyEmpty}</p>
            )}
            <LoadMore
              hasMore={billing.hasNextPage}
              loading={billing.isFetchingNextPage}
              onLoad={() => void billing.fetchNextPage()}
            />
          </section>
        </>
      ) : null}
    </div>
  );
}
