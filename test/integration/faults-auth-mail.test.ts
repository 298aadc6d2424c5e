import { afterEach, describe, expect, inject, it } from 'vitest';
import { LIMITS } from '../../functions/platform/limits.js';
import { mailEs } from '../../shared/messages/mail.es.js';
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
import { allUp, setFault } from '../support/faults.js';

/**
 * Account mails while the mail service is down or hung (issue 11): the user waits for these
 * answers, so a mail SES did not accept is a Spanish 503 that says to retry, never a 500 and
 * never an "ok" that promises a mail, and it does not use the inbox's allowance.
 */
const stack = inject('stack');
const call = api(stack);

afterEach(() => allUp(stack));

const signUpBody = (email: string, password = 'secreto1') => ({
  firstName: 'Ana',
  lastName: 'Pérez',
  email,
  password,
  confirmPassword: password,
  acceptTerms: true,
});

const recover = (email: string) =>
  call('POST', '/api/auth/password-recovery', { body: { email }, ip: freshIp() });

const mailsWithSubject = async (email: string, subject: string) =>
  (await mailsTo(stack, email)).filter((m) => m.subject === subject);

const unavailable = (message: string) => ({ error: { code: 'UNAVAILABLE', message } });

describe('password recovery while mail is down', () => {
  it('answers a Spanish 503 every time, and the full allowance still works once mail is back', async () => {
    const { limit } = LIMITS.recoveryMailPerAddress;
    const user = await newConfirmedUser(stack, 'Caida');
    await setFault(stack, 'mail', 'down');
    // More tries than the limit: had the failures been counted, the last would be a silent
    // 200 that sends nothing (what was seen before).
    // One after another, as a user retrying would (parallel tries over the limit would meet
    // the hits still in flight and get the silent over-limit answer).
    for (let i = 0; i < limit + 1; i++) {
      const res = await recover(user.email);
      expect(res.status).toBe(503);
      expect(res.body).toEqual(unavailable(es.auth.recoveryMailUnavailable));
    }
    // An address without an account sends no mail, so it answers as always.
    const nobody = await recover(uniqueEmail('nadie'));
    expect(nobody).toMatchObject({ status: 200, body: { ok: true } });

    await setFault(stack, 'mail', 'up');
    expect(await mailsWithSubject(user.email, mailEs.resetSubject)).toHaveLength(0);
    const up = await Promise.all(Array.from({ length: limit }, () => recover(user.email)));
    for (const res of up) expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(await mailsWithSubject(user.email, mailEs.resetSubject)).toHaveLength(limit);
    // The limit itself still holds: the next one is the silent "ok" without a mail.
    expect(await recover(user.email)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await mailsWithSubject(user.email, mailEs.resetSubject)).toHaveLength(limit);
  }, 60_000); // a dozen recoveries, each answered after the 1.2 s floor

  it('answers the 503 within the request deadline when mail hangs, not a gateway timeout', async () => {
    const user = await newConfirmedUser(stack, 'Colgada');
    await setFault(stack, 'mail', 'paused');
    const res = await recover(user.email);
    expect(res.status).toBe(503);
    expect(res.body).toEqual(unavailable(es.auth.recoveryMailUnavailable));
    // Read from the emulator itself, behind the paused proxy: nothing was accepted.
    expect(await mailsWithSubject(user.email, mailEs.resetSubject)).toHaveLength(0);
  });

  it('counts exactly the limit of 100 parallel requests for one address, with no 5xx', async () => {
    const { limit } = LIMITS.recoveryMailPerAddress;
    const user = await newConfirmedUser(stack, 'Paralela');
    const answers = await Promise.all(Array.from({ length: 100 }, () => recover(user.email)));
    for (const res of answers) expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(await mailsWithSubject(user.email, mailEs.resetSubject)).toHaveLength(limit);
  });
});

