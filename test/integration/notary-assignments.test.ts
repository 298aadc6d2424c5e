import { describe, expect, inject, it } from 'vitest';
import { notaryEs } from '../../shared/messages/notary.es.js';
import { organizationsEs } from '../../shared/messages/organizations.es.js';
import { api, mailsTo, newConfirmedUser } from '../support/client.js';
import { runJob } from '../support/ledger.js';
import {
  assignNow,
  makeNotarial,
  newNotary,
  notaryApi,
  notaryOffering,
  notarySettings,
  notaryWithAssignment,
  orderRecord,
  sealedNotarialOrder,
  type TestRegion,
  uniqueService,
} from '../support/notary.js';
import { paidOrder, signer, waitForLinks } from '../support/orders.js';
import { addMemberTo, inOrganization, newOrganization } from '../support/organizations.js';
import { auditOf, openLink, signAll } from '../support/signing.js';
import { pointAt } from '../support/table.js';

/**
 * The notary side on the local stack: a sealed notarial order is assigned (region first), the
 * notary's queue, counters and metrics, 'Tomar Documento' and the start of the review, the
 * refusals, 100 takes at once, the SLA job's reassignment, and an order that waits for a notary.
 * Each test's notary offers a service of its own (test/support/notary.ts), so the country-wide
 * demo notary and other tests' notaries never take its orders; the tests of regions use regions
 * no other test names.
 * cases), so the country-wide demo notary and other tests' notaries never take their orders.
 */
const stack = inject('stack');

const ARICA: TestRegion = { code: 'CL-AP', text: 'Arica y Parinacota' };
const TARAPACA: TestRegion = { code: 'CL-TA', text: 'Tarapacá' };

const kindsOf = async (orderId: string) =>
  (await auditOf(stack, orderId)).events.map((e) => (e as { kind: string }).kind);

