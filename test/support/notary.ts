import { randomUUID } from 'node:crypto';
import type { StackInfo } from '../../local/stack.js';
import type { ChatMessage, ChatThreadResponse } from '../../shared/contract/chat.js';
import type { NotarizedFile } from '../../shared/contract/notarized.js';
import type {
  Assignment,
  ListAssignmentsResponse,
  NotaryAssignmentDetail,
  NotaryMetricsResponse,
  NotarySettingsResponse,
  PutNotarySettingsRequest,
} from '../../shared/contract/notary.js';
import type { Organization } from '../../shared/contract/organizations.js';
import type { AssignmentGroup } from '../../shared/rules/assignment.js';
import { santiagoDate } from '../../shared/rules/santiago-time.js';
import { adminOf, asAdmin } from './admin.js';
import { api, newConfirmedUser, type TestUser } from './client.js';
import { postToStorage } from './documents.js';
import { addMemberTo, inOrganization } from './organizations.js';
import { pointAt } from './table.js';

/**
 * The notary side as tests reach it: a notary organisation with a member and settings, an
 * order ready for a notary, its assignment, and the notary's own calls in its work context.
 */

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

/** Settings as the admin form sends them: one service, country-wide, active, the defaults. */
export const notarySettings = (
  over: Partial<PutNotarySettingsRequest> = {},
): PutNotarySettingsRequest => ({
  services_offered: ['copia_legalizada'],
  regions: [],
  assignment_weight: 10,
  take_minutes: 240,
  process_minutes: 2880,
  max_open: 50,
  active: true,
  ...over,
});

/** The admin's settings calls, with `token` (the demo admin's unless a test passes another). */
export function notarySettingsApi(stack: StackInfo, token: string) {
  const call = api(stack);
  return {
    get: (orgId: string) =>
      call<NotarySettingsResponse & ErrorBody>('GET', `/api/admin/notaries/${orgId}/settings`, {
        token,
      }),
    put: (orgId: string, body: unknown) =>
      call<NotarySettingsResponse & ErrorBody>('PUT', `/api/admin/notaries/${orgId}/settings`, {
        token,
        body,
      }),
  };
}

export async function asAdminSettings(stack: StackInfo) {
  return notarySettingsApi(stack, (await adminOf(stack)).accessToken);
}

/**
 * A new notary organisation (made by the admin) whose owner is a new user, with `settings`
 * saved unless null.
 */
export async function newNotary(
  stack: StackInfo,
  settings: Partial<PutNotarySettingsRequest> | null = {},
): Promise<{ user: TestUser; org: Organization }> {
  const made = await (await asAdmin(stack)).create({ name: 'Notaría de Prueba', type: 'notary' });
  if (made.status !== 200) throw new Error(`notary: ${made.status} ${JSON.stringify(made.body)}`);
  const org = made.body.organization;
  const user = await newConfirmedUser(stack, 'Notaria');
  await addMemberTo(stack, org, user, 'owner');
  if (settings) {
    const saved = await (await asAdminSettings(stack)).put(org.id, notarySettings(settings));
    if (saved.status !== 200) {
      throw new Error(`settings: ${saved.status} ${JSON.stringify(saved.body)}`);
    }
  }
  return { user, org };
}

