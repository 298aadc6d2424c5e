import type { StackInfo } from '../../local/stack.js';
import type { Order } from '../../shared/contract/orders.js';
import type { SigningResponse, SigningStepRequest } from '../../shared/contract/signing.js';
import { SIGNATURE_CODES, type SignatureType } from '../../shared/rules/signature-types.js';
import { api, freshIp, mailsTo, type TestUser } from './client.js';
import { pointAt } from './table.js';

/**
 * A signer as the signing page drives the API: the link's token on the first step, the
 * session it was exchanged for on every later one, the e-mail code read from the local SES
 * store.
 */
export type Step = Omit<SigningStepRequest, 'signerId'> & { signerId?: string };

export function signingApi(stack: StackInfo) {
  const call = api(stack);
  return (body: Step & { signerId: string }, ip?: string) =>
    call<SigningResponse>('POST', '/api/signing/step', {
      body: { timestamp: new Date().toISOString(), ...body },
      ip,
    });
}

export interface SignerSession {
  signerId: string;
  sessionId: string;
  ip: string;
  step(body: Step): ReturnType<ReturnType<typeof signingApi>>;
}

/** Opens a signing link as the page does; throws unless it opened a session. */
export async function openLink(
  stack: StackInfo,
  link: URL,
  ip = freshIp(),
): Promise<SignerSession> {
  const signerId = decodeURIComponent(link.pathname.split('/').pop() ?? '');
  const token = link.searchParams.get('token') ?? '';
  const post = signingApi(stack);
  const res = await post({ accion: 'init_signing', signerId, token }, ip);
  const sessionId = res.body.data?.signingSessionId;
  if (res.status !== 200 || !sessionId) {
    throw new Error(`link did not open: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return {
    signerId,
    sessionId,
    ip,
    step: (body) => post({ signerId, signingSessionId: sessionId, ...body }, ip),
  };
}

/** The newest 6-digit signing code mailed to `email` (waits for `count` code mails). */
export async function codeFor(stack: StackInfo, email: string, count = 1): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const codes = (await mailsTo(stack, email))
      .filter((m) => m.subject.startsWith('Tu código para firmar'))
      .map((m) => /\b(\d{6})\b/.exec(m.body.text ?? '')?.[1])
      .filter((c): c is string => !!c);
    if (codes.length >= count) return codes[codes.length - 1] as string;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no signing code reached ${email}`);
}

/** A small real PNG (8×8, one colour): what a signature pad sends. */
export const DRAWN_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAEUlEQVR4nGNgYGD4TwCPBAUAgkg/weiby3kAAAAASUVORK5CYII=';

/** Consent, review, code (read from the mail) and signature: the whole simple flow. */
export async function signAll(
  stack: StackInfo,
  s: SignerSession,
  email: string,
  how: { typed?: string; drawn?: string } = { typed: 'Ana Pérez' },
): Promise<SigningResponse> {
  const mailsBefore = (await mailsTo(stack, email)).filter((m) =>
    m.subject.startsWith('Tu código para firmar'),
  ).length;
  const must = async (body: Step, step: string) => {
    const res = await s.step(body);
    if (res.status !== 200 || res.body.status !== 'success') {
      throw new Error(`${body.accion}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    if (res.body.next_step !== step) throw new Error(`${body.accion} → ${res.body.next_step}`);
    return res.body;
  };
  await must({ accion: 'accept_consent' }, 'review');
  await must({ accion: 'confirm_review' }, 'send_code');
  await must({ accion: 'send_code' }, 'verify_code');
  const code = await codeFor(stack, email, mailsBefore + 1);
  await must({ accion: 'verify_code', code }, 'submit_signature');
  return must(
    { accion: 'submit_signature', typed_name: how.typed, signature_image: how.drawn },
    'done',
  );
}

/**
 * The rejection's path up to its reason form: 'Rechazar', a code sent for it, the code typed
 * (read from the mail). Rejecting is an act of the signer: it needs a verified code too.
 */
export async function verifyToReject(
  stack: StackInfo,
  s: SignerSession,
  email: string,
): Promise<SigningResponse> {
  const mailsBefore = (await mailsTo(stack, email)).filter((m) =>
    m.subject.startsWith('Tu código para firmar'),
  ).length;
  const start = await s.step({ accion: 'reject_form' });
  if (start.body.ui.components.some((c) => c.id === 'reason')) return start.body;
  const sent = await s.step({ accion: 'send_reject_code' });
  if (sent.body.next_step !== 'verify_code') {
    throw new Error(`send_reject_code → ${JSON.stringify(sent.body)}`);
  }
  const code = await codeFor(stack, email, mailsBefore + 1);
  const verified = await s.step({ accion: 'verify_code', code });
  if (verified.body.next_step !== 'reject') {
    throw new Error(`verify_code → ${JSON.stringify(verified.body)}`);
  }
  return verified.body;
}

/** An order's audit trail as stored, and whether it verifies against the order's head. */
export async function auditOf(stack: StackInfo, orderId: string) {
  pointAt(stack);
  const orders = await import('../../functions/orders/repo.js');
  const audit = await import('../../functions/signing/trail/audit-repo.js');
  const order = await orders.getOrder(orderId);
  if (!order) throw new Error('order not found');
  return { order, ...(await audit.checkOrderChain(order)) };
}

/** Rewrites fields of a signer item as stored (an expired link), through orders/signer-records. */
export async function rewriteSigner(
  stack: StackInfo,
  signerId: string,
  changes: Record<string, unknown>,
) {
  pointAt(stack);
  const repo = await import('../../functions/orders/signer-records.js');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db } = await import('../../functions/platform/db.js');
  const signer = await repo.getSigner(signerId);
  if (!signer) throw new Error('signer not found');
  const put = repo.signerPut({ ...signer, ...changes } as typeof signer).Put;
  if (!put) throw new Error('no put');
  const { ConditionExpression: _c, ...unconditional } = put;
  await db().send(new PutCommand(unconditional));
}

async function pointAtStorage(stack: StackInfo) {
  pointAt(stack);
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_S3: stack.endpoints.s3,
    BUCKET_NAME: stack.bucketName,
  });
  // The configuration is read once per process: read it again with the bucket set.
  (await import('../../functions/platform/config.js')).resetConfigCache();
}

/** The sealed files stored for an order (evidence/{oid}/sealed-*). */
export async function sealedKeys(stack: StackInfo, orderId: string): Promise<string[]> {
  await pointAtStorage(stack);
  const storage = await import('../../functions/platform/storage.js');
  return storage.listKeys(`evidence/${orderId}/sealed-`);
}

/** What a seal run killed after its upload leaves behind: a sealed file nothing references. */
export async function leaveDeadRun(stack: StackInfo, orderId: string) {
  await pointAtStorage(stack);
  const storage = await import('../../functions/platform/storage.js');
  const { digest } = await import('../../functions/documents/stored-file.js');
  const bytes = new TextEncoder().encode('%PDF-1.7 half-finished run');
  await storage.putObject({
    key: `evidence/${orderId}/sealed-0-DEADRUN000.pdf`,
    bytes,
    contentType: 'application/pdf',
    sha256Base64: digest(bytes).base64,
  });
}

/**
 * What the upload's 30 days do to a document (the bucket's lifecycle and the item's TTL): its
 * object under documents/ and its item are gone. Returns the key that was deleted.
 */
export async function expireUpload(stack: StackInfo, docId: string): Promise<string> {
  await pointAtStorage(stack);
  const { DeleteCommand, GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('../../functions/platform/db.js');
  const storage = await import('../../functions/platform/storage.js');
  const key = { pk: `DOC#${docId}`, sk: 'META' };
  const item = (await db().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
  if (!item?.key) throw new Error(`document ${docId} has no stored key`);
  await storage.deleteObject(String(item.key));
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
  return String(item.key);
}

/** Moves a document's expiry (epoch seconds), as if it had been uploaded earlier. */
export async function setUploadExpiry(stack: StackInfo, docId: string, expiresAt: number) {
  pointAt(stack);
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('../../functions/platform/db.js');
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `DOC#${docId}`, sk: 'META' },
      UpdateExpression: 'SET expires_at = :e, #ttl = :e',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':e': expiresAt },
    }),
  );
}

