import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Order } from '../../shared/contract/orders.js';
import { notarizedEs } from '../../shared/messages/notarized.es.js';
import { api, appLink, freshIp, mailsTo } from '../support/client.js';
import { encryptedPdf, postToStorage } from '../support/documents.js';
import { NOTARY_TEST_SIGNER, notarizedPdf } from '../support/notarized-pdf.js';
import {
  actToday,
  notaryApi,
  notaryWithAssignment,
  orderRecord,
  uploadNotarized,
} from '../support/notary.js';
import { auditOf } from '../support/signing.js';

/**
 * The decision 'notarize' on the local stack: the notarized PDF's upload and check (a PDF, not
 * encrypted, its signatures listed and validated), the delivery of that very file by the order's
 * delivery option, the order 'Completado' with the act, 100 deliveries at once, and the
 * refusals (wrong state, wrong file, wrong date, another file after the decision).
 */
const stack = inject('stack');
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let signedPdf: Uint8Array;
let plainPdf: Uint8Array;
beforeAll(async () => {
  signedPdf = await notarizedPdf();
  plainPdf = await notarizedPdf({ signed: false, pages: 2 });
});

/** A notary holding its document (taken), ready to notarize. */
async function takenAssignment() {
  const n = await notaryWithAssignment(stack);
  const notary = notaryApi(stack, n.user, n.org.id);
  expect((await notary.action('take_document', n.assignmentId)).status).toBe(200);
  return { ...n, notary };
}

const act = (uploadId: string, over: Record<string, string> = {}) => ({
  upload_id: uploadId,
  repertorio: '1234-2026',
  act_date: actToday(),
  notary_name: 'María Fuentes Rojas',
  ...over,
});

/**
 * The notarized delivery mails to `to` of the order numbered `number`, waited for (up to 10 s;
 * the checkout's billing address is shared by the tests' orders, the number is not).
 */
async function deliveryMails(to: string, number: string, count = 1) {
  const subject = notarizedEs.mailSubject.split('{')[0] as string;
  const ours = async () =>
    (await mailsTo(stack, to)).filter(
      (m) => m.subject?.startsWith(subject) && (m.body.text ?? '').includes(number),
    );
  for (let i = 0; i < 100; i++) {
    const found = await ours();
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return ours();
}

describe('the notarized upload', () => {
  it('lists the signatures of a signed PDF, each validated, and keeps its bytes unchanged', async () => {
    const n = await takenAssignment();
    const { done } = await uploadNotarized(stack, n.user, n.org.id, n.assignmentId, signedPdf);
    expect(done.status).toBe(200);
    expect(done.body.file).toMatchObject({
      file_name: 'notarizado.pdf',
      size: signedPdf.length,
      pages: 1,
      sha256: sha(signedPdf),
    });
    expect(done.body.file.signatures).toEqual([
      expect.objectContaining({
        kind: 'signature',
        signer_name: NOTARY_TEST_SIGNER,
        valid: true,
        covers_whole_file: true,
        problem: null,
      }),
    ]);
    // A repeat answers the same check.
    const again = await n.notary.completeNotarizedUpload(n.assignmentId, done.body.file.upload_id);
    expect(again.body.file).toEqual(done.body.file);
  });

  it('says a tampered signature does not validate, and a PDF without signatures has none', async () => {
    const n = await takenAssignment();
    const tampered = signedPdf.slice();
    tampered[10] = (tampered[10] as number) ^ 0x01;
    const bad = await uploadNotarized(stack, n.user, n.org.id, n.assignmentId, tampered);
    expect(bad.done.body.file.signatures[0]).toMatchObject({
      valid: false,
      problem: 'digest_mismatch',
    });
    const plain = await uploadNotarized(stack, n.user, n.org.id, n.assignmentId, plainPdf);
    expect(plain.done.body.file).toMatchObject({ pages: 2, signatures: [] });
  });

  it('refuses what is not a usable PDF, deleting it', async () => {
    const n = await takenAssignment();
    const cases: [Uint8Array, string][] = [
      [new TextEncoder().encode('esto no es un PDF, solo texto'), notarizedEs.notPdf],
      [await encryptedPdf({ userPassword: 'secreto' }), notarizedEs.encrypted],
      [new TextEncoder().encode('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF'), notarizedEs.unreadable],
    ];
    for (const [bytes, message] of cases) {
      const { started, done } = await uploadNotarized(
        stack,
        n.user,
        n.org.id,
        n.assignmentId,
        bytes,
      );
      expect(done.status, message).toBe(422);
      expect(done.body.error?.message).toBe(message);
      const repeat = await n.notary.completeNotarizedUpload(n.assignmentId, started.upload_id);
      expect(repeat.status).toBe(404);
      expect(repeat.body.error?.message).toBe(notarizedEs.uploadUnknown);
    }
    const big = await n.notary.startNotarizedUpload(n.assignmentId, {
      file_name: 'grande.pdf',
      size: 10 * 1024 * 1024 + 1,
    });
    expect(big.status).toBe(400);
    const word = await n.notary.startNotarizedUpload(n.assignmentId, {
      file_name: 'acta.docx',
      size: 100,
    });
    expect(word.status).toBe(400);
    expect(word.body.error?.message).toBe(notarizedEs.notPdf);
  });

  it('checks an upload once when 30 completes race: the rest answer it or say to wait', async () => {
    const n = await takenAssignment();
    const started = await n.notary.startNotarizedUpload(n.assignmentId, {
      file_name: 'carrera.pdf',
      size: signedPdf.length,
    });
    expect(await postToStorage(started.body.upload, signedPdf, 'application/pdf')).toBeLessThan(
      300,
    );
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        n.notary.completeNotarizedUpload(n.assignmentId, started.body.upload_id),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.every((st) => st === 200 || st === 409),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(200);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.error?.message).toBe(notarizedEs.checking);
    }
    const after = await n.notary.completeNotarizedUpload(n.assignmentId, started.body.upload_id);
    expect(after.status).toBe(200);
    expect(after.body.file.sha256).toBe(sha(signedPdf));
  });

  it('is refused before the notary takes the document', async () => {
    const n = await notaryWithAssignment(stack);
    const res = await notaryApi(stack, n.user, n.org.id).startNotarizedUpload(n.assignmentId, {
      file_name: 'acta.pdf',
      size: 100,
    });
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe(notarizedEs.notDecidable);
  });

  it('keeps the checked bytes when the presigned POST is replayed afterwards', async () => {
    const n = await takenAssignment();
    const { started, done } = await uploadNotarized(
      stack,
      n.user,
      n.org.id,
      n.assignmentId,
      signedPdf,
    );
    expect(done.status).toBe(200);
    expect(await postToStorage(started.upload, plainPdf, 'application/pdf')).toBeLessThan(300);
    const again = await n.notary.completeNotarizedUpload(n.assignmentId, started.upload_id);
    expect(again.body.file.sha256).toBe(sha(signedPdf));
    const res = await n.notary.notarize(n.assignmentId, act(started.upload_id));
    expect(res.status).toBe(200);
    const order = await orderRecord(stack, n.orderId);
    expect(order.notarized_sha256).toBe(sha(signedPdf));
  });
});

