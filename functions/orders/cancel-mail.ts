import { fmt } from '../../shared/messages/fmt.js';
import { signingEs as t } from '../../shared/messages/signing.es.js';
import type { Mail } from '../platform/mail.js';
import { layout } from '../platform/mail-templates.js';
import { requesterName } from '../signing/link/context.js';
import type { OrderRecord } from './repo.js';
import type { SignerRecord } from './signer-records.js';

/**
 * A signer's notice that the customer cancelled the order: their link stopped working and
 * there is nothing left to do. It carries no link (there is none to follow) and no amount
 * (what the customer got back is theirs to know).
 */
export function signerCancelledMail(order: OrderRecord, signer: SignerRecord): Mail {
  return {
    to: signer.email,
    subject: fmt(t.cancelledMailSubject, { document: order.document_name })
      .replace(/\s+/g, ' ')
      .trim(),
    ...layout({
      greeting: fmt(t.cancelledMailGreeting, { name: signer.first_name }),
      body: fmt(t.cancelledMailBody, {
        requester: requesterName(order),
        document: order.document_name,
        number: order.order_number,
      }),
      note: t.cancelledMailNote,
    }),
  };
}
