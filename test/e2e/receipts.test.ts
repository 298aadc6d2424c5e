import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CreditPackage } from '../../shared/contract/credits.js';
import type { SigningRequest } from '../../shared/contract/requests.js';
import { es, fmt } from '../../shared/messages.es.js';
import { formatMoney } from '../../shared/rules/currency.js';
import { journey, launchBrowser, newVisitor } from '../support/browser.js';
import { api, newConfirmedUser, type TestUser } from '../support/client.js';
import { grantCredits } from '../support/ledger.js';
import { checkoutApi, completeRequest, GOOD_CARD } from '../support/orders.js';
import { CHECKOUT_VALUES, fillCheckout, logInOnPage, payByCard } from '../support/web-journey.js';

/**
 * Receipts and the checkout's ways (issue 21 items 4 and 6) as a customer uses them: a card
 * order paid through the local Stripe emulator, its 'Ver recibo' in the order modal opening
 * the printable receipt with the total paid; a package bought by card and its receipt from the
 * credit history; 'Comprar créditos' from checkout coming back to checkout with the title kept.
 * Screens are saved to SHOTS (looked at by the developer).
 */
const stack = inject('stack');
const SHOTS = process.env.SELLO_RECEIPT_SHOTS ?? '/tmp/shots21/receipts';
mkdirSync(SHOTS, { recursive: true });
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const money = (r: SigningRequest) => formatMoney(r.quote.total, r.quote.currency_code);
const payment = (page: Page) => page.getByRole('region', { name: es.checkout.paymentTitle });

async function chilePackage(): Promise<CreditPackage> {
  const res = await api(stack)<{ packages: CreditPackage[] }>(
    'GET',
    '/api/credits/packages?country=cl',
  );
  const [pkg] = res.body.packages;
  if (!pkg) throw new Error('no package in Chile');
  return pkg;
}

/** Buys `pkg` in the packages screen's modal with the good test card. */
async function buyInModal(page: Page, pkg: CreditPackage) {
  await page
    .getByRole('article', { name: pkg.name, exact: true })
    .getByRole('button', { name: es.credits.buy })
    .click();
  const dialog = page.getByRole('dialog', { name: es.credits.buyPackage });
  await dialog.getByText(es.receipts.pricesVatIncluded).waitFor();
  await dialog.getByLabel(es.credits.cardNumber).fill(GOOD_CARD);
  await dialog.getByLabel(es.credits.cardExpiry).fill('12/34');
  await dialog.getByLabel(es.credits.cardCvc).fill('123');
  const price = formatMoney(pkg.price, pkg.currency_code);
  await dialog.getByRole('button', { name: fmt(es.credits.payAmount, { amount: price }) }).click();
  await dialog.getByText(es.credits.purchaseSuccess).waitFor({ timeout: 30_000 });
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
}