describe('assignment after the seal', () => {
  it('gives the order to the notary offering its service, with its load, counters and trail', async () => {
    const n = await notaryWithAssignment(stack);
    const order = await orderRecord(stack, n.orderId);
    expect(order.notarial_stage).toBe('assigned');
    const notary = notaryApi(stack, n.user, n.org.id);
    const listed = await notary.list('pending');
    expect(listed.status).toBe(200);
    expect(listed.body.assignments).toHaveLength(1);
    expect(listed.body.assignments[0]).toMatchObject({
      id: n.assignmentId,
      order_id: n.orderId,
      order_number: order.order_number,
      status: 'assigned',
      service_code: n.service,
      taken_at: null,
      is_overdue_to_take: false,
      time_to_take_minutes: null,
    });
    expect(listed.body.counters).toEqual({
      total: 1,
      pending: 1,
      processing: 0,
      completed: 0,
      overdue: 0,
    });
    const metrics = await notary.metrics();
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatchObject({
      total_received: 1,
      total_processed: 0,
      success_rate: 0,
      average_minutes: null,
    });
    expect(metrics.body.settings).toMatchObject({
      services_offered: [n.service],
      open_assignments: 1,
    });
    const trail = await auditOf(stack, n.orderId);
    expect(trail.check.ok).toBe(true);
    expect(await kindsOf(n.orderId)).toContain('notary_assigned');
    // Assigning again changes nothing: the order no longer waits.
    expect(await assignNow(stack, n.orderId)).toBe('not_waiting');
    expect((await notary.metrics()).body.total_received).toBe(1);
  });

  it("prefers the notary naming the order's region to the country-wide ones", async () => {
    const service = uniqueService();
    const countryWide = await notaryOffering(stack, service);
    const local = await notaryOffering(stack, service);
    pointAt(stack);
    const settings = await import('../../functions/notary/settings-repo.js');
    await settings.putNotarySettings(
      local.org.id,
      notarySettings({ services_offered: [service], regions: [ARICA.code] }),
      await settings.getNotarySettings(local.org.id),
      new Date().toISOString(),
    );
    const customer = await newConfirmedUser(stack, 'Cliente');
    for (let i = 0; i < 3; i++) {
      const orderId = await sealedNotarialOrder(stack, customer, { service, region: ARICA.text });
      expect(await assignNow(stack, orderId)).toBe('assigned');
      expect((await orderRecord(stack, orderId)).notary_org_id).toBe(local.org.id);
    }
    // An order from elsewhere goes to the country-wide notary.
    const santiago = await sealedNotarialOrder(stack, customer, { service, region: 'Santiago' });
    expect(await assignNow(stack, santiago)).toBe('assigned');
    expect((await orderRecord(stack, santiago)).notary_org_id).toBe(countryWide.org.id);
  });

  it('assigns a real order once its signers signed and the seal ran', async () => {
    const mine = await newNotary(stack, { regions: [TARAPACA.code] });
    const customer = await newConfirmedUser(stack, 'Cliente');
    const person = signer();
    const order = await paidOrder(stack, customer, { signers: [person], pendingLinks: true });
    await makeNotarial(stack, order.id, { region: 'Iquique, Tarapacá' });
    const link = (await waitForLinks(stack, person.email))[0] as URL;
    await signAll(stack, await openLink(stack, link), person.email);
    let stored = await orderRecord(stack, order.id);
    for (let i = 0; i < 300 && !stored.assignment_id; i++) {
      await new Promise((r) => setTimeout(r, 200));
      stored = await orderRecord(stack, order.id);
    }
    expect(stored).toMatchObject({
      signing_stage: 'sealed',
      status: 'processing',
      notarial_stage: 'assigned',
      notary_org_id: mine.org.id,
    });
    const notary = notaryApi(stack, mine.user, mine.org.id);
    const listed = await notary.list('pending');
    expect(listed.body.assignments.map((a) => a.order_id)).toEqual([order.id]);

    // The document page: the order as its customer sees it, the sealed file, the trail.
    const detail = await notary.detail(stored.assignment_id ?? '');
    expect(detail.status).toBe(200);
    expect(detail.body.order).toMatchObject({ id: order.id, order_number: order.order_number });
    expect(detail.body.order.signers.map((s) => s.email)).toEqual([person.email]);
    expect(detail.body.order.signed_file_url).toMatch(/^http/);
    expect(detail.body.activity.chain_ok).toBe(true);
    expect(detail.body.activity.events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['sealed', 'notary_assigned']),
    );
    const sealed = await fetch(detail.body.order.signed_file_url ?? '');
    expect(sealed.status).toBe(200);
    expect(
      Buffer.from(await sealed.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

describe("the notary's moves", () => {
  it("'Tomar Documento' then the review: the card moves tab, the counters follow", async () => {
    const n = await notaryWithAssignment(stack);
    const notary = notaryApi(stack, n.user, n.org.id);
    const taken = await notary.action('take_document', n.assignmentId);
    expect(taken.status).toBe(200);
    expect(taken.body.assignment).toMatchObject({ status: 'taken', id: n.assignmentId });
    expect(taken.body.assignment.taken_at).not.toBeNull();
    expect(taken.body.assignment.process_due).not.toBeNull();
    const again = await notary.action('take_document', n.assignmentId);
    expect(again.status).toBe(409);
    const pending = await notary.list('pending');
    expect(pending.body.assignments).toEqual([]);
    const processing = await notary.list('processing');
    expect(processing.body.assignments.map((a) => a.id)).toEqual([n.assignmentId]);
    expect(processing.body.counters).toMatchObject({ total: 1, pending: 0, processing: 1 });

    const review = await notary.action('start_review', n.assignmentId);
    expect(review.status).toBe(200);
    expect(review.body.assignment.status).toBe('in_review');
    // Opening the review again (the document page opened twice) changes nothing.
    const twice = await notary.action('start_review', n.assignmentId);
    expect(twice.status).toBe(200);
    expect(twice.body.assignment.status).toBe('in_review');
    const kinds = await kindsOf(n.orderId);
    expect(kinds).toEqual(expect.arrayContaining(['notary_assigned', 'notary_taken']));
    expect(kinds.filter((k) => k === 'notary_review_started')).toHaveLength(1);
    expect((await auditOf(stack, n.orderId)).check.ok).toBe(true);
  });

  it('refuses the review of an assignment not taken yet', async () => {
    const n = await notaryWithAssignment(stack);
    const res = await notaryApi(stack, n.user, n.org.id).action('start_review', n.assignmentId);
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe(notaryEs.notReviewable);
  });

  it("refuses a company's context, Personal, and another notary's assignment", async () => {
    const n = await notaryWithAssignment(stack);
    const company = await newOrganization(stack);
    const inCompany = notaryApi(stack, company.owner, company.org.id);
    for (const res of [
      await inCompany.list('pending'),
      await inCompany.metrics(),
      await inCompany.action('take_document', n.assignmentId),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error?.message).toBe(organizationsEs.notaryContextRequired);
    }
    const personal = await api(stack)('GET', '/api/notary/assignments', {
      token: n.user.accessToken,
    });
    expect(personal.status).toBe(403);

    // A member of another notary, in that notary's context, cannot take this one.
    const otherNotary = await newNotary(stack, { active: false });
    const theirs = notaryApi(stack, otherNotary.user, otherNotary.org.id);
    const res = await theirs.action('take_document', n.assignmentId);
    expect([403, 404]).toContain(res.status);
    expect(JSON.stringify(res.body)).not.toContain(n.orderId);
    const unknown = await theirs.action('take_document', 'abcdef0123456789abcdef0100');
    expect(unknown.status).toBe(404);
    for (const id of [n.assignmentId, 'abcdef0123456789abcdef0100', 'no%20v%C3%A1lido']) {
      const page = await theirs.detail(id);
      expect(page.status).toBe(404);
      expect(JSON.stringify(page.body)).not.toContain(n.orderId);
    }
    const malformed = await api(stack)('POST', '/api/notary/action', {
      token: n.user.accessToken,
      headers: inOrganization(n.org.id),
      body: { action: 'notarize', assignment_id: n.assignmentId },
    });
    expect(malformed.status).toBe(400);
    const still = await notaryApi(stack, n.user, n.org.id).list('pending');
    expect(still.body.assignments[0]?.status).toBe('assigned');
  });

  it('100 takes at once by two members: exactly one wins, the rest get 409, never a 5xx', async () => {
    const n = await notaryWithAssignment(stack);
    const colleague = await newConfirmedUser(stack, 'Colega');
    await addMemberTo(stack, n.org, colleague, 'member');
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        notaryApi(stack, i % 2 ? colleague : n.user, n.org.id).action(
          'take_document',
          n.assignmentId,
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const losers = results.filter((r) => r.status === 409).map((r) => r.body.error?.message);
    expect(new Set(losers).size).toBeGreaterThan(0);
    const processing = await notaryApi(stack, n.user, n.org.id).list('processing');
    expect(processing.body.counters).toMatchObject({ pending: 0, processing: 1, total: 1 });
    expect((await kindsOf(n.orderId)).filter((k) => k === 'notary_taken')).toHaveLength(1);
  });
});

describe("the notary's decision", () => {
  it("'approve' completes the order once: counters, metrics, trail and the customer's notice", async () => {
    const n = await notaryWithAssignment(stack);
    const notary = notaryApi(stack, n.user, n.org.id);
    const early = await notary.action('approve', n.assignmentId);
    expect(early.status).toBe(409);
    expect(early.body.error?.message).toBe(notaryEs.notDecidable);
    expect((await notary.action('take_document', n.assignmentId)).status).toBe(200);
    expect((await notary.action('start_review', n.assignmentId)).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => notary.action('approve', n.assignmentId)),
    );
    expect(results.map((r) => `${r.status} ${r.body.error?.message ?? ''}`)).toEqual(
      results.map(() => '200 '),
    );
    expect(results[0]?.body.assignment).toMatchObject({ status: 'approved' });
    expect(results[0]?.body.assignment.decided_at).not.toBeNull();

    const order = await orderRecord(stack, n.orderId);
    expect(order).toMatchObject({ status: 'completed', notarial_stage: 'approved' });
    const completed = await notary.list('completed');
    expect(completed.body.assignments.map((a) => a.id)).toEqual([n.assignmentId]);
    expect(completed.body.counters).toMatchObject({
      total: 1,
      pending: 0,
      processing: 0,
      completed: 1,
    });
    expect((await notary.list('processing')).body.assignments).toEqual([]);
    const metrics = await notary.metrics();
    expect(metrics.body).toMatchObject({
      total_received: 1,
      total_processed: 1,
      success_rate: 100,
    });
    expect(metrics.body.settings.open_assignments).toBe(0);
    const kinds = await kindsOf(n.orderId);
    expect(kinds.filter((k) => k === 'notary_approved')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'completed')).toHaveLength(1);
    expect((await auditOf(stack, n.orderId)).check.ok).toBe(true);
    const subject = notaryEs.approvedMailSubject.replace('{number}', order.order_number);
    let notices: unknown[] = [];
    for (let i = 0; i < 100 && !notices.length; i++) {
      await new Promise((r) => setTimeout(r, 100));
      notices = (await mailsTo(stack, order.billing.email)).filter((m) => m.subject === subject);
    }
    expect(notices).toHaveLength(1);
    // Decided: nothing moves it any more, and the SLA job leaves it alone.
    expect((await notary.action('take_document', n.assignmentId)).status).toBe(409);
    await runJob(stack, 'notarial-assignments', new Date(Date.now() + 90 * 86_400_000));
    expect((await orderRecord(stack, n.orderId)).assignment_id).toBe(n.assignmentId);
  });

  it("refuses a decision on another notary's assignment", async () => {
    const n = await notaryWithAssignment(stack);
    const notary = notaryApi(stack, n.user, n.org.id);
    expect((await notary.action('take_document', n.assignmentId)).status).toBe(200);
    const other = await newNotary(stack, { active: false });
    const res = await notaryApi(stack, other.user, other.org.id).action('approve', n.assignmentId);
    // The same 404 as an unknown id: an assignment id of another notary reveals nothing.
    expect(res.status).toBe(404);
    expect(res.body.error?.message).toBe(notaryEs.notFound);
    expect((await orderRecord(stack, n.orderId)).status).toBe('processing');
  });
});

describe('the notarial-assignments job', () => {
  it('reassigns an assignment not taken in time to another notary, once', async () => {
    const first = await notaryWithAssignment(stack);
    const second = await notaryOffering(stack, first.service);
    const late = new Date(Date.now() + 241 * 60_000);
    await runJob(stack, 'notarial-assignments', late);
    const order = await orderRecord(stack, first.orderId);
    expect(order.notary_org_id).toBe(second.org.id);
    expect(order.assignment_id).not.toBe(first.assignmentId);
    const theirs = await notaryApi(stack, second.user, second.org.id).list('pending');
    expect(theirs.body.assignments.map((a) => a.order_id)).toEqual([first.orderId]);
    const mine = await notaryApi(stack, first.user, first.org.id).list('pending');
    expect(mine.body.assignments).toEqual([]);
    // Nor may it read the order's document page any more.
    const gone = await notaryApi(stack, first.user, first.org.id).detail(first.assignmentId);
    expect(gone.status).toBe(404);
    // The old notary may no longer take it.
    const stale = await notaryApi(stack, first.user, first.org.id).action(
      'take_document',
      first.assignmentId,
    );
    expect(stale.status).toBe(409);
    // A second run at the same time changes nothing.
    await runJob(stack, 'notarial-assignments', late);
    expect((await orderRecord(stack, first.orderId)).assignment_id).toBe(order.assignment_id);
    expect((await kindsOf(first.orderId)).filter((k) => k === 'notary_reassigned')).toHaveLength(1);
  });

  it('keeps a late assignment when no other notary can take it, noting it once', async () => {
    const service = uniqueService();
    const n = await notaryOffering(stack, service);
    const customer = await newConfirmedUser(stack, 'Cliente');
    const orderId = await sealedNotarialOrder(stack, customer, { service, region: 'Los Ríos' });
    expect(await assignNow(stack, orderId)).toBe('assigned');
    const assignmentId = (await orderRecord(stack, orderId)).assignment_id ?? '';
    pointAt(stack);
    const { handleDue } = await import('../../functions/notary/overdue.js');
    const late = new Date(Date.now() + 241 * 60_000);
    expect(await handleDue(assignmentId, late)).toBe('kept');
    expect(await handleDue(assignmentId, late)).toBe('skipped');
    expect((await kindsOf(orderId)).filter((k) => k === 'notary_overdue')).toHaveLength(1);
    const pending = await notaryApi(stack, n.user, n.org.id).list('pending');
    expect(pending.body.assignments[0]).toMatchObject({ id: assignmentId, status: 'assigned' });
    // Still the notary's to take, flagged late on its card.
    const taken = await notaryApi(stack, n.user, n.org.id).action('take_document', assignmentId);
    expect(taken.status).toBe(200);
  });

  it('an order nobody offers its service for waits, then is assigned once a notary offers it', async () => {
    const customer = await newConfirmedUser(stack, 'Cliente');
    const service = uniqueService();
    const orderId = await sealedNotarialOrder(stack, customer, { service, region: 'Los Ríos' });
    expect(await assignNow(stack, orderId)).toBe('waiting');
    expect(await assignNow(stack, orderId)).toBe('waiting');
    const waiting = await orderRecord(stack, orderId);
    expect(waiting.notarial_stage).toBe('unassigned');
    expect((await kindsOf(orderId)).filter((k) => k === 'notary_unassigned')).toHaveLength(1);

    const n = await notaryOffering(stack, service);
    const result = await runJob(stack, 'notarial-assignments');
    expect(result.assigned).toBeGreaterThanOrEqual(1);
    const assigned = await orderRecord(stack, orderId);
    expect(assigned).toMatchObject({ notarial_stage: 'assigned', notary_org_id: n.org.id });
    // It left the waiting index: the next run does not see it.
    const { queryAll } = await import('../../functions/platform/db.js');
    const { UNASSIGNED_PK } = await import('../../functions/notary/keys.js');
    const stillWaiting = await queryAll({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': UNASSIGNED_PK },
    });
    expect(stillWaiting.map((i) => i.id)).not.toContain(orderId);
    expect((await auditOf(stack, orderId)).check.ok).toBe(true);
  });
});
