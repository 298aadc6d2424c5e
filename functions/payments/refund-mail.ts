import { formatMoney } from '../../shared/rules/currency.js';
import { required } from '../platform/config.js';
import type { Mail } from '../platform/mail.js';
import { refundMail as template } from '../platform/mail-templates.js';
import type { RefundRecord } from './refund-repo.js';

/** The customer's e-mail for a refund record: amount in its currency, link to the result. */
export function refundMail(to: string, firstName: string, r: RefundRecord): Mail {
  const base = required('APP_URL').replace(/\/+$/, '');
  return template(to, firstName || 'cliente', {
    kind: r.kind,
    label: r.label,
    amount: formatMoney(r.amount, r.currency_code),
    url: `${base}${r.kind === 'order' ? '/mis-pedidos' : '/credit-history'}`,
  });
}
