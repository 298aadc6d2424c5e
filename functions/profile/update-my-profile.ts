import * as routes from '../../shared/contract/routes/profile.js';
import { apiEs } from '../../shared/messages/api.es.js';
import { listActiveCountries } from '../countries/repo.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { AppError, notFound } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { updateProfile } from './repo.js';

/** Personal and billing data (§2 screen 6); the e-mail is not editable and not accepted. */
export const handler = httpRoute(routes.updateMyProfile, async ({ caller, body }) => {
  const me = mustBeCaller(caller);
  if (body.billing_country_id) {
    const known = (await listActiveCountries()).some((c) => c.id === body.billing_country_id);
    if (!known) {
      throw new AppError('VALIDATION', apiEs.validation, {
        billing_country_id: apiEs.validation,
      });
    }
  }
  const profile = await updateProfile(me.sub, body, new Date().toISOString());
  if (!profile) throw notFound();
  return { ...profile, role: me.isAdmin ? ('admin' as const) : ('customer' as const) };
});
