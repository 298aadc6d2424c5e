import type { WorkContext } from '../../shared/contract/organizations.js';
import * as routes from '../../shared/contract/routes/organizations.js';
import { organizationsEs } from '../../shared/messages/organizations.es.js';
import { orgOwner, userOwner } from '../credits/keys.js';
import { readWallet } from '../credits/ledger.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { getOrganization, listUserMemberships } from './repo.js';

/**
 * The header's context switcher (customer-flows §2.2): Personal first, then every active
 * organisation the caller is an active member of, by name, each with its own wallet's balance.
 */
export const handler = httpRoute(routes.listMyContexts, async ({ caller }) => {
  const { sub } = mustBeCaller(caller);
  const active = (await listUserMemberships(sub)).filter((ms) => ms.status === 'active');
  // A deactivated organisation is no context any more (its calls answer 403): not offered.
  const organizations = await Promise.all(active.map((ms) => getOrganization(ms.organization_id)));
  const memberships = active
    .filter((_, i) => organizations[i]?.is_active === true)
    .sort((a, b) => a.organization_name.localeCompare(b.organization_name, 'es'));
  const [personal, ...orgWallets] = await Promise.all([
    readWallet(userOwner(sub)),
    ...memberships.map((ms) => readWallet(orgOwner(ms.organization_id))),
  ]);
  const contexts: WorkContext[] = [
    {
      kind: 'personal',
      organization_id: null,
      name: organizationsEs.personal,
      type: null,
      role: null,
      balance: personal?.balance ?? 0,
    },
    ...memberships.map((ms, i) => ({
      kind: 'organization' as const,
      organization_id: ms.organization_id,
      name: ms.organization_name,
      type: ms.organization_type,
      role: ms.role,
      balance: orgWallets[i]?.balance ?? 0,
    })),
  ];
  return { contexts };
});
