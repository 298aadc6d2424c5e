import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { formatCredits } from '../../shared/rules/currency.js';
import { DESKTOP, journey, launchBrowser, newVisitor } from '../support/browser.js';
import { appLink, mailsTo, newConfirmedUser } from '../support/client.js';
import { storedBytes } from '../support/documents.js';
import { grantCredits, runJob } from '../support/ledger.js';
import { signedAsNotary } from '../support/notarized-pdf.js';
import { notaryOffering, orderRecord } from '../support/notary.js';
import { enterNotary } from '../support/notary-browser.js';
import { signer } from '../support/order-forms.js';
import { completeRequest, signingLinks } from '../support/orders.js';
import { openLink, signAll } from '../support/signing.js';
import { CHECKOUT_VALUES, fillCheckout, logInOnPage } from '../support/web-journey.js';

/**
 * The notarial journey of issue 22's "Done when", in Chromium on the local stack: a customer
 * pays a legalized copy with two signers at the checkout; both sign; the notary sees it under
 * Pendientes, takes it, asks in the chat; the customer answers from /mis-pedidos; the notary
 * notarizes the sealed document (signed once more, as a notary would) with the act's data; the
 * customer's delivery mail downloads the notarized file and the order is 'Completado'. Then a
 * second order, never taken, moves to another notary once the clock passes the threshold.
 *
 * The notaries offer the legalized copy in one region, and the orders are billed there (each test
 * its own region: Aysén, Magallanes): the region comes first in the assignment, so no other
 * notary of the shared stack (the demo notary, other tests' country-wide ones) competes.
 */
