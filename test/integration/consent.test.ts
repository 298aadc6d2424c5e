import { describe, expect, inject, it } from 'vitest';
import { PRIVACY_VERSION, TERMS_VERSION } from '../../shared/legal.js';
import { es } from '../../shared/messages.es.js';
import {
  api,
  appLink,
  freshIp,
  mailsTo,
  newConfirmedUser,
  signIn,
  uniqueEmail,
  waitForMail,
} from '../support/client.js';

/**
 * Issue 21 items 5 and 6 on the API: sign-up needs the terms and the privacy policy accepted and
 * records that acceptance on the profile; a confirmation link clicked again says the account is
 * confirmed; an unconfirmed account can ask for its mail again; the profile's phone follows the
 * wizard's rule.
 */
const stack = inject('stack');
const call = api(stack);

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Camila',
  lastName: 'Rojas',
  email,
  password: 'secreto1',
  confirmPassword: 'secreto1',
  ...extra,
});

const tokenOf = async (email: string, nth = 1) =>
  appLink(stack, await waitForMail(stack, email, nth)).searchParams.get('token_hash') as string;

const confirm = (token: string) =>
  call('POST', '/api/auth/confirm', { body: { token_hash: token, type: 'email' } });

describe('sign-up and the acceptance of the terms', () => {
  it('refuses a sign-up without the acceptance (Spanish 422), sending nothing', async () => {
    for (const extra of [{}, { acceptTerms: false }]) {
      const email = uniqueEmail('sinacepta');
      const res = await call('POST', '/api/auth/signup', {
        body: signUpBody(email, extra),
        ip: freshIp(),
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: {
          code: 'BUSINESS_RULE',
          message: es.auth.termsRequired,
          fields: { acceptTerms: es.auth.termsRequired },
        },
      });
      expect(await mailsTo(stack, email)).toHaveLength(0);
      // No account was made: the same sign-up with the box ticked goes through.
      const accepted = await call('POST', '/api/auth/signup', {
        body: signUpBody(email, { acceptTerms: true }),
        ip: freshIp(),
      });
      expect(accepted.status).toBe(200);
    }
    // Anything but a boolean is a malformed request.
    const odd = await call('POST', '/api/auth/signup', {
      body: signUpBody(uniqueEmail('raro'), { acceptTerms: 'sí' }),
      ip: freshIp(),
    });
    expect(odd.status).toBe(400);
  });

  it('records the versions, the time and the address on the profile, and in the export', async () => {
    const email = uniqueEmail('acepta');
    const ip = freshIp();
    const before = Date.now();
    const res = await call('POST', '/api/auth/signup', {
      body: signUpBody(email, { acceptTerms: true }),
      ip,
    });
    expect(res.status).toBe(200);
    expect((await confirm(await tokenOf(email))).status).toBe(200);

    const tokens = await signIn(stack, email, 'secreto1');
    const me = await call<{ terms_acceptance: Record<string, string> }>('GET', '/api/me', {
      token: tokens.accessToken,
    });
    expect(me.status).toBe(200);
    expect(me.body.terms_acceptance).toEqual({
      terms_version: TERMS_VERSION,
      privacy_version: PRIVACY_VERSION,
      accepted_at: expect.any(String),
      ip,
    });
    const at = Date.parse(me.body.terms_acceptance.accepted_at as string);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());

    const exported = await call<{ profile: { terms_acceptance: unknown } }>(
      'GET',
      '/api/me/export',
      { token: tokens.accessToken },
    );
    expect(exported.status).toBe(200);
    expect(exported.body.profile.terms_acceptance).toEqual(me.body.terms_acceptance);
  });
});