/** Polls the requester's order until its status is `status` (the seal runs through a queue). */
export async function orderWhen(
  stack: StackInfo,
  user: TestUser,
  id: string,
  status: Order['status'],
  timeoutMs = 60_000,
): Promise<Order> {
  const { checkoutApi } = await import('./orders.js');
  const shop = checkoutApi(stack);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const order = (await shop.getOrder(user, id)).body.order;
    if (order.status === status) return order;
    if (Date.now() > deadline) throw new Error(`order ${id} never became ${status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The public verification record stored for a code ("ABCDE-FGHIJ"), as the table holds it. */
export async function storedVerification(stack: StackInfo, code: string) {
  await pointAtStorage(stack);
  const runs = await import('../../functions/signing/sealing/seal-runs.js');
  return runs.getVerification(runs.normaliseVerificationCode(code) ?? '');
}

/**
 * A paid order whose signers sign with the given types, made as a customer makes it (issue 23):
 * each signer names their own signature type in the request, the order is paid with credits.
 * `types[i]` undefined keeps the request's type (the simple one). Answers the order, each
 * signer's link and id.
 */
export async function orderWithSignerTypes(
  stack: StackInfo,
  user: TestUser,
  people: ReturnType<typeof import('./order-forms.js').signer>[],
  types: (SignatureType | undefined)[],
) {
  const { paidOrder, waitForLinks } = await import('./orders.js');
  const { serviceIds } = await import('./requests.js');
  const cl = await serviceIds(stack, 'cl');
  const signers = people.map((p, i) => {
    const type = types[i];
    return type ? { ...p, signature_service_id: cl.id(SIGNATURE_CODES[type]) } : p;
  });
  const order = await paidOrder(stack, user, { signers });
  const links = await Promise.all(people.map((p) => waitForLinks(stack, p.email)));
  const signerIds = (await auditOf(stack, order.id)).order.signer_ids as string[];
  return { order, links: links.map((l) => l[0] as URL), signerIds };
}