const stack = inject('stack');
const AYSEN = { code: 'CL-AI', text: 'Aysén' };
const MAGALLANES = { code: 'CL-MA', text: 'Magallanes' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string) => {
  for (let i = 0; i < 300; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** A message shown in a chat thread. */
const message = (page: Page, region: string, text: string) =>
  page.getByRole('region', { name: region }).locator('.chat__body', { hasText: text });

/** Pays a legalized copy with two signers at the checkout, with credits; the order's id. */
async function payLegalization(page: Page, title: string, region: { text: string }) {
  const customer = await newConfirmedUser(stack, 'Legaliza');
  const signers = [signer(), signer({ first_name: 'Bruno', last_name: 'Díaz' })];
  const request = await completeRequest(stack, customer, { notarial: 'copia_legalizada', signers });
  await grantCredits(stack, customer.accessToken, request.quote.credits_needed);
  await logInOnPage(page, customer);
  await page.goto(`/checkout?request=${request.id}`);
  await fillCheckout(page, { ...CHECKOUT_VALUES, title, region: region.text });
  const payment = page.getByRole('region', { name: es.checkout.paymentTitle });
  const toggle = payment.getByRole('switch', { name: es.checkout.creditsToggle });
  await expect.poll(() => toggle.isEnabled()).toBe(true);
  await toggle.check();
  await payment
    .getByRole('button', {
      name: fmt(es.checkout.payWithCredits, { n: formatCredits(request.quote.credits_needed) }),
    })
    .click();
  await page.waitForURL(/\/success\?order=/, { timeout: 30_000 });
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  return { customer, signers, orderId };
}

/** Both signers sign through their mailed links (the signing screens have their own e2e). */
async function signEverything(signers: { email: string }[]) {
  for (const s of signers) {
    const [link] = await until(
      () => signingLinks(stack, s.email),
      (l) => l.length > 0,
      `${s.email}'s link`,
    );
    await signAll(stack, await openLink(stack, link as URL), s.email);
  }
}

describe('the notarial journey', () => {
  it('legalization ordered, signed, taken, discussed, notarized and delivered', async () => {
    const first = await notaryOffering(stack, 'copia_legalizada', undefined, [AYSEN.code]);
    const customerSide = await newVisitor(browser, stack, { viewport: DESKTOP, gatePassed: true });
    const notarySide = await newVisitor(browser, stack, { viewport: DESKTOP, gatePassed: true });
    notarySide.page.on('dialog', (d) => void d.accept());
    const nz = es.notarized;

    let ordered: Awaited<ReturnType<typeof payLegalization>> | undefined;
    await journey(customerSide.page, 'notarial-order', async () => {
      ordered = await payLegalization(customerSide.page, 'Legalización contrato Coyhaique', AYSEN);
    });
    const { signers, orderId } = ordered as NonNullable<typeof ordered>;
    await signEverything(signers);
    // Sealed, then assigned to the notary of the region.
    const assigned = await until(
      () => orderRecord(stack, orderId),
      (o) => o.notarial_stage === 'assigned',
      'the assignment',
    );
    expect(assigned.notary_org_id).toBe(first.org.id);
    const number = assigned.order_number;

    await journey(notarySide.page, 'notarial-take', async () => {
      const page = notarySide.page;
      await enterNotary(page, first.user, first.org.name);
      // In the notary's context the sidebar leads to its panel.
      await page
        .getByRole('navigation', { name: es.layout.mainNav })
        .getByRole('link', { name: es.nav.notary })
        .click();
      await page.waitForURL((url) => url.pathname === '/notary-dashboard');
      const card = page.locator('.assignment-card', {
        hasText: fmt(es.notary.orderNumber, { number }),
      });
      await card.getByRole('button', { name: es.notary.take }).click();
      await page.getByText(es.organizations.taken).waitFor();
      await page.goto(`/notary-document/${assigned.assignment_id}`);
      const chat = page.getByRole('region', { name: es.chat.notaryTitle });
      await chat.getByPlaceholder(es.chat.placeholder).fill('¿Necesita copia física también?');
      await chat.getByRole('button', { name: es.chat.send }).click();
      await message(page, es.chat.notaryTitle, '¿Necesita copia física también?').waitFor();
    });

    await journey(customerSide.page, 'notarial-answer', async () => {
      const page = customerSide.page;
      await page.goto('/mis-pedidos');
      await page.getByRole('button', { name: fmt(es.checkout.viewDetailOf, { number }) }).click();
      await message(page, es.chat.title, '¿Necesita copia física también?').waitFor();
      const chat = page.getByRole('region', { name: es.chat.title });
      await chat.getByPlaceholder(es.chat.placeholder).fill('No, solo la digital. Gracias.');
      await chat.getByRole('button', { name: es.chat.send }).click();
      await message(page, es.chat.title, 'No, solo la digital. Gracias.').waitFor();
    });

    // The notary signs the sealed document as notarized (what its office's software returns).
    const sealed = await orderRecord(stack, orderId);
    const sealedBytes = await storedBytes(stack, sealed.sealed_file_key as string);
    const notarized = await signedAsNotary(sealedBytes as Uint8Array);

    await journey(notarySide.page, 'notarial-notarize', async () => {
      const page = notarySide.page;
      await page.reload();
      await message(page, es.chat.notaryTitle, 'No, solo la digital. Gracias.').waitFor();
      await page.locator('.notarize-form input[type=file]').setInputFiles({
        name: 'contrato-notarizado.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(notarized),
      });
      const signatures = page.getByRole('region', { name: nz.signaturesTitle });
      // The seal's signature and timestamps, and the notary's: every one valid.
      await signatures.getByText(nz.signatureValid).first().waitFor();
      expect(await signatures.getByText(nz.signatureInvalid).count()).toBe(0);
      await page.getByLabel(nz.repertorio).fill('2211-2026');
      await page.getByLabel(nz.notaryName).fill('Rosa Vidal Contreras');
      await page.getByRole('button', { name: nz.submit }).click();
      await page.getByText(nz.done).waitFor();
      await page.screenshot({ path: '.data/e2e-shots/notarial-notarized.png', fullPage: true });
    });

    // The customer's delivery mail downloads the notarized file; the order is 'Completado'.
    const done = await orderRecord(stack, orderId);
    const mail = await until(
      async () =>
        (await mailsTo(stack, done.billing.email)).find(
          (m) =>
            m.subject === fmt(nz.mailSubject, { title: done.title }) &&
            (m.body.text ?? '').includes(number),
        ),
      (m) => !!m,
      'the delivery mail',
    );
    await journey(customerSide.page, 'notarial-delivered', async () => {
      const page = customerSide.page;
      await page.goto(appLink(stack, mail as NonNullable<typeof mail>).toString());
      await page
        .getByText(/-notarizado\.pdf/)
        .first()
        .waitFor();
      await page.goto('/mis-pedidos');
      await page.getByRole('button', { name: fmt(es.checkout.viewDetailOf, { number }) }).click();
      const dialog = page.getByRole('dialog', {
        name: fmt(es.checkout.orderModalTitle, { number }),
      });
      await dialog.getByText(es.checkout.statusLabels.completed).first().waitFor();
      await dialog.getByText(/Repertorio 2211-2026/).waitFor();
      await dialog.getByRole('link', { name: es.checkout.fileNotarized }).waitFor();
      await page.screenshot({ path: '.data/e2e-shots/notarial-delivered.png' });
    });
    expect(done).toMatchObject({ status: 'completed', notarial_stage: 'notarized' });
    expect(customerSide.consoleErrors).toEqual([]);
    expect(notarySide.consoleErrors).toEqual([]);
    await customerSide.context.close();
    await notarySide.context.close();
  }, 240_000);

  it('an assignment not taken in time moves to another notary of the region', async () => {
    const first = await notaryOffering(stack, 'copia_legalizada', undefined, [MAGALLANES.code]);
    const customerSide = await newVisitor(browser, stack, { viewport: DESKTOP, gatePassed: true });
    let ordered: Awaited<ReturnType<typeof payLegalization>> | undefined;
    await journey(customerSide.page, 'notarial-order-late', async () => {
      ordered = await payLegalization(customerSide.page, 'Legalización sin tomar', MAGALLANES);
    });
    const { signers, orderId } = ordered as NonNullable<typeof ordered>;
    await signEverything(signers);
    const assigned = await until(
      () => orderRecord(stack, orderId),
      (o) => o.notarial_stage === 'assigned',
      'the assignment',
    );
    expect(assigned.notary_org_id).toBe(first.org.id);
    const second = await notaryOffering(stack, 'copia_legalizada', undefined, [MAGALLANES.code]);
    // Five hours later (past the 4-hour threshold to take it): the job moves it.
    await runJob(stack, 'notarial-assignments', new Date(Date.now() + 5 * 3_600_000));
    const moved = await orderRecord(stack, orderId);
    expect(moved.assignment_id).not.toBe(assigned.assignment_id);
    expect(moved.notary_org_id).toBe(second.org.id);

    const notarySide = await newVisitor(browser, stack, { viewport: DESKTOP, gatePassed: true });
    await journey(notarySide.page, 'notarial-reassigned', async () => {
      const page = notarySide.page;
      await enterNotary(page, second.user, second.org.name);
      await page.goto('/notary-dashboard');
      await page
        .locator('.assignment-card', {
          hasText: fmt(es.notary.orderNumber, { number: moved.order_number }),
        })
        .waitFor();
    });
    const kinds = (
      await (await import('../support/signing.js')).auditOf(stack, orderId)
    ).events.map((e) => (e as { kind: string }).kind);
    expect(kinds).toContain('notary_reassigned');
    await customerSide.context.close();
    await notarySide.context.close();
  }, 180_000);
});
