import * as z from 'zod/mini';

/**
 * The header's notification bell (GET /api/notifications): what is new for the caller as a
 * customer and, in a notary's work context, for that notary. Today one kind: unread messages
 * of an order's chat, one notification per thread with how many are unread. Title and body
 * come in Spanish from the server (shared/messages/notifications.es.ts).
 */
export const NOTIFICATIONS_LIMIT = 20;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(['chat']),
  title: z.string(),
  body: z.string(),
  /** Unread messages of the thread. */
  count: z.number(),
  /** Where the notification leads in the SPA (a path of this origin). */
  href: z.string(),
  updated_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsResponse = z.object({
  /** Newest first, at most NOTIFICATIONS_LIMIT. */
  notifications: z.array(notificationSchema),
  /** Unread messages over every notification, the ones past the limit included (the badge). */
  unread: z.number(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;
