import * as routes from '../../shared/contract/routes/admin.js';
import { getNotarySettings } from '../notary/settings-repo.js';
import { httpRoute } from '../platform/http.js';
import { notaryOrganizationOf, settingsResponse } from './notary-settings.js';

/** /admin/notary/{id}/settings: the notary's settings (defaults if never saved) and the choices. */
export const handler = httpRoute(routes.getAdminNotarySettings, async ({ params }) => {
  const org = await notaryOrganizationOf(params.id);
  return settingsResponse(org, await getNotarySettings(org.id));
});
