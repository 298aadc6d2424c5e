import { describe, expect, inject, it } from 'vitest';
import { LIMITS, type LimitName } from '../../functions/platform/limits.js';
import { es } from '../../shared/messages.es.js';
import { api, freshIp, uniqueEmail } from '../support/client.js';

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
