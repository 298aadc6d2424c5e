import { fmt } from '../../shared/messages/fmt.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { required } from '../platform/config.js';
import type { Mail } from '../platform/mail.js';
import { layout } from '../platform/mail-templates.js';
import type { OrderRecord } from './repo.js';
import type { SignerRecord } from './signer-records.js';

export interface SigningMailInput {
  to: string;
  signerFirstName: string;
  /** Who asked for the signature (the customer's name). */
  requester: string;
  title: string;
  documentName: string;
  orderNumber: string;
  /** `{APP_URL}/sign/{signerId}?token={token}`. */
  url: string;
}

/** A subject is one line: line breaks typed into a title must not reach a mail header. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The personal signing link of one signer (replaces the spec's external 'init_signing'
 * webhook, §7.5). Every value is the customer's or the signer's own text: the layout escapes
 * each one in the HTML part.
 */
export function signingMail(p: SigningMailInput): Mail {
  return {
    to: p.to,
    subject: oneLine(fmt(ordersEs.mailSigningSubject, { title: p.title })),
    ...layout({
      greeting: fmt(ordersEs.mailSigningGreeting, { name: p.signerFirstName }),
      body: fmt(ordersEs.mailSigningBody, {
        requester: p.requester,
        document: p.documentName,
        number: p.orderNumber,
      }),
      action: ordersEs.mailSigningAction,
      url: p.url,
      note: ordersEs.mailSigningExpiry,
    }),
  };
}

/** A signer's personal link: `{APP_URL}/sign/{signerId}?token={token}`. */
export function signingUrl(signerId: string, token: string): string {
  const base = required('APP_URL').replace(/\/+$/, '');
  return `${base}/sign/${encodeURIComponent(signerId)}?token=${encodeURIComponent(token)}`;
}

const requesterOf = (order: OrderRecord) =>
  `${order.billing?.first_name ?? ''} ${order.billing?.last_name ?? ''}`.trim() || 'Sello';

/**
 * The link mail of `signer` of `order`, carrying `token`: the token itself (a resend, sent while
 * the customer waits) or the outbox's marker for it (link-tokens.ts), minted at send time.
 */
export function signingLinkMail(order: OrderRecord, signer: SignerRecord, token: string): Mail {
  return signingMail({
    to: signer.email,
    signerFirstName: signer.first_name,
    requester: requesterOf(order),
    title: order.title,
    documentName: order.document_name,
    orderNumber: order.order_number,
    url: signingUrl(signer.id, token),
  });
}
