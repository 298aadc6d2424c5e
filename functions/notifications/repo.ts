import type { TransactItem } from '../orders/keys.js';
import { queryAll, tableName, withoutKeys } from '../platform/db.js';
import {
  customerChatNotificationKey,
  NOTIF_PREFIX,
  notaryChatNotificationKey,
  orgNotificationsPk,
  userNotificationsPk,
} from './keys.js';

/**
 * The bell's notification items (keys.ts has the key design). The chat writes them inside its
 * own transactions (notary/chat.ts), so a notification's count is always the thread's unread
 * count: the same transaction adds to both, and the same one clears both.
 */
export type NotificationAudience = 'customer' | 'notary';

export interface ChatNotificationRecord {
  kind: 'chat';
  /** Whose side the notification is for: it decides the text and the link. */
  audience: NotificationAudience;
  order_id: string;
  order_number: string;
  assignment_id: string;
  count: number;
  updated_at: string;
}

/** Who a chat notification is for: the order's customer, or the assignment's notary. */
export type ChatRecipient =
  | { audience: 'customer'; sub: string }
  | { audience: 'notary'; orgId: string };

interface ChatThreadRef {
  order_id: string;
  order_number: string;
  assignment_id: string;
}

function chatKey(to: ChatRecipient, thread: ChatThreadRef) {
  return to.audience === 'customer'
    ? customerChatNotificationKey(to.sub, thread.order_id)
    : notaryChatNotificationKey(to.orgId, thread.assignment_id);
}

/** One more unread message for `to` (created on the thread's first unread one). */
export function chatNotificationAdd(
  to: ChatRecipient,
  thread: ChatThreadRef,
  nowIso: string,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: chatKey(to, thread),
      UpdateExpression:
        'SET #type = :type, kind = :kind, audience = :aud, order_id = :oid, order_number = :no, assignment_id = :aid, updated_at = :now ADD #count :one',
      ExpressionAttributeNames: { '#type': 'type', '#count': 'count' },
      ExpressionAttributeValues: {
        ':type': 'Notification',
        ':kind': 'chat',
        ':aud': to.audience,
        ':oid': thread.order_id,
        ':no': thread.order_number,
        // The customer's item is per order: it follows the order to its current assignment.
        ':aid': thread.assignment_id,
        ':now': nowIso,
        ':one': 1,
      },
    },
  };
}

/** `to` read the thread (or can no longer read it): its notification goes. Idempotent. */
export function chatNotificationDelete(to: ChatRecipient, thread: ChatThreadRef): TransactItem {
  return { Delete: { TableName: tableName(), Key: chatKey(to, thread) } };
}

/** Every notification of a user (as a customer) or of a notary organisation. */
export async function listNotifications(
  owner: { sub: string } | { orgId: string },
): Promise<ChatNotificationRecord[]> {
  const pk = 'sub' in owner ? userNotificationsPk(owner.sub) : orgNotificationsPk(owner.orgId);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': pk, ':p': NOTIF_PREFIX },
    // Reading a thread deletes its notification and the web then reads the bell again: a
    // stale read would show it back for a minute.
    ConsistentRead: true,
  });
  return items.map((i) => withoutKeys<ChatNotificationRecord>(i));
}
