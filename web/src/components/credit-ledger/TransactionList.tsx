import { Link } from 'react-router';
import type { CreditTransaction } from '../../../../shared/contract/credits';
import { es, fmt } from '../../../../shared/messages.es';
import type { TransactionType } from '../../../../shared/rules/credits';
import { formatCredits } from '../../../../shared/rules/currency';
import { receiptPath } from '../../lib/receipts/receiptIndex';
import { Icon, type IconName } from '../layout-bits/icons';
import { amountTone, formatDateTime, formatSignedCredits, transactionDetails } from './creditRules';
import './credit-ledger.css';

const TYPE_ICONS: Record<TransactionType, IconName> = {
  purchase: 'creditCard',
  earned: 'award',
  adjustment: 'settings',
  usage: 'activity',
  refund: 'arrowRight',
  expired: 'clock',
};

/**
 * A wallet's ledger as a list, newest first (the credit history, the admin's billing of an
 * organisation): each movement with its type, time, details, amount and the balance after it,
 * and its receipt's link when `receiptOf` knows one.
 */
export function TransactionList({
  transactions,
  receiptOf,
}: {
  transactions: readonly CreditTransaction[];
  receiptOf?: (t: CreditTransaction) => string | undefined;
}) {
  return (
    <ol className="history-list">
      {transactions.map((t) => (
        <TransactionRow key={t.id} transaction={t} receiptId={receiptOf?.(t)} />
      ))}
    </ol>
  );
}

function TransactionRow({
  transaction: t,
  receiptId,
}: {
  transaction: CreditTransaction;
  receiptId: string | undefined;
}) {
  const tone = amountTone(t.type, t.amount);
  const details = transactionDetails(t);
  return (
    <li className={`history-item history-item--${tone}`}>
      <span className="history-item__icon" aria-hidden="true">
        <Icon name={TYPE_ICONS[t.type]} size={20} />
      </span>
      <div className="history-item__main">
        <p className="history-item__description">{t.description}</p>
        <p className="history-item__meta">
          <span className="history-item__type">{es.credits.types[t.type]}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={t.created_at}>{formatDateTime(t.created_at)}</time>
        </p>
        {details.map((d) => (
          <p key={d} className="history-item__detail">
            {d}
          </p>
        ))}
        {receiptId ? (
          <p className="history-item__detail">
            <Link to={receiptPath(receiptId)}>{es.receipts.viewReceipt}</Link>
          </p>
        ) : null}
      </div>
      <div className="history-item__figures">
        <p className="history-item__amount">
          {formatSignedCredits(t.amount)}
          <span className="visually-hidden"> {es.credits.credits}</span>
        </p>
        <p className="history-item__balance">
          {fmt(es.credits.balanceAfter, { n: formatCredits(t.balance_after_transaction) })}
        </p>
      </div>
    </li>
  );
}
