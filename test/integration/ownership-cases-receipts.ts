import { expect } from 'vitest';
import type { RouteId } from '../../shared/contract/routes.js';
import { paidOrder } from '../support/orders.js';
import { getReceipt, listReceipts, receiptsWhen } from '../support/receipts.js';
import type { OwnershipCase } from './ownership-cases.js';

/** Ownership cases of the receipts routes (merged into ownershipCases). */
export const receiptsOwnershipCases: Partial<Record<RouteId, OwnershipCase>> = {
  listReceipts: async ({ stack, owner, other }) => {
    const order = await paidOrder(stack, owner, { pendingLinks: true });
    const [mine] = await receiptsWhen(stack, owner, (r) => r.order_id === order.id);
    // Neither the other's own list nor asking by the owner's order shows it.
    const all = await listReceipts(stack, other);
    expect(all.status).toBe(200);
    expect(all.body.receipts.map((r) => r.id)).not.toContain(mine?.id);
    const byOrder = await listReceipts(stack, other, order.id);
    expect(byOrder.status).toBe(200);
    expect(byOrder.body.receipts).toEqual([]);
  },
  getReceipt: async ({ stack, owner, other }) => {
    const order = await paidOrder(stack, owner, { pendingLinks: true });
    const [mine] = await receiptsWhen(stack, owner, (r) => r.order_id === order.id);
    const res = await getReceipt(stack, other, mine?.id ?? '');
    // Someone else's receipt is no receipt at all.
    expect(res.status).toBe(404);
    expect((await getReceipt(stack, owner, mine?.id ?? '')).status).toBe(200);
  },
};
