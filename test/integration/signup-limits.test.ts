import { describe, expect, inject, it } from 'vitest';
import { LIMITS } from '../../functions/platform/limits.js';
import { es } from '../../shared/messages.es.js';
import { api, freshIp, mailsTo, newConfirmedUser, uniqueEmail } from '../support/client.js';

/** Sign-up mails per address and sign-up attempts per client (functions/platform/limits.ts). */
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

describe('sign-up limits', () => {
  it('sends at most 3 confirmation mails per address per hour, then a Spanish 429', async () => {
    const { limit } = LIMITS.signupMailPerAddress;
    const address = uniqueEmail('buzon');
    for (let i = 0; i < limit; i++) {
      const res = await call('POST', '/api/auth/signup', {
        body: signUpBody(i === 1 ? address.toUpperCase() : address),
        ip: freshIp(),
      });
      expect(res.status).toBe(200);
    }
    const over = await call('POST', '/api/auth/signup', {
      body: signUpBody(address),
      ip: freshIp(),
    });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      error: { code: 'TOO_MANY_REQUESTS', message: es.auth.signupTooManyMails },
    });
    expect(await mailsTo(stack, address)).toHaveLength(limit);
  });

  it('does not count attempts that send no mail against the address', async () => {
    const owner = await newConfirmedUser(stack, 'Ocupada');
    for (let i = 0; i < LIMITS.signupMailPerAddress.limit + 2; i++) {
      const res = await call('POST', '/api/auth/signup', {
        body: signUpBody(owner.email),
        ip: freshIp(),
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: { message: es.auth.alreadyRegistered } });
    }
    expect(await mailsTo(stack, owner.email)).toHaveLength(1);
  });

  it('limits sign-up attempts per client address, with a Spanish 429', async () => {
    const { limit } = LIMITS.signupPerClient;
    const ip = freshIp();
    const owner = await newConfirmedUser(stack, 'Cliente');
    // Every attempt counts against the client, even one answered 409.
    const answers = await Promise.all(
      Array.from({ length: limit }, () =>
        call('POST', '/api/auth/signup', { body: signUpBody(owner.email), ip }),
      ),
    );
    for (const a of answers) expect(a.status).toBe(409);
    const address = uniqueEmail('bloqueada');
    const over = await call('POST', '/api/auth/signup', { body: signUpBody(address), ip });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      error: { code: 'TOO_MANY_REQUESTS', message: es.auth.signupTooManyFromClient },
    });
    expect(await mailsTo(stack, address)).toHaveLength(0);
    // Another client is not affected.
    const other = await call('POST', '/api/auth/signup', {
      body: signUpBody(address),
      ip: freshIp(),
    });
    expect(other.status).toBe(200);
  });
});
