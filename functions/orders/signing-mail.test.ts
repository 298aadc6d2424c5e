import { describe, expect, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { signingMail } from './signing-mail.js';

describe('signing link mail', () => {
  const url = 'https://app.sello.cl/sign/0b6f-signer?token=abc_DEF-123';

  it('greets the signer and carries the personal link in both parts', () => {
    const mail = signingMail({
      to: 'firma@example.com',
      signerFirstName: 'Ana',
      requester: 'Pedro Soto',
      title: 'Arriendo',
      documentName: 'contrato.pdf',
      orderNumber: 'ORD-20270101-ABC123',
      url,
    });
    expect(mail.to).toBe('firma@example.com');
    expect(mail.subject).toBe(fmt(es.orders.mailSigningSubject, { title: 'Arriendo' }));
    expect(mail.text).toContain(url);
    expect(mail.text).toContain(fmt(es.orders.mailSigningGreeting, { name: 'Ana' }));
    expect(mail.text).toContain('ORD-20270101-ABC123');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain(es.orders.mailSigningAction);
    expect(mail.html).toContain(es.orders.mailSigningExpiry);
  });

  it('escapes every value typed by a customer and keeps the subject on one line', () => {
    const mail = signingMail({
      to: 'x@example.com',
      signerFirstName: '<img src=x onerror=alert(1)>',
      requester: 'Eve & "Co"',
      title: 'Línea 1\r\nBcc: otro@example.com',
      documentName: '<script>x</script>.pdf',
      orderNumber: 'ORD-1',
      url,
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('Línea 1 Bcc: otro@example.com');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.html).toContain('Eve &#38; &#34;Co&#34;');
  });
});
