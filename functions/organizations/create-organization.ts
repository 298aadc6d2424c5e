import * as routes from '../../shared/contract/routes/organizations.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { AppError } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { hitLimit } from '../platform/limits.js';
import {
  getOrganization,
  type OrganizationRecord,
  organizationIdFor,
  personOf,
  putOrganizationWithOwner,
} from './repo.js';

/**
 * 'Crear Organización' (customer-flows §2.9): a company organisation with the caller as its
 * owner. The idempotency key names the organisation, so a double click or a retried request
 * answers the one organisation it made; another user's key can never reach it (the id mixes in
 * the caller). Each key counts once against a daily per-user limit.
 */
export const handler = httpRoute(routes.createOrganization, async ({ caller, body }) => {
  const { sub } = mustBeCaller(caller);
  const id = organizationIdFor(sub, body.idempotency_key);
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await getOrganization(id);
    if (existing) return answer(existing);
    // One hit per key: 100 repeats of one click count once (the id is the key's digest).
    if (attempt === 0) await hitLimit('organizationsPerUser', sub, undefined, id.slice(0, 12));
    const org: OrganizationRecord = {
      id,
      name: body.name,
      type: 'company',
      email: body.email ?? null,
      phone: body.phone ?? null,
      address: body.address ?? null,
      region: null,
      industry: body.industry ?? null,
      is_active: true,
      created_at: new Date().toISOString(),
      created_by: sub,
    };
    // Lost to a concurrent create with the same key: the loop reads the winner back.
    if (await putOrganizationWithOwner(org, await personOf(sub))) return answer(org);
  }
  throw new AppError('CONFLICT', m.createError);
});

function answer(org: OrganizationRecord) {
  const { created_by: _by, ...organization } = org;
  return { organization, role: 'owner' as const };
}
