import { fmt } from '../../shared/messages/fmt.js';
import { mailEs } from '../../shared/messages/mail.es.js';
import { signingEs as t } from '../../shared/messages/signing.es.js';
import type { Mail } from '../platform/mail.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
  const greeting = fmt(t.reminderMailGreeting, { name: p.name });
  const body = fmt(t.reminderMailBody, {
    requester: p.requester,
    document: p.document,
    number: p.number,
    title: p.title,
    expiry: p.expiry,
  });
  const note = fmt(t.reminderMailNote, { requester: p.requester });
  return {
    to: p.to,
    subject: fmt(t.reminderMailSubject, { document: p.document }).replace(/\s+/g, ' ').trim(),
    html: `<!doctype html><html lang="es"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<p style="font-size:22px;font-weight:bold;color:#1d4ed8">Sello</p>
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(note)}</p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(mailEs.footer)}</p></body></html>`,
    text: `${greeting}\n\n${body}\n\n${note}\n\n${mailEs.footer}\n`,
  };
}
