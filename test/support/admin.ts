import { randomUUID } from 'node:crypto';
import type { StackInfo } from '../../local/stack.js';
import type { CreditTransaction, Wallet } from '../../shared/contract/credits.js';
import type {
  AdminOrganizationAnalytics,
  AdminOrganizationCard,
  Member,
  Organization,
  PendingInvitation,
} from '../../shared/contract/organizations.js';
import type { OrganizationRole } from '../../shared/rules/organizations.js';
import { api, signIn, type Tokens } from './client.js';

/** The platform admin's calls (`/api/admin/*`), as the admin screens make them. */

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

const adminTokens = new Map<string, Promise<Tokens>>();

/** The demo admin (Cognito group `admin`), signed in once per stack. */
export function adminOf(stack: StackInfo): Promise<Tokens> {
  let tokens = adminTokens.get(stack.url);
  if (!tokens) {
    const admin = stack.demoAccounts.find((a) => a.key === 'admin');
    if (!admin) throw new Error('no demo admin');
    tokens = signIn(stack, admin.email, admin.password);
    adminTokens.set(stack.url, tokens);
  }
  return tokens;
}

export interface AdminBilling {
  organization: Organization;
  wallet: Wallet;
  transactions: CreditTransaction[];
  next_cursor: string | null;
}

export interface AdminList {
  totals: { total: number; companies: number; notaries: number; active: number };
  organizations: AdminOrganizationCard[];
}

/** The admin routes called with `token` (the admin's unless a test passes another). */
export function adminApi(stack: StackInfo, token: string) {
  const call = api(stack);
  return {
    list: (query: Record<string, string> = {}) => {
      const qs = new URLSearchParams(query).toString();
      return call<AdminList & ErrorBody>('GET', `/api/admin/organizations${qs ? `?${qs}` : ''}`, {
        token,
      });
    },
    create: (body: Record<string, unknown> = {}, key: string = randomUUID()) =>
      call<{ organization: Organization } & ErrorBody>('POST', '/api/admin/organizations', {
        token,
        body: { name: 'Notaría Prueba', type: 'notary', idempotency_key: key, ...body },
      }),
    update: (id: string, body: Record<string, unknown>) =>
      call<{ organization: Organization } & ErrorBody>('PATCH', `/api/admin/organizations/${id}`, {
        token,
        body,
      }),
    deactivate: (id: string) =>
      call<{ organization: Organization } & ErrorBody>('DELETE', `/api/admin/organizations/${id}`, {
        token,
      }),
    members: (id: string) =>
      call<{ members: Member[]; invitations: PendingInvitation[] } & ErrorBody>(
        'GET',
        `/api/admin/organizations/${id}/members`,
        { token },
      ),
    invite: (id: string, email: string, role: OrganizationRole, key: string = randomUUID()) =>
      call<{ invitation: PendingInvitation } & ErrorBody>(
        'POST',
        `/api/admin/organizations/${id}/invitations`,
        { token, body: { email, role, idempotency_key: key } },
      ),
    remove: (id: string, sub: string) =>
      call<{ ok?: true } & ErrorBody>('DELETE', `/api/admin/organizations/${id}/members/${sub}`, {
        token,
      }),
    billing: (id: string, cursor?: string) =>
      call<AdminBilling & ErrorBody>(
        'GET',
        `/api/admin/organizations/${id}/billing${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
        { token },
      ),
    analytics: (id: string) =>
      call<AdminOrganizationAnalytics & ErrorBody>(
        'GET',
        `/api/admin/organizations/${id}/analytics`,
        { token },
      ),
    adjust: (id: string, amount: number, description: string, key: string = randomUUID()) =>
      call<{ transaction: CreditTransaction; wallet: Wallet } & ErrorBody>(
        'POST',
        `/api/admin/organizations/${id}/adjustments`,
        { token, body: { amount, description, idempotency_key: key } },
      ),
  };
}

/** adminApi with the demo admin's token. */
export async function asAdmin(stack: StackInfo) {
  return adminApi(stack, (await adminOf(stack)).accessToken);
}
