import { fmt } from '../../shared/messages/fmt.js';
import { mailEs } from '../../shared/messages/mail.es.js';
import { formatMoney } from '../../shared/rules/currency.js';
import { required } from '../platform/config.js';
import type { Mail } from '../platform/mail.js';
import { layout } from '../platform/mail-templates.js';
import type { RefundRecord } from './refund-repo.js';

/** Tells the customer that a payment which could not become an order or credits went back. */
export function refundMail(to: string, firstName: string, r: RefundRecord): Mail {
  const base = required('APP_URL').replace(/\/+$/, '');
  const order = r.kind === 'order';
  return {
    to,
    subject: mailEs.refundSubject,
    ...layout({
      greeting: fmt(mailEs.confirmGreeting, { name: firstName || 'cliente' }),
      body: fmt(order ? mailEs.refundBodyOrder : mailEs.refundBodyPackage, {
        amount: formatMoney(r.amount, r.currency_code),
        label: r.label,
      }),
      action: order ? mailEs.refundActionOrder : mailEs.refundActionPackage,
      url: `${base}${order ? '/mis-pedidos' : '/credit-history'}`,
      note: mailEs.refundNote,
    }),
  };
}
