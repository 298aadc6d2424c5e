/**
 * Query keys of the checkout, success, orders and cart screens. Everything about orders sits
 * under `['orders']` and about requests under `['requests']`, so a payment refreshes both with
 * two invalidations. The profile key is the settings screen's (same query, shared cache).
 */
export const ordersQueryKey = ['orders'] as const;
export const orderQueryKey = (id: string) => [...ordersQueryKey, 'detail', id] as const;
export const requestsQueryKey = ['requests'] as const;
export const requestQueryKey = (id: string) => [...requestsQueryKey, 'detail', id] as const;
export const profileQueryKey = ['profile', 'me'] as const;
/** The header's work contexts (Personal and each organisation); the same in every context. */
export const contextsQueryKey = ['me', 'contexts'] as const;
/**
 * The header's bell. Not under `['me']`: it depends on the work context (a notary's items join
 * the caller's own), so a context switch reads it again with the rest.
 */
export const notificationsQueryKey = ['notifications'] as const;
