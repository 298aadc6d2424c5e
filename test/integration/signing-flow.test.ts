import { createHash } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { api, freshIp, mailsTo, newConfirmedUser } from '../support/client.js';
import { walletOf } from '../support/ledger.js';
import { checkoutApi, paidOrder, signer, storedSigner, waitForLinks } from '../support/orders.js';
import {
  auditOf,
  codeFor,
  DRAWN_PNG,
  openLink,
  rewriteSigner,
  signAll,
  signingApi,
  verifyToReject,
} from '../support/signing.js';

const stack = inject('stack');
const post = signingApi(stack);
const call = api(stack);
const t = es.signing;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Consent, review and the mailed code: the session stands at the signature step. */
async function upToSignature(s: Awaited<ReturnType<typeof openLink>>, email: string) {
  await s.step({ accion: 'accept_consent' });
  await s.step({ accion: 'confirm_review' });
  await s.step({ accion: 'send_code' });
  const code = await codeFor(stack, email);
  expect((await s.step({ accion: 'verify_code', code })).body.next_step).toBe('submit_signature');
}

async function orderWith(n: number) {
  const user = await newConfirmedUser(stack);
  const signers = Array.from({ length: n }, () => signer());
  const order = await paidOrder(stack, user, { signers });
  const links = await Promise.all(signers.map((s) => waitForLinks(stack, s.email)));
  return { user, order, signers, links: links.map((l) => l[0] as URL) };
}

