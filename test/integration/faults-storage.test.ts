import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { api, newConfirmedUser, type TestUser } from '../support/client.js';
import {
  type CreatedUpload,
  completeUpload,
  contractPdf,
  createUpload,
  documentsNamed,
  postToStorage,
  storedDocument,
  uploadDocument,
} from '../support/documents.js';
import { allUp, type FaultMode, setFault } from '../support/faults.js';
import { grantCredits, subOf, walletOf } from '../support/ledger.js';

/**
 * S3 stopped (refused at once) or hung (nothing answered until each call's own timeout): every
 * route that hands out a link to the store or reads from it answers the storage's retryable
 * Spanish 503, never 'Error inesperado' nor a 200 with a link that does not load, and changes
 * nothing: no document item, no limit used, the upload still waiting for /complete, no credits.
 */
const stack = inject('stack');
const call = api(stack);

type ErrorBody = { error: { code: string; message: string } };

const unavailable = { code: 'UNAVAILABLE', message: es.api.storageUnavailable };

let user: TestUser;
let readyId: string;
let pdf: Uint8Array;

beforeAll(async () => {
  user = await newConfirmedUser(stack, 'Almacen');
  pdf = await contractPdf();
  readyId = (await uploadDocument(stack, user.accessToken, 'listo.pdf', pdf)).id;
  await grantCredits(stack, user.accessToken, 20);
});

afterEach(() => allUp(stack));

/** An upload posted to the store, waiting for its /complete. */
async function postedUpload(): Promise<CreatedUpload> {
  const created = await createUpload(stack, user.accessToken, {
    file_name: `espera-${randomUUID().slice(0, 6)}.pdf`,
    content_type: 'application/pdf',
    size: pdf.length,
  });
  expect(created.status).toBe(201);
  expect(await postToStorage(created.body.upload, pdf, 'application/pdf')).toBe(204);
  return created.body;
}

describe.each<FaultMode>(['down', 'paused'])('S3 %s', (mode) => {
  it('upload, /complete, preview and analysis: a 503 to retry, nothing half-done', async () => {
    const pending = await postedUpload();
    const newName = `nuevo-${mode}.pdf`;
    const balance = (await walletOf(stack, user.accessToken)).balance;

    await setFault(stack, 's3', mode);
    // In parallel: a hung store makes each of them wait for its own timeout.
    const [created, completed, preview, analysis] = await Promise.all([
      createUpload(stack, user.accessToken, {
        file_name: newName,
        content_type: 'application/pdf',
        size: pdf.length,
      }),
      completeUpload(stack, user.accessToken, pending.document.id),
      call<ErrorBody>('GET', `/api/documents/${readyId}`, { token: user.accessToken }),
      call<ErrorBody>('POST', `/api/documents/${readyId}/analysis`, {
        token: user.accessToken,
        body: { country_id: 'cl', idempotency_key: randomUUID() },
      }),
    ]);
    for (const res of [created, completed, preview, analysis]) {
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect((res.body as ErrorBody).error).toEqual(unavailable);
    }
    // No link was handed out.
    expect(JSON.stringify(preview.body)).not.toContain('view_url');
    expect(JSON.stringify(created.body)).not.toContain('upload');

    await setFault(stack, 's3', 'up');
    // Nothing half-done: no new document, the pending one still waits, no credits spent.
    expect(await documentsNamed(stack, subOf(user.accessToken), newName)).toEqual([]);
    const waiting = await storedDocument(stack, pending.document.id, subOf(user.accessToken));
    expect(waiting).toMatchObject({ status: 'uploading' });
    expect(waiting.key).toBeUndefined();
    expect((await walletOf(stack, user.accessToken)).balance).toBe(balance);

    // The same actions, retried with the store back, work.
    const done = await completeUpload(stack, user.accessToken, pending.document.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.document.status).toBe('ready');
    const shown = await call<{ view_url: string }>('GET', `/api/documents/${readyId}`, {
      token: user.accessToken,
    });
    expect(shown.status).toBe(200);
    expect((await fetch(shown.body.view_url)).status).toBe(200);
  });
});
