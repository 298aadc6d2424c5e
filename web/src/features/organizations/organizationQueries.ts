import type { RouteId } from '../../../../shared/contract/routes';
import { apiCall } from '../../lib/api';
import { type AdminOrganizationFilters, listQueryOf } from './adminFilters';

/**
 * Query keys of one organisation's screens (dashboard, members). Under `['organizations', id]`
 * so a change to the members refreshes the dashboard's count with one invalidation; a context
 * switch resets them with every other query (lib/workContext.ts).
 */
export const organizationQueryKey = (id: string) => ['organizations', id] as const;
export const membersQueryKey = (id: string) => [...organizationQueryKey(id), 'members'] as const;

/**
 * The platform admin's screens (screen 17 and its members screen): everything under
 * `['admin', 'organizations']`, so a change anywhere (a new organisation, an edit, an invitation,
 * a removal) refreshes the cards' figures and chips with one invalidation.
 */
export const adminOrganizationsKey = ['admin', 'organizations'] as const;
export const adminListKey = (filters: AdminOrganizationFilters) =>
  [...adminOrganizationsKey, 'list', filters] as const;
export const adminMembersKey = (id: string) => [...adminOrganizationsKey, 'members', id] as const;

/** The admin's list for `filters` (the members screen reads the organisation's name from it). */
export const adminListQuery = (filters: AdminOrganizationFilters) => ({
  queryKey: adminListKey(filters),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiCall('listAdminOrganizations', { query: listQueryOf(filters), signal }),
});

/**
 * Who looks at an organisation's members: its own people (`member`: the routes an owner or an
 * admin of it calls, and their rules) or the platform admin (`admin`: any organisation, the
 * owner's powers, no role change and nobody leaving).
 */
export type MembersMode = 'member' | 'admin';

export const MEMBERS_ROUTES = {
  member: {
    list: 'listOrganizationMembers',
    invite: 'inviteOrganizationMember',
    remove: 'removeOrganizationMember',
  },
  admin: {
    list: 'listAdminOrganizationMembers',
    invite: 'inviteAdminOrganizationMember',
    remove: 'removeAdminOrganizationMember',
  },
} as const satisfies Record<MembersMode, Record<'list' | 'invite' | 'remove', RouteId>>;

/** The members list's key, and the key a change to the members invalidates (its screen's). */
export function membersKeysOf(mode: MembersMode, id: string) {
  return mode === 'admin'
    ? { members: adminMembersKey(id), refresh: adminOrganizationsKey }
    : { members: membersQueryKey(id), refresh: organizationQueryKey(id) };
}