describe('signing: the simple signature, end to end through the API', () => {
  it('consent, review of the paid-for bytes, e-mail code and signature; the order moves to sealing', async () => {
    const { user, order, signers, links } = await orderWith(2);
    const first = await openLink(stack, links[0] as URL);
    const consent = await first.step({ accion: 'check_status' });
    expect(consent.body.next_step).toBe('consent');
    expect(consent.body.data.orderNumber).toBe(order.order_number);
    expect(consent.body.data.signerEmail).toMatch(/^f\*\*\*@e\*\*\*\.com$/);
    // Only this signer's data: the other signer's address appears nowhere.
    expect(JSON.stringify(consent.body)).not.toContain(signers[1]?.email);

    const review = await first.step({ accion: 'accept_consent' });
    expect(review.body.next_step).toBe('review');
    const doc = review.body.ui.components.find((c) => c.type === 'document');
    const bytes = new Uint8Array(await (await fetch(String(doc?.value))).arrayBuffer());
    const stored = await auditOf(stack, order.id);
    expect(sha256(bytes)).toBe(stored.order.document_sha256);

    expect((await first.step({ accion: 'confirm_review' })).body.next_step).toBe('send_code');
    // Signing before the code is verified is refused and records nothing.
    const early = await first.step({ accion: 'submit_signature', typed_name: 'Ana Pérez' });
    expect(early.body.status).toBe('error');
    expect(early.body.data.errorCode).toBe('SIG-CODE-MISSING');

    const sent = await first.step({ accion: 'send_code' });
    expect(sent.body.next_step).toBe('verify_code');
    const code = await codeFor(stack, signers[0]?.email ?? '');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const miss = await first.step({ accion: 'verify_code', code: wrong });
    expect(miss.body.status).toBe('error');
    expect(miss.body.message).toBe(t.codeWrong.replace('{n}', '4'));
    for (const left of ['3', '2']) {
      const more = await first.step({ accion: 'verify_code', code: wrong });
      expect(more.body.message).toBe(t.codeWrong.replace('{n}', left));
    }
    // The last try is named in the singular.
    const lastTry = await first.step({ accion: 'verify_code', code: wrong });
    expect(lastTry.body.message).toBe(t.codeWrongOne);
    const ok = await first.step({ accion: 'verify_code', code });
    expect(ok.body.next_step).toBe('submit_signature');
    const done = await first.step({ accion: 'submit_signature', typed_name: 'Ana Pérez' });
    expect(done.body.next_step).toBe('done');
    expect(done.body.ui.type).toBe('success');
    expect(done.body.data.signedAt).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} \(UTC−0[34]:00\)$/);

    // The used link now gets the uniform invalid answer; the session shows the outcome.
    const again = await post({
      accion: 'init_signing',
      signerId: first.signerId,
      token: links[0]?.searchParams.get('token') ?? '',
    });
    expect(again.body.data.errorCode).toBe('SIG-LINK-INVALID');
    expect((await first.step({ accion: 'check_status' })).body.next_step).toBe('done');

    const second = await openLink(stack, links[1] as URL);
    await signAll(stack, second, signers[1]?.email ?? '', { drawn: DRAWN_PNG });

    const after = await auditOf(stack, order.id);
    expect(after.order.sign_count).toBe(2);
    expect(after.order.signing_stage).toBe('sealing');
    expect(after.check.ok).toBe(true);
    const kinds = after.events.map((e) => e.kind);
    expect(kinds[0]).toBe('order_paid');
    expect(after.events[0]?.details?.links_issued_to).toBe(
      [first.signerId, links[1]?.pathname.split('/').pop()].join(','),
    );
    for (const k of [
      'email_sent',
      'link_opened',
      'consent_given',
      'document_viewed',
      'code_sent',
      'code_failed',
    ]) {
      expect(kinds).toContain(k);
    }
    expect(kinds.filter((k) => k === 'signature_applied')).toHaveLength(2);
    expect(kinds.filter((k) => k !== 'email_sent').pop()).toBe('all_signed');
    const viewed = after.events.find((e) => e.kind === 'document_viewed');
    expect(viewed?.details?.sha256).toBe(after.order.document_sha256);
    // No code, token or session id is ever part of the evidence.
    const text = JSON.stringify(after.events);
    expect(text).not.toContain(code);
    expect(text).not.toContain(first.sessionId);

    const view = await checkoutApi(stack).getOrder(user, order.id);
    expect(view.body.order.signers.map((s) => s.estado_firma)).toEqual(['signed', 'signed']);

    // 'Actividad': the owner sees the trail in Spanish on Santiago's clock; nobody else does.
    const activity = await call<{
      events: { kind: string; label: string; at_local: string; actor: { name: string | null } }[];
      chain_ok: boolean;
    }>('GET', `/api/orders/${order.id}/activity`, { token: user.accessToken });
    expect(activity.status).toBe(200);
    expect(activity.body.chain_ok).toBe(true);
    expect(activity.body.events).toHaveLength(after.events.length);
    const signed = activity.body.events.find((e) => e.kind === 'signature_applied');
    expect(signed?.label).toBe(t.activityKinds.signature_applied);
    expect(signed?.actor.name).toBe(`${signers[0]?.first_name} ${signers[0]?.last_name}`);
    expect(signed?.at_local).toMatch(/\(UTC−0[34]:00\)$/);
    const stranger = await newConfirmedUser(stack);
    const foreign = await call('GET', `/api/orders/${order.id}/activity`, {
      token: stranger.accessToken,
    });
    expect(foreign.status).toBe(404);
  });

  it('answers every link that does not open a flow with the same bytes', async () => {
    const { signers, links } = await orderWith(2);
    const [a, b] = links as [URL, URL];
    const idOf = (u: URL) => u.pathname.split('/').pop() ?? '';
    const tokenOf = (u: URL) => u.searchParams.get('token') ?? '';
    const ask = (signerId: string, token: string) =>
      post({ accion: 'init_signing', signerId, token }, freshIp());
    // An expired link: its expiry moved into the past.
    const c = (await orderWith(1)).links[0] as URL;
    await rewriteSigner(stack, idOf(c), {
      token_expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    const answers = await Promise.all([
      ask('no-such-signer', tokenOf(a)),
      ask(idOf(a), 'x'.repeat(43)),
      ask(idOf(a), tokenOf(b)),
      ask(idOf(b), tokenOf(a)),
      ask(idOf(c), tokenOf(c)),
      ask('../../etc', tokenOf(a)),
    ]);
    const bodies = answers.map((r) => JSON.stringify(r.body));
    for (const r of answers) expect(r.status).toBe(200);
    expect(new Set(bodies).size).toBe(1);
    expect(answers[0]?.body.data.errorCode).toBe('SIG-LINK-INVALID');
    // Nothing opened: the signers' items never saw a session.
    expect((await storedSigner(stack, idOf(a)))?.last_opened_at).toBeUndefined();
    expect(signers).toHaveLength(2);
  });

  it('never takes a step without a live session of that very signer', async () => {
    const { links } = await orderWith(2);
    const s = await openLink(stack, links[0] as URL);
    const otherId = links[1]?.pathname.split('/').pop() ?? '';
    const none = await post({ accion: 'accept_consent', signerId: s.signerId });
    expect(none.body.data.errorCode).toBe('SIG-SESSION-EXPIRED');
    const forged = await post({
      accion: 'accept_consent',
      signerId: s.signerId,
      signingSessionId: 'y'.repeat(43),
    });
    expect(forged.body.data.errorCode).toBe('SIG-SESSION-EXPIRED');
    const foreign = await post({
      accion: 'accept_consent',
      signerId: otherId,
      signingSessionId: s.sessionId,
    });
    expect(foreign.body.data.errorCode).toBe('SIG-SESSION-EXPIRED');
  });

  it('locks a code after 5 wrong tries, even sent all at once, and the right code then fails', async () => {
    const { order, signers, links } = await orderWith(1);
    const s = await openLink(stack, links[0] as URL);
    await s.step({ accion: 'accept_consent' });
    await s.step({ accion: 'confirm_review' });
    await s.step({ accion: 'send_code' });
    const code = await codeFor(stack, signers[0]?.email ?? '');
    const wrongs = Array.from({ length: 30 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      wrongs.map((c) => s.step({ accion: 'verify_code', code: c })),
    );
    for (const r of answers) expect(r.status).toBe(200);
    const codes = answers.map((r) => r.body.data.errorCode);
    expect(codes.filter((c) => c === 'SIG-CODE-INVALID').length).toBe(4);
    expect(codes.filter((c) => c === 'SIG-CODE-LOCKED').length).toBe(26);
    const right = await s.step({ accion: 'verify_code', code });
    expect(right.body.data.errorCode).toBe('SIG-CODE-LOCKED');
    // The trail: the code, failed tries (those appended while the code was open; the fifth
    // always, with the lock), then the lock: no try is ever logged after it.
    const trail = (await auditOf(stack, order.id)).events;
    const kinds = trail.map((e) => e.kind).filter((k) => k.startsWith('code_'));
    expect(kinds[0]).toBe('code_sent');
    expect(kinds.at(-1)).toBe('code_locked');
    const failedTries = kinds.slice(1, -1);
    expect(new Set(failedTries)).toEqual(new Set(['code_failed']));
    expect(failedTries.length).toBeGreaterThanOrEqual(1);
    expect(failedTries.length).toBeLessThanOrEqual(5);
    expect(trail.map((e) => e.at)).toEqual([...trail.map((e) => e.at)].sort());
    // A new code works again.
    await s.step({ accion: 'send_code' });
    const fresh = await codeFor(stack, signers[0]?.email ?? '', 2);
    expect((await s.step({ accion: 'verify_code', code: fresh })).body.next_step).toBe(
      'submit_signature',
    );
  });

  it('stops sending codes to a signer who locked three codes in the hour', async () => {
    const { signers, links } = await orderWith(1);
    const email = signers[0]?.email ?? '';
    const s = await openLink(stack, links[0] as URL);
    await s.step({ accion: 'accept_consent' });
    await s.step({ accion: 'confirm_review' });
    let last: Awaited<ReturnType<typeof s.step>> | undefined;
    for (let n = 1; n <= 3; n++) {
      await s.step({ accion: 'send_code' });
      const code = await codeFor(stack, email, n);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5; i++) last = await s.step({ accion: 'verify_code', code: wrong });
    }
    // The third lock says so at once, and a new code is not sent.
    expect(last?.body.message).toBe(t.codeLocksTooMany);
    const again = await s.step({ accion: 'send_code' });
    expect(again.body.data.errorCode).toBe('SIG-CODE-LOCKS');
    expect(again.body.message).toBe(t.codeLocksTooMany);
    const codeMails = (await mailsTo(stack, email)).filter((m) =>
      m.subject.startsWith('Tu código para firmar'),
    );
    expect(codeMails).toHaveLength(3);
  });

  it('records two signers signing at the same moment once each, in one valid chain', async () => {
    const { order, signers, links } = await orderWith(3);
    const sessions = await Promise.all(links.map((l) => openLink(stack, l)));
    await Promise.all(
      sessions.map((s, i) =>
        signAll(stack, s, signers[i]?.email ?? '', { typed: `Firmante ${i}` }),
      ),
    );
    const { order: stored, check, events } = await auditOf(stack, order.id);
    expect(stored.sign_count).toBe(3);
    expect(stored.signing_stage).toBe('sealing');
    expect(check.ok).toBe(true);
    expect(events.filter((e) => e.kind === 'all_signed')).toHaveLength(1);
  });

  it('records one signature when the same signer submits it 100 times at once', async () => {
    const { order, signers, links } = await orderWith(2);
    const s = await openLink(stack, links[0] as URL);
    await upToSignature(s, signers[0]?.email ?? '');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        s.step({ accion: 'submit_signature', typed_name: 'Ana Pérez' }),
      ),
    );
    for (const r of answers) expect(r.status).toBe(200);
    for (const r of answers) expect(r.body.next_step ?? r.body.current_step).toBe('done');
    const { order: stored, events, check } = await auditOf(stack, order.id);
    expect(check.ok).toBe(true);
    expect(stored.sign_count).toBe(1);
    expect(events.filter((e) => e.kind === 'signature_applied')).toHaveLength(1);
  }, 120_000);

  it('refuses a drawn signature whose PNG header is right but whose data is corrupt', async () => {
    const { order, signers, links } = await orderWith(1);
    const s = await openLink(stack, links[0] as URL);
    await upToSignature(s, signers[0]?.email ?? '');
    const good = Buffer.from(DRAWN_PNG.split(',')[1] ?? '', 'base64');
    const corrupt = Buffer.from(good);
    const at = good.indexOf('IDAT') + 6;
    corrupt[at] = (corrupt[at] ?? 0) ^ 0xff;
    const bad = await s.step({
      accion: 'submit_signature',
      signature_image: `data:image/png;base64,${corrupt.toString('base64')}`,
    });
    expect(bad.body.status).toBe('error');
    expect(bad.body.message).toBe(t.signatureImageInvalid);
    expect((await auditOf(stack, order.id)).order.sign_count ?? 0).toBe(0);
    // The real drawing then signs.
    const done = await s.step({ accion: 'submit_signature', signature_image: DRAWN_PNG });
    expect(done.body.next_step).toBe('done');
  });

  it('a rejection cancels the order, revokes the other links and gives the credits back once', async () => {
    const { user, order, signers, links } = await orderWith(2);
    const before = await walletOf(stack, user.accessToken);
    const s = await openLink(stack, links[0] as URL);
    // Without a verified code, 'Rechazar' only starts the path, and a direct rejection is refused.
    const first = await s.step({ accion: 'reject_form' });
    expect(first.body.ui.components.map((c) => c.value)).toEqual([
      'send_reject_code',
      'check_status',
    ]);
    const direct = await s.step({ accion: 'reject_signing', reason: 'Rechazo sin código' });
    expect(direct.body.next_step).toBe('reject');
    expect(direct.body.ui.components.map((c) => c.id)).not.toContain('reason');
    expect((await checkoutApi(stack).getOrder(user, order.id)).body.order.status).toBe(
      'processing',
    );
    expect((await walletOf(stack, user.accessToken)).balance).toBe(before.balance);
    // With the code (no consent or review needed to reject), the reason form.
    const form = await verifyToReject(stack, s, signers[0]?.email ?? '');
    expect(form.ui.components.map((c) => c.id)).toContain('reason');
    const short = await s.step({ accion: 'reject_signing', reason: 'no' });
    expect(short.body.current_step).toBe('reject');
    expect(short.body.message).toBe(es.signing.rejectReasonShort);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        s.step({ accion: 'reject_signing', reason: 'Las cláusulas no son las acordadas' }),
      ),
    );
    // 100 at once: no 5xx, every answer the rejection, one refund below.
    for (const r of answers) expect(r.status).toBe(200);
    for (const r of answers) expect(r.body.next_step).toBe('done');
    for (const r of answers) expect(r.body.ui.type).toBe('blocked');
    const after = await walletOf(stack, user.accessToken);
    expect(after.balance - before.balance).toBe(order.credits_used);

    const view = await checkoutApi(stack).getOrder(user, order.id);
    expect(view.body.order.status).toBe('cancelled');
    // The other signer's link no longer opens anything.
    const other = await post({
      accion: 'init_signing',
      signerId: links[1]?.pathname.split('/').pop() ?? '',
      token: links[1]?.searchParams.get('token') ?? '',
    });
    expect(other.body.data.errorCode).toBe('SIG-LINK-INVALID');
    // The requester is told, with the reason (through the outbox: a moment later).
    const reasonMails = async () =>
      (await mailsTo(stack, 'carla@example.com')).filter((m) =>
        (m.body.text ?? '').includes('Las cláusulas no son las acordadas'),
      ).length;
    await expect.poll(reasonMails, { timeout: 30_000, interval: 200 }).toBe(1);
    const { check, events } = await auditOf(stack, order.id);
    expect(check.ok).toBe(true);
    expect(events.filter((e) => e.kind === 'rejected')).toHaveLength(1);
    expect(signers).toHaveLength(2);
  });

  it('accepts none of 1,000 invalid, expired, replayed and foreign tokens', async () => {
    const { signers, links } = await orderWith(2);
    const [a, b] = links as [URL, URL];
    const idOf = (u: URL) => u.pathname.split('/').pop() ?? '';
    const tokenOf = (u: URL) => u.searchParams.get('token') ?? '';
    // a's link is used up (signed): replaying it must fail like the rest.
    await signAll(stack, await openLink(stack, a), signers[0]?.email ?? '');
    const expired = (await orderWith(1)).links[0] as URL;
    await rewriteSigner(stack, idOf(expired), {
      token_expires_at: new Date(Date.now() - 1000).toISOString(),
    });
    // b's token with its last character changed (never to itself: that would be b's link).
    const oneCharOff = (t: string) => `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`;
    const random = () =>
      Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    const attempts = Array.from({ length: 1000 }, (_, i) => {
      switch (i % 5) {
        case 0:
          return { signerId: idOf(b), token: random() };
        case 1:
          return { signerId: idOf(a), token: tokenOf(a) };
        case 2:
          return { signerId: idOf(expired), token: tokenOf(expired) };
        case 3:
          return { signerId: idOf(a), token: tokenOf(b) };
        default:
          return { signerId: idOf(b), token: oneCharOff(tokenOf(b)) };
      }
    });
    const answers: { status: number; code: string | null | undefined; session: unknown }[] = [];
    for (let i = 0; i < attempts.length; i += 50) {
      const batch = await Promise.all(
        attempts.slice(i, i + 50).map((x) => post({ accion: 'init_signing', ...x }, freshIp())),
      );
      for (const r of batch) {
        answers.push({
          status: r.status,
          code: r.body.data?.errorCode,
          session: r.body.data?.signingSessionId,
        });
      }
    }
    expect(answers.filter((r) => r.session)).toHaveLength(0);
    expect(answers.every((r) => r.status === 200 && r.code === 'SIG-LINK-INVALID')).toBe(true);
    // b's real link still opens: the noise locked nobody out.
    expect((await openLink(stack, b)).sessionId).toBeTruthy();
  }, 120_000);

  it('answers a burst of link openings from one address with 429', async () => {
    const { links } = await orderWith(1);
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        post({ accion: 'init_signing', signerId: 'nobody', token: 'z'.repeat(43) }, ip),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBe(10);
    expect(statuses.filter((s) => s === 200).length).toBe(30);
    expect(links).toHaveLength(1);
  });
});
