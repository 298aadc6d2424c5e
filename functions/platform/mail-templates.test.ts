import { describe, expect, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { confirmationMail, passwordResetMail } from './mail-templates.js';

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
});
