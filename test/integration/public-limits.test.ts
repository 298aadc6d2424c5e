import { describe, expect, inject, it } from 'vitest';
import { LIMITS, type LimitName } from '../../functions/platform/limits.js';
import { es } from '../../shared/messages.es.js';
import { api, freshIp, mailsTo, newConfirmedUser, uniqueEmail } from '../support/client.js';
import { paidOrder, signer, waitForLinks } from '../support/orders.js';
import { codeFor, openLink, signingApi } from '../support/signing.js';

/**
 * The per-client limits of the public routes a script would hammer (functions/platform/limits.ts,
 * docs/security.md §1): guessing verification codes, guessing delivery tokens, asking for
 * recovery mails. Each client address gets exactly its number of answers, all at once, then a
 * Spanish 429; another address is not affected.
 */
const stack = inject('stack');
const call = api(stack);

interface Probe {
  name: LimitName;
  route: string;
  send: (ip: string) => Promise<{ status: number; body: unknown }>;
  /** What a request within the limit answers (the probe names nothing that exists). */
  within: number;
}

const probes: Probe[] = [
  {
    name: 'verifyPerClient',
    route: 'GET /api/verify/{code}',
    send: (ip) => call('GET', '/api/verify/ABCD-EFGH-JKLM', { ip }),
    within: 404,
  },
  {
    name: 'deliveryPerClient',
    route: 'POST /api/delivery/download',
    send: (ip) =>
      call('POST', '/api/delivery/download', {
        body: { orderId: 'no-such-order', token: 'x'.repeat(43) },
        ip,
      }),
    within: 404,
  },
  {
    name: 'recoveryPerClient',
    route: 'POST /api/auth/password-recovery',
    send: (ip) =>
      call('POST', '/api/auth/password-recovery', {
        body: { email: uniqueEmail('nadie') },
        ip,
      }),
    within: 200,
  },
];

describe('per-client limits of the public routes', () => {
  for (const probe of probes) {
    it(`${probe.route}: ${LIMITS[probe.name].limit} answers per client, then a Spanish 429`, async () => {
      const { limit } = LIMITS[probe.name];
      const ip = freshIp();
      // All at once: the count is one conditional write, so a burst cannot slip past it.
      const burst = await Promise.all(Array.from({ length: limit + 5 }, () => probe.send(ip)));
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((s) => s === probe.within)).toHaveLength(limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      const refused = burst.find((r) => r.status === 429);
      expect(refused?.body).toMatchObject({
        error: { code: 'TOO_MANY_REQUESTS', message: es.api.tooManyRequests },
      });
      // The limit is the client's: another address is answered as usual.
      expect((await probe.send(freshIp())).status).toBe(probe.within);
    });
  }
});

describe("the signer's limits", () => {
  async function openedLink() {
    const user = await newConfirmedUser(stack);
    const who = signer();
    await paidOrder(stack, user, { signers: [who] });
    const link = (await waitForLinks(stack, who.email))[0] as URL;
    return { who, link };
  }

  it("opens one signer's link at most 30 times an hour, even from many addresses", async () => {
    const { limit } = LIMITS.signingOpenPerSigner;
    const { link } = await openedLink();
    const signerId = decodeURIComponent(link.pathname.split('/').pop() ?? '');
    const token = link.searchParams.get('token') ?? '';
    const post = signingApi(stack);
    const answers = await Promise.all(
      Array.from({ length: limit + 4 }, () =>
        post({ accion: 'init_signing', signerId, token }, freshIp()),
      ),
    );
    // Every answer is a session or a clear 429: past the limit, or (all of them writing the one
    // order's audit chain at once) too many at the same moment. Never a 5xx.
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((st) => st !== 200 && st !== 429)).toEqual([]);
    const opened = answers.filter((r) => r.status === 200 && r.body.data?.signingSessionId);
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.length).toBeLessThanOrEqual(limit);
    for (const r of answers.filter((a) => a.status === 429)) {
      expect(r.body).toMatchObject({ error: { message: es.api.tooManyRequests } });
    }
    // The burst used up the hour's opens: the link opens no more, from anywhere.
    const after = await post({ accion: 'init_signing', signerId, token }, freshIp());
    expect(after.status).toBe(429);
  });

  it("mails one signer at most 5 codes an hour, with the signing screen's message", async () => {
    const { limit } = LIMITS.signingCodeSendPerSigner;
    const { who, link } = await openedLink();
    const s = await openLink(stack, link);
    await s.step({ accion: 'accept_consent' });
    await s.step({ accion: 'confirm_review' });
    const answers = [];
    for (let i = 0; i < limit + 1; i++) answers.push(await s.step({ accion: 'send_code' }));
    expect(answers.slice(0, limit).every((r) => r.status === 200)).toBe(true);
    expect(answers[limit]?.status).toBe(429);
    expect(answers[limit]?.body).toMatchObject({ error: { message: es.signing.codeSendTooMany } });
    await codeFor(stack, who.email, limit);
    const codes = (await mailsTo(stack, who.email)).filter((m) =>
      m.subject.startsWith('Tu código para firmar'),
    );
    expect(codes).toHaveLength(limit);
  });

  it('takes at most 120 steps of one signing session in 10 minutes', async () => {
    const { limit } = LIMITS.signingStepPerSession;
    const { link } = await openedLink();
    const s = await openLink(stack, link);
    const answers = await Promise.all(
      Array.from({ length: limit + 3 }, () => s.step({ accion: 'check_status' })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(limit);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(3);
  });
});