describe('sign-up while mail is down', () => {
  it('answers a Spanish 503, uses none of the allowance, and a retry once mail is back confirms', async () => {
    const { limit } = LIMITS.signupMailPerAddress;
    const email = uniqueEmail('registro');
    await setFault(stack, 'mail', 'down');
    for (let i = 0; i < limit + 1; i++) {
      const res = await call('POST', '/api/auth/signup', {
        body: signUpBody(email),
        ip: freshIp(),
      });
      expect(res.status).toBe(503);
      expect(res.body).toEqual(unavailable(es.auth.signupMailUnavailable));
    }

    await setFault(stack, 'mail', 'up');
    const retry = await call('POST', '/api/auth/signup', {
      body: signUpBody(email),
      ip: freshIp(),
    });
    expect(retry).toMatchObject({ status: 200, body: { ok: true } });
    const mail = await waitForMail(stack, email);
    expect(await mailsTo(stack, email)).toHaveLength(1);
    const confirm = await call('POST', '/api/auth/confirm', {
      body: { token_hash: appLink(stack, mail).searchParams.get('token_hash'), type: 'email' },
      ip: freshIp(),
    });
    // The failed attempts used the same password: the retry is not contested, and it keeps it.
    expect(confirm).toMatchObject({ status: 200, body: { ok: true, choosePassword: false } });
    await expect(signIn(stack, email, 'secreto1')).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
  });

  it('uses only accepted mails against the limit: the allowance is whole after the outage', async () => {
    const { limit } = LIMITS.signupMailPerAddress;
    const email = uniqueEmail('cupo');
    await setFault(stack, 'mail', 'down');
    const failed = await call('POST', '/api/auth/signup', {
      body: signUpBody(email),
      ip: freshIp(),
    });
    expect(failed.status).toBe(503);
    await setFault(stack, 'mail', 'up');
    for (let i = 0; i < limit; i++) {
      const res = await call('POST', '/api/auth/signup', {
        body: signUpBody(email),
        ip: freshIp(),
      });
      expect(res.status).toBe(200);
    }
    expect(await mailsTo(stack, email)).toHaveLength(limit);
    const over = await call('POST', '/api/auth/signup', { body: signUpBody(email), ip: freshIp() });
    expect(over.status).toBe(429);
  });

  it('answers the 503 within the request deadline when mail hangs', async () => {
    const email = uniqueEmail('colgado');
    await setFault(stack, 'mail', 'paused');
    const res = await call('POST', '/api/auth/signup', { body: signUpBody(email), ip: freshIp() });
    expect(res.status).toBe(503);
    expect(res.body).toEqual(unavailable(es.auth.signupMailUnavailable));
    expect(await mailsTo(stack, email)).toHaveLength(0);
  });
});

describe('a contested confirmation while mail is down', () => {
  it('keeps the link usable: opened again once mail is back, it sends the recovery link', async () => {
    const email = uniqueEmail('disputada');
    const first = await call('POST', '/api/auth/signup', {
      body: signUpBody(email, 'victima1'),
      ip: freshIp(),
    });
    expect(first.status).toBe(200);
    const second = await call('POST', '/api/auth/signup', {
      body: signUpBody(email, 'atacante1'),
      ip: freshIp(),
    });
    expect(second.status).toBe(200);
    const token = appLink(stack, await waitForMail(stack, email, 2)).searchParams.get('token_hash');
    const confirm = () =>
      call('POST', '/api/auth/confirm', { body: { token_hash: token, type: 'email' } });

    await setFault(stack, 'mail', 'down');
    const down = await confirm();
    expect(down.status).toBe(503);
    expect(down.body).toEqual(unavailable(es.auth.confirmMailUnavailable));
    // Neither password opens the account meanwhile.
    for (const password of ['victima1', 'atacante1']) {
      await expect(signIn(stack, email, password)).rejects.toMatchObject({
        code: 'NotAuthorizedException',
      });
    }

    await setFault(stack, 'mail', 'up');
    const again = await confirm();
    expect(again).toMatchObject({ status: 200, body: { ok: true, choosePassword: true } });
    expect(await mailsWithSubject(email, mailEs.resetSubject)).toHaveLength(1);
    // Now it is used up: another click only says the account is confirmed, and sends nothing.
    expect(await confirm()).toMatchObject({
      status: 200,
      body: { ok: true, choosePassword: false, alreadyConfirmed: true },
    });
    expect(await mailsWithSubject(email, mailEs.resetSubject)).toHaveLength(1);
  });
});
