import type { Receipt } from '../../shared/contract/receipts.js';
import { fmt } from '../../shared/messages/fmt.js';
import { mailEs } from '../../shared/messages/mail.es.js';
import { receiptsEs as t } from '../../shared/messages/receipts.es.js';
import { formatCredits, formatMoney } from '../../shared/rules/currency.js';
import { formatSantiagoDateTime } from '../../shared/rules/santiago-time.js';
import type { Mail } from '../platform/mail.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const isRefund = (r: Receipt) => r.kind === 'card_refund' || r.kind === 'credits_refund';

/** The receipt's rows as label/value pairs: the same facts the page /recibo/{id} shows. */
export function receiptRows(r: Receipt): [string, string][] {
  const money = (n: number) => formatMoney(n, r.currency_code);
  const rows: [string, string][] = [
    [t.number, r.number],
    [t.issuedAt, formatSantiagoDateTime(r.issued_at)],
    [t.detailTitle, r.description],
    ...r.lines.map((l): [string, string] => [
      l.quantity > 1 ? `${l.description} × ${l.quantity}` : l.description,
      money(l.amount),
    ]),
  ];
  if (r.discount > 0) {
    rows.push([t.subtotal, money(r.subtotal)], [t.discount, money(-r.discount)]);
  }
  rows.push([isRefund(r) ? t.totalRefunded : t.total, `${money(r.total)} (${t.vatIncluded})`]);
  if (r.credits !== null) {
    const text =
      r.kind === 'credit_package'
        ? t.creditsGranted
        : r.kind === 'credits_refund'
          ? t.creditsRestored
          : t.creditsPaid;
    rows.push([t.paymentMethod, fmt(text, { n: formatCredits(r.credits) })]);
  } else {
    rows.push([t.paymentMethod, r.payment_method === 'card' ? t.methodCard : t.methodCredits]);
  }
  rows.push([t.reference, r.reference]);
  const b = r.billing;
  const billing = [b.name, b.company, b.address, b.city, b.region, b.email].filter(Boolean);
  rows.push([t.billingTitle, billing.join(', ')]);
  return rows;
}

/** The receipt e-mail (issue 21 item 4): every row of the receipt, and a link to print it. */
export function receiptMail(to: string, firstName: string, r: Receipt, url: string): Mail {
  const rows = receiptRows(r);
  const intro = isRefund(r) ? t.mailIntroRefund : t.mailIntro;
  const greeting = fmt(mailEs.confirmGreeting, { name: firstName || 'cliente' });
  const table = rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:#4b5563;vertical-align:top">${escapeHtml(k)}</td><td style="padding:6px 0;font-weight:bold">${escapeHtml(v)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="es"><body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-size:22px;font-weight:bold;color:#1d4ed8;margin:0 0 24px">Sello</p>
<p style="font-size:16px;margin:0 0 12px">${escapeHtml(greeting)}</p>
<p style="font-size:16px;margin:0 0 16px">${escapeHtml(intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 24px">
${table}
</table>
<p style="margin:0 0 24px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(t.mailAction)}</a></p>
<p style="font-size:13px;color:#4b5563;margin:0 0 8px">${escapeHtml(t.mailNote)}</p>
<p style="font-size:12px;color:#4b5563;word-break:break-all;margin:0 0 24px">${escapeHtml(url)}</p>
<p style="font-size:12px;color:#6b7280;margin:0">${escapeHtml(mailEs.footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = `${[greeting, intro, rows.map(([k, v]) => `${k}: ${v}`).join('\n'), url, t.mailNote, mailEs.footer].join('\n\n')}\n`;
  return { to, subject: fmt(t.mailSubject, { number: r.number }), html, text };
}