describe("the decision 'notarize'", () => {
  it('delivers the notarized file by the delivery option and completes the order, once under 100 requests', async () => {
    const n = await takenAssignment();
    const { done } = await uploadNotarized(stack, n.user, n.org.id, n.assignmentId, signedPdf);
    const uploadId = done.body.file.upload_id;
    const results = await Promise.all(
      Array.from({ length: 100 }, () => n.notary.notarize(n.assignmentId, act(uploadId))),
    );
    expect(results.map((r) => `${r.status} ${r.body.error?.message ?? ''}`)).toEqual(
      results.map(() => '200 '),
    );
    expect(results[0]?.body.assignment.status).toBe('notarized');

    const record = await orderRecord(stack, n.orderId);
    expect(record).toMatchObject({ status: 'completed', notarial_stage: 'notarized' });
    const kinds = (await auditOf(stack, n.orderId)).events.map((e) => (e as { kind: string }).kind);
    expect(kinds.filter((k) => k === 'notary_notarized')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'completed')).toHaveLength(1);
    expect((await auditOf(stack, n.orderId)).check.ok).toBe(true);

    // The customer's order: the act and a link to the very bytes checked.
    const got = await api(stack)<{ order: Order }>('GET', `/api/orders/${n.orderId}`, {
      token: n.customer.accessToken,
    });
    expect(got.body.order.status).toBe('completed');
    expect(got.body.order.notarized_act).toMatchObject({
      repertorio: '1234-2026',
      act_date: actToday(),
      notary_name: 'María Fuentes Rojas',
      sha256: sha(signedPdf),
      signatures: [expect.objectContaining({ valid: true, signer_name: NOTARY_TEST_SIGNER })],
    });
    const file = await fetch(got.body.order.notarized_file_url as string);
    expect(sha(new Uint8Array(await file.arrayBuffer()))).toBe(sha(signedPdf));

    // One delivery mail per recipient (the requester and, by the option, the signers), whose
    // personal link downloads the notarized file.
    const mails = await deliveryMails(record.billing.email, record.order_number);
    expect(mails).toHaveLength(1);
    const link = appLink(stack, mails[0] as (typeof mails)[number]);
    const dl = await api(stack)<{ url: string; sha256: string; file_name: string }>(
      'POST',
      '/api/delivery/download',
      { body: { orderId: n.orderId, token: link.searchParams.get('token') }, ip: freshIp() },
    );
    expect(dl.status).toBe(200);
    expect(dl.body.sha256).toBe(sha(signedPdf));
    expect(dl.body.file_name).toMatch(/-notarizado\.pdf$/);

    // Decided: another file is refused, and the notary's completed tab holds it.
    const other = await uploadNotarized(stack, n.user, n.org.id, n.assignmentId, plainPdf).catch(
      (e: Error) => e,
    );
    expect(other).toBeInstanceOf(Error);
    expect((await n.notary.list('completed')).body.assignments[0]).toMatchObject({
      id: n.assignmentId,
      status: 'notarized',
    });
    expect((await n.notary.action('approve', n.assignmentId)).status).toBe(409);
  });

  it('refuses an unknown upload, a bad act date and a bad repertorio, changing nothing', async () => {
    const n = await takenAssignment();
    const { done } = await uploadNotarized(stack, n.user, n.org.id, n.assignmentId, plainPdf);
    const uploadId = done.body.file.upload_id;
    const unknown = await n.notary.notarize(n.assignmentId, act('A'.repeat(22)));
    expect(unknown.status).toBe(422);
    expect(unknown.body.error?.message).toBe(notarizedEs.uploadUnknown);
    const future = await n.notary.notarize(
      n.assignmentId,
      act(uploadId, { act_date: '2999-01-01' }),
    );
    expect(future.status).toBe(400);
    expect(future.body.error?.message).toBe(notarizedEs.actDateInvalid);
    const old = await n.notary.notarize(n.assignmentId, act(uploadId, { act_date: '2020-01-01' }));
    expect(old.status).toBe(400);
    const badDay = await n.notary.notarize(
      n.assignmentId,
      act(uploadId, { act_date: '2026-02-30' }),
    );
    expect(badDay.status).toBe(400);
    const rep = await n.notary.notarize(n.assignmentId, act(uploadId, { repertorio: '<script>' }));
    expect(rep.status).toBe(400);
    expect(rep.body.error?.message).toBe(notarizedEs.repertorioInvalid);
    const name = await n.notary.notarize(n.assignmentId, act(uploadId, { notary_name: 'X' }));
    expect(name.status).toBe(400);
    expect((await orderRecord(stack, n.orderId)).status).toBe('processing');
    // Another notary's upload id on this assignment is unknown here.
    const m = await takenAssignment();
    const theirs = await uploadNotarized(stack, m.user, m.org.id, m.assignmentId, plainPdf);
    const cross = await n.notary.notarize(n.assignmentId, act(theirs.done.body.file.upload_id));
    expect(cross.status).toBe(422);
    expect((await n.notary.notarize(n.assignmentId, act(uploadId))).status).toBe(200);
  });

  it('refuses a second, different file once notarized, and discards it', async () => {
    const n = await takenAssignment();
    const first = await uploadNotarized(stack, n.user, n.org.id, n.assignmentId, plainPdf);
    const second = await uploadNotarized(stack, n.user, n.org.id, n.assignmentId, signedPdf);
    expect(
      (await n.notary.notarize(n.assignmentId, act(first.done.body.file.upload_id))).status,
    ).toBe(200);
    // Refused: the decision discarded the other checked file (a delivery racing the first one
    // is refused with 409 'ya fue resuelto' instead).
    const res = await n.notary.notarize(n.assignmentId, act(second.done.body.file.upload_id));
    expect(res.status).toBe(422);
    expect(res.body.error?.message).toBe(notarizedEs.uploadUnknown);
    expect((await orderRecord(stack, n.orderId)).notarized_sha256).toBe(sha(plainPdf));
    // The file checked and not delivered is gone with the decision.
    const gone = await n.notary.completeNotarizedUpload(
      n.assignmentId,
      second.done.body.file.upload_id,
    );
    expect(gone.status).toBe(404);
    // The delivered one stays the order's.
    const view = await n.notary.detail(n.assignmentId);
    const kept = await fetch(view.body.order.notarized_file_url as string);
    expect(sha(new Uint8Array(await kept.arrayBuffer()))).toBe(sha(plainPdf));
  });
});
