import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkTrail } from '../../scripts/trail-check.js';
import { es, fmt } from '../../shared/messages.es.js';
import { journey, launchBrowser, newVisitor, PHONE } from '../support/browser.js';
import { mailsTo, newConfirmedUser } from '../support/client.js';
import { walletOf } from '../support/ledger.js';
import { paidOrder, signer, signingLinks, waitForLinks } from '../support/orders.js';
import { auditOf, codeFor, orderWhen } from '../support/signing.js';

/**
 * Issue 12's journeys in Chromium against the real stack: three signers in order sign through
 * the signing page (the first reviews, mistypes the code, then enters the one from the mail and
 * draws; the others type); the order ends sealed, delivered and 'Completado' with its
 * 'Actividad'. A second order ends cancelled, with the credits back, when a signer rejects.
 */
const stack = inject('stack');
const t = es.signing;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Opens a signer's mailed link in a fresh phone browser and checks the token left the URL. */
async function openSigner(link: URL) {
  const visitor = await newVisitor(browser, stack, { viewport: PHONE });
  await visitor.page.goto(`${link.pathname}${link.search}`);
  await visitor.page.getByRole('button', { name: t.acceptConsent }).waitFor();
  expect(visitor.page.url()).not.toContain('token=');
  return visitor;
}

async function signTyped(page: Page, email: string, name: string, codesBefore: number) {
  await page.getByRole('button', { name: t.acceptConsent }).click();
  await page.getByRole('button', { name: t.confirmReview }).click();
  await page.getByRole('button', { name: t.codeSend }).click();
  const code = await codeFor(stack, email, codesBefore + 1);
  await page.getByLabel(t.codeLabel, { exact: true }).fill(code);
  await page.getByRole('button', { name: t.codeVerify }).click();
  await page.getByLabel(t.typedNameLabel, { exact: true }).fill(name);
  await page.getByRole('button', { name: t.sign, exact: true }).click();
  await page.getByRole('heading', { name: t.signedTitle }).waitFor({ timeout: 30_000 });
}

