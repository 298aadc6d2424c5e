import { randomUUID } from 'node:crypto';
import type { StackInfo } from '../../local/stack.js';
import type { Organization, WorkContext } from '../../shared/contract/organizations.js';
import { api, type TestUser } from './client.js';

/** 'Crear Organización' through the API; `key` repeats a click. */
export function createOrganization(
  stack: StackInfo,
  user: TestUser,
  body: Record<string, unknown> = {},
  key: string = randomUUID(),
) {
  return api(stack)<{ organization: Organization; role: string }>('POST', '/api/organizations', {
    token: user.accessToken,
    body: { name: 'Inmobiliaria Los Andes', idempotency_key: key, ...body },
  });
}

/** The caller's work contexts (the header's switcher). */
export async function contextsOf(stack: StackInfo, user: TestUser): Promise<WorkContext[]> {
  const res = await api(stack)<{ contexts: WorkContext[] }>('GET', '/api/me/contexts', {
    token: user.accessToken,
  });
  if (res.status !== 200) throw new Error(`contexts: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.contexts;
}
