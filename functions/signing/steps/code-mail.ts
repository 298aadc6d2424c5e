import { fmt } from '../../../shared/messages/fmt.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import type { Mail } from '../../platform/mail.js';
import { layout } from '../../platform/mail-templates.js';

/**
 * The signer's one-time code. Sent while the signer waits (never through the outbox: the code
 * in clear must not sit in the table), and only this mail ever holds the code in clear.
 */
export function codeMail(p: {
  to: string;
  firstName: string;
  document: string;
  code: string;
}): Mail {
  return {
    to: p.to,
    subject: fmt(t.codeMailSubject, { document: p.document }).replace(/\s+/g, ' ').trim(),
    ...layout({
      greeting: fmt(t.codeMailGreeting, { name: p.firstName }),
      body: fmt(t.codeMailBody, { document: p.document, code: p.code }),
      highlight: p.code,
      note: t.codeMailNote,
    }),
  };
}
