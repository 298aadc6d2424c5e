import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SigningRequest } from '../../shared/contract/requests.js';
import { es, fmt } from '../../shared/messages.es.js';
import { formatCredits, formatMoney } from '../../shared/rules/currency.js';
import { contractedItems } from '../../shared/rules/money.js';
import { journey, launchBrowser, newVisitor, PHONE } from '../support/browser.js';
import { newConfirmedUser, type TestUser } from '../support/client.js';
import { grantCredits, walletOf } from '../support/ledger.js';
import { checkoutApi, completeRequest, DECLINED_CARD, GOOD_CARD } from '../support/orders.js';
import {
  A11Y_VARIANTS,
  a11yOf,
  CHECKOUT_VALUES,
  cartIds,
  fillCheckout,
  logInOnPage,
  payByCard,
  setWizardSession,
  wizardSessionOf,
} from '../support/web-journey.js';

/**
 * Checkout and success (customer-flows §2.7, §2.8, §4.4, §5, §8) as a customer uses them: the
 * summary as the server quotes it, the required fields, a card payment through the local card
 * form (approved and declined), a credits payment, the credits toggle when the balance is
 * short, a visitor asked to log in, a missing request, and axe checks of both screens.
 */
const stack = inject('stack');
const orders = checkoutApi(stack);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const money = (r: SigningRequest) => formatMoney(r.quote.total, r.quote.currency_code);
const summary = (page: Page) => page.getByRole('region', { name: es.checkout.summaryTitle });
const payment = (page: Page) => page.getByRole('region', { name: es.checkout.paymentTitle });
const creditsSwitch = (page: Page) =>
  payment(page).getByRole('switch', { name: es.checkout.creditsToggle });

async function customerWithRequest(name: string) {
  const user = await newConfirmedUser(stack, name);
  const request = await completeRequest(stack, user, { fileName: 'contrato-arriendo.pdf' });
  return { user, request };
}

async function openCheckout(page: Page, user: TestUser, request: SigningRequest) {
  await logInOnPage(page, user);
  await page.goto(`/checkout?request=${request.id}`);
  await summary(page).getByText(request.request_number).waitFor();
}

