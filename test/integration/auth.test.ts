import { describe, expect, inject, it } from 'vitest';
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
import { expireLink } from '../support/table.js';

const stack = inject('stack');
const call = api(stack);

const signUpBody = (email: string, password = 'secreto1') => ({
  firstName: 'Ana',
  lastName: 'Pérez',
  email,
  password,
  confirmPassword: password,
  acceptTerms: true,
});

describe('sign-up and e-mail confirmation', () => {
  it('creates an unconfirmed account, mails our Spanish link, and confirms once', async () => {
    const email = uniqueEmail('ana');
    const ip = freshIp();
    const res = await call('POST', '/api/auth/signup', { body: signUpBody(email), ip });
    expect(res.status).toBe(200);

    // A pending account is disabled until its link is followed: it cannot sign in.
    await expect(signIn(stack, email, 'secreto1')).rejects.toMatchObject({
      code: 'NotAuthorizedException',
      message: expect.stringContaining('User is disabled.'),
    });

    const mail = await waitForMail(stack, email);
    expect(mail.subject).toMatch(/Confirma/);
    const link = appLink(stack, mail);
    expect(link.pathname).toBe('/auth/confirm');
    expect(link.searchParams.get('type')).toBe('email');
    const token = link.searchParams.get('token_hash') as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const confirm = await call('POST', '/api/auth/confirm', {
      body: { token_hash: token, type: 'email' },
    });
    expect(confirm.status).toBe(200);

    const tokens = await signIn(stack, email, 'secreto1');
    const me = await call('GET', '/api/me', { token: tokens.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email,
      first_name: 'Ana',
      last_name: 'Pérez',
      role: 'customer',
    });

    // The link is single-use: a second click changes nothing and says the account is confirmed
    // (test/integration/consent.test.ts follows it further).
    const again = await call('POST', '/api/auth/confirm', {
      body: { token_hash: token, type: 'email' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true, choosePassword: false, alreadyConfirmed: true });
  });

  it('refuses an e-mail that already has a confirmed account', async () => {
    const user = await newConfirmedUser(stack);
    const res = await call('POST', '/api/auth/signup', {
      body: signUpBody(user.email.toUpperCase()),
      ip: freshIp(),
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { message: es.auth.alreadyRegistered } });
  });

  it('lets an unconfirmed sign-up be repeated; the first link then stops working', async () => {
    const email = uniqueEmail('twice');
    expect(
      (await call('POST', '/api/auth/signup', { body: signUpBody(email), ip: freshIp() })).status,
    ).toBe(200);
    const first = appLink(stack, await waitForMail(stack, email, 1)).searchParams.get('token_hash');
    expect(
      (
        await call('POST', '/api/auth/signup', {
          body: signUpBody(email, 'otraclave'),
          ip: freshIp(),
        })
      ).status,
    ).toBe(200);
    const second = appLink(stack, await waitForMail(stack, email, 2)).searchParams.get(
      'token_hash',
    );
    const old = await call('POST', '/api/auth/confirm', {
      body: { token_hash: first, type: 'email' },
    });
    expect(old.status).toBe(400);
    // Two sign-ups with two passwords contest the address: confirmed with neither password,
    // the inbox chooses one (test/integration/account-takeover.test.ts follows it through).
    const confirmed = await call('POST', '/api/auth/confirm', {
      body: { token_hash: second, type: 'email' },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ ok: true, choosePassword: true });
    await expect(signIn(stack, email, 'otraclave')).rejects.toThrow();
    await expect(signIn(stack, email, 'secreto1')).rejects.toThrow();
  });

  it('rejects an expired confirmation link with the spec message', async () => {
    const email = uniqueEmail('late');
    await call('POST', '/api/auth/signup', { body: signUpBody(email), ip: freshIp() });
    const token = appLink(stack, await waitForMail(stack, email)).searchParams.get(
      'token_hash',
    ) as string;
    await expireLink(stack, token, 'confirm');
    const res = await call('POST', '/api/auth/confirm', {
      body: { token_hash: token, type: 'email' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { message: es.auth.confirmInvalidLink } });
  });

  it('rejects malformed confirmation requests', async () => {
    for (const body of [
      {},
      { token_hash: 'abc', type: 'email' },
      { token_hash: 'a'.repeat(43), type: 'signup' },
    ]) {
      const res = await call('POST', '/api/auth/confirm', { body });
      expect(res.status).toBe(400);
    }
    // Well-formed but unknown.
    const res = await call('POST', '/api/auth/confirm', {
      body: { token_hash: 'a'.repeat(43), type: 'email' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { message: es.auth.confirmInvalidLink } });
  });

  it.each([
    [
      'missing first name',
      { ...signUpBody('x@example.com'), firstName: '' },
      'firstName',
      es.auth.required,
    ],
    ['bad e-mail', signUpBody('no-es-un-email'), 'email', es.auth.emailInvalid],
    ['short password', signUpBody('x@example.com', '12345'), 'password', es.auth.passwordTooShort],
    [
      'mismatched passwords',
      { ...signUpBody('x@example.com'), confirmPassword: 'distinta' },
      'confirmPassword',
      es.auth.passwordsMismatch,
    ],
    [
      'oversized name',
      { ...signUpBody('x@example.com'), lastName: 'x'.repeat(101) },
      'lastName',
      es.auth.nameTooLong,
    ],
    ['wrong type', { ...signUpBody('x@example.com'), password: 123456 }, 'password', undefined],
  ])(
    'rejects %s with a Spanish field error and creates nothing',
    async (_name, body, field, message) => {
      const res = await call<{ error: { fields: Record<string, string> } }>(
        'POST',
        '/api/auth/signup',
        {
          body,
          ip: freshIp(),
        },
      );
      expect(res.status).toBe(400);
      expect(res.body.error.fields[field]).toBeDefined();
      if (message) expect(res.body.error.fields[field]).toBe(message);
      if (typeof body.email === 'string') expect(await mailsTo(stack, body.email)).toHaveLength(0);
    },
  );
});

describe('password recovery', () => {
  it('mails a reset link, checks it, sets the new password once', async () => {
    const user = await newConfirmedUser(stack, 'Reset');
    const ask = await call('POST', '/api/auth/password-recovery', {
      body: { email: user.email },
      ip: freshIp(),
    });
    expect(ask.status).toBe(200);
    const link = appLink(stack, await waitForMail(stack, user.email, 2));
    expect(link.pathname).toBe('/reset-password');
    const fragment = new URLSearchParams(link.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const token = fragment.get('access_token') as string;

    const check = await call('POST', '/api/auth/password-recovery/check', {
      body: { access_token: token, type: 'recovery' },
    });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ email: user.email });

    const mismatch = await call('POST', '/api/auth/password-reset', {
      body: {
        access_token: token,
        type: 'recovery',
        password: 'nueva-clave',
        confirmPassword: 'otra',
      },
    });
    expect(mismatch.status).toBe(400);

    const reset = await call('POST', '/api/auth/password-reset', {
      body: {
        access_token: token,
        type: 'recovery',
        password: 'nueva-clave',
        confirmPassword: 'nueva-clave',
      },
    });
    expect(reset.status).toBe(200);
    await expect(signIn(stack, user.email, user.password)).rejects.toThrow();
    await expect(signIn(stack, user.email, 'nueva-clave')).resolves.toHaveProperty('accessToken');

    const reuse = await call('POST', '/api/auth/password-reset', {
      body: {
        access_token: token,
        type: 'recovery',
        password: 'tercera-clave',
        confirmPassword: 'tercera-clave',
      },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ error: { message: es.auth.resetInvalidLink } });
    const recheck = await call('POST', '/api/auth/password-recovery/check', {
      body: { access_token: token, type: 'recovery' },
    });
    expect(recheck.status).toBe(400);
  });

  it('answers the same for unknown and unconfirmed addresses, and mails nothing', async () => {
    const unknown = uniqueEmail('ghost');
    const res = await call('POST', '/api/auth/password-recovery', {
      body: { email: unknown },
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    const pending = uniqueEmail('pending');
    await call('POST', '/api/auth/signup', { body: signUpBody(pending), ip: freshIp() });
    const res2 = await call('POST', '/api/auth/password-recovery', {
      body: { email: pending },
      ip: freshIp(),
    });
    expect(res2.body).toEqual(res.body);
    expect(await mailsTo(stack, unknown)).toHaveLength(0);
    expect(await mailsTo(stack, pending)).toHaveLength(1); // only the confirmation mail
  });

  it('rejects an expired reset link with the spec message', async () => {
    const user = await newConfirmedUser(stack, 'Expira');
    await call('POST', '/api/auth/password-recovery', {
      body: { email: user.email },
      ip: freshIp(),
    });
    const link = appLink(stack, await waitForMail(stack, user.email, 2));
    const token = new URLSearchParams(link.hash.slice(1)).get('access_token') as string;
    await expireLink(stack, token, 'recovery');
    const res = await call('POST', '/api/auth/password-recovery/check', {
      body: { access_token: token, type: 'recovery' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { message: es.auth.resetInvalidLink } });
  });

  it('sends at most 5 reset mails per address per hour, silently', async () => {
    const user = await newConfirmedUser(stack, 'Muchos');
    const answers = await Promise.all(
      Array.from({ length: 7 }, () =>
        call('POST', '/api/auth/password-recovery', { body: { email: user.email }, ip: freshIp() }),
      ),
    );
    for (const res of answers) expect(res.status).toBe(200);
    expect(await mailsTo(stack, user.email)).toHaveLength(1 + 5);
  });
});

describe('demo accounts', () => {
  it('can sign in and read their profile; the admin gets the admin role from its group', async () => {
    for (const account of stack.demoAccounts) {
      const tokens = await signIn(stack, account.email, account.password);
      const me = await call('GET', '/api/me', { token: tokens.accessToken });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        email: account.email,
        first_name: account.firstName,
        role: account.key === 'admin' ? 'admin' : 'customer',
      });
    }
  });
});
