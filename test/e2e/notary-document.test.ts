import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { DESKTOP, journey, launchBrowser, newVisitor } from '../support/browser.js';
import { newConfirmedUser } from '../support/client.js';
import { NOTARY_TEST_SIGNER, notarizedPdf } from '../support/notarized-pdf.js';
import { addNotarialLine, notaryWithAssignment, orderRecord } from '../support/notary.js';
import { enterNotary } from '../support/notary-browser.js';
import { logInOnPage } from '../support/web-journey.js';

/**
 * The notary's document page and the chat as both sides use them (issue 22): the notary opens
 * an assigned order in its context, takes it, asks the customer; the customer answers from the
 * order modal on /mis-pedidos; the notary reads the answer and approves; the customer's order is
 * 'Completado'. Someone outside a notary context is refused.
 */
const stack = inject('stack');
const t = es.notaryDocument;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A message shown in a chat thread (not the text still in its box). */
const message = (chat: Locator, text: string) => chat.locator('.chat__body', { hasText: text });

/** The customer signs in and opens the order's modal on /mis-pedidos; the modal. */
async function customerOpensOrder(
  page: Page,
  customer: { email: string; password: string },
  number: string,
) {
  await logInOnPage(page, customer);
  await page.waitForURL((url) => url.pathname === '/mis-pedidos');
  await page.getByRole('button', { name: fmt(es.checkout.viewDetailOf, { number }) }).click();
  return page.getByRole('dialog', { name: fmt(es.checkout.orderModalTitle, { number }) });
}

