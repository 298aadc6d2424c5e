import { fmt } from '../../shared/messages/fmt.js';
import { notaryEs as t } from '../../shared/messages/notary.es.js';
import type { OrderRecord } from '../orders/repo.js';
import { required } from '../platform/config.js';
import type { Mail } from '../platform/mail.js';
import { layout } from '../platform/mail-templates.js';

/** The customer's notice that the notary approved the order: it is complete. */
export function approvedMail(order: OrderRecord, notaryName: string, serviceName: string): Mail {
  const base = required('APP_URL').replace(/\/+$/, '');
  return {
    to: order.billing.email,
    subject: fmt(t.approvedMailSubject, { number: order.order_number }),
    ...layout({
      greeting: fmt(t.approvedMailGreeting, { name: order.billing.first_name }),
      body: fmt(t.approvedMailBody, {
        notary: notaryName,
        number: order.order_number,
        service: serviceName,
        document: order.document_name,
      }),
      action: t.approvedMailAction,
      url: `${base}/mis-pedidos`,
      note: t.approvedMailNote,
    }),
  };
}
