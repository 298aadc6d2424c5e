import * as routes from '../../shared/contract/routes/admin.js';
import { notaryEs as m } from '../../shared/messages/notary.es.js';
import { notarialServices } from '../notary/service-names.js';
import { getNotarySettings, putNotarySettings } from '../notary/settings-repo.js';
import { isConditionFailure } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { notaryOrganizationOf, settingsResponse } from './notary-settings.js';

/**
 * 'Guardar configuración': replaces the settings and the offers together. Every service must be
 * one of the catalogue's notarial services (422 otherwise: the browser offers only those, the
 * server re-checks). A save based on settings older than the stored ones (`expected_updated_at`)
 * answers 409; the write is conditioned on the settings read here, so of two saves at once one
 * wins and the other answers 409 with nothing half-written.
 */
export const handler = httpRoute(routes.putAdminNotarySettings, async ({ params, body }) => {
  const org = await notaryOrganizationOf(params.id);
  const [previous, services] = await Promise.all([getNotarySettings(org.id), notarialServices()]);
  const known = new Set(services.map((s) => s.code));
  const unknown = body.services_offered.find((code) => !known.has(code));
  if (unknown !== undefined) {
    throw new AppError('BUSINESS_RULE', m.serviceUnknown, { services_offered: m.serviceUnknown });
  }
  // The form saw other settings than those stored: another admin saved since it loaded.
  if (body.expected_updated_at !== undefined && body.expected_updated_at !== previous.updated_at) {
    throw new AppError('CONFLICT', m.settingsConflict);
  }
  try {
    await putNotarySettings(org.id, body, previous, new Date().toISOString());
  } catch (err) {
    if (isConditionFailure(err)) throw new AppError('CONFLICT', m.settingsConflict);
    throw err;
  }
  return settingsResponse(org, await getNotarySettings(org.id), services);
});
