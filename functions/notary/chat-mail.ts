import { chatEs as t } from '../../shared/messages/chat.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import type { OrderRecord } from '../orders/repo.js';
import { required } from '../platform/config.js';
import type { Mail } from '../platform/mail.js';
import { layout } from '../platform/mail-templates.js';

const EXCERPT = 300;
const excerptOf = (body: string) =>
  body.length > EXCERPT ? `${body.slice(0, EXCERPT).trimEnd()}…` : body;
const base = () => required('APP_URL').replace(/\/+$/, '');

/** The customer told the notary wrote (the first unread message only). */
export function customerChatMail(order: OrderRecord, notaryName: string, body: string): Mail {
  return {
    to: order.billing.email,
    subject: fmt(t.customerMailSubject, { number: order.order_number }),
    ...layout({
      greeting: fmt(t.mailGreeting, { name: order.billing.first_name }),
      body: fmt(t.customerMailBody, {
        notary: notaryName,
        number: order.order_number,
        excerpt: excerptOf(body),
      }),
      action: t.mailAction,
      url: `${base()}/mis-pedidos`,
      note: t.mailNote,
    }),
  };
}

/** The notary (the member who took the document) told the customer wrote. */
export function notaryChatMail(
  to: { email: string; name: string },
  order: OrderRecord,
  assignmentId: string,
  body: string,
): Mail {
  return {
    to: to.email,
    subject: fmt(t.notaryMailSubject, { number: order.order_number }),
    ...layout({
      greeting: fmt(t.mailGreeting, { name: to.name }),
      body: fmt(t.notaryMailBody, { number: order.order_number, excerpt: excerptOf(body) }),
      action: t.mailAction,
      url: `${base()}/notary-document/${encodeURIComponent(assignmentId)}#chat`,
      note: t.mailNote,
    }),
  };
}
