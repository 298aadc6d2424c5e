import * as routes from '../../shared/contract/routes/organizations.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { invitationRefusal } from '../../shared/rules/organizations.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { forbidden } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { memberAccess } from './member-access.js';
import { placeInvitation } from './place-invitation.js';

/**
 * Invites an address to the organisation (owners and admins; the role 'owner' only from an
 * owner): the invitation and its mail as place-invitation.ts writes them.
 */
export const handler = httpRoute(
  routes.inviteOrganizationMember,
  async ({ caller, params, body }) => {
    const me = mustBeCaller(caller);
    const { membership, organization } = await memberAccess(params.id ?? '', me);
    if (invitationRefusal(membership.role, body.role)) throw forbidden(m.roleNotAllowed);
    return placeInvitation({
      organization,
      inviterSub: me.sub,
      email: body.email,
      role: body.role,
      idempotencyKey: body.idempotency_key,
    });
  },
);
