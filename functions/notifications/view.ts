import {
  NOTIFICATIONS_LIMIT,
  type NotificationsResponse,
} from '../../shared/contract/notifications.js';
import { fmt } from '../../shared/messages/fmt.js';
import { notificationsEs as t } from '../../shared/messages/notifications.es.js';
import type { ChatNotificationRecord } from './repo.js';

/**
 * The bell's answer from the stored items: Spanish texts, the link into the SPA, newest first
 * and at most NOTIFICATIONS_LIMIT; the badge counts every unread message, the cut ones too.
 */
function viewOf(r: ChatNotificationRecord) {
  const customer = r.audience === 'customer';
  return {
    id: customer ? `chat:order:${r.order_id}` : `chat:assignment:${r.assignment_id}`,
    kind: 'chat' as const,
    title: fmt(customer ? t.chatFromNotaryTitle : t.chatFromCustomerTitle, {
      number: r.order_number,
    }),
    body: r.count === 1 ? t.unreadOne : fmt(t.unreadMany, { n: r.count }),
    count: r.count,
    // /mis-pedidos?order= opens the order's modal, which holds the chat; the notary's page has
    // the chat at #chat.
    href: customer
      ? `/mis-pedidos?order=${encodeURIComponent(r.order_id)}`
      : `/notary-document/${encodeURIComponent(r.assignment_id)}#chat`,
    updated_at: r.updated_at,
  };
}

export function notificationsView(records: ChatNotificationRecord[]): NotificationsResponse {
  const sorted = records
    .filter((r) => r.count > 0)
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  return {
    notifications: sorted.slice(0, NOTIFICATIONS_LIMIT).map(viewOf),
    unread: sorted.reduce((sum, r) => sum + r.count, 0),
  };
}