describe("the notary's document page", () => {
  it('take, ask, the customer answers from /mis-pedidos, approve: the order is complete', async () => {
    const n = await notaryWithAssignment(stack);
    const order = await orderRecord(stack, n.orderId);
    const title = fmt(es.notary.orderNumber, { number: order.order_number });

    const notary = await newVisitor(browser, stack, { viewport: DESKTOP, gatePassed: true });
    notary.page.on('dialog', (dialog) => void dialog.accept());
    await journey(notary.page, 'notary-document', async () => {
      const page = notary.page;
      await enterNotary(page, n.user, n.org.name);
      await page.goto(`/notary-document/${n.assignmentId}`);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByText(t.takeFirst).waitFor();
      await page.getByRole('button', { name: es.notary.take }).click();
      await page.getByText(es.organizations.taken).waitFor();
      await page.getByRole('button', { name: t.approve }).waitFor();

      const chat = page.getByRole('region', { name: es.chat.notaryTitle });
      await chat.getByPlaceholder(es.chat.placeholder).fill('¿La fecha del documento es hoy?');
      await chat.getByRole('button', { name: es.chat.send }).click();
      await message(chat, '¿La fecha del documento es hoy?').waitFor();
      await page.screenshot({ path: '.data/e2e-shots/notary-document.png', fullPage: true });
    });

    const customer = await newVisitor(browser, stack, { viewport: DESKTOP, gatePassed: true });
    await journey(customer.page, 'order-chat', async () => {
      const page = customer.page;
      const dialog = await customerOpensOrder(page, n.customer, order.order_number);
      const chat = dialog.getByRole('region', { name: es.chat.title });
      await message(chat, '¿La fecha del documento es hoy?').waitFor();
      // An empty message is refused in the browser, without a call.
      await chat.getByRole('button', { name: es.chat.send }).click();
      await chat.getByText(es.chat.bodyRequired).waitFor();
      await chat.getByPlaceholder(es.chat.placeholder).fill('Sí, es de hoy.');
      await chat.getByRole('button', { name: es.chat.send }).click();
      await message(chat, 'Sí, es de hoy.').waitFor();
      await page.screenshot({ path: '.data/e2e-shots/order-chat.png', fullPage: true });
    });

    await journey(notary.page, 'notary-approve', async () => {
      const page = notary.page;
      // The customer's answer waits on the dashboard card, unread.
      await page.goto('/notary-dashboard?tab=processing');
      await page
        .locator('.assignment-card', {
          hasText: fmt(es.notary.orderNumber, { number: order.order_number }),
        })
        .getByText(fmt(es.notary.unreadOne, { n: 1 }))
        .waitFor();
      await page.screenshot({ path: '.data/e2e-shots/notary-dashboard-unread.png' });
      await page.goto(`/notary-document/${n.assignmentId}`);
      const chat = page.getByRole('region', { name: es.chat.notaryTitle });
      await message(chat, 'Sí, es de hoy.').waitFor();
      await page.getByRole('button', { name: t.approve }).click();
      await page.getByText(t.approved).waitFor();
      await page
        .getByText(fmt(t.decided, { status: es.organizations.assignmentStatus.approved }))
        .waitFor();
      await chat.getByText(es.chat.closed).waitFor();
    });
    expect((await orderRecord(stack, n.orderId)).status).toBe('completed');
    expect(notary.consoleErrors).toEqual([]);
    expect(customer.consoleErrors).toEqual([]);
    await notary.context.close();
    await customer.context.close();
  });

  it('notarize: the notary uploads the notarized PDF, sees its signatures, delivers it; the customer has it', async () => {
    const n = await notaryWithAssignment(stack);
    const order = await orderRecord(stack, n.orderId);
    const pdf = await notarizedPdf();
    const nz = es.notarized;

    const notary = await newVisitor(browser, stack, { viewport: DESKTOP, gatePassed: true });
    notary.page.on('dialog', (dialog) => void dialog.accept());
    await journey(notary.page, 'notary-notarize', async () => {
      const page = notary.page;
      await enterNotary(page, n.user, n.org.name);
      await page.goto(`/notary-document/${n.assignmentId}`);
      await page.getByRole('button', { name: es.notary.take }).click();
      await page.getByRole('heading', { name: nz.title }).waitFor();
      // Delivering without a file or the act's data is refused in the browser.
      const deliver = page.getByRole('button', { name: nz.submit });
      expect(await deliver.isDisabled()).toBe(true);
      // A file that is not a PDF is refused before any call.
      await page.locator('.notarize-form input[type=file]').setInputFiles({
        name: 'acta.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('no es un PDF'),
      });
      await page.getByText(nz.notPdf).waitFor();
      await page.locator('.notarize-form input[type=file]').setInputFiles({
        name: 'escritura-notarizada.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(pdf),
      });
      const signatures = page.getByRole('region', { name: nz.signaturesTitle });
      await signatures.getByText(nz.signatureValid).waitFor();
      await signatures.getByText(NOTARY_TEST_SIGNER, { exact: false }).waitFor();
      await deliver.click();
      await page.getByText(nz.repertorioInvalid).waitFor();
      await page.getByLabel(nz.repertorio).fill('1234-2026');
      await page.getByLabel(nz.notaryName).fill('María Fuentes Rojas');
      await page.screenshot({ path: '.data/e2e-shots/notary-notarize.png', fullPage: true });
      await deliver.click();
      await page.getByText(nz.done).waitFor();
      await page
        .getByText(fmt(t.decided, { status: es.organizations.assignmentStatus.notarized }))
        .waitFor();
      await page.getByText(/Repertorio 1234-2026/).waitFor();
    });

    const customer = await newVisitor(browser, stack, { viewport: DESKTOP, gatePassed: true });
    await journey(customer.page, 'order-notarized', async () => {
      const page = customer.page;
      const dialog = await customerOpensOrder(page, n.customer, order.order_number);
      await dialog.getByText(/Repertorio 1234-2026/).waitFor();
      const link = dialog.getByRole('link', { name: es.checkout.fileNotarized });
      const href = await link.getAttribute('href');
      const file = await fetch(href as string);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
      await dialog.getByText(nz.signatureValid).waitFor();
      await page.screenshot({ path: '.data/e2e-shots/order-notarized.png', fullPage: true });
    });
    expect(await orderRecord(stack, n.orderId)).toMatchObject({
      status: 'completed',
      notarial_stage: 'notarized',
    });
    expect(notary.consoleErrors).toEqual([]);
    expect(customer.consoleErrors).toEqual([]);
    await notary.context.close();
    await customer.context.close();
  });

  it('reject: the notary says why; the customer sees it and the notarial part back', async () => {
    const n = await notaryWithAssignment(stack);
    const order = await orderRecord(stack, n.orderId);
    await addNotarialLine(stack, n.orderId, Math.floor(order.total_price / 2));
    const r = es.notaryRejection;

    const notary = await newVisitor(browser, stack, { viewport: DESKTOP, gatePassed: true });
    notary.page.on('dialog', (dialog) => void dialog.accept());
    await journey(notary.page, 'notary-reject', async () => {
      const page = notary.page;
      await enterNotary(page, n.user, n.org.name);
      await page.goto(`/notary-document/${n.assignmentId}`);
      await page.getByRole('button', { name: es.notary.take }).click();
      await page.getByLabel(r.reasonLabel).selectOption('other');
      const submit = page.getByRole('button', { name: r.submit });
      await submit.click();
      // "Otro motivo" needs words: refused in the browser.
      await page.getByText(r.detailInvalid).waitFor();
      await page
        .getByLabel(r.detailLabel)
        .fill('El documento menciona a otra notaría; no podemos legalizarlo.');
      await page.screenshot({ path: '.data/e2e-shots/notary-reject.png', fullPage: true });
      await submit.click();
      await page.getByText(r.done).waitFor();
      await page.getByRole('region', { name: r.orderTitle }).waitFor();
    });

    const customer = await newVisitor(browser, stack, { viewport: DESKTOP, gatePassed: true });
    await journey(customer.page, 'order-rejected', async () => {
      const page = customer.page;
      const dialog = await customerOpensOrder(page, n.customer, order.order_number);
      const section = dialog.getByRole('region', { name: r.orderTitle });
      await section.getByText(/otra notaría/).waitFor();
      await section.getByText(/créditos a tu cuenta/).waitFor();
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: '.data/e2e-shots/order-rejected.png' });
    });
    expect(await orderRecord(stack, n.orderId)).toMatchObject({
      status: 'completed',
      notarial_stage: 'rejected',
    });
    expect(notary.consoleErrors).toEqual([]);
    expect(customer.consoleErrors).toEqual([]);
    await notary.context.close();
    await customer.context.close();
  });

  it('is refused outside a notary context', async () => {
    const n = await notaryWithAssignment(stack);
    const stranger = await newConfirmedUser(stack, 'Curiosa');
    const { context, page } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    await journey(page, 'notary-document-refused', async () => {
      await logInOnPage(page, stranger);
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.goto(`/notary-document/${n.assignmentId}`);
      await page.getByText(es.organizations.notaryContextRequired).waitFor();
      expect(await page.content()).not.toContain(n.orderId);
    });
    await context.close();
  });
});
