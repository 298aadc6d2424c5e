import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditTrail, Verification } from '../../shared/contract/signing.js';
import { api, freshIp, mailsTo, newConfirmedUser } from '../support/client.js';
import { allUp, setFault } from '../support/faults.js';
import { runJob, subOf } from '../support/ledger.js';
import {
  cardPaidOrder,
  checkoutApi,
  delivered,
  paidOrder,
  signer,
  waitForLinks,
} from '../support/orders.js';
import { readCertification } from '../support/seal-certification.js';
import { readDocTimestamps, readDss, readSealCms } from '../support/seal-samples.js';
import {
  auditOf,
  DRAWN_PNG,
  leaveDeadRun,
  openLink,
  orderWhen,
  sealedKeys,
  signAll,
  storedVerification,
} from '../support/signing.js';

const stack = inject('stack');
const call = api(stack);
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
let dir: string;
let nssDir: string;

const pdfsig = (file: string) => {
  const r = spawnSync('pdfsig', ['-nssdir', `sql:${nssDir}`, file], { encoding: 'utf8' });
  return `${r.stdout}${r.stderr}`;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sello-sealed-'));
  // The local stack's own root CA, trusted for signing in an NSS db of this test's.
  nssDir = join(dir, 'nss');
  mkdirSync(nssDir);
  execFileSync('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password']);
  execFileSync('certutil', [
    ...['-A', '-d', `sql:${nssDir}`, '-n', 'sello-local-root', '-t', 'CT,C,C'],
    ...['-i', stack.sealRootCaPath],
  ]);
});

afterEach(() => allUp(stack));

async function signedOrder(opts: { delivery?: boolean } = {}) {
  const user = await newConfirmedUser(stack);
  const signers = [signer(), signer({ first_name: 'Íñigo', last_name: 'Muñoz' })];
  const order = await paidOrder(stack, user, { signers, delivery: opts.delivery ?? false });
  const links = await Promise.all(
    signers.map(async (s) => (await waitForLinks(stack, s.email))[0] as URL),
  );
  return { user, order, signers, links };
}