describe('signing in the browser', () => {
  it('three signers in order: review, a wrong then right code, drawn and typed signatures, sealed and completed', async () => {
    const user = await newConfirmedUser(stack, 'Requirente');
    const people = [
      signer({ first_name: 'Ana', last_name: 'Pérez' }),
      signer({ first_name: 'Bruno', last_name: 'Díaz' }),
      signer({ first_name: 'Carla', last_name: 'Núñez' }),
    ];
    const order = await paidOrder(stack, user, { signers: people, signInOrder: true });
    const [a, b, c] = people as [
      ReturnType<typeof signer>,
      ReturnType<typeof signer>,
      ReturnType<typeof signer>,
    ];
    const first = (await waitForLinks(stack, a.email))[0] as URL;
    // The second signer has no link yet: nobody can sign before the first.
    expect(await signingLinks(stack, b.email)).toHaveLength(0);

    const ana = await openSigner(first);
    await journey(ana.page, 'signing-first-signer', async () => {
      const page = ana.page;
      await page.screenshot({ path: '.data/e2e-shots/signing-real-consent.png', fullPage: true });
      await page.getByRole('button', { name: t.acceptConsent }).click();
      // The very document, drawn by the lazy PDF viewer.
      await page.getByRole('button', { name: t.confirmReview }).waitFor();
      await page.getByRole('img').first().waitFor({ timeout: 30_000 });
      await page.screenshot({ path: '.data/e2e-shots/signing-real-review.png', fullPage: true });
      await page.getByRole('button', { name: t.confirmReview }).click();
      await page.getByRole('button', { name: t.codeSend }).click();
      const code = await codeFor(stack, a.email);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      await page.getByLabel(t.codeLabel, { exact: true }).fill(wrong);
      await page.getByRole('button', { name: t.codeVerify }).click();
      await page
        .getByText(fmt(t.codeWrong, { n: 4 }))
        .first()
        .waitFor();
      await page.getByLabel(t.codeLabel, { exact: true }).fill(code);
      await page.getByRole('button', { name: t.codeVerify }).click();
      // Draw a signature on the pad.
      const pad = page.getByLabel(t.signaturePadLabel).last();
      await pad.scrollIntoViewIfNeeded();
      const box = await pad.boundingBox();
      if (!box) throw new Error('no signature pad');
      await page.mouse.move(box.x + 20, box.y + box.height / 2);
      await page.mouse.down();
      for (let i = 1; i <= 12; i++) {
        await page.mouse.move(box.x + 20 + i * 15, box.y + box.height / 2 + (i % 2 ? -20 : 20));
      }
      await page.mouse.up();
      await page.screenshot({ path: '.data/e2e-shots/signing-real-drawn.png', fullPage: true });
      await page.getByRole('button', { name: t.sign, exact: true }).click();
      await page.getByRole('heading', { name: t.signedTitle }).waitFor({ timeout: 30_000 });
      await page.screenshot({ path: '.data/e2e-shots/signing-real-done.png', fullPage: true });
    });
    await ana.context.close();

    let last: Awaited<ReturnType<typeof openSigner>> | undefined;
    for (const [who, name] of [
      [b, 'Bruno Díaz'],
      [c, 'Carla Núñez'],
    ] as const) {
      const link = (await waitForLinks(stack, who.email))[0] as URL;
      const visitor = await openSigner(link);
      await journey(visitor.page, `signing-${name}`, () =>
        signTyped(visitor.page, who.email, name, 0),
      );
      expect(visitor.consoleErrors).toEqual([]);
      if (who === c) last = visitor;
      else await visitor.context.close();
    }

    const done = await orderWhen(stack, user, order.id, 'completed');
    // The last signer (delivery to every signer) was promised the file by mail; once sealed,
    // 'Ver si ya está sellado' offers it right there.
    if (!last) throw new Error('no last signer');
    const lastPage = last.page;
    await journey(lastPage, 'signing-last-signer-download', async () => {
      await lastPage.getByText(t.signedDescription).waitFor();
      await lastPage.getByRole('button', { name: t.signedCheckSealed }).click();
      await lastPage.getByText(t.signedDescriptionSealed).waitFor();
      await lastPage
        .getByRole('button', { name: /Descargar/ })
        .first()
        .waitFor();
      await lastPage.screenshot({
        path: '.data/e2e-shots/signing-last-signer-sealed.png',
        fullPage: true,
      });
    });
    expect(last.consoleErrors).toEqual([]);
    await last.context.close();
    expect(done.verification_code).toBeTruthy();
    // The requester received the sealed PDF's link; its bytes are the sealed file.
    await expect
      .poll(async () =>
        (await mailsTo(stack, 'carla@example.com')).some((m) =>
          m.subject.startsWith('Documento firmado'),
        ),
      )
      .toBe(true);
    const sealed = new Uint8Array(await (await fetch(String(done.signed_file_url))).arrayBuffer());
    expect(sha256(sealed)).toBe(done.signed_sha256);
    const { check, events } = await auditOf(stack, order.id);
    expect(check.ok).toBe(true);
    // Each signer opened the link once: one page load, one session, one event.
    const opened = events.filter((e) => e.kind === 'link_opened').map((e) => e.signer_id);
    expect(opened).toHaveLength(3);
    expect(new Set(opened).size).toBe(3);

    // The requester's order modal: 'Completado', the signed file and the 'Actividad'.
    const owner = await newVisitor(browser, stack, { gatePassed: true });
    await journey(owner.page, 'signing-order-modal', async () => {
      const { logInOnPage } = await import('../support/web-journey.js');
      await logInOnPage(owner.page, user);
      await owner.page.goto('/mis-pedidos');
      await owner.page
        .getByRole('button', {
          name: fmt(es.checkout.viewDetailOf, { number: order.order_number }),
        })
        .click();
      const dialog = owner.page.getByRole('dialog');
      await dialog.getByText(es.checkout.activity, { exact: true }).waitFor();
      await dialog.getByText(es.checkout.activityChainOk).waitFor();
      await dialog.getByText(t.activityKinds.sealed).waitFor();
      await dialog.getByRole('link', { name: es.checkout.fileSigned, exact: true }).waitFor();
      await dialog.screenshot({ path: '.data/e2e-shots/signing-order-modal.png' });
      // 'Descargar registro (JSON)': the trail as hashed, which verifies outside Sello.
      const [download] = await Promise.all([
        owner.page.waitForEvent('download'),
        dialog.getByRole('button', { name: es.checkout.activityDownload }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`registro-${order.order_number}.json`);
      const saved = await download.path();
      const verdict = checkTrail(JSON.parse(readFileSync(saved, 'utf8')));
      expect(verdict.ok, verdict.lines.join('\n')).toBe(true);
    });
    await owner.context.close();
  }, 240_000);

  it('a signer who rejects cancels the order and the credits come back', async () => {
    const user = await newConfirmedUser(stack, 'Rechazo');
    const people = [signer(), signer()];
    const order = await paidOrder(stack, user, { signers: people });
    const before = await walletOf(stack, user.accessToken);
    const link = (await waitForLinks(stack, people[0]?.email ?? ''))[0] as URL;
    const visitor = await openSigner(link);
    await journey(visitor.page, 'signing-reject', async () => {
      const page = visitor.page;
      await page.getByRole('button', { name: t.reject }).click();
      // Rejecting is an act of the signer: the same e-mailed code as signing comes first.
      await page.getByRole('button', { name: t.rejectSendCode }).click();
      const code = await codeFor(stack, people[0]?.email ?? '');
      await page.getByLabel(t.codeLabel, { exact: true }).fill(code);
      await page.getByRole('button', { name: t.codeVerify }).click();
      const reason = page.getByLabel(t.rejectReasonLabel, { exact: true });
      await reason.fill('no');
      await page.getByRole('button', { name: t.rejectConfirm }).click();
      await page.getByText(t.rejectReasonShort).first().waitFor();
      await page
        .getByLabel(t.rejectReasonLabel, { exact: true })
        .fill('El monto no es el acordado');
      await page.getByRole('button', { name: t.rejectConfirm }).click();
      await page.getByRole('heading', { name: t.rejectedTitle }).waitFor({ timeout: 30_000 });
      await page.screenshot({ path: '.data/e2e-shots/signing-real-rejected.png', fullPage: true });
    });
    await visitor.context.close();
    const cancelled = await orderWhen(stack, user, order.id, 'cancelled');
    expect(cancelled.status).toBe('cancelled');
    const after = await walletOf(stack, user.accessToken);
    expect(after.balance - before.balance).toBe(order.credits_used);
  }, 120_000);
});
