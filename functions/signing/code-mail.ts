import { fmt } from '../../shared/messages/fmt.js';
import { mailEs } from '../../shared/messages/mail.es.js';
import { signingEs as t } from '../../shared/messages/signing.es.js';
import type { Mail } from '../platform/mail.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

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
  const greeting = fmt(t.codeMailGreeting, { name: p.firstName });
  const body = fmt(t.codeMailBody, { document: p.document, code: p.code });
  const html = `<!doctype html><html lang="es"><body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-size:22px;font-weight:bold;color:#1d4ed8;margin:0 0 24px">Sello</p>
<p style="font-size:16px;margin:0 0 12px">${escapeHtml(greeting)}</p>
<p style="font-size:16px;margin:0 0 16px">${escapeHtml(body)}</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:8px;margin:0 0 24px">${escapeHtml(p.code)}</p>
<p style="font-size:13px;color:#4b5563;margin:0 0 24px">${escapeHtml(t.codeMailNote)}</p>
<p style="font-size:12px;color:#6b7280;margin:0">${escapeHtml(mailEs.footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return {
    to: p.to,
    subject: oneLine(fmt(t.codeMailSubject, { document: p.document })),
    html,
    text: `${greeting}\n\n${body}\n\n${t.codeMailNote}\n\n${mailEs.footer}\n`,
  };
}
