import { expect } from 'vitest';
import type { StackInfo } from '../../local/stack.js';
import type { RouteId } from '../../shared/contract/routes.js';
import { api, type TestUser } from '../support/client.js';

/**
 * For every route that needs a token: what user B sees when it reaches for user A's data with
 * its own valid token. The authorization test fails for a protected route without an entry here,
 * so a new route cannot ship without saying how it keeps users apart.
 */
export type OwnershipCase = (ctx: {
  stack: StackInfo;
  owner: TestUser;
  other: TestUser;
}) => Promise<void>;

export const ownershipCases: Partial<Record<RouteId, OwnershipCase>> = {
  getMyProfile: async ({ stack, owner, other }) => {
    // No id in the path: the profile is always the caller's own.
    const res = await api(stack)('GET', '/api/me', { token: other.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: other.email });
    expect(res.body).not.toMatchObject({ email: owner.email });
  },
};
