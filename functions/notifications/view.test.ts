import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_LIMIT } from '../../shared/contract/notifications.js';
import { notificationsEs as t } from '../../shared/messages/notifications.es.js';
import type { ChatNotificationRecord } from './repo.js';
import { notificationsView } from './view.js';

const record = (i: number, over: Partial<ChatNotificationRecord> = {}): ChatNotificationRecord => ({
  kind: 'chat',
  audience: 'customer',
  order_id: `o${i}`,
  order_number: `ORD-${i}`,
  assignment_id: `a${i}`,
  count: 1,
  updated_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
  ...over,
});

describe('notificationsView', () => {
  it('lists the newest first, cut at the limit, the badge counting them all', () => {
    const records = Array.from({ length: NOTIFICATIONS_LIMIT + 5 }, (_, i) => record(i));
    const view = notificationsView(records);
    expect(view.notifications).toHaveLength(NOTIFICATIONS_LIMIT);
    expect(view.notifications[0]?.id).toBe(`chat:order:o${NOTIFICATIONS_LIMIT + 4}`);
    expect(view.unread).toBe(NOTIFICATIONS_LIMIT + 5);
  });

  it('links each side to its chat and words the count', () => {
    const [customer, notary] = notificationsView([
      record(1, { count: 1 }),
      record(2, { audience: 'notary', count: 4 }),
    ]).notifications.reverse();
    expect(customer).toMatchObject({ href: '/mis-pedidos?order=o1', body: t.unreadOne });
    expect(notary).toMatchObject({ href: '/notary-document/a2#chat', body: '4 mensajes sin leer' });
  });
});
