import { es, fmt } from '../../shared/messages.es.js';
import type { Mail } from '../platform/mail.js';
import { layout } from '../platform/mail-templates.js';

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
    subject: oneLine(fmt(es.orders.mailSigningSubject, { title: p.title })),
    ...layout({
      greeting: fmt(es.orders.mailSigningGreeting, { name: p.signerFirstName }),
      body: fmt(es.orders.mailSigningBody, {
        requester: p.requester,
        document: p.documentName,
        number: p.orderNumber,
      }),
      action: es.orders.mailSigningAction,
      url: p.url,
      note: es.orders.mailSigningExpiry,
    }),
  };
}
