import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CreditTransaction } from '../../../../shared/contract/credits';
import { es } from '../../../../shared/messages.es';
import type { TransactionType } from '../../../../shared/rules/credits';
import {
  filterLabel,
  HISTORY_FILTERS,
  isTransactionType,
} from '../../components/credit-ledger/creditRules';
import { TransactionList } from '../../components/credit-ledger/TransactionList';
import { WalletSummary } from '../../components/credit-ledger/WalletSummary';
import { Icon } from '../../components/layout-bits/icons';
import { LoadMore } from '../../components/pager/LoadMore';
import { Alert, Button, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { receiptOfTransaction } from '../../lib/receipts/receiptIndex';
import { useReceiptIndex } from '../../lib/receipts/useReceipts';
import { creditsQueryKey, useWallet } from '../../lib/wallet/useWallet';
import '../../components/credit-screens/credit-screens.css';
import './credits.css';

const PAGE_SIZE = 20;

/** /credit-history (§2 screen 5): the wallet's figures, a type filter and the movements. */
export function CreditHistoryPage() {
  const wallet = useWallet();
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('type') ?? '';
  const type = isTransactionType(raw) ? raw : undefined;
  const filterHeadingId = useId();

  const history = useInfiniteQuery({
    queryKey: [...creditsQueryKey, 'transactions', type ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      apiCall('listCreditTransactions', {
        query: { type, limit: PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const transactions = history.data?.pages.flatMap((page) => page.transactions) ?? [];
  // A purchase's receipt follows its payment by a moment: read again until it is there.
  const receipts = useReceiptIndex((index) =>
    transactions.some((t) => awaitsReceipt(t) && !receiptOfTransaction(index, t)),
  );

  const choose = (next: 'all' | TransactionType) => {
    setSearchParams(
      (params) => {
        if (next === 'all') params.delete('type');
        else params.set('type', next);
        return params;
      },
      { replace: true },
    );
  };

  return (
    <div className="page credits-page">
      <title>{`${es.credits.historyTitle} · ${es.layout.brand}`}</title>
      <header className="credits-header">
        <div>
          <h1>{es.credits.historyTitle}</h1>
          <p className="credits-header__intro">{es.credits.historyIntro}</p>
        </div>
        <Link to="/credit-packages" className="lb-btn lb-btn--primary">
          <Icon name="package" size={18} />
          {es.credits.buyCredits}
        </Link>
      </header>

      {wallet.data ? (
        <WalletSummary wallet={wallet.data} />
      ) : wallet.isError ? (
        <Alert tone="error">{es.credits.walletLoadError}</Alert>
      ) : (
        <div className="credits-loading">
          <Spinner label={es.common.loading} />
        </div>
      )}

      <section className="credits-section" aria-labelledby={filterHeadingId}>
        <div className="history-toolbar">
          <h2 id={filterHeadingId} className="credits-section__title">
            {es.credits.movementsTitle}
          </h2>
          <fieldset className="history-filter">
            <legend className="visually-hidden">{es.credits.filterType}</legend>
            {HISTORY_FILTERS.map((filter) => {
              const active = (type ?? 'all') === filter;
              return (
                <button
                  key={filter}
                  type="button"
                  className="history-filter__chip"
                  aria-pressed={active}
                  onClick={() => choose(filter)}
                >
                  {filterLabel(filter)}
                </button>
              );
            })}
          </fieldset>
        </div>

        {history.isPending ? (
          <div className="credits-loading">
            <Spinner label={es.common.loading} />
          </div>
        ) : history.isError && transactions.length === 0 ? (
          <Alert
            tone="error"
            action={
              <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
                {es.credits.retry}
              </Button>
            }
          >
            {es.credits.historyLoadError}
          </Alert>
        ) : transactions.length === 0 ? (
          <div className="credits-empty">
            <span className="credits-empty__icon" aria-hidden="true">
              <Icon name="history" size={28} />
            </span>
            <p>{type ? es.credits.historyEmptyFiltered : es.credits.historyEmpty}</p>
          </div>
        ) : (
          <>
            <TransactionList
              transactions={transactions}
              receiptOf={(t) => receiptOfTransaction(receipts.data, t)?.id}
            />
            {history.isFetchNextPageError ? (
              <Alert tone="error">{es.credits.historyLoadError}</Alert>
            ) : null}
            <LoadMore
              hasMore={history.hasNextPage}
              loading={history.isFetchingNextPage}
              onLoad={() => void history.fetchNextPage()}
            />
          </>
        )}
      </section>
    </div>
  );
}

/** A card purchase of the last minutes, whose receipt may still be on its way. */
const awaitsReceipt = (t: CreditTransaction) =>
  t.type === 'purchase' &&
  t.payment_intent_id !== null &&
  Date.now() - Date.parse(t.created_at) < 120_000;
