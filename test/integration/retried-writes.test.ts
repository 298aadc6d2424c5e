import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { newConfirmedUser } from '../support/client.js';
import { contractPdf, objectExists, storedDocument, uploadDocument } from '../support/documents.js';
import { subOf } from '../support/ledger.js';
import { completeRequest } from '../support/orders.js';
import { pointAt } from '../support/table.js';

const stack = inject('stack');

/**
 * The SDK retries a write whose answer timed out, although DynamoDB may have applied it. Here
 * every write is sent twice, the first answer dropped: what the caller sees is the retry's
 * answer after its own write landed. A conditional write must not then read its own earlier
 * application as someone else's write.
 */
const DOUBLE = 'send-every-write-twice';
let client: DynamoDBDocumentClient | undefined;

async function sendingEveryWriteTwice(): Promise<DynamoDBDocumentClient> {
  pointAt(stack);
  const { resetConfigCache } = await import('../../functions/platform/config.js');
  resetConfigCache();
  const { db } = await import('../../functions/platform/db.js');
  const c = db();
  c.middlewareStack.add(
    (next, context) => async (args) => {
      if (/^(Put|Update|Delete)/.test(String(context.commandName))) await next(args);
      return next(args);
    },
    { step: 'build', name: DOUBLE },
  );
  client = c;
  return c;
}

afterEach(() => {
  client?.middlewareStack.remove(DOUBLE);
  client = undefined;
});

/** A new user's complete pending request, as the repository reads it, with writes doubled. */
async function pendingRequestItem() {
  const user = await newConfirmedUser(stack, 'Reenvio');
  const req = await completeRequest(stack, user);
  await sendingEveryWriteTwice();
  const repo = await import('../../functions/requests/repo.js');
  const item = await repo.getOwnedRequest(req.id, subOf(user.accessToken));
  if (!item) throw new Error('request not found');
  return { repo, item };
}