describe('the confirmation link clicked again', () => {
  it('says the account is already confirmed, and changes nothing', async () => {
    const email = uniqueEmail('dosveces');
    await call('POST', '/api/auth/signup', {
      body: signUpBody(email, { acceptTerms: true }),
      ip: freshIp(),
    });
    const token = await tokenOf(email);
    expect((await confirm(token)).body).toEqual({ ok: true, choosePassword: false });
    const first = await signIn(stack, email, 'secreto1');
    const profile = await call('GET', '/api/me', { token: first.accessToken });

    const again = await confirm(token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true, choosePassword: false, alreadyConfirmed: true });
    const after = await call('GET', '/api/me', { token: first.accessToken });
    expect(after.body).toEqual(profile.body);
    expect(await mailsTo(stack, email)).toHaveLength(1);
  });

  it('20 clicks at once: all answered, one confirms, the others say it is confirmed', async () => {
    const email = uniqueEmail('veinte');
    await call('POST', '/api/auth/signup', {
      body: signUpBody(email, { acceptTerms: true }),
      ip: freshIp(),
    });
    const token = await tokenOf(email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(token)));
    for (const a of answers) expect(a.status).toBe(200);
    const confirmed = answers.filter(
      (a) => !(a.body as { alreadyConfirmed?: true }).alreadyConfirmed,
    );
    expect(confirmed).toHaveLength(1);
    await expect(signIn(stack, email, 'secreto1')).resolves.toHaveProperty('accessToken');
  });

  it("a replaced sign-up's link, an unknown link and a stranger's used link stay invalid", async () => {
    const email = uniqueEmail('reemplazo');
    await call('POST', '/api/auth/signup', {
      body: signUpBody(email, { acceptTerms: true }),
      ip: freshIp(),
    });
    const old = await tokenOf(email, 1);
    await call('POST', '/api/auth/signup', {
      body: signUpBody(email, { acceptTerms: true }),
      ip: freshIp(),
    });
    expect((await confirm(await tokenOf(email, 2))).status).toBe(200);
    for (const token of [old, old, 'b'.repeat(43)]) {
      const res = await confirm(token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { message: es.auth.confirmInvalidLink } });
    }
  });
});

describe("'Reenviar correo' for an unconfirmed account", () => {
  const resend = (email: string, ip = freshIp()) =>
    call('POST', '/api/auth/confirm/resend', { body: { email }, ip });

  it('mails a new link that confirms the same sign-up, acceptance included', async () => {
    const email = uniqueEmail('reenvio');
    const ip = freshIp();
    await call('POST', '/api/auth/signup', { body: signUpBody(email, { acceptTerms: true }), ip });
    await tokenOf(email, 1);
    const res = await resend(email.toUpperCase());
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const token = await tokenOf(email, 2);
    expect((await confirm(token)).body).toEqual({ ok: true, choosePassword: false });
    const tokens = await signIn(stack, email, 'secreto1');
    const me = await call<{ first_name: string; terms_acceptance: { ip: string } }>(
      'GET',
      '/api/me',
      { token: tokens.accessToken },
    );
    expect(me.body.first_name).toBe('Camila');
    expect(me.body.terms_acceptance.ip).toBe(ip);
  });

  it('answers alike for an unknown address and a confirmed account, and mails neither', async () => {
    const user = await newConfirmedUser(stack, 'Confirmada');
    const nobody = uniqueEmail('nadie');
    const answers = await Promise.all([resend(user.email), resend(nobody)]);
    for (const a of answers) expect(a).toMatchObject({ status: 200, body: { ok: true } });
    expect(await mailsTo(stack, user.email)).toHaveLength(1); // its sign-up mail only
    expect(await mailsTo(stack, nobody)).toHaveLength(0);
  });

  it('refuses a malformed address in Spanish', async () => {
    const res = await resend('no-es-email');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { fields: { email: es.auth.emailInvalid } } });
  });
});

describe("the profile's phone (PUT /api/me)", () => {
  const base = { first_name: 'Marta', last_name: 'Soto', account_type: 'personal' as const };

  it("is checked with the wizard's rule; a refused one leaves the stored phone alone", async () => {
    const user = await newConfirmedUser(stack);
    const ok = await call('PUT', '/api/me', {
      token: user.accessToken,
      body: { ...base, phone: '+56 9 8765 4321' },
    });
    expect(ok.status).toBe(200);
    for (const [phone, message] of [
      ['abc', 'Número inválido para Chile (9 dígitos)'],
      ['+56 9 1234', 'Número inválido para Chile (9 dígitos)'],
      ['+56 999 999 999', 'Número inválido para Chile (9 dígitos)'],
      ['+54 11 2345', 'Número inválido para Argentina (10-11 dígitos)'],
    ] as const) {
      const res = await call('PUT', '/api/me', {
        token: user.accessToken,
        body: { ...base, phone, city: 'Talca' },
      });
      expect(res.status, phone).toBe(400);
      expect(res.body).toMatchObject({ error: { fields: { phone: message } } });
    }
    const me = await call('GET', '/api/me', { token: user.accessToken });
    expect(me.body).toMatchObject({ phone: '+56 9 8765 4321', city: null });
    // Emptying the phone is allowed: it is optional.
    const cleared = await call('PUT', '/api/me', {
      token: user.accessToken,
      body: { ...base, phone: '' },
    });
    expect(cleared.body).toMatchObject({ phone: null });
  });
});
