import { describe, expect, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { confirmationMail, passwordResetMail, refundMail } from './mail-templates.js';

describe('mail templates', () => {
  const url = 'https://app.sello.cl/auth/confirm?token_hash=abc&type=email';

  it('writes the Spanish confirmation mail with the link in both parts', () => {
    const mail = confirmationMail('ana@example.com', 'Ana', url);
    expect(mail.to).toBe('ana@example.com');
    expect(mail.subject).toBe(es.mail.confirmSubject);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain(fmt(es.mail.confirmGreeting, { name: 'Ana' }));
    // In HTML the & of the query is escaped (numeric entity), and the link is there.
    expect(mail.html).toContain('token_hash=abc&#38;type=email');
    expect(mail.html).toContain(es.mail.confirmAction);
  });

  it('escapes a hostile first name in the HTML part', () => {
    const mail = passwordResetMail('x@example.com', '<script>alert("x")</script> & Co', url);
    expect(mail.subject).toBe(es.mail.resetSubject);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.html).toContain('&#38; Co');
  });

  it('tells a refund in Spanish: amount, what it was for, where to look, when it shows', () => {
    const order = refundMail('ana@example.com', 'Ana', {
      kind: 'order',
      label: 'REQ-20261124-ABC123',
      amount: '25.990 CLP',
      url: 'https://app.sello.cl/mis-pedidos',
    });
    expect(order.subject).toBe(es.mail.refundSubject);
    expect(order.text).toContain(
      fmt(es.mail.refundBodyOrder, { amount: '25.990 CLP', label: 'REQ-20261124-ABC123' }),
    );
    expect(order.text).toContain(es.mail.refundNote);
    expect(order.html).toContain(es.mail.refundActionOrder);
    const pkg = refundMail('ana@example.com', 'Ana', {
      kind: 'credit_package',
      label: '<b>Paquete</b>',
      amount: '9.990 CLP',
      url: 'https://app.sello.cl/credit-history',
    });
    expect(pkg.html).toContain(es.mail.refundActionPackage);
    expect(pkg.html).not.toContain('<b>Paquete</b>');
  });
});
