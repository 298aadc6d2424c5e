import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import type { Receipt } from '../../../../shared/contract/receipts';
import { es, fmt } from '../../../../shared/messages.es';
import { formatCredits, formatMoney } from '../../../../shared/rules/currency';
import { formatSantiagoDateTime } from '../../../../shared/rules/santiago-time';
import { Alert, Button, Spinner } from '../../components/ui';
import { ApiError, apiCall } from '../../lib/api';
import { receiptsQueryKey } from '../../lib/receipts/useReceipts';
import './receipts.css';
import { FactList } from '../../components/facts/FactList';

const t = es.receipts;
const RECEIPT_ID = /^[0-9a-f]{32}$/;

const isRefund = (r: Receipt) => r.kind === 'card_refund' || r.kind === 'credits_refund';

/** How the receipt was paid: the card, or the credits paid, granted or given back. */
function methodText(r: Receipt): string {
  if (r.credits === null) return r.payment_method === 'card' ? t.methodCard : t.methodCredits;
  const n = formatCredits(r.credits);
  if (r.kind === 'credit_package') return `${t.methodCard} · ${fmt(t.creditsGranted, { n })}`;
  if (r.kind === 'credits_refund') return fmt(t.creditsRestored, { n });
  return fmt(t.creditsPaid, { n });
}

/**
 * /recibo/{id} (issue 21 item 4): one of the customer's receipts as a printable page, with
 * what was bought, the 2% credits discount where it applies, what was paid (IVA incluido), the
 * payment's reference and the billing data. The print button leaves only the receipt on paper
 * (receipts.css).
 */
export function ReceiptPage() {
  const raw = useParams().id ?? '';
  const id = RECEIPT_ID.test(raw) ? raw : null;
  const headingId = useId();
  const receipt = useQuery({
    queryKey: [...receiptsQueryKey, 'detail', id ?? ''],
    queryFn: ({ signal }) => apiCall('getReceipt', { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
    retry: (count, err) =>
      !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2,
  });
  const notFound =
    id === null || (receipt.error instanceof ApiError && receipt.error.status === 404);

  return (
    <div className="page receipt-page">
      <title>{`${t.title} · ${es.layout.brand}`}</title>
      <nav className="receipt-actions" aria-label={t.title}>
        <Link to="/mis-pedidos">{t.backToOrders}</Link>
        {receipt.data ? (
          <Button variant="secondary" size="sm" onClick={() => window.print()}>
            {t.print}
          </Button>
        ) : null}
      </nav>
      {notFound ? (
        <Alert tone="error">{t.notFound}</Alert>
      ) : receipt.isPending ? (
        <div className="receipt-loading">
          <Spinner label={es.common.loading} />
        </div>
      ) : receipt.isError ? (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void receipt.refetch()}>
              {es.credits.retry}
            </Button>
          }
        >
          {t.loadError}
        </Alert>
      ) : (
        <ReceiptSheet receipt={receipt.data.receipt} headingId={headingId} />
      )}
    </div>
  );
}

function ReceiptSheet({ receipt: r, headingId }: { receipt: Receipt; headingId: string }) {
  const money = (n: number) => formatMoney(n, r.currency_code);
  const b = r.billing;
  return (
    <article className="receipt-sheet ui-card" aria-labelledby={headingId}>
      <header className="receipt-sheet__header">
        <p className="receipt-sheet__brand">{es.layout.brand}</p>
        <h1 id={headingId}>{fmt(t.pageTitle, { number: r.number })}</h1>
        <p className="receipt-sheet__kind">{t.kinds[r.kind]}</p>
      </header>

      <FactList
        layout="grid"
        facts={[
          { label: t.number, value: r.number },
          {
            label: t.issuedAt,
            value: <time dateTime={r.issued_at}>{formatSantiagoDateTime(r.issued_at)}</time>,
          },
          r.order_number && { label: t.order, value: r.order_number },
          { label: t.paymentMethod, value: methodText(r) },
          {
            label: t.reference,
            value: <code className="receipt-reference">{r.reference}</code>,
          },
        ]}
      />

      <section className="receipt-section" aria-label={t.detailTitle}>
        <h2 className="receipt-section__title">{t.detailTitle}</h2>
        <p className="receipt-description">{r.description}</p>
        <table className="receipt-lines">
          <tbody>
            {r.lines.map((l) => (
              <tr key={`${l.description}-${l.amount}`}>
                <td>
                  {l.description}
                  {l.quantity > 1 ? ` × ${l.quantity}` : ''}
                </td>
                <td className="receipt-lines__amount">{money(l.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {r.discount > 0 ? (
              <>
                <tr>
                  <th scope="row">{t.subtotal}</th>
                  <td className="receipt-lines__amount">{money(r.subtotal)}</td>
                </tr>
                <tr>
                  <th scope="row">{t.discount}</th>
                  <td className="receipt-lines__amount">{money(-r.discount)}</td>
                </tr>
              </>
            ) : null}
            <tr className="receipt-lines__total">
              <th scope="row">{isRefund(r) ? t.totalRefunded : t.total}</th>
              <td className="receipt-lines__amount" data-testid="receipt-total">
                {money(r.total)}
              </td>
            </tr>
          </tfoot>
        </table>
        <p className="receipt-vat">{t.pricesVatIncluded}</p>
      </section>

      <section className="receipt-section" aria-label={t.billingTitle}>
        <h2 className="receipt-section__title">{t.billingTitle}</h2>
        <address className="receipt-billing">
          {[b.name, b.company, b.address, [b.city, b.region].filter(Boolean).join(', '), b.email]
            .filter(Boolean)
            .map((line) => (
              <span key={line}>{line}</span>
            ))}
        </address>
      </section>
    </article>
  );
}
