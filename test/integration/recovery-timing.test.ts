import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { IdentityUser } from '../../functions/auth/identity.js';
import type { AuthDeps } from '../../functions/auth/service.js';
import { api, freshIp, newConfirmedUser, uniqueEmail } from '../support/client.js';

/**
 * Password recovery must not tell, by its answer or its time, whether an address has an
 * account. The answer is checked over HTTP; the time through the service's own code path with a
 * recording identity, mailer and sleep (no timing assertions: bench/ measures the real spread).
 */
const stack = inject('stack');
const call = api(stack);

let service: typeof import('../../functions/auth/service.js');
beforeAll(async () => {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: stack.endpoints.dynamodb,
    TABLE_NAME: stack.tableName,
    APP_URL: stack.url,
  });
  const { resetConfigCache } = await import('../../functions/platform/config.js');
  resetConfigCache();
  service = await import('../../functions/auth/service.js');
});

const comparable = (res: Awaited<ReturnType<typeof call>>) => ({
  status: res.status,
  body: res.body,
  type: res.headers.get('content-type'),
  length: res.headers.get('content-length'),
});

describe('password recovery answers alike for every address', () => {
  it('gives byte-identical answers for an account, no account and a pending sign-up', async () => {
    const user = await newConfirmedUser(stack, 'Igual');
    const pending = uniqueEmail('pendiente');
    await call('POST', '/api/auth/signup', {
      body: {
        firstName: 'P',
        lastName: 'P',
        email: pending,
        password: 'secreto1',
        confirmPassword: 'secreto1',
        acceptTerms: true,
      },
      ip: freshIp(),
    });
    const answers = await Promise.all(
      [user.email, uniqueEmail('nadie'), pending].map((email) =>
        call('POST', '/api/auth/password-recovery', { body: { email }, ip: freshIp() }),
      ),
    );
    const [first, ...rest] = answers.map(comparable);
    expect(first).toMatchObject({ status: 200, body: { ok: true } });
    for (const other of rest) expect(other).toEqual(first);
  });

  it('does the same look-up and waits out the same floor on every path', async () => {
    const user = (email: string, over: Partial<IdentityUser>): IdentityUser => ({
      sub: randomUUID(),
      email,
      status: 'CONFIRMED',
      enabled: true,
      emailVerified: true,
      firstName: 'Ana',
      lastName: 'P',
      ...over,
    });
    const cases: Record<string, (email: string) => IdentityUser | undefined> = {
      active: (email) => user(email, {}),
      unknown: () => undefined,
      pending: (email) => user(email, { enabled: false, emailVerified: false }),
    };
    const traces: Record<string, string[]> = {};
    for (const [name, found] of Object.entries(cases)) {
      const trace: string[] = [];
      const deps = {
        identity: {
          getUser: async (email: string) => {
            trace.push('getUser');
            return found(email);
          },
        },
        mailer: { send: async () => undefined },
        clock: { now: () => new Date() },
        sleep: async (ms: number) => {
          trace.push(`sleep ${ms}`);
        },
      } as unknown as AuthDeps;
      await service.requestPasswordReset(uniqueEmail(name), freshIp(), deps);
      traces[name] = trace;
    }
    const expected = [`sleep ${service.RECOVERY_ANSWER_MS}`, 'getUser'];
    expect(traces).toEqual({ active: expected, unknown: expected, pending: expected });
  });

  it('waits out the floor even when the request fails inside', async () => {
    const trace: string[] = [];
    let released = false;
    const deps = {
      identity: {
        getUser: async () => {
          throw new Error('Cognito no responde');
        },
      },
      mailer: { send: async () => undefined },
      clock: { now: () => new Date() },
      sleep: (ms: number) =>
        new Promise<void>((resolve) => {
          trace.push(`sleep ${ms}`);
          setTimeout(() => {
            released = true;
            resolve();
          }, 20);
        }),
    } as unknown as AuthDeps;
    await expect(
      service.requestPasswordReset(uniqueEmail('falla'), freshIp(), deps),
    ).rejects.toThrow('Cognito no responde');
    expect(released).toBe(true);
    expect(trace).toEqual([`sleep ${service.RECOVERY_ANSWER_MS}`]);
  });
});
