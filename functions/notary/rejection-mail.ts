import type { NotaryRejection } from '../../shared/contract/notarized.js';
import { fmt } from '../../shared/messages/fmt.js';
import {
  type RejectionReason,
  notaryRejectionEs as t,
} from '../../shared/messages/notary-rejection.es.js';
import { formatMoney } from '../../shared/rules/currency.js';
import type { OrderRecord } from '../orders/repo.js';
import { required } from '../platform/config.js';
import type { Mail } from '../platform/mail.js';
import { layout } from '../platform/mail-templates.js';

/** What came back, in the customer's words: money to the card, credits, or nothing. */
export function rejectionRefundText(r: NotaryRejection): string {
  if (r.refund_credits > 0) return fmt(t.mailRefundCredits, { credits: r.refund_credits });
  if (r.refund_amount > 0) {
    return fmt(t.mailRefundCard, { amount: formatMoney(r.refund_amount, r.currency_code) });
  }
  return t.mailRefundNone;
}

/** The customer's notice that the notary could not do the notarial service. */
export function rejectedMail(
  order: OrderRecord,
  notaryName: string,
  serviceName: string,
  r: NotaryRejection,
): Mail {
  const base = required('APP_URL').replace(/\/+$/, '');
  return {
    to: order.billing.email,
    subject: fmt(t.mailSubject, { number: order.order_number }),
    ...layout({
      greeting: fmt(t.mailGreeting, { name: order.billing.first_name }),
      body: fmt(t.mailBody, {
        notary: notaryName,
        number: order.order_number,
        service: serviceName,
        document: order.document_name,
        reason: t.reasons[r.reason_code as RejectionReason] ?? r.reason_code,
        detail: r.reason_detail ? ` «${r.reason_detail}».` : '',
        refund: rejectionRefundText(r),
      })
        .replace(/\s+/g, ' ')
        .trim(),
      action: t.mailAction,
      url: `${base}/mis-pedidos`,
      note: t.mailNote,
    }),
  };
}
