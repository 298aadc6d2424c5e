/**
 * Key design of the bell's notifications (docs/data-model.md "Notifications"). Only the
 * notifications repository imports this file; nothing else builds these keys.
 *
 *   USER#{sub} / NOTIF#CHAT#{orderId}        the customer's: unread notary messages of an order
 *   ORG#{orgId} / NOTIF#CHAT#{assignmentId}  a notary's: unread customer messages of one of its
 *                                            assignments (a reassignment is a new thread)
 *
 * One item per thread, upserted by each message (count ADD 1), deleted when its side reads the
 * thread: no index, the bell reads its partition's `NOTIF#` items (a handful) and sorts them.
 */
export const NOTIF_PREFIX = 'NOTIF#';

export const customerChatNotificationKey = (sub: string, orderId: string) => ({
  pk: `USER#${sub}`,
  sk: `${NOTIF_PREFIX}CHAT#${orderId}`,
});

export const notaryChatNotificationKey = (orgId: string, assignmentId: string) => ({
  pk: `ORG#${orgId}`,
  sk: `${NOTIF_PREFIX}CHAT#${assignmentId}`,
});

export const userNotificationsPk = (sub: string) => `USER#${sub}`;
export const orgNotificationsPk = (orgId: string) => `ORG#${orgId}`;
