import type { StackInfo } from '../../local/stack.js';
import type { NotificationsResponse } from '../../shared/contract/notifications.js';
import { api, type TestUser } from './client.js';
import { inOrganization } from './organizations.js';

type ErrorBody = { error?: { message?: string } };

/** The header's bell of `user`, in Personal or in the organisation `orgId` names. */
export function bellOf(stack: StackInfo, user: TestUser, orgId?: string) {
  return api(stack)<NotificationsResponse & ErrorBody>('GET', '/api/notifications', {
    token: user.accessToken,
    headers: orgId ? inOrganization(orgId) : undefined,
  });
}
