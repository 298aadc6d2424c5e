import type { NotarySettingsResponse } from '../../shared/contract/notary.js';
import { notaryEs as m } from '../../shared/messages/notary.es.js';
import { notarialServices, regionOptions } from '../notary/service-names.js';
import type { NotarySettingsRecord } from '../notary/settings-repo.js';
import { publicOrganization } from '../organizations/member-access.js';
import type { OrganizationRecord } from '../organizations/repo.js';
import { AppError } from '../platform/errors.js';
import { organizationOf } from './organization-of.js';

/**
 * What both settings routes share: the organisation the path names must be a notary (422
 * otherwise: settings of a company would never be read), and the answer is the settings with
 * the choices the form offers.
 */
export async function notaryOrganizationOf(id: string | undefined): Promise<OrganizationRecord> {
  const org = await organizationOf(id);
  if (org.type !== 'notary') throw new AppError('BUSINESS_RULE', m.notANotary);
  return org;
}

export async function settingsResponse(
  org: OrganizationRecord,
  s: NotarySettingsRecord,
  services?: { code: string; name: string }[],
): Promise<NotarySettingsResponse> {
  return {
    organization: publicOrganization(org),
    settings: {
      services_offered: s.services_offered,
      regions: s.regions,
      assignment_weight: s.assignment_weight,
      take_minutes: s.take_minutes,
      process_minutes: s.process_minutes,
      max_open: s.max_open,
      active: s.active,
      open_assignments: s.open_assignments,
      updated_at: s.updated_at,
    },
    services: services ?? (await notarialServices()),
    regions: regionOptions(),
  };
}
