import { fmt } from '../../../shared/messages/fmt.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import type { Mail } from '../../platform/mail.js';
import { layout } from '../../platform/mail-templates.js';

/**
 * A pending signer's reminder. It carries no signing link: the link's token exists only in the
 * first mail (its hash is all we keep), and a new token would end a session the signer may have
 * open; the mail points to that first mail and to a resend by the requester.
 */
export function reminderMail(p: {
  to: string;
  name: string;
  requester: string;
  document: string;
  number: string;
  title: string;
  expiry: string;
}): Mail {
  return {
    to: p.to,
    subject: fmt(t.reminderMailSubject, { document: p.document }).replace(/\s+/g, ' ').trim(),
    ...layout({
      greeting: fmt(t.reminderMailGreeting, { name: p.name }),
      body: fmt(t.reminderMailBody, {
        requester: p.requester,
        document: p.document,
        number: p.number,
        title: p.title,
        expiry: p.expiry,
      }),
      note: fmt(t.reminderMailNote, { requester: p.requester }),
    }),
  };
}