describe('receipts', () => {
  it("a card order's 'Ver recibo' opens its printable receipt with the total paid", async () => {
    const user: TestUser = await newConfirmedUser(stack, 'Recibo');
    const request = await completeRequest(stack, user, { fileName: 'contrato-recibo.pdf' });
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'receipt-card-order', async () => {
      await logInOnPage(page, user);
      await page.goto(`/checkout?request=${request.id}`);
      const summary = page.getByRole('region', { name: es.checkout.summaryTitle });
      await summary.getByText(request.request_number).waitFor();
      await summary.getByText(es.receipts.pricesVatIncluded).waitFor();
      await page.screenshot({ path: `${SHOTS}/checkout-summary.png`, fullPage: true });
      await fillCheckout(page);
      await payByCard(page, GOOD_CARD, money(request));
      await page.waitForURL(/\/success\?order=/, { timeout: 45_000 });
      const orderId = new URL(page.url()).searchParams.get('order') ?? '';

      const order = (await checkoutApi(stack).getOrder(user, orderId)).body.order;
      await page.goto('/mis-pedidos');
      const row = page.getByRole('article', { name: CHECKOUT_VALUES.title, exact: true });
      await row
        .getByRole('button', {
          name: fmt(es.checkout.viewDetailOf, { number: order.order_number }),
        })
        .click();
      const dialog = page.getByRole('dialog', {
        name: fmt(es.checkout.orderModalTitle, { number: order.order_number }),
      });
      await dialog.getByText(es.checkout.totalPaid).waitFor();
      const link = dialog.getByRole('link', { name: es.receipts.viewReceipt });
      await link.waitFor({ timeout: 20_000 });
      await page.screenshot({ path: `${SHOTS}/order-modal-receipt-link.png` });
      await link.click();
      await page.waitForURL(/\/recibo\/[0-9a-f]{32}$/);
      const sheet = page.locator('.receipt-sheet');
      await sheet.waitFor();
      expect(await page.getByTestId('receipt-total').textContent()).toBe(money(request));
      const text = (await sheet.textContent()) ?? '';
      expect(text).toContain(es.receipts.kinds.card_order);
      expect(text).toContain(`${CHECKOUT_VALUES.firstName} ${CHECKOUT_VALUES.lastName}`);
      expect(text).toContain(es.receipts.pricesVatIncluded);
      expect(text).toMatch(/R-\d{6}/);
      expect(text).toMatch(/pi_/);
      await page.getByRole('button', { name: es.receipts.print }).waitFor();
      await page.screenshot({ path: `${SHOTS}/receipt-card-order.png`, fullPage: true });
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a package bought by card: its receipt from the credit history', async () => {
    const pkg = await chilePackage();
    const user = await newConfirmedUser(stack, 'Paquete');
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'receipt-package', async () => {
      await logInOnPage(page, user);
      await page.goto('/credit-packages');
      await page.getByText(es.receipts.pricesVatIncluded).first().waitFor();
      await page.screenshot({ path: `${SHOTS}/packages-vat.png`, fullPage: true });
      await buyInModal(page, pkg);

      await page.goto('/credit-history');
      const item = page.locator('.history-item').first();
      const link = item.getByRole('link', { name: es.receipts.viewReceipt });
      await link.waitFor({ timeout: 20_000 });
      await page.screenshot({ path: `${SHOTS}/credit-history-receipt-link.png`, fullPage: true });
      await link.click();
      await page.waitForURL(/\/recibo\/[0-9a-f]{32}$/);
      await page.locator('.receipt-sheet').waitFor();
      expect(await page.getByTestId('receipt-total').textContent()).toBe(
        formatMoney(pkg.price, pkg.currency_code),
      );
      const text = (await page.locator('.receipt-sheet').textContent()) ?? '';
      expect(text).toContain(es.receipts.kinds.credit_package);
      expect(text).toContain(pkg.name);
      await page.screenshot({ path: `${SHOTS}/receipt-package.png`, fullPage: true });
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("'Comprar créditos' from checkout comes back to checkout with the title kept", async () => {
    const pkg = await chilePackage();
    const user = await newConfirmedUser(stack, 'Vuelta');
    const request = await completeRequest(stack, user, { fileName: 'contrato-vuelta.pdf' });
    // Some credits, not enough: checkout offers 'Comprar créditos'.
    await grantCredits(stack, user.accessToken, 1);
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'checkout-buy-credits', async () => {
      await logInOnPage(page, user);
      await page.goto(`/checkout?request=${request.id}`);
      const title = page
        .getByRole('form', { name: es.checkout.title })
        .getByLabel(es.checkout.projectTitle, { exact: true });
      await title.waitFor();
      await title.fill('Arriendo depto 501');
      await payment(page).getByRole('link', { name: es.checkout.buyCredits }).click();
      await page.waitForURL(/\/credit-packages\?volver=/);
      await buyInModal(page, pkg);
      await page.waitForURL(
        (url) => url.pathname === '/checkout' && url.searchParams.get('request') === request.id,
      );
      const back = page
        .getByRole('form', { name: es.checkout.title })
        .getByLabel(es.checkout.projectTitle, { exact: true });
      await expect.poll(() => back.inputValue()).toBe('Arriendo depto 501');
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
