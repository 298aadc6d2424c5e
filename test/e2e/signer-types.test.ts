import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CountryService, ServicesCatalog } from '../../shared/contract/catalog.js';
import type { SigningRequest } from '../../shared/contract/requests.js';
import { es, fmt } from '../../shared/messages.es.js';
import { formatCredits, formatMoney } from '../../shared/rules/currency.js';
import { rutCheckDigit } from '../../shared/rules/rut.js';
import { journey, launchBrowser, newVisitor, seriousA11yViolations } from '../support/browser.js';
import { api, newConfirmedUser } from '../support/client.js';
import { grantCredits, walletOf } from '../support/ledger.js';
import { checkoutApi } from '../support/orders.js';
import { tinyPdf } from '../support/requests.js';
import { fillCheckout, wizardWithDocument } from '../support/web-journey.js';

/**
 * Issue 23 in the browser: a customer makes one order whose three signers sign with three
 * types (simple, FEA, FES + Clave Única) through the wizard's 'Tipo de firma' per signer, sees
 * the estimate per type, pays with credits, and finds each signer's type in the order modal.
 */
const stack = inject('stack');
const call = api(stack);
const shop = checkoutApi(stack);
const SHOTS = '.data/e2e-shots';
let browser: Browser;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const rut = (body: string) => `${body}-${rutCheckDigit(body)}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const nextButton = (page: Page) => page.getByRole('button', { name: es.wizard.next, exact: true });
const signerForm = (page: Page) => page.locator('.signer-form');
const signerCards = (page: Page) => page.locator('.signer-card');

async function addSigner(
  page: Page,
  s: { type?: string; first: string; id: string; idLabel: string; email: string },
) {
  const form = signerForm(page);
  if (s.type) await form.getByLabel(es.wizard.signerType, { exact: true }).selectOption(s.type);
  await form.getByLabel(es.wizard.firstName, { exact: true }).fill(s.first);
  await form.getByLabel(es.wizard.lastName, { exact: true }).fill('Mixto');
  await form.getByLabel(s.idLabel, { exact: true }).fill(s.id);
  await form.getByLabel(es.wizard.email, { exact: true }).fill(s.email);
  await form.getByLabel(es.wizard.phone, { exact: true }).fill('912345678');
  await form.getByRole('button', { name: es.wizard.addSigner }).click();
}

describe("each signer's own signature type in the wizard", () => {
  it('makes one order with a simple, an FEA and a Clave Única signer, and shows each type', async () => {
    const user = await newConfirmedUser(stack, 'TiposMixtos');
    // Credits first: checkout reads the balance when it opens.
    const granted = 1_000;
    await grantCredits(stack, user.accessToken, granted);
    const cat = (await call<ServicesCatalog>('GET', '/api/catalog/services?country_id=cl')).body;
    const by = (code: string): CountryService => {
      const found = [...cat.notarial_services, ...cat.signature_types].find((s) => s.code === code);
      if (!found) throw new Error(`no service ${code}`);
      return found;
    };
    const [noNotary, fes, fea, cu] = [
      by('sin_notario'),
      by('fes'),
      by('fea'),
      by('fes_clave_unica'),
    ];
    const email = (n: string) => `${n}.${user.email.split('@')[0]}@example.com`;
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      gatePassed: true,
    });
    let requestId = '';
    let orderId = '';
    let creditsNeeded = 0;
    await journey(page, 'signer-types-wizard', async () => {
      await wizardWithDocument(page, user, {
        name: 'contrato-mixto.pdf',
        buffer: Buffer.from(tinyPdf('Contrato con firmas mixtas')),
      });
      await nextButton(page).click();
      await page.getByRole('heading', { name: es.wizard.servicesTitle, level: 2 }).waitFor();
      await page.getByRole('button', { name: noNotary.name, exact: true }).click();
      await page.getByRole('button', { name: fes.name, exact: true }).click();
      await nextButton(page).click();
      await page.getByRole('heading', { name: es.wizard.signersTitle, level: 2 }).waitFor();

      // Step 2's type is the default: the simple signer needs no RUT.
      const typeSelect = signerForm(page).getByLabel(es.wizard.signerType, { exact: true });
      expect(await typeSelect.inputValue()).toBe(fes.id);
      await addSigner(page, {
        first: 'Simona',
        id: 'AB123456',
        idLabel: es.wizard.idNumber,
        email: email('simple'),
      });
      await expect.poll(() => signerCards(page).count()).toBe(1);

      // FEA for the second signer: the field becomes 'RUT' and a wrong one is refused.
      await addSigner(page, {
        type: fea.id,
        first: 'Fernando',
        id: '12345678-9',
        idLabel: es.wizard.rut,
        email: email('fea'),
      });
      await signerForm(page).getByText(es.orders.rutInvalid).waitFor();
      expect(await signerCards(page).count()).toBe(1);
      await signerForm(page).getByLabel(es.wizard.rut, { exact: true }).fill(rut('16234567'));
      await signerForm(page).getByRole('button', { name: es.wizard.addSigner }).click();
      await expect.poll(() => signerCards(page).count()).toBe(2);
      // The next signer starts on step 2's type again.
      expect(await typeSelect.inputValue()).toBe(fes.id);

      await addSigner(page, {
        type: cu.id,
        first: 'Clara',
        id: rut('9876543'),
        idLabel: es.wizard.rut,
        email: email('cu'),
      });
      await expect.poll(() => signerCards(page).count()).toBe(3);

      // The estimate: one line per type, each with its signers.
      const summary = page.locator('.price-summary');
      for (const s of [fes, fea, cu]) {
        const line = summary.locator('.price-summary__item', { hasText: s.name });
        expect(await line.textContent()).toContain(
          fmt(es.wizard.summaryQuantityOne, { price: formatMoney(s.price, 'CLP') }),
        );
      }
      const total = noNotary.price + fes.price + fea.price + cu.price;
      expect(await summary.locator('.price-summary__total').textContent()).toContain(
        formatMoney(total, 'CLP'),
      );
      await shot(page, 'signer-types-step3');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // A card's own select: the simple signer moved to FEA has no valid RUT, so the step
      // cannot be left; back to the simple type, it can.
      const firstType = page.getByLabel(fmt(es.wizard.signerTypeLabel, { n: 1 }), { exact: true });
      await firstType.selectOption(fea.id);
      await page.locator('.signer-card--invalid').getByText(es.orders.rutInvalid).waitFor();
      expect(await nextButton(page).isDisabled()).toBe(true);
      expect(
        await summary.locator('.price-summary__item', { hasText: fea.name }).textContent(),
      ).toContain(fmt(es.wizard.summaryQuantity, { price: formatMoney(fea.price, 'CLP'), n: 2 }));
      await shot(page, 'signer-types-card-invalid');
      await firstType.selectOption(fes.id);
      await expect.poll(() => nextButton(page).isEnabled()).toBe(true);

      await nextButton(page).click();
      await page.getByRole('heading', { name: es.wizard.deliveryTitle, level: 2 }).waitFor();
      await page.getByLabel(es.wizard.deliveryAll).check();
      await page.getByRole('button', { name: es.wizard.quoteAndPay }).click();
      await page.waitForURL(/\/checkout\?request=/);
      requestId = new URL(page.url()).searchParams.get('request') ?? '';

      // Checkout lists the server's lines; paid with credits.
      const request = (await shop.getRequest(user, requestId)).body.request as SigningRequest;
      expect(request.quote.total).toBe(total);
      creditsNeeded = request.quote.credits_needed;
      const checkoutSummary = page.getByRole('region', { name: es.checkout.summaryTitle });
      await checkoutSummary.getByText(request.request_number).waitFor();
      for (const s of [fea, cu]) await checkoutSummary.getByText(s.name).first().waitFor();
      // Mixed types: each signer says theirs.
      for (const s of [fes, fea, cu]) {
        await checkoutSummary
          .getByText(fmt(es.checkout.signerSignatureType, { type: s.name }))
          .waitFor();
      }
      await fillCheckout(page);
      const payment = page.getByRole('region', { name: es.checkout.paymentTitle });
      const toggle = payment.getByRole('switch', { name: es.checkout.creditsToggle });
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      await toggle.check();
      await shot(page, 'signer-types-checkout');
      await payment
        .getByRole('button', {
          name: fmt(es.checkout.payWithCredits, { n: formatCredits(request.quote.credits_needed) }),
        })
        .click();
      await page.waitForURL(/\/success\?order=/, { timeout: 30_000 });
      orderId = new URL(page.url()).searchParams.get('order') ?? '';

      // The order modal names each signer's type.
      const order = (await shop.getOrder(user, orderId)).body.order;
      await page.goto('/mis-pedidos');
      await page
        .getByRole('button', {
          name: fmt(es.checkout.viewDetailOf, { number: order.order_number }),
        })
        .click();
      const dialog = page.getByRole('dialog', {
        name: fmt(es.checkout.orderModalTitle, { number: order.order_number }),
      });
      for (const type of ['simple', 'advanced', 'clave_unica'] as const) {
        await dialog
          .getByText(fmt(es.checkout.signerSignatureType, { type: es.signing.typeTitles[type] }))
          .waitFor();
      }
      await dialog.screenshot({ path: `${SHOTS}/signer-types-order-modal.png` });
      // The dialog scrolls: its signers on their own (the element shot scrolls to them).
      await dialog
        .locator('.order-signers')
        .screenshot({ path: `${SHOTS}/signer-types-order-signers.png` });
    });
    expect(consoleErrors).toEqual([]);
    await context.close();

    // What the server made: the lines per type and each signer's type.
    const order = (await shop.getOrder(user, orderId)).body.order;
    expect(order.items.map((i) => [i.service_id, i.quantity])).toEqual([
      [noNotary.id, 1],
      [fes.id, 1],
      [fea.id, 1],
      [cu.id, 1],
    ]);
    expect(order.credits_used).toBe(creditsNeeded);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(granted - creditsNeeded);
    expect(order.signers.map((s) => [s.first_name, s.signature_type])).toEqual([
      ['Simona', 'simple'],
      ['Fernando', 'advanced'],
      ['Clara', 'clave_unica'],
    ]);
  });
});
