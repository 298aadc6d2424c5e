import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Order } from '../../shared/contract/orders.js';
import { es, fmt } from '../../shared/messages.es.js';
import {
  DESKTOP,
  journey,
  launchBrowser,
  newVisitor,
  PHONE,
  seriousA11yViolations,
} from '../support/browser.js';
import { mailsTo, newConfirmedUser, type TestUser } from '../support/client.js';
import { checkoutApi, paidOrder, signer, waitForLinks } from '../support/orders.js';
import { openLink, signAll } from '../support/signing.js';
import { logInOnPage } from '../support/web-journey.js';

/**
 * The sealed documents' public pages against the real stack: an order signed by both signers
 * through the API (as the signer page drives it) and sealed by the queue; then, in Chromium,
 * /verificar/{code} with its file check (the sealed file, a copy with one byte changed, the
 * original), an unknown code, the code form, and /descargar/{orderId}?token= from the
 * requester's delivery mail.
 */
const stack = inject('stack');
const t = es.verify;
const SHOTS = '.data/e2e-shots';
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let browser: Browser;
let dir: string;
let sealed: { order: Order; user: TestUser; bytes: Uint8Array; original: Uint8Array };

/** Polls the order until the queue has sealed it. */
async function completed(user: TestUser, id: string): Promise<Order> {
  for (let i = 0; i < 300; i++) {
    const res = await checkoutApi(stack).getOrder(user, id);
    if (res.body.order.status === 'completed') return res.body.order;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`order ${id} was never completed`);
}

