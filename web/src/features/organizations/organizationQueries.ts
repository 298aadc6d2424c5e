/**
 * Query keys of one organisation's screens (dashboard, members). Under `['organizations', id]`
 * so a change to the members refreshes the dashboard's count with one invalidation; a context
 * switch resets them with every other query (lib/workContext.ts).
 */
export const organizationQueryKey = (id: string) => ['organizations', id] as const;
export const membersQueryKey = (id: string) => [...organizationQueryKey(id), 'members'] as const;
