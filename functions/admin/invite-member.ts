import * as routes from '../../shared/contract/routes/admin.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { placeInvitation } from '../organizations/place-invitation.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { AppError } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { organizationOf } from './organization-of.js';

/**
 * The admin invites an address with any role, owner included: how an organisation the admin
 * created gets its first owner. The same invitation and mail as a member's
 * (organizations/place-invitation.ts), counted against the admin's daily limit. A deactivated
 * organisation is refused: its invitation could never be accepted.
 */
export const handler = httpRoute(
  routes.inviteAdminOrganizationMember,
  async ({ caller, params, body }) => {
    const me = mustBeCaller(caller);
    const organization = await organizationOf(params.id);
    if (!organization.is_active) throw new AppError('BUSINESS_RULE', m.organizationInactive);
    return placeInvitation({
      organization,
      inviterSub: me.sub,
      email: body.email,
      role: body.role,
      idempotencyKey: body.idempotency_key,
    });
  },
);
