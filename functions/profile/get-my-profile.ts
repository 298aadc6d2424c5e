import * as routes from '../../shared/contract/routes/profile.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { notFound } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { getProfile } from './repo.js';

export const handler = httpRoute(routes.getMyProfile, async ({ caller }) => {
  const me = mustBeCaller(caller);
  const profile = await getProfile(me.sub);
  if (!profile) throw notFound();
  // The role comes from the verified token's groups, not from the stored copy.
  return { ...profile, role: me.isAdmin ? ('admin' as const) : ('customer' as const) };
});