describe('checkout', () => {
  it('shows the summary, refuses missing fields, pays by card and lands on /success', async () => {
    const { user, request } = await customerWithRequest('Tarjeta');
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    let orderId: string | null = null;
    await journey(page, 'checkout-card', async () => {
      await openCheckout(page, user, request);
      // The wizard kept this request; a payment must clear it.
      await setWizardSession(page, request.id);

      // Summary: document, services with the per-signer note, signers, delivery, total.
      const panel = summary(page);
      const text = (await panel.textContent()) ?? '';
      expect(text).toContain('contrato-arriendo.pdf');
      for (const item of contractedItems(request.quote.items)) {
        expect(text).toContain(item.name);
        expect(text).toContain(formatMoney(item.item_total, request.currency_code));
      }
      // The free "no notary" choice is no contracted service; prices say IVA is included.
      expect(text).not.toContain('No, solo firma electrónica');
      expect(text).toContain(es.receipts.pricesVatIncluded);
      const perSigner = request.quote.items.find((i) => i.pricing_model === 'per_signer');
      if (perSigner) {
        expect(text).toContain(
          fmt(es.checkout.perSignerNote, {
            price: formatMoney(perSigner.unit_price, request.currency_code),
            n: request.signers.length,
          }),
        );
      }
      for (const s of request.signers) expect(text).toContain(`${s.first_name} ${s.last_name}`);
      expect(text).toContain(es.checkout.deliveryAuto);
      expect(await panel.getByTestId('checkout-total').textContent()).toBe(money(request));

      // Prefilled from the profile: the names and e-mail of the account.
      const form = page.getByRole('form', { name: es.checkout.title });
      expect(await form.getByLabel(es.auth.firstName, { exact: true }).inputValue()).toBe(
        user.firstName,
      );
      expect(await form.getByLabel(es.auth.email, { exact: true }).inputValue()).toBe(user.email);

      // Required fields left empty are refused before any payment starts.
      await fillCheckout(page, { title: '', city: '' });
      await payByCard(page, GOOD_CARD, money(request));
      await payment(page).getByText(es.checkout.formInvalid).waitFor();
      expect(await form.getByText(es.api.required).count()).toBeGreaterThanOrEqual(2);
      expect(
        await form
          .getByLabel(es.checkout.projectTitle, { exact: true })
          .getAttribute('aria-invalid'),
      ).toBe('true');
      expect(await cartIds(stack, user)).toContain(request.id);

      await fillCheckout(page);
      await payment(page)
        .getByRole('button', { name: fmt(es.credits.payAmount, { amount: money(request) }) })
        .click();
      await page.waitForURL(/\/success\?order=/, { timeout: 45_000 });
      orderId = new URL(page.url()).searchParams.get('order');
      await page.getByRole('heading', { name: es.checkout.successHeading }).waitFor();
      const details = page.getByRole('region', { name: es.checkout.orderDetails });
      await details.getByText(es.checkout.statusLabels.processing).waitFor();
      expect(await details.textContent()).toContain(CHECKOUT_VALUES.title);
      expect(await details.textContent()).toContain(money(request));
      for (const step of es.checkout.nextSteps) await page.getByText(step.title).waitFor();
      // In the page (the footer carries the same contact).
      const main = page.locator('main');
      await main.getByText(es.checkout.contactEmail).waitFor();
      await main.getByText(es.checkout.contactHours).waitFor();
      expect(await wizardSessionOf(page)).toBeNull();

      // 'Procesar otro documento' starts the wizard afresh.
      await page.getByRole('button', { name: es.checkout.processAnother }).click();
      await page.waitForURL((url) => url.pathname === '/firmar-documento');
    });
    expect(consoleErrors).toEqual([]);
    await context.close();

    // The order exists, paid by card at the server's total; the request left the cart.
    expect(await cartIds(stack, user)).not.toContain(request.id);
    const paid = await orders.getRequest(user, request.id);
    expect(paid.body.request.status).toBe('paid');
    expect(paid.body.request.order_id).toBeTruthy();
    expect(paid.body.request.order_id).toBe(orderId);
    const order = await orders.getOrder(user, paid.body.request.order_id as string);
    expect(order.body.order).toMatchObject({
      status: 'processing',
      title: CHECKOUT_VALUES.title,
      total_price: request.quote.total,
      payment_method_mix: 'full_currency',
    });
  });

  it('a declined card leaves the request in the cart; paying again works', async () => {
    const { user, request } = await customerWithRequest('Rechazada');
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      gatePassed: true,
      viewport: PHONE,
    });
    await journey(page, 'checkout-declined', async () => {
      await openCheckout(page, user, request);
      await fillCheckout(page);
      await payByCard(page, DECLINED_CARD, money(request));
      const error = payment(page).getByRole('alert');
      await error.getByText(es.credits.paymentFailed).waitFor({ timeout: 20_000 });
      // The provider's (Stripe emulator's) own message too.
      expect(await error.textContent()).toContain('rechazada');
      expect(page.url()).toContain('/checkout');
      expect(await cartIds(stack, user)).toContain(request.id);

      // Everything stays as it was: a good card now goes through.
      expect(
        await page
          .getByRole('form', { name: es.checkout.title })
          .getByLabel(es.checkout.city, { exact: true })
          .inputValue(),
      ).toBe(CHECKOUT_VALUES.city);
      await payByCard(page, GOOD_CARD, money(request));
      await page.waitForURL(/\/success\?order=/, { timeout: 45_000 });
      await page.getByText(es.checkout.statusLabels.processing).first().waitFor();
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
    expect(await cartIds(stack, user)).not.toContain(request.id);
  });

  it('pays with credits (2% off): success and a lower balance', async () => {
    const { user, request } = await customerWithRequest('Creditos');
    const extra = 37;
    await grantCredits(stack, user.accessToken, request.quote.credits_needed + extra);
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'checkout-credits', async () => {
      await openCheckout(page, user, request);
      await fillCheckout(page);
      const toggle = creditsSwitch(page);
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      await payment(page)
        .getByText(
          fmt(es.checkout.creditsNeeded, { n: formatCredits(request.quote.credits_needed) }),
        )
        .waitFor();
      await payment(page).getByText(es.checkout.creditsDiscount).waitFor();
      await toggle.check();
      // The conversion, from the quote's own rate (docs/credits-economy.md): CLP at 0.01.
      const total = request.quote.total;
      const discounted = total - request.quote.credits_discount_amount;
      const exact = (total * 98) % 10_000 === 0;
      const conversion = fmt(
        exact ? es.checkout.creditsConversion : es.checkout.creditsConversionRoundedUp,
        {
          price: formatMoney(total, 'CLP'),
          discounted: formatMoney(discounted, 'CLP'),
          credits: formatCredits(request.quote.credits_needed),
        },
      );
      expect(request.quote.credits_per_unit).toBe('0.01');
      await expect
        .poll(() => page.getByTestId('credits-conversion').textContent())
        .toBe(conversion);
      expect(await page.getByTestId('credit-value').textContent()).toBe(
        fmt(es.checkout.creditValue, { value: formatMoney(100, 'CLP') }),
      );
      await payment(page).screenshot({ path: '.data/e2e-shots/checkout-credits.png' });
      const pay = payment(page).getByRole('button', {
        name: fmt(es.checkout.payWithCredits, {
          n: formatCredits(request.quote.credits_needed),
        }),
      });
      // A double click debits once (one idempotency key per attempt, button off while paying).
      await pay.dblclick();
      await page.waitForURL(/\/success\?order=/, { timeout: 30_000 });
      await page.getByText(es.checkout.statusLabels.processing).first().waitFor();
      // 'Total pagado' is what the credits paid: the price less the 2% (issue 21).
      const details = page.getByRole('region', { name: es.checkout.orderDetails });
      expect(await details.textContent()).toContain(formatMoney(discounted, 'CLP'));
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
    expect((await walletOf(stack, user.accessToken)).balance).toBe(extra);
    expect(await cartIds(stack, user)).not.toContain(request.id);
  });

  it("turns the credits toggle off with 'Créditos insuficientes' when the balance is short", async () => {
    const { user, request } = await customerWithRequest('Corto');
    await grantCredits(stack, user.accessToken, request.quote.credits_needed - 1);
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'checkout-short', async () => {
      await openCheckout(page, user, request);
      await payment(page)
        .getByText(
          fmt(es.checkout.creditsBalance, {
            n: formatCredits(request.quote.credits_needed - 1),
          }),
        )
        .waitFor();
      await payment(page).getByText(es.orders.insufficientCredits).waitFor();
      expect(await creditsSwitch(page).isDisabled()).toBe(true);
      // The card stays available.
      await payment(page).getByLabel(es.credits.cardNumber).waitFor();
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a visitor sees the note, paying opens the login modal, and what they typed survives it', async () => {
    const { user, request } = await customerWithRequest('Visitante');
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'checkout-visitor', async () => {
      await page.goto(`/checkout?request=${request.id}`);
      await page.getByText(es.checkout.loginToPay).waitFor();
      await summary(page).getByText(es.checkout.summaryLogin).waitFor();
      await fillCheckout(page, { title: 'Mi título de visita', city: 'Valparaíso' });
      await payment(page).getByRole('button', { name: es.credits.payNow }).click();
      const dialog = page.getByRole('dialog', { name: es.auth.loginTitle });
      await dialog.getByLabel(es.auth.email, { exact: true }).fill(user.email);
      await dialog.getByLabel(es.auth.password, { exact: true }).fill(user.password);
      await dialog.getByRole('button', { name: es.auth.submitLogin }).click();
      await dialog.waitFor({ state: 'detached' });
      // Signed in on the same page: the request's summary, the typed values kept.
      await summary(page).getByText(request.request_number).waitFor();
      const form = page.getByRole('form', { name: es.checkout.title });
      expect(await form.getByLabel(es.checkout.projectTitle, { exact: true }).inputValue()).toBe(
        'Mi título de visita',
      );
      expect(await form.getByLabel(es.checkout.city, { exact: true }).inputValue()).toBe(
        'Valparaíso',
      );
      expect(await page.getByText(es.checkout.loginToPay).count()).toBe(0);
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("without a request says 'País o solicitud no disponible'; another user's request too", async () => {
    const { request } = await customerWithRequest('Ajeno');
    const other = await newConfirmedUser(stack, 'Otro');
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'checkout-missing', async () => {
      await logInOnPage(page, other);
      await page.goto('/checkout');
      await page.getByText(es.orders.countryOrRequestMissing).waitFor();
      await page.goto(`/checkout?request=${request.id}`);
      await page.getByText(es.orders.countryOrRequestMissing).waitFor();
      expect(await summary(page).count()).toBe(0);
      expect(await page.getByText(request.request_number).count()).toBe(0);
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('accessibility of checkout and success (axe-core)', () => {
  for (const variant of A11Y_VARIANTS) {
    it(`checkout with field errors, a declined card and the success page, ${variant.label}`, async () => {
      const { user, request } = await customerWithRequest('Axe');
      const { context, page } = await newVisitor(browser, stack, { ...variant, gatePassed: true });
      const found: string[] = [];
      await journey(
        page,
        `checkout-a11y-${variant.colorScheme}-${variant.viewport.width}`,
        async () => {
          await openCheckout(page, user, request);
          found.push(...(await a11yOf(page, 'checkout', variant.colorScheme)));
          await fillCheckout(page, { title: '', address: '' });
          await payByCard(page, GOOD_CARD, money(request));
          await payment(page).getByText(es.checkout.formInvalid).waitFor();
          found.push(...(await a11yOf(page, 'checkout, field errors', variant.colorScheme)));
          await fillCheckout(page);
          await payByCard(page, DECLINED_CARD, money(request));
          await payment(page).getByText(es.credits.paymentFailed).waitFor({ timeout: 20_000 });
          found.push(...(await a11yOf(page, 'checkout, declined', variant.colorScheme)));
          await payByCard(page, GOOD_CARD, money(request));
          await page.waitForURL(/\/success\?order=/, { timeout: 45_000 });
          await page.getByText(es.checkout.statusLabels.processing).first().waitFor();
          found.push(...(await a11yOf(page, 'success', variant.colorScheme)));
        },
      );
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
