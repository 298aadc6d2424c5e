import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import {
  getOrganization,
  type OrganizationRecord,
  plausibleOrganizationId,
} from '../organizations/repo.js';
import { notFound } from '../platform/errors.js';

/**
 * The organisation an admin route's path names (consistent read), active or not; 404
 * 'No encontramos esa organización.' for an id that names nothing (a malformed one included,
 * without reading the table).
 */
export async function organizationOf(id: string | undefined): Promise<OrganizationRecord> {
  const org = id && plausibleOrganizationId(id) ? await getOrganization(id) : undefined;
  if (!org) throw notFound(m.organizationNotFound);
  return org;
}
