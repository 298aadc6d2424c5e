import * as routes from '../../shared/contract/routes/admin.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { putOrganization } from '../organizations/admin-repo.js';
import { publicOrganization } from '../organizations/member-access.js';
import {
  getOrganization,
  type OrganizationRecord,
  organizationIdFor,
} from '../organizations/repo.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { AppError } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';

/**
 * An admin's 'Nueva organización' (screen 17): a company or a notary with no members; the admin
 * is not one (they invite its owner from the members screen). The id is derived from the
 * admin and the idempotency key, so a double click or a retried request answers the one
 * organisation it made. The key is scoped apart from the admin's own 'Crear Organización'
 * (`admin:`), so the two routes never answer each other's organisation.
 */
export const handler = httpRoute(routes.createAdminOrganization, async ({ caller, body }) => {
  const { sub } = mustBeCaller(caller);
  const id = organizationIdFor(sub, `admin:${body.idempotency_key}`);
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await getOrganization(id);
    if (existing) return { organization: publicOrganization(existing) };
    const org: OrganizationRecord = {
      id,
      name: body.name,
      type: body.type,
      email: body.email ?? null,
      phone: body.phone ?? null,
      address: body.address ?? null,
      region: null,
      industry: null,
      is_active: true,
      created_at: new Date().toISOString(),
      created_by: sub,
    };
    // Lost to a parallel create with the same key: the loop reads the winner back.
    if (await putOrganization(org)) return { organization: publicOrganization(org) };
  }
  throw new AppError('CONFLICT', m.createError);
});
