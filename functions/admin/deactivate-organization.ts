import * as routes from '../../shared/contract/routes/admin.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { publicOrganization } from '../organizations/member-access.js';
import { setOrganizationActive } from '../organizations/repo.js';
import { notFound } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { organizationOf } from './organization-of.js';

/**
 * An admin's 'Eliminar' (screen 17; §4: a soft deactivation): `is_active = false`. From then on
 * its members' calls in it are refused (organizations/acting-as.ts, member-access.ts), and its
 * pending invitations cannot be accepted. Its wallet, orders and members stay. Deactivating a
 * deactivated organisation answers the same.
 */
export const handler = httpRoute(routes.deactivateAdminOrganization, async ({ params }) => {
  const org = await organizationOf(params.id);
  if (org.is_active && !(await setOrganizationActive(org.id, false))) {
    throw notFound(m.organizationNotFound);
  }
  return { organization: publicOrganization({ ...org, is_active: false }) };
});
