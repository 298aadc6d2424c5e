import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { StackInfo } from '../../local/stack.js';
import type { RouteId } from '../../shared/contract/routes.js';
import { es } from '../../shared/messages.es.js';
import { api, type TestUser } from '../support/client.js';
import { contractPdf, createUpload, objectExists, uploadDocument } from '../support/documents.js';
import { grantCredits, subOf, walletOf } from '../support/ledger.js';
import type { OwnershipCase } from './ownership-cases.js';

/** A checked PDF of the owner. */
const ownersDocument = async (stack: StackInfo, owner: TestUser) =>
  uploadDocument(stack, owner.accessToken, 'contrato.pdf', await contractPdf());

/** Ownership cases of the documents routes (merged into ownershipCases). */
export const documentsOwnershipCases: Partial<Record<RouteId, OwnershipCase>> = {
  createDocumentUpload: async ({ stack, owner, other }) => {
    // No owner in the request: the upload always lands in the caller's own folder.
    const res = await createUpload(stack, other.accessToken, {
      file_name: 'contrato.pdf',
      content_type: 'application/pdf',
      size: 100,
    });
    expect(res.status).toBe(201);
    const key = res.body.upload.fields.key as string;
    expect(key.startsWith(`incoming/${subOf(other.accessToken)}/`)).toBe(true);
    expect(key.includes(subOf(owner.accessToken))).toBe(false);
  },
  completeDocumentUpload: async ({ stack, owner, other }) => {
    const created = await createUpload(stack, owner.accessToken, {
      file_name: 'contrato.pdf',
      content_type: 'application/pdf',
      size: 100,
    });
    const res = await api(stack)('POST', `/api/documents/${created.body.document.id}/complete`, {
      token: other.accessToken,
    });
    expect(res.status).toBe(404);
  },
  getDocument: async ({ stack, owner, other }) => {
    const doc = await ownersDocument(stack, owner);
    const res = await api(stack)('GET', `/api/documents/${doc.id}`, { token: other.accessToken });
    expect(res.status).toBe(404);
    expect(res.body).not.toHaveProperty('view_url');
  },
  deleteDocument: async ({ stack, owner, other }) => {
    const created = await createUpload(stack, owner.accessToken, {
      file_name: 'contrato.pdf',
      content_type: 'application/pdf',
      size: 100,
    });
    const id = created.body.document.id;
    const res = await api(stack)('DELETE', `/api/documents/${id}`, { token: other.accessToken });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { message: es.documents.deleteForbidden } });
    // Still the owner's: it can be deleted by the owner only now.
    const mine = await api(stack)('DELETE', `/api/documents/${id}`, { token: owner.accessToken });
    expect(mine.status).toBe(204);
    expect(await objectExists(stack, created.body.upload.fields.key as string)).toBe(false);
  },
  analyzeDocument: async ({ stack, owner, other }) => {
    const doc = await ownersDocument(stack, owner);
    await grantCredits(stack, other.accessToken, 5);
    const res = await api(stack)('POST', `/api/documents/${doc.id}/analysis`, {
      token: other.accessToken,
      body: { country_id: 'cl', idempotency_key: randomUUID() },
    });
    expect(res.status).toBe(404);
    expect(res.body).not.toHaveProperty('markdown');
    expect((await walletOf(stack, other.accessToken)).balance).toBe(5);
  },
};
