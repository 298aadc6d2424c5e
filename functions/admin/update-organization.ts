import * as routes from '../../shared/contract/routes/admin.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { renameMemberships, updateOrganization } from '../organizations/admin-repo.js';
import { publicOrganization } from '../organizations/member-access.js';
import { listMembers, plausibleOrganizationId } from '../organizations/repo.js';
import { notFound } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';

/**
 * An admin's 'Editar' (screen 17): name, e-mail, phone and address (the type stays). The name
 * is copied on every membership (the members' context switcher reads it there), after the
 * organisation itself is updated, in bounded batches (admin-repo.ts renameMemberships). If
 * that part fails the answer is an error and the same edit sent again finishes it.
 */
export const handler = httpRoute(routes.updateAdminOrganization, async ({ params, body }) => {
  const id = params.id ?? '';
  const updated = plausibleOrganizationId(id)
    ? await updateOrganization(id, {
        name: body.name,
        email: body.email,
        phone: body.phone,
        address: body.address,
      })
    : undefined;
  if (!updated) throw notFound(m.organizationNotFound);
  await renameMemberships(await listMembers(id), updated.name);
  return { organization: publicOrganization(updated) };
});
