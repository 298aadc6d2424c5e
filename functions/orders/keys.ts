import type { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';

/**
 * Orders, their items, their signers and the records that keep payments exactly-once
 * (docs/drafts/orders-data-model.md). The only file that builds these keys; repo.ts holds the
 * orders and their items, signer-records.ts the signers, payment-records.ts ORDERPAY and
 * CHECKOUT:
 *
 *   ORDER#{id} / META              the order; gsi1 USER#{sub}#ORDERS / {created_at}#{id}
 *                                  (an organisation's order: ORG#{orgId}#ORDERS instead);
 *                                  gsi2 ORIGINALPENDING until its original is kept (signing/)
 *   ORDER#{id} / ITEM#{nn}         one line per service, prices as charged
 *   ORDERNO#{number} / ORDERNO     order-number guard: unique numbers, number → order id
 *   SIGNER#{signerId} / META       a signer of an order with the hash of its signing token
 *   ORDERPAY#{paymentIntentId} / ORDERPAY   what a card payment became (permanent): its order,
 *                                  or no order ever (refund_reason: its money goes back)
 *   CHECKOUT#{requestId} / PI#{paymentIntentId}  the checkout form and price a card payment
 *                                  was started with, read when it succeeds
 */
export type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

const orderPk = (id: string) => `ORDER#${id}`;
export const orderKey = (id: string) => ({ pk: orderPk(id), sk: 'META' });
export const lineKey = (id: string, line: number) => ({
  pk: orderPk(id),
  sk: `ITEM#${String(line).padStart(2, '0')}`,
});
export const historyPk = (sub: string) => `USER#${sub}#ORDERS`;
export const orgHistoryPk = (organizationId: string) => `ORG#${organizationId}#ORDERS`;
/** The history an order is listed in: its organisation's, or its customer's own. */
export const historyPkOf = (order: { user_sub: string; organization_id?: string | null }) =>
  order.organization_id ? orgHistoryPk(order.organization_id) : historyPk(order.user_sub);
export const numberKey = (orderNumber: string) => ({ pk: `ORDERNO#${orderNumber}`, sk: 'ORDERNO' });
export const signerKey = (id: string) => ({ pk: `SIGNER#${id}`, sk: 'META' });
export const payKey = (paymentIntentId: string) => ({
  pk: `ORDERPAY#${paymentIntentId}`,
  sk: 'ORDERPAY',
});
export const checkoutKey = (requestId: string, paymentIntentId: string) => ({
  pk: `CHECKOUT#${requestId}`,
  sk: `PI#${paymentIntentId}`,
});

/** Ids arrive in paths: anything that is not a plausible id is simply not found. */
export const plausibleId = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);
