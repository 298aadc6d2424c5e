import { fmt } from '../../shared/messages/fmt.js';
import { mailEs } from '../../shared/messages/mail.es.js';
import type { Mail } from './mail.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One plain, accessible layout for every e-mail: a greeting, a paragraph, optionally a line set
 * large (a code), optionally a button with its address spelled out, a note.
 */
export function layout(p: {
  greeting: string;
  body: string;
  highlight?: string;
  action?: string;
  url?: string;
  note: string;
}) {
  const highlight = p.highlight
    ? `<p style="font-size:32px;font-weight:bold;letter-spacing:8px;margin:0 0 24px">${escapeHtml(p.highlight)}</p>\n`
    : '';
  const button =
    p.url && p.action
      ? `<p style="margin:0 0 24px"><a href="${escapeHtml(p.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(p.action)}</a></p>\n`
      : '';
  const address = p.url
    ? `<p style="font-size:12px;color:#4b5563;word-break:break-all;margin:0 0 24px">${escapeHtml(p.url)}</p>\n`
    : '';
  const html = `<!doctype html><html lang="es"><body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-size:22px;font-weight:bold;color:#1d4ed8;margin:0 0 24px">Sello</p>
<p style="font-size:16px;margin:0 0 12px">${escapeHtml(p.greeting)}</p>
<p style="font-size:16px;margin:0 0 24px">${escapeHtml(p.body)}</p>
${highlight}${button}<p style="font-size:13px;color:#4b5563;margin:0 0 8px">${escapeHtml(p.note)}</p>
${address}<p style="font-size:12px;color:#6b7280;margin:0">${escapeHtml(mailEs.footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = `${[p.greeting, p.body, p.url, p.note, mailEs.footer].filter(Boolean).join('\n\n')}\n`;
  return { html, text };
}

export function confirmationMail(to: string, firstName: string, url: string): Mail {
  return {
    to,
    subject: mailEs.confirmSubject,
    ...layout({
      greeting: fmt(mailEs.confirmGreeting, { name: firstName }),
      body: mailEs.confirmBody,
      action: mailEs.confirmAction,
      url,
      note: mailEs.confirmExpiry,
    }),
  };
}

export function passwordResetMail(to: string, firstName: string, url: string): Mail {
  return {
    to,
    subject: mailEs.resetSubject,
    ...layout({
      greeting: fmt(mailEs.confirmGreeting, { name: firstName }),
      body: mailEs.resetBody,
      action: mailEs.resetAction,
      url,
      note: mailEs.resetExpiry,
    }),
  };
}

export interface RefundMailInput {
  /** An order's payment (request number in `label`) or a credit package's (its name). */
  kind: 'order' | 'credit_package';
  label: string;
  /** What was charged and given back, formatted in its currency. */
  amount: string;
  /** Where the customer sees the result: /mis-pedidos or /credit-history. */
  url: string;
}

/** A payment that could not become an order or credits went back to the card (issue 10). */
export function refundMail(to: string, firstName: string, p: RefundMailInput): Mail {
  const order = p.kind === 'order';
  return {
    to,
    subject: mailEs.refundSubject,
    ...layout({
      greeting: fmt(mailEs.confirmGreeting, { name: firstName }),
      body: fmt(order ? mailEs.refundBodyOrder : mailEs.refundBodyPackage, {
        amount: p.amount,
        label: p.label,
      }),
      action: order ? mailEs.refundActionOrder : mailEs.refundActionPackage,
      url: p.url,
      note: mailEs.refundNote,
    }),
  };
}
