import { userOwner } from '../credits/keys.js';
import type { ActingAs } from '../organizations/acting-as.js';

/**
 * Who pays an order and so owns it: the caller's Personal context, or the organisation the
 * call acts for (its wallet pays credits orders, its members see the order by role, access.ts).
 * `walletOwner` is the owner string of the wallet (credits/keys.ts): `user:{sub}` or `org:{id}`.
 */
export interface OrderPayer {
  walletOwner: string;
  organizationId: string | null;
}

export function payerOf(acting: ActingAs): OrderPayer {
  return {
    walletOwner: acting.ownerId,
    organizationId: acting.kind === 'organization' ? acting.organizationId : null,
  };
}

/** The Personal payer of a user (orders made before organisations, and tests). */
export const personalPayerOf = (sub: string): OrderPayer => ({
  walletOwner: userOwner(sub),
  organizationId: null,
});

/** The wallet an order's credits came from and go back to (absent on older orders: the user's). */
export const walletOwnerOf = (order: { wallet_owner?: string; user_sub: string }) =>
  order.wallet_owner ?? userOwner(order.user_sub);