describe('a write retried after it landed', () => {
  it("claims a request for a credits payment: the attempt's own claim holds", async () => {
    const { repo, item } = await pendingRequestItem();
    expect(await repo.claimForCredits(item, 'attempt-1', Date.now() + 10_000)).toBe(true);
    // Another attempt still finds it held.
    expect(await repo.claimForCredits(item, 'attempt-2', Date.now() + 10_000)).toBe(false);
  });

  it("saves the wizard's changes once, without a conflict with itself", async () => {
    const { repo, item } = await pendingRequestItem();
    const saved = await repo.updatePendingRequest(
      item,
      { title: 'Contrato de arriendo' },
      new Date().toISOString(),
    );
    expect(saved?.title).toBe('Contrato de arriendo');
    expect(saved?.version).toBe(item.version + 1);
    // A save from the same stale version is still someone else's conflict.
    expect(
      await repo.updatePendingRequest(item, { title: 'Otro' }, new Date().toISOString()),
    ).toBeUndefined();
  });

  it('saves a signer once, without calling it a duplicate of itself', async () => {
    const user = await newConfirmedUser(stack, 'Reenvio');
    await sendingEveryWriteTwice();
    const repo = await import('../../functions/requests/repo.js');
    const sub = subOf(user.accessToken);
    const signer = {
      id: randomUUID(),
      first_name: 'Ana',
      last_name: 'Rojas',
      id_number: '11.111.111-1',
      email: 'ana.rojas@example.cl',
      phone: '912345678',
      phone_country_code: '+56',
      created_at: new Date().toISOString(),
    };
    expect(await repo.putSavedSigner(sub, signer)).toBe(true);
    // The same e-mail saved again by another call is a duplicate.
    expect(await repo.putSavedSigner(sub, { ...signer, id: randomUUID() })).toBe(false);
    expect((await repo.listSavedSigners(sub)).map((s) => s.id)).toEqual([signer.id]);
  });

  it('uses an e-mailed link once, and the retry of that use is still the same use', async () => {
    await sendingEveryWriteTwice();
    const repo = await import('../../functions/auth/repo.js');
    const now = Math.floor(Date.now() / 1000);
    const hash = randomUUID().replaceAll('-', '');
    const link = {
      hash,
      purpose: 'recovery' as const,
      email: 'reenvio@example.cl',
      username: randomUUID(),
      firstName: 'Ana',
      lastName: 'Rojas',
      expiresAt: now + 3600,
    };
    // Stored once: the retry of the Put is not a clash with another link.
    await repo.putLinkToken(link);
    expect(await repo.findLinkToken(hash, 'recovery', now)).toMatchObject(link);

    const claim = await repo.consumeLinkToken(hash, 'recovery', now);
    expect(claim).toBeDefined();
    // Used: nobody else gets it, and it no longer reads as valid.
    expect(await repo.consumeLinkToken(hash, 'recovery', now)).toBeUndefined();
    expect(await repo.findLinkToken(hash, 'recovery', now)).toBeUndefined();

    // Given back (its step failed): valid again, for one more use.
    if (!claim) throw new Error('no claim');
    await repo.releaseLinkToken(claim);
    expect(await repo.findLinkToken(hash, 'recovery', now)).toMatchObject(link);
    expect(await repo.consumeLinkToken(hash, 'recovery', now)).toBeDefined();
    // A stale claim cannot give back a use that is not its own.
    await repo.releaseLinkToken(claim);
    expect(await repo.findLinkToken(hash, 'recovery', now)).toBeUndefined();
  });

  it('deletes a pending request: the retry of its own delete is no 404', async () => {
    const { item } = await pendingRequestItem();
    const service = await import('../../functions/requests/service.js');
    const repo = await import('../../functions/requests/repo.js');
    await service.deleteRequest(item.user_sub, item.id);
    expect(await repo.getOwnedRequest(item.id, item.user_sub)).toBeUndefined();
    // An id that never was the caller's is still a 404.
    await expect(service.deleteRequest(item.user_sub, randomUUID())).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('deletes a saved signer: the retry of its own delete is no 404', async () => {
    const user = await newConfirmedUser(stack, 'Reenvio');
    await sendingEveryWriteTwice();
    const repo = await import('../../functions/requests/repo.js');
    const sub = subOf(user.accessToken);
    const id = randomUUID();
    await repo.putSavedSigner(sub, {
      id,
      first_name: 'Ana',
      last_name: 'Rojas',
      id_number: '11.111.111-1',
      email: 'ana.rojas@example.cl',
      phone: '912345678',
      phone_country_code: '+56',
      created_at: new Date().toISOString(),
    });
    expect(await repo.deleteSavedSignerById(sub, id)).toBe(true);
    expect(await repo.listSavedSigners(sub)).toEqual([]);
    expect(await repo.deleteSavedSignerById(sub, id)).toBe(false);
  });

  it('deletes a document and its files: the retry of its own delete is no 404', async () => {
    const user = await newConfirmedUser(stack, 'Reenvio');
    const sub = subOf(user.accessToken);
    const view = await uploadDocument(stack, user.accessToken, 'contrato.pdf', await contractPdf());
    const doc = await storedDocument(stack, view.id, sub);
    if (!doc.key) throw new Error('document has no stored file');
    expect(await objectExists(stack, doc.key)).toBe(true);
    await sendingEveryWriteTwice();
    const service = await import('../../functions/documents/service.js');
    await service.deleteDocument(sub, view.id);
    await expect(storedDocument(stack, view.id, sub)).rejects.toThrow('not found');
    // Before, the 404 came before the files' deletion: they stayed in the bucket, orphaned.
    expect(await objectExists(stack, doc.key)).toBe(false);
  });

  it('counts a rate-limited hit once: neither twice nor refused as the one over the limit', async () => {
    await sendingEveryWriteTwice();
    const { hitRateLimit, releaseRateHit } = await import('../../functions/platform/rate-limit.js');
    const key = randomUUID();
    // A limit of 2: the second hit reaches it, and with its retry it must still pass.
    const first = await hitRateLimit('retried-writes', key, 2, 3600);
    const second = await hitRateLimit('retried-writes', key, 2, 3600);
    expect(second.id).not.toBe(first.id);
    await expect(hitRateLimit('retried-writes', key, 2, 3600)).rejects.toMatchObject({
      status: 429,
    });
    // Given back once, even though the give-back is sent twice: one more hit, not two.
    await releaseRateHit(second);
    await hitRateLimit('retried-writes', key, 2, 3600);
    await expect(hitRateLimit('retried-writes', key, 2, 3600)).rejects.toMatchObject({
      status: 429,
    });
  });

  it("counts a signing code's try once: the fifth try is still compared", async () => {
    await sendingEveryWriteTwice();
    const { db } = await import('../../functions/platform/db.js');
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const repo = await import('../../functions/signing/link/signer-repo.js');
    const signerId = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          repo.codePut(signerId, {
            code_id: randomUUID(),
            code_hmac: 'hmac',
            session_hash: 'session',
            expires_at: now + 600,
            tries: 0,
            sent_at: new Date().toISOString(),
            ttl: now + 600,
          }),
        ],
      }),
    );
    for (let i = 1; i <= repo.CODE_MAX_TRIES; i++) {
      const counted = await repo.countTry(signerId, 'session', now);
      expect(counted?.tries).toBe(i);
    }
    expect(await repo.countTry(signerId, 'session', now)).toBeUndefined();
  });

  it('creates a request once: the retry of its own Put is no 500', async () => {
    const { item } = await pendingRequestItem();
    const service = await import('../../functions/requests/service.js');
    const repo = await import('../../functions/requests/repo.js');
    const created = await service.createRequest(
      item.user_sub,
      { country_id: item.country_id, document_id: item.document_id ?? '' },
      new Date(),
    );
    expect(await repo.getOwnedRequest(created.id, item.user_sub)).toMatchObject({
      id: created.id,
      version: created.version,
    });
    // The same id written again by anything else (another owner) is still refused.
    await expect(repo.putNewRequest({ ...created, user_sub: randomUUID() })).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
  });

  it('registers an upload once: the retry of its own Put is no 500', async () => {
    const user = await newConfirmedUser(stack, 'Reenvio');
    const sub = subOf(user.accessToken);
    // Reading a document points this process at the stack's bucket too (the presigned POST).
    const first = await uploadDocument(stack, user.accessToken, 'a.pdf', await contractPdf());
    await storedDocument(stack, first.id, sub);
    await sendingEveryWriteTwice();
    const service = await import('../../functions/documents/service.js');
    const repo = await import('../../functions/documents/repo.js');
    const { document } = await service.createUpload(
      sub,
      { file_name: 'contrato.pdf', content_type: 'application/pdf', size: 1000 },
      Math.floor(Date.now() / 1000),
    );
    const doc = await repo.getOwnedDocument(document.id, sub);
    expect(doc?.status).toBe('uploading');
    if (!doc) throw new Error('document not registered');
    await expect(repo.putDocument({ ...doc, owner_sub: randomUUID() })).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
  });

  it("takes a mail's sending lease once: the retry of its own lease holds it", async () => {
    await sendingEveryWriteTwice();
    const { db } = await import('../../functions/platform/db.js');
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const outbox = await import('../../functions/mail/outbox.js');
    const put = outbox.outboxPut(
      { to: 'ana@example.cl', subject: 'Aviso', html: '<p>Aviso</p>', text: 'Aviso' },
      { kind: 'order_notice', order_id: randomUUID(), notice: 'signing_delivery' },
      new Date(),
    );
    await db().send(new TransactWriteCommand({ TransactItems: [put] }));
    const id = put.Put.Item.id;
    const now = Date.now();
    expect(await outbox.leaseOutbox(id, now, 60_000)).toBe(true);
    // Another sender still finds it held.
    expect(await outbox.leaseOutbox(id, now + 1, 60_000)).toBe(false);
  });

  it("takes an order's sealing lease once: the retry of its own lease holds it", async () => {
    await sendingEveryWriteTwice();
    const { db, tableName } = await import('../../functions/platform/db.js');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { orderKey } = await import('../../functions/orders/keys.js');
    const { takeSealLease } = await import('../../functions/signing/sealing/seal-runs.js');
    const orderId = randomUUID();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...orderKey(orderId), type: 'Order', signing_stage: 'sealing' },
      }),
    );
    const now = Math.floor(Date.now() / 1000);
    expect(await takeSealLease(orderId, now)).toBe(true);
    expect(await takeSealLease(orderId, now)).toBe(false);
  });

  it('records a refund as done once: the retry of its own record is still the first', async () => {
    await sendingEveryWriteTwice();
    const { db } = await import('../../functions/platform/db.js');
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const refunds = await import('../../functions/payments/refund-repo.js');
    const pi = `pi_${randomUUID().replaceAll('-', '')}`;
    const now = new Date().toISOString();
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          refunds.refundPut({
            payment_intent_id: pi,
            kind: 'order',
            reason: 'request_gone',
            user_sub: randomUUID(),
            label: 'Pedido 2026-000001',
            amount: 20_000,
            currency_code: 'CLP',
            status: 'pending',
            refund_id: null,
            attempts: 0,
            last_error: null,
            created_at: now,
            updated_at: now,
          }),
        ],
      }),
    );
    expect(await refunds.recordRefunded(pi, 're_1', now)).toBe(true);
    // Another caller settling the same refund is not the first.
    expect(await refunds.recordRefunded(pi, 're_1', now)).toBe(false);
    expect((await refunds.getRefund(pi))?.status).toBe('succeeded');
  });
});