/** The notary's own calls, made in the organisation's work context. */
export function notaryApi(stack: StackInfo, user: TestUser, orgId: string) {
  const call = api(stack);
  const opts = { token: user.accessToken, headers: inOrganization(orgId) };
  return {
    list: (group: AssignmentGroup = 'pending', cursor?: string) =>
      call<ListAssignmentsResponse & ErrorBody>(
        'GET',
        `/api/notary/assignments?group=${group}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        opts,
      ),
    detail: (id: string) =>
      call<NotaryAssignmentDetail & ErrorBody>(
        'GET',
        `/api/notary/assignments/${encodeURIComponent(id)}`,
        opts,
      ),
    messages: (id: string) =>
      call<ChatThreadResponse & ErrorBody>(
        'GET',
        `/api/notary/assignments/${encodeURIComponent(id)}/messages`,
        opts,
      ),
    write: (id: string, body: string, key: string = randomUUID()) =>
      call<{ message: ChatMessage } & ErrorBody>(
        'POST',
        `/api/notary/assignments/${encodeURIComponent(id)}/messages`,
        { ...opts, body: { body, idempotency_key: key } },
      ),
    metrics: () => call<NotaryMetricsResponse & ErrorBody>('GET', '/api/notary/metrics', opts),
    action: (action: string, assignmentId: string) =>
      call<{ assignment: Assignment } & ErrorBody>('POST', '/api/notary/action', {
        ...opts,
        body: { action, assignment_id: assignmentId },
      }),
    startNotarizedUpload: (id: string, body: unknown) =>
      call<NotarizedUploadStarted & ErrorBody>(
        'POST',
        `/api/notary/assignments/${encodeURIComponent(id)}/notarized-file`,
        { ...opts, body },
      ),
    completeNotarizedUpload: (id: string, uploadId: string) =>
      call<{ file: NotarizedFile } & ErrorBody>(
        'POST',
        `/api/notary/assignments/${encodeURIComponent(id)}/notarized-file/${encodeURIComponent(uploadId)}/complete`,
        opts,
      ),
    reject: (id: string, reason_code: string, reason_detail?: string) =>
      call<{ assignment: Assignment } & ErrorBody>('POST', '/api/notary/action', {
        ...opts,
        body: {
          action: 'reject',
          assignment_id: id,
          reason_code,
          ...(reason_detail === undefined ? {} : { reason_detail }),
        },
      }),
    notarize: (id: string, act: NotarizeAct) =>
      call<{ assignment: Assignment } & ErrorBody>('POST', '/api/notary/action', {
        ...opts,
        body: { action: 'notarize', assignment_id: id, ...act },
      }),
  };
}

interface NotarizedUploadStarted {
  upload_id: string;
  upload: { url: string; fields: Record<string, string> };
}

/** The act's data of a decision 'notarize' (with the checked upload's id). */
export interface NotarizeAct {
  upload_id: string;
  repertorio: string;
  act_date: string;
  notary_name: string;
}

/** Today's date in Santiago (YYYY-MM-DD): an act date the server accepts. */
export const actToday = () => santiagoDate(new Date());

/**
 * The notarized PDF's whole upload as the document page makes it: start, POST the bytes to
 * storage, complete (the server's check). Answers the /complete response.
 */
export async function uploadNotarized(
  stack: StackInfo,
  user: TestUser,
  orgId: string,
  assignmentId: string,
  bytes: Uint8Array,
  fileName = 'notarizado.pdf',
) {
  const n = notaryApi(stack, user, orgId);
  const started = await n.startNotarizedUpload(assignmentId, {
    file_name: fileName,
    size: bytes.length,
  });
  if (started.status !== 201) {
    throw new Error(`start ${started.status} ${JSON.stringify(started.body)}`);
  }
  const posted = await postToStorage(started.body.upload, bytes, 'application/pdf');
  if (posted >= 300) throw new Error(`storage ${posted}`);
  return {
    started: started.body,
    done: await n.completeNotarizedUpload(assignmentId, started.body.upload_id),
  };
}

/**
 * Rewrites a paid order as one with a notarial service (and, with `sealed`, as the seal leaves
 * it). The notarial services cannot be ordered through the API until their fulfilment ships
 * (catalogue `available`), so a paid order gets its service and billing region here.
 */
export async function makeNotarial(
  stack: StackInfo,
  orderId: string,
  opts: { service?: string; region?: string; sealed?: boolean } = {},
): Promise<void> {
  pointAt(stack);
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('../../functions/platform/db.js');
  const { orderKey } = await import('../../functions/orders/keys.js');
  const { newVerificationCode } = await import('../../functions/signing/sealing/seal-runs.js');
  // Only these fields: the signing links' outbox may append to the order's trail meanwhile, and
  // a whole-item rewrite would put back a stale trail head.
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: orderKey(orderId),
      UpdateExpression: [
        'SET notarial_code = :code, billing.region_province = :region',
        ...(opts.sealed
          ? [
              '#st = :processing, signing_stage = :sealed, sealed_at = :now, verification_code = :vc',
            ]
          : []),
      ].join(', '),
      ConditionExpression: 'attribute_exists(pk)',
      ...(opts.sealed ? { ExpressionAttributeNames: { '#st': 'status' } } : {}),
      ExpressionAttributeValues: {
        ':code': opts.service ?? 'copia_legalizada',
        ':region': opts.region ?? 'Región Metropolitana',
        ...(opts.sealed
          ? {
              ':processing': 'processing',
              ':sealed': 'sealed',
              ':now': new Date().toISOString(),
              // What the seal gives every order: its public verification code.
              ':vc': newVerificationCode(),
            }
          : {}),
      },
    }),
  );
}

/**
 * Gives a paid order the notarial line it would have had if the service could be bought today
 * (its catalogue item is not on sale until its fulfilment ships): `amount` of the order's total,
 * in the order's currency, is the notarial part a rejection gives back. The total stays what was
 * paid.
 */
export async function addNotarialLine(stack: StackInfo, orderId: string, amount: number) {
  pointAt(stack);
  const { PutCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('../../functions/platform/db.js');
  const { lineKey, orderKey } = await import('../../functions/orders/keys.js');
  const order = await orderRecord(stack, orderId);
  const line = order.item_count + 1;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...lineKey(orderId, line),
        type: 'OrderItem',
        order_id: orderId,
        line,
        service_id: 'svc_copia_legalizada',
        service_name: 'Copia legalizada',
        service_category: 'notarial_service',
        service_description: 'Copia legalizada ante notario',
        quantity: 1,
        unit_price_at_purchase: amount,
        item_total: amount,
      },
    }),
  );
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: orderKey(orderId),
      UpdateExpression: 'SET item_count = :n',
      ExpressionAttributeValues: { ':n': line },
    }),
  );
}

/** A paid, sealed order with a notarial service, still without a notary. */
export async function sealedNotarialOrder(
  stack: StackInfo,
  customer: TestUser,
  opts: { service?: string; region?: string } = {},
): Promise<string> {
  // Imported here: orders.ts uses vitest's expect, and the benchmarks (outside vitest) use
  // this file's notary helpers.
  const { paidOrder } = await import('./orders.js');
  const order = await paidOrder(stack, customer, { pendingLinks: true });
  await makeNotarial(stack, order.id, { ...opts, sealed: true });
  return order.id;
}

/** What the seal does next: assign the order (in this process, on the stack's table). */
export async function assignNow(stack: StackInfo, orderId: string, now = new Date()) {
  pointAt(stack);
  const { assignOrder } = await import('../../functions/notary/assign.js');
  return assignOrder(orderId, now);
}

/** The order as stored (notarial_stage, assignment_id, notary_org_id). */
export async function orderRecord(stack: StackInfo, orderId: string) {
  pointAt(stack);
  const { getOrder } = await import('../../functions/orders/repo.js');
  const o = await getOrder(orderId);
  if (!o) throw new Error('order not found');
  return o;
}

/** The demo notary seeded in every stack (takes every notarial service, country-wide). */
export async function demoNotaryId(stack: StackInfo): Promise<string> {
  const listed = await (await asAdmin(stack)).list({ q: 'Notaría Fuentes' });
  const id = listed.body.organizations?.[0]?.id;
  if (!id) throw new Error('no demo notary');
  return id;
}

/** A region's code and a billing text the checkout would hold for it. */
export interface TestRegion {
  code: string;
  text: string;
}

/** A notarial service code of one test only: no other notary offers it. */
export const uniqueService = () => `prueba_${Math.random().toString(36).slice(2, 10)}`;

/**
 * A notary (a new organisation, `user` or a new user its owner) offering `service`
 * country-wide, its settings written as the admin's save writes them: the catalogue check is
 * the route's, and a test's own service exists nowhere else, so no other notary (the demo one
 * included) competes for its orders, whatever runs beside it.
 */
export async function notaryOffering(
  stack: StackInfo,
  service: string,
  user?: TestUser,
  regions: string[] = [],
) {
  const made = await newNotary(stack, null);
  if (user) await addMemberTo(stack, made.org, user, 'owner');
  pointAt(stack);
  const settings = await import('../../functions/notary/settings-repo.js');
  await settings.putNotarySettings(
    made.org.id,
    notarySettings({ services_offered: [service], regions }),
    await settings.getNotarySettings(made.org.id),
    new Date().toISOString(),
  );
  return { user: user ?? made.user, org: made.org };
}

/** A notary of its own service with one order assigned to it. */
export async function notaryWithAssignment(
  stack: StackInfo,
  user?: TestUser,
  service: string = uniqueService(),
): Promise<{
  user: TestUser;
  org: Organization;
  customer: TestUser;
  service: string;
  orderId: string;
  assignmentId: string;
}> {
  const n = await notaryOffering(stack, service, user);
  const customer = await newConfirmedUser(stack, 'Cliente');
  const orderId = await sealedNotarialOrder(stack, customer, { service });
  const outcome = await assignNow(stack, orderId);
  const order = await orderRecord(stack, orderId);
  if (outcome !== 'assigned' || order.notary_org_id !== n.org.id || !order.assignment_id) {
    throw new Error(`not assigned to the test notary: ${outcome} ${order.notary_org_id}`);
  }
  return { ...n, customer, service, orderId, assignmentId: order.assignment_id };
}

/** The customer's side of an order's chat (the order modal), in Personal. */
export function orderChat(stack: StackInfo, user: TestUser, orderId: string) {
  const call = api(stack);
  const path = `/api/orders/${encodeURIComponent(orderId)}/messages`;
  return {
    read: () => call<ChatThreadResponse & ErrorBody>('GET', path, { token: user.accessToken }),
    write: (body: string, key: string = randomUUID()) =>
      call<{ message: ChatMessage } & ErrorBody>('POST', path, {
        token: user.accessToken,
        body: { body, idempotency_key: key },
      }),
  };
}
