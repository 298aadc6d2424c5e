import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { newConfirmedUser } from '../support/client.js';
import { objectBytes } from '../support/documents.js';
import { grantCredits, runJob, walletOf } from '../support/ledger.js';
import {
  checkoutApi,
  checkoutForm,
  completeRequest,
  paidOrder,
  signer,
  waitForLinks,
} from '../support/orders.js';
import {
  auditOf,
  expireUpload,
  openLink,
  orderWhen,
  setUploadExpiry,
  signAll,
} from '../support/signing.js';

/**
 * A paid order's original outlives the upload's 30 days (issue 12): the keep-originals job
 * copies it to the order's evidence, and review, the order's file links and the seal read it
 * there once the upload is gone.
 */
const stack = inject('stack');
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe("signing: a paid order's original, kept with its evidence", () => {
  it('is copied by the job, then reviewed, linked and sealed after the upload expired', async () => {
    const user = await newConfirmedUser(stack);
    const s = signer();
    const order = await paidOrder(stack, user, { signers: [s] });
    const before = (await auditOf(stack, order.id)).order;
    expect(before.original_key).toBeUndefined();

    const run = await runJob(stack, 'keep-originals');
    expect(run.kept).toBeGreaterThanOrEqual(1);
    const kept = (await auditOf(stack, order.id)).order;
    expect(kept.original_key).toBe(`evidence/${order.id}/original.pdf`);
    expect(kept.original_sha256).toBe(before.document_sha256);
    const copy = await objectBytes(stack, kept.original_key ?? '');
    expect(copy && sha256(copy)).toBe(before.document_sha256);
    // Off the job's list: a second run copies nothing of this order again.
    const again = await runJob(stack, 'keep-originals');
    expect(again.lost).toBe(0);

    // Thirty days later: the upload's object and item are gone.
    const uploadKey = await expireUpload(stack, before.document_id);
    expect(await objectBytes(stack, uploadKey)).toBeUndefined();

    // The requester still gets the original, byte for byte.
    const view = (await checkoutApi(stack).getOrder(user, order.id)).body.order;
    expect(view.original_file_url).toMatch(/^https?:\/\//);
    const original = new Uint8Array(
      await (await fetch(String(view.original_file_url))).arrayBuffer(),
    );
    expect(sha256(original)).toBe(before.document_sha256);

    // The signer reviews the kept bytes, signs, and the order is sealed from them.
    const link = (await waitForLinks(stack, s.email))[0] as URL;
    const session = await openLink(stack, link);
    await signAll(stack, session, s.email);
    const done = await orderWhen(stack, user, order.id, 'completed');
    expect(done.signed_sha256).toMatch(/^[0-9a-f]{64}$/);
    const { check, order: sealed } = await auditOf(stack, order.id);
    expect(check.ok).toBe(true);
    expect(sealed.original_key).toBe(kept.original_key);
  }, 90_000);

  it('is kept by the seal itself when the job has not run yet', async () => {
    const user = await newConfirmedUser(stack);
    const s = signer();
    const order = await paidOrder(stack, user, { signers: [s] });
    const link = (await waitForLinks(stack, s.email))[0] as URL;
    await signAll(stack, await openLink(stack, link), s.email);
    await orderWhen(stack, user, order.id, 'completed');
    const { order: sealed } = await auditOf(stack, order.id);
    expect(sealed.original_key).toBe(`evidence/${order.id}/original.pdf`);
    const copy = await objectBytes(stack, sealed.original_key ?? '');
    expect(copy && sha256(copy)).toBe(sealed.document_sha256);
  }, 90_000);

  it('reports an original gone before it was kept, once, and takes it off the list', async () => {
    const user = await newConfirmedUser(stack);
    const order = await paidOrder(stack, user, { signers: [signer()] });
    await expireUpload(stack, (await auditOf(stack, order.id)).order.document_id);
    const first = await runJob(stack, 'keep-originals');
    expect(first.lost).toBeGreaterThanOrEqual(1);
    expect((await auditOf(stack, order.id)).order.original_key).toBeUndefined();
    const second = await runJob(stack, 'keep-originals');
    expect(second.lost).toBe(0);
  }, 60_000);

  it('takes no payment for a document that expires within the hour, and says so', async () => {
    const user = await newConfirmedUser(stack);
    const req = await completeRequest(stack, user, { signers: [signer()] });
    await grantCredits(stack, user.accessToken, req.quote.credits_needed);
    const wallet = await walletOf(stack, user.accessToken);
    await setUploadExpiry(stack, req.document_id ?? '', Math.floor(Date.now() / 1000) + 1800);
    const paid = await checkoutApi(stack).payCredits(user, req.id, randomUUID(), checkoutForm());
    expect(paid.status).toBe(422);
    expect(JSON.stringify(paid.body)).toContain('documento');
    expect((await walletOf(stack, user.accessToken)).balance).toBe(wallet.balance);
    const card = await checkoutApi(stack).cardIntent(user, req.id);
    expect(card.status).toBe(422);
  }, 60_000);
});
