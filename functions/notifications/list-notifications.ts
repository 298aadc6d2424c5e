import * as routes from '../../shared/contract/routes/notifications.js';
import { contextRoute } from '../organizations/acting-as.js';
import { listNotifications } from './repo.js';
import { notificationsView } from './view.js';

/**
 * The header's bell: the caller's own notifications as a customer (in any context: an order's
 * chat is its customer's wherever they stand) and, when the context is a notary organisation
 * (membership checked by contextRoute), that notary's.
 */
export const handler = contextRoute(routes.listNotifications, async ({ acting }) => {
  const notary =
    acting.kind === 'organization' && acting.organizationType === 'notary'
      ? acting.organizationId
      : null;
  const [own, notarys] = await Promise.all([
    listNotifications({ sub: acting.sub }),
    notary ? listNotifications({ orgId: notary }) : [],
  ]);
  return notificationsView([...own, ...notarys]);
});
