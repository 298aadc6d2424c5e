import type { Organization } from '../../shared/contract/organizations.js';
import type { RouteDef } from '../../shared/contract/route-def.js';
import { parseContextHeader, WORK_CONTEXT_HEADER } from '../../shared/contract/work-context.js';
import { organizationsEs } from '../../shared/messages/organizations.es.js';
import type { OrganizationRole } from '../../shared/rules/organizations.js';
import { orgOwner, userOwner } from '../credits/keys.js';
import { type Caller, mustBeCaller } from '../platform/auth-context.js';
import { AppError, forbidden } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { getMembership, getOrganization } from './repo.js';

/**
 * Who a call acts for: the caller in Personal, or the caller as a member of one organisation.
 * `ownerId` is the owner string of the context's wallet and orders (credits/keys.ts).
 */
export type ActingAs =
  | { kind: 'personal'; sub: string; ownerId: string }
  | {
      kind: 'organization';
      sub: string;
      ownerId: string;
      organizationId: string;
      organizationType: Organization['type'];
      role: OrganizationRole;
    };

/**
 * The context the call's header names, checked against the table on every call (consistent
 * reads): the membership must be active and the organisation not deactivated. A removed member's
 * next call in that context is refused, whatever the browser still shows.
 */
export async function actingAs(caller: Caller, header: string | undefined): Promise<ActingAs> {
  const choice = parseContextHeader(header);
  if (!choice) throw new AppError('VALIDATION', organizationsEs.contextInvalid);
  if (choice.kind === 'personal') {
    return { kind: 'personal', sub: caller.sub, ownerId: userOwner(caller.sub) };
  }
  const { organizationId } = choice;
  const [membership, organization] = await Promise.all([
    getMembership(organizationId, caller.sub),
    getOrganization(organizationId),
  ]);
  if (membership?.status !== 'active' || !organization?.is_active) {
    throw forbidden(organizationsEs.notAMember);
  }
  return {
    kind: 'organization',
    sub: caller.sub,
    ownerId: orgOwner(organizationId),
    organizationId,
    organizationType: organization.type,
    role: membership.role,
  };
}

type InputOf<R extends RouteDef> = Parameters<Parameters<typeof httpRoute<R>>[1]>[0];
type ResultOf<R extends RouteDef> = ReturnType<Parameters<typeof httpRoute<R>>[1]>;

/**
 * httpRoute for a route that acts on the work context (`workContext: true` in the route
 * table): the implementation receives `acting`, resolved and checked before it runs.
 */
export function contextRoute<R extends RouteDef>(
  route: R,
  impl: (input: InputOf<R> & { acting: ActingAs }) => ResultOf<R>,
  options?: Parameters<typeof httpRoute<R>>[2],
) {
  // The route table is what the docs and the authorization test read: it must say so too.
  if (!route.workContext) throw new Error(`${route.id} acts on the context: set workContext`);
  return httpRoute(route, async (input) => impl({ ...input, acting: input.guarded as ActingAs }), {
    ...options,
    // Before the body is read: a call in someone else's organisation learns nothing more.
    guard: (caller, headers) => actingAs(mustBeCaller(caller), headers[WORK_CONTEXT_HEADER]),
  });
}