/** The personal link of this order's delivery mail to `email`, once it has arrived. */
async function deliveryLink(email: string, orderId: string): Promise<URL> {
  const escaped = orderId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`href="([^"]+/descargar/${escaped}\\?[^"]+)"`);
  for (let i = 0; i < 150; i++) {
    for (const m of await mailsTo(stack, email)) {
      if (!m.subject.startsWith('Documento firmado')) continue;
      const href = re.exec(m.body.html ?? '')?.[1];
      if (href) return new URL(href.replace(/&amp;|&#38;|&#x26;/gi, '&'));
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no delivery mail of ${orderId} reached ${email}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(join(tmpdir(), 'sello-verify-'));
  const user = await newConfirmedUser(stack);
  const signers = [signer(), signer({ first_name: 'Íñigo', last_name: 'Muñoz' })];
  const order = await paidOrder(stack, user, { signers, delivery: true });
  for (const s of signers) {
    const link = (await waitForLinks(stack, s.email))[0] as URL;
    await signAll(stack, await openLink(stack, link), s.email);
  }
  const done = await completed(user, order.id);
  const bytes = new Uint8Array(await (await fetch(String(done.signed_file_url))).arrayBuffer());
  const original = new Uint8Array(
    await (await fetch(String(done.original_file_url))).arrayBuffer(),
  );
  expect(sha256(bytes)).toBe(done.signed_sha256);
  sealed = { order: done, user, bytes, original };
});
afterAll(async () => {
  await browser?.close();
});

/** Writes bytes to a temp file named `name` and picks it in the page's file check. */
async function pickFile(page: Page, name: string, bytes: Uint8Array) {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  await page.locator('input[type="file"]').setInputFiles(file);
}

const code = () => String(sealed.order.verification_code);
const dashed = () => `${code().slice(0, 5)}-${code().slice(5)}`;

describe('/verificar: the public record of a sealed document', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const size = viewport === PHONE ? 'phone' : 'desktop';

    it(`shows the record and checks files in the browser (${size})`, async () => {
      const { context, page, consoleErrors } = await newVisitor(browser, stack, { viewport });
      const uploads: string[] = [];
      page.on('request', (r) => {
        if (r.method() !== 'GET') uploads.push(`${r.method()} ${r.url()}`);
      });
      await journey(page, `verify-${size}`, async () => {
        await page.goto(`/verificar/${dashed()}`);
        await page.getByRole('heading', { name: t.sealedState }).waitFor();
        const text = (await page.locator('.verify-record').textContent()) ?? '';
        expect(text).toContain(dashed());
        expect(text).toContain(sealed.order.order_number);
        // Initials and masked RUTs only (Ley 21.719): never a whole name on the public page.
        expect(text).toContain('A. P.');
        expect(text).toContain('Í. M.');
        expect(text).not.toContain('Pérez');
        expect(text).not.toContain('Muñoz');
        expect(text).toContain('**.***.678-5');
        expect(text).toContain(String(sealed.order.signed_sha256));
        expect(text).toContain(String(sealed.order.document_sha256));
        expect(text).toContain(t.fileHelp);
        // The bare layout: no application header or sidebar.
        expect(await page.locator('.bare').count()).toBe(1);

        await pickFile(page, 'contrato-firmado.pdf', sealed.bytes);
        await page.getByText(t.fileMatch, { exact: true }).waitFor();
        await page.screenshot({ path: `${SHOTS}/verify-match-${size}.png`, fullPage: true });
        expect(await seriousA11yViolations(page)).toEqual([]);

        const changed = new Uint8Array(sealed.bytes);
        const at = Math.floor(changed.length / 2);
        changed[at] = (changed[at] as number) ^ 0x01;
        await pickFile(page, 'contrato-alterado.pdf', changed);
        await page.getByText(t.fileMismatch, { exact: true }).waitFor();
        await page.getByText(fmt(t.fileHash, { hash: sha256(changed) }), { exact: true }).waitFor();
        await page.screenshot({ path: `${SHOTS}/verify-mismatch-${size}.png`, fullPage: true });
        expect(await seriousA11yViolations(page)).toEqual([]);

        await pickFile(page, 'contrato.pdf', sealed.original);
        await page.getByText(t.fileOriginal, { exact: true }).waitFor();
      });
      // Nothing was sent anywhere: the file check is the browser's alone.
      expect(uploads).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('answers an unknown code with the server message, and the form finds a typed code', async () => {
    const { context, page } = await newVisitor(browser, stack, { viewport: PHONE });
    await journey(page, 'verify-unknown', async () => {
      await page.goto('/verificar/ZZZZZ-ZZZZZ');
      await page.getByText(es.signing.verifyNotFound, { exact: true }).waitFor();

      await page.goto('/verificar');
      await page.getByRole('heading', { name: t.formTitle }).waitFor();
      const input = page.getByLabel(t.codeLabel);
      await input.fill('12345');
      await page.getByRole('button', { name: t.submit }).click();
      await page.getByText(t.codeInvalid).waitFor();
      // Lower case and without the dash, as people type it.
      await input.fill(code().toLowerCase());
      await page.getByRole('button', { name: t.submit }).click();
      await page.getByRole('heading', { name: t.sealedState }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/verificar/${dashed()}`);
      await page.screenshot({ path: `${SHOTS}/verify-from-form-phone.png`, fullPage: true });
    });
    await context.close();
  });
});

describe('/descargar: the delivery mail personal link', () => {
  it('drops the token from the address, shows the file and downloads it', async () => {
    const link = await deliveryLink('carla@example.com', sealed.order.id);
    for (const viewport of [PHONE, DESKTOP]) {
      const size = viewport === PHONE ? 'phone' : 'desktop';
      const { context, page, consoleErrors } = await newVisitor(browser, stack, { viewport });
      const downloads: string[] = [];
      page.on('download', (d) => downloads.push(d.suggestedFilename()));
      await journey(page, `delivery-${size}`, async () => {
        await page.goto(`${link.pathname}${link.search}`);
        await page.getByRole('heading', { name: t.downloadReady }).waitFor();
        expect(page.url()).not.toContain('token');
        expect(new URL(page.url()).pathname).toBe(`/descargar/${sealed.order.id}`);
        const text = (await page.locator('.sign-screen').textContent()) ?? '';
        expect(text).toMatch(/-firmado\.pdf/);
        expect(text).toContain(dashed());
        // The download started by itself, once.
        await expect.poll(() => downloads.length).toBe(1);
        expect(downloads[0]).toMatch(/-firmado\.pdf$/);

        const button = page.getByRole('link', { name: t.downloadButton });
        const href = String(await button.getAttribute('href'));
        const got = new Uint8Array(await (await fetch(href)).arrayBuffer());
        expect(sha256(got)).toBe(sealed.order.signed_sha256);
        await page.screenshot({ path: `${SHOTS}/delivery-${size}.png`, fullPage: true });
        expect(await seriousA11yViolations(page)).toEqual([]);

        await page.getByRole('link', { name: t.downloadVerify }).click();
        await page.getByRole('heading', { name: t.sealedState }).waitFor();
      });
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('answers a forged token with the server message, and a link without one plainly', async () => {
    const { context, page } = await newVisitor(browser, stack, { viewport: PHONE });
    await journey(page, 'delivery-bad', async () => {
      await page.goto(`/descargar/${sealed.order.id}?token=${'x'.repeat(43)}`);
      await page.getByText(es.signing.deliveryNotFound, { exact: true }).waitFor();
      expect(page.url()).not.toContain('token');
      await page.screenshot({ path: `${SHOTS}/delivery-invalid-phone.png`, fullPage: true });
      await page.goto(`/descargar/${sealed.order.id}`);
      await page.getByText(t.downloadNoToken, { exact: true }).waitFor();
    });
    await context.close();
  });
});

describe('the order modal of a sealed order', () => {
  it('shows the verification code, linked to its page, and the signed file fingerprint', async () => {
    const { context, page } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'verify-order-modal', async () => {
      await logInOnPage(page, sealed.user);
      await page.goto('/mis-pedidos');
      await page
        .getByRole('button', {
          name: fmt(es.checkout.viewDetailOf, { number: sealed.order.order_number }),
        })
        .click();
      const dialog = page.getByRole('dialog', {
        name: fmt(es.checkout.orderModalTitle, { number: sealed.order.order_number }),
      });
      const link = dialog.getByRole('link', { name: dashed() });
      expect(await link.getAttribute('href')).toBe(`/verificar/${dashed()}`);
      const signed = String(sealed.order.signed_sha256);
      const fingerprint = dialog.locator(`.order-fingerprint[data-hash="${signed}"]`);
      expect(await fingerprint.textContent()).toBe(signed.slice(0, 12));
      await page.screenshot({ path: `${SHOTS}/verify-order-modal-desktop.png` });
      await link.click();
      await page.getByRole('heading', { name: t.sealedState }).waitFor();
    });
    await context.close();
  });
});
