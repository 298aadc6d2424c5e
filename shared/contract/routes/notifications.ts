import * as notifications from '../notifications.js';
import { route } from '../route-def.js';

/** Routes of the header's notification bell (the whole table is ../routes.ts). */

export const listNotifications = route({
  id: 'listNotifications',
  method: 'GET',
  path: '/api/notifications',
  auth: 'user',
  // The context decides whether a notary's notifications join the caller's own.
  workContext: true,
  handler: 'notifications/list-notifications',
  summary:
    "The header's bell: unread chat messages for the caller as a customer and, in a notary's context, for that notary; newest first",
  access: { table: 'read' },
  response: notifications.notificationsResponse,
  // Every open signed-in tab polls it once a minute: its load grows with open tabs, not clicks.
  throttle: { rate: 50, burst: 100 },
});
