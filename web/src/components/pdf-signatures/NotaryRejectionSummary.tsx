import type { NotaryRejection } from '../../../../shared/contract/notarized';
import { fmt } from '../../../../shared/messages/fmt';
import type { RejectionReason } from '../../../../shared/messages/notary-rejection.es';
import { es } from '../../../../shared/messages.es';
import { formatMoney } from '../../../../shared/rules/currency';

const t = es.notaryRejection;

/**
 * A notary's rejection of the notarial service, as the notary's document page and the
 * customer's order modal show it: the reason, the notary's words and what came back.
 */
export function NotaryRejectionSummary({ rejection: r }: { rejection: NotaryRejection }) {
  const refund =
    r.refund_credits > 0
      ? fmt(t.orderRefundCredits, { credits: r.refund_credits })
      : r.refund_amount > 0
        ? fmt(t.orderRefundCard, { amount: formatMoney(r.refund_amount, r.currency_code) })
        : null;
  return (
    <section className="notarized-act" aria-label={t.orderTitle}>
      <h3 className="pdf-signatures__title">{t.orderTitle}</h3>
      <p>
        {fmt(t.orderReason, {
          reason: t.reasons[r.reason_code as RejectionReason] ?? r.reason_code,
        })}
      </p>
      {r.reason_detail ? <blockquote>{r.reason_detail}</blockquote> : null}
      {refund ? <p>{refund}</p> : null}
    </section>
  );
}