/** The personal delivery link mailed to `to` for this order (waits for the mail). */
async function deliveryLink(to: string, orderId: string): Promise<URL> {
  for (let i = 0; i < 100; i++) {
    // An address gets other orders' mails too: this order's link only.
    const href = (await mailsTo(stack, to))
      .map((m) => /href="([^"]+\/descargar\/([^"?]+)[^"]*)"/.exec(m.body.html ?? ''))
      .find((m) => m?.[2] === orderId)?.[1];
    if (href) return new URL(href.replace(/&amp;|&#38;/g, '&'));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no delivery mail for ${to}`);
}

describe('signing: the sealed PDF, its delivery and its public verification', () => {
  it('seals once every signer signed: pdfsig says valid and timestamped, a changed byte fails', async () => {
    const { user, order, signers, links } = await signedOrder({ delivery: true });
    await signAll(stack, await openLink(stack, links[0] as URL), signers[0]?.email ?? '', {
      drawn: DRAWN_PNG,
    });
    await signAll(stack, await openLink(stack, links[1] as URL), signers[1]?.email ?? '');
    const done = await orderWhen(stack, user, order.id, 'completed');
    expect(done.signed_file_url).toMatch(/^https?:\/\//);
    expect(done.verification_code).toMatch(/^[0-9A-Z]{10}$/);

    const sealed = new Uint8Array(await (await fetch(String(done.signed_file_url))).arrayBuffer());
    expect(sha256(sealed)).toBe(done.signed_sha256);
    const file = join(dir, `${order.id}.pdf`);
    writeFileSync(file, sealed);
    const out = pdfsig(file);
    expect(out).toContain('Signature is Valid.');
    expect(out).toContain('Certificate is Trusted.');
    // A certification signature (DocMDP P=2) in the field 'Sello': a notary may still sign.
    expect(await readCertification(sealed)).toMatchObject({ fieldName: 'Sello', permissions: 2 });
    // PAdES B-LTA: the seal is followed by a document timestamp (pdfsig lists it second), and
    // the DSS holds the chains with the local CA's CRL.
    expect(out.match(/Signature #\d+:/g)).toHaveLength(2);
    expect(out.split('Signature #2:')[1]).toContain('Sello TSA (local)');
    expect(readDocTimestamps(sealed)).toHaveLength(1);
    const dss = await readDss(sealed);
    expect(dss?.certs.length).toBeGreaterThanOrEqual(3);
    expect(dss?.crls.length).toBeGreaterThanOrEqual(1);
    // The RFC 3161 token is over this very signature value, from the local TSA, just now.
    const cms = readSealCms(sealed);
    const imprint = cms.tstInfo?.messageImprint.hashedMessage.valueBlock.valueHexView;
    expect(imprint && Buffer.from(imprint).toString('hex')).toBe(sha256(cms.signatureValue));
    expect(Math.abs((cms.tstInfo?.genTime.getTime() ?? 0) - Date.now())).toBeLessThan(600_000);
    const text = Buffer.from(sealed).toString('latin1');
    const copy = new Uint8Array(sealed);
    const at = text.indexOf('stream') + 20;
    copy[at] = (copy[at] as number) ^ 0x01;
    writeFileSync(`${file}.altered.pdf`, copy);
    expect(pdfsig(`${file}.altered.pdf`)).not.toContain('Signature is Valid.');
    // The field is named once.
    expect(out).toMatch(/Sello/);
    expect(out).not.toContain('SelloSello');

    // The owner's trail, downloaded as JSON, verifies outside Sello against the sealed PDF's
    // printed head (npm run verify-trail); one changed event fails it.
    const trail = await call<AuditTrail>('GET', `/api/orders/${order.id}/trail`, {
      token: user.accessToken,
    });
    expect(trail.status).toBe(200);
    const applied = trail.body.events.find((e) => e.kind === 'signature_applied');
    expect(applied?.details).toMatchObject({
      signer_name: 'Ana Pérez',
      signer_email: signers[0]?.email,
    });
    const trailFile = join(dir, `${order.id}.trail.json`);
    writeFileSync(trailFile, JSON.stringify(trail.body));
    const verifyTrail = (f: string) =>
      spawnSync('npx', ['tsx', 'scripts/verify-trail.ts', f, '--pdf', file], { encoding: 'utf8' });
    const good = verifyTrail(trailFile);
    expect(good.status, good.stdout + good.stderr).toBe(0);
    expect(good.stdout).toContain('sealed PDF OK');
    const altered = structuredClone(trail.body);
    const victim = altered.events.find((e) => e.kind === 'signature_applied');
    if (victim?.details) victim.details.signer_name = 'Otra Persona';
    writeFileSync(`${trailFile}.forged.json`, JSON.stringify(altered));
    const bad = verifyTrail(`${trailFile}.forged.json`);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('FAIL');

    // Public verification: initials, masked RUTs, both hashes, no e-mail, no whole name.
    const v = await call<Verification>('GET', `/api/verify/${done.verification_code}`, {
      ip: freshIp(),
    });
    expect(v.status).toBe(200);
    expect(v.body.sealed_sha256).toBe(done.signed_sha256);
    expect(v.body.original_sha256).toBe(done.document_sha256);
    expect(v.body.signers.map((s) => s.name)).toEqual(['A. P.', 'Í. M.']);
    expect(JSON.stringify(v.body)).not.toMatch(/Pérez|Muñoz|12\.?345\.?678/);
    // The stored record keeps no more than the page shows.
    const record = await storedVerification(stack, done.verification_code ?? '');
    expect(JSON.stringify(record)).not.toMatch(/Pérez|Muñoz|12\.?345\.?678/);
    expect(v.body.signers[0]?.rut_masked).toBe('**.***.678-5');
    expect(JSON.stringify(v.body)).not.toContain('@');
    const unknown = await call('GET', '/api/verify/ZZZZZ-ZZZZZ', { ip: freshIp() });
    const garbage = await call('GET', '/api/verify/..%2F..', { ip: freshIp() });
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(garbage.body)).toBe(JSON.stringify(unknown.body));

    // Delivery to the requester and both signers, each with a personal link.
    for (const to of ['carla@example.com', ...signers.map((s) => s.email)]) {
      const link = await deliveryLink(to, order.id);
      const got = await call<{ url: string; sha256: string }>('POST', '/api/delivery/download', {
        body: { orderId: order.id, token: link.searchParams.get('token') },
        ip: freshIp(),
      });
      expect(got.status).toBe(200);
      expect(got.body.sha256).toBe(done.signed_sha256);
    }
    const forged = await call('POST', '/api/delivery/download', {
      body: { orderId: order.id, token: 'x'.repeat(43) },
      ip: freshIp(),
    });
    expect(forged.status).toBe(404);

    // Every delivery mail that went is recorded ('delivered'), after the seal's own events.
    await expect
      .poll(
        async () =>
          (await auditOf(stack, order.id)).events.filter((e) => e.kind === 'delivered').length,
      )
      .toBe(3);
    const { check, events } = await auditOf(stack, order.id);
    expect(check.ok).toBe(true);
    const kinds = events.map((e) => e.kind).filter((k) => k !== 'delivered' && k !== 'email_sent');
    expect(kinds.slice(-3)).toEqual(['sealed', 'delivery_queued', 'completed']);
  }, 120_000);

  it('a dispute arriving while the order seals wins: cancelled, never sealed nor delivered, on the trail', async () => {
    const { dispute } = await import('../support/refunds.js');
    const user = await newConfirmedUser(stack);
    const people = [signer(), signer()];
    const { pi, orderId } = await cardPaidOrder(stack, user, { signers: people });
    const shop = checkoutApi(stack);
    const links = await Promise.all(
      people.map(async (p) => (await waitForLinks(stack, p.email))[0] as URL),
    );
    // The seal cannot finish while the TSA is down: the order stays sealing.
    await setFault(stack, 'tsa', 'down');
    await signAll(stack, await openLink(stack, links[0] as URL), people[0]?.email ?? '');
    await signAll(stack, await openLink(stack, links[1] as URL), people[1]?.email ?? '');
    expect((await auditOf(stack, orderId)).order.signing_stage).toBe('sealing');
    await dispute(stack, pi);
    await delivered(stack, pi, 'charge.dispute.created');
    expect((await shop.getOrder(user, orderId)).body.order.status).toBe('cancelled');
    // The TSA is back, the queue retries and the sweep looks for stuck seals: nothing seals.
    await setFault(stack, 'tsa', 'up');
    await runJob(stack, 'sweep-sealing', new Date(Date.now() + 16 * 60_000));
    await new Promise((r) => setTimeout(r, 8_000));
    const { order: stored, events, check } = await auditOf(stack, orderId);
    expect(stored.status).toBe('cancelled');
    expect(stored.sealed_file_key).toBeUndefined();
    expect(await sealedKeys(stack, orderId)).toEqual([]);
    expect(events.filter((e) => e.kind === 'sealed')).toHaveLength(0);
    const cancelled = events.filter((e) => e.kind === 'cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.details).toMatchObject({ reason: 'disputed', during: 'sealing' });
    expect(check.ok).toBe(true);
    for (const p of people) {
      const mails = await mailsTo(stack, p.email);
      expect(mails.filter((m) => m.subject.startsWith('Documento firmado'))).toHaveLength(0);
    }
  }, 120_000);

  it("revokes a delivered order's delivery links once its card payment is disputed", async () => {
    const { dispute } = await import('../support/refunds.js');
    const user = await newConfirmedUser(stack);
    const people = [signer()];
    const { pi, orderId } = await cardPaidOrder(stack, user, { signers: people, delivery: true });
    const shop = checkoutApi(stack);
    const link = (await waitForLinks(stack, people[0]?.email ?? ''))[0] as URL;
    await signAll(stack, await openLink(stack, link), people[0]?.email ?? '');
    await orderWhen(stack, user, orderId, 'completed');
    const dl = await deliveryLink(people[0]?.email ?? '', orderId);
    const ask = () =>
      call('POST', '/api/delivery/download', {
        body: { orderId, token: dl.searchParams.get('token') },
        ip: freshIp(),
      });
    expect((await ask()).status).toBe(200);
    await dispute(stack, pi);
    await delivered(stack, pi, 'charge.dispute.created');
    expect((await shop.getOrder(user, orderId)).body.order.status).toBe('cancelled');
    const after = await ask();
    expect(after.status).toBe(404);
    expect(JSON.stringify(after.body)).not.toContain('http');
  }, 120_000);

  it('a seal that can never be made ends the order seal_failed, refunded once, told, never restarted', async () => {
    const { walletOf } = await import('../support/ledger.js');
    const { storedDocument, tamperObject, contractPdf } = await import('../support/documents.js');
    const { user, order, signers, links } = await signedOrder();
    const before = (await walletOf(stack, user.accessToken)).balance;
    await signAll(stack, await openLink(stack, links[0] as URL), signers[0]?.email ?? '');
    // The paid-for bytes change under the order (a corrupted store): no retry can seal them.
    const stored = (await auditOf(stack, order.id)).order;
    const doc = await storedDocument(stack, stored.document_id, subOf(user.accessToken));
    const other = await contractPdf(['OTRO CONTENIDO']);
    for (const key of [stored.original_key, doc.key]) {
      if (key) await tamperObject(stack, key, other);
    }
    await signAll(stack, await openLink(stack, links[1] as URL), signers[1]?.email ?? '');
    const ended = await orderWhen(stack, user, order.id, 'cancelled', 60_000);
    expect(ended.signed_file_url).toBeNull();
    const after = await auditOf(stack, order.id);
    expect(after.order.signing_stage).toBe('seal_failed');
    expect(after.check.ok).toBe(true);
    const kinds = after.events.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'seal_failed')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'refund_queued')).toHaveLength(1);
    expect(kinds).not.toContain('sealed');
    expect((await walletOf(stack, user.accessToken)).balance - before).toBe(order.credits_used);
    await expect
      .poll(async () =>
        (await mailsTo(stack, 'carla@example.com')).some(
          (m) =>
            m.subject.startsWith('No pudimos sellar') &&
            (m.body.text ?? '').includes(order.order_number),
        ),
      )
      .toBe(true);
    // The sweep never restarts it, and nothing is given back twice.
    await runJob(stack, 'sweep-sealing', new Date(Date.now() + 16 * 60_000));
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await sealedKeys(stack, order.id)).toEqual([]);
    expect((await walletOf(stack, user.accessToken)).balance - before).toBe(order.credits_used);
    const later = (await auditOf(stack, order.id)).events.map((e) => e.kind);
    for (const k of ['sealing_started', 'sealed', 'seal_failed', 'refund_queued'] as const) {
      expect(later.filter((x) => x === k).length, k).toBe(kinds.filter((x) => x === k).length);
    }
  }, 120_000);

  it('with the TSA down nothing is sealed and nothing completes; once it is back the seal lands once', async () => {
    const { user, order, signers, links } = await signedOrder();
    await setFault(stack, 'tsa', 'down');
    await signAll(stack, await openLink(stack, links[0] as URL), signers[0]?.email ?? '');
    await signAll(stack, await openLink(stack, links[1] as URL), signers[1]?.email ?? '');
    await new Promise((r) => setTimeout(r, 3_000));
    const waiting = await checkoutApi(stack).getOrder(user, order.id);
    expect(waiting.body.order.status).toBe('processing');
    expect(waiting.body.order.signed_file_url).toBeNull();
    // A run killed after its upload, before its commit, left a file behind.
    await leaveDeadRun(stack, order.id);
    await setFault(stack, 'tsa', 'up');
    // The queue brings the run back; the sweep starts another as well: one seal either way.
    await runJob(stack, 'sweep-sealing', new Date(Date.now() + 16 * 60_000));
    const done = await orderWhen(stack, user, order.id, 'completed', 120_000);
    const { events, order: stored } = await auditOf(stack, order.id);
    expect(events.filter((e) => e.kind === 'sealed')).toHaveLength(1);
    expect(done.verification_code).toBeTruthy();
    // Exactly one sealed file: the one the order names.
    await expect.poll(() => sealedKeys(stack, order.id)).toEqual([stored.sealed_file_key]);
  }, 120_000);

  it('the yearly job re-timestamps evidence near its TSA certificate expiry; old and new files verify', async () => {
    const { user, order, signers, links } = await signedOrder();
    await signAll(stack, await openLink(stack, links[0] as URL), signers[0]?.email ?? '');
    await signAll(stack, await openLink(stack, links[1] as URL), signers[1]?.email ?? '');
    const done = await orderWhen(stack, user, order.id, 'completed');
    const download = async (url: string | null | undefined) =>
      new Uint8Array(await (await fetch(String(url))).arrayBuffer());
    const first = await download(done.signed_file_url);

    // The local TSA certificate lives 5 years: 1,500 days on it is within the 400-day horizon.
    const later = new Date(Date.now() + 1500 * 86_400_000);
    const result = await runJob(stack, 'retimestamp-evidence', later);
    expect(result.retimestamped).toBeGreaterThanOrEqual(1);
    expect(result.failed).toBe(0);

    const now = (await checkoutApi(stack).getOrder(user, order.id)).body.order;
    expect(now.signed_sha256).not.toBe(done.signed_sha256);
    const second = await download(now.signed_file_url);
    expect(sha256(second)).toBe(now.signed_sha256);
    // Appended, not rewritten: the file the customer downloaded is the new one's beginning.
    expect(Buffer.compare(second.subarray(0, first.length), first)).toBe(0);
    expect(readDocTimestamps(first)).toHaveLength(1);
    expect(readDocTimestamps(second)).toHaveLength(2);
    for (const [name, bytes] of [
      ['first', first],
      ['second', second],
    ] as const) {
      const file = join(dir, `${order.id}.${name}.pdf`);
      writeFileSync(file, bytes);
      const seal = pdfsig(file).split(/Signature #\d+:/)[1] ?? '';
      expect(seal).toContain('Signature is Valid.');
      expect(seal).toContain('Certificate is Trusted.');
    }

    // /verificar accepts both: the sealed hash stays, the new one is listed after it.
    const v = await call<Verification>('GET', `/api/verify/${done.verification_code}`, {
      ip: freshIp(),
    });
    expect(v.body.sealed_sha256).toBe(done.signed_sha256);
    expect(v.body.later_sha256).toEqual([now.signed_sha256]);
    const { check, events } = await auditOf(stack, order.id);
    expect(check.ok).toBe(true);
    const renewed = events.filter((e) => e.kind === 'retimestamped');
    expect(renewed).toHaveLength(1);
    expect(renewed[0]?.details).toMatchObject({
      previous_sha256: done.signed_sha256,
      sealed_sha256: now.signed_sha256,
    });

    // The same scheduled run replayed leaves it alone.
    await runJob(stack, 'retimestamp-evidence', later);
    const replayed = (await checkoutApi(stack).getOrder(user, order.id)).body.order;
    expect(replayed.signed_sha256).toBe(now.signed_sha256);
  }, 300_000);
});
