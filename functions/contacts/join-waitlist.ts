import * as routes from '../../shared/contract/routes/catalog.js';
import { systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { hitLimit } from '../platform/limits.js';
import { upsertContact } from './repo.js';

/**
 * 'Avísame' (issue 21): the address becomes (or stays) a CRM contact with the item it waits for.
 * Limited per client address; the answer is the same whether the address was known or not, so
 * it tells nobody who is a contact or a customer. What the person typed about themselves is
 * only their address: an existing contact's data is never overwritten (not authoritative).
 */
export const handler = httpRoute(routes.joinWaitlist, async ({ body, sourceIp }) => {
  await hitLimit('waitlistPerClient', sourceIp);
  await upsertContact({
    email: body.email,
    source: 'waitlist',
    interests: [body.interest],
    authoritative: false,
    now: systemClock.now().toISOString(),
  });
  return { ok: true as const };
});
