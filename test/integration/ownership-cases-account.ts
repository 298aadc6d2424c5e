import { expect } from 'vitest';
import type { AccountExport } from '../../shared/contract/account.js';
import type { RouteId } from '../../shared/contract/routes.js';
import { api, signIn } from '../support/client.js';
import { grantCredits, subOf } from '../support/ledger.js';
import type { OwnershipCase } from './ownership-cases.js';

/**
 * Ownership cases of 'Descargar mis datos' and 'Eliminar mi cuenta' (merged into ownershipCases):
 * no account in the path or body, so each acts on the caller's own account only.
 */
export const accountOwnershipCases: Partial<Record<RouteId, OwnershipCase>> = {
  exportMyData: async ({ stack, owner, other }) => {
    await grantCredits(stack, owner.accessToken, 4);
    const res = await api(stack)<AccountExport>('GET', '/api/me/export', {
      token: other.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.account).toEqual({ id: subOf(other.accessToken), email: other.email });
    expect(res.body.credits.transactions).toEqual([]);
    expect(JSON.stringify(res.body)).not.toContain(owner.email);
  },
  deleteMyAccount: async ({ stack, owner, other }) => {
    // The owner's password does not delete anything of the owner's through another token.
    const res = await api(stack)('POST', '/api/me/delete', {
      token: other.accessToken,
      body: { password: owner.password },
    });
    expect(res.status).toBe(400);
    await expect(signIn(stack, owner.email, owner.password)).resolves.toHaveProperty('accessToken');
    await expect(signIn(stack, other.email, other.password)).resolves.toHaveProperty('accessToken');
    const mine = await api(stack)('GET', '/api/me', { token: owner.accessToken });
    expect(mine.status).toBe(200);
  },
};
