import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CreditPackage } from '../../shared/contract/credits.js';
import { es, fmt } from '../../shared/messages.es.js';
import { formatCredits, formatMoney } from '../../shared/rules/currency.js';
import { journey, launchBrowser, newVisitor, PHONE } from '../support/browser.js';
import { api, newConfirmedUser, type TestUser } from '../support/client.js';

/**
 * The credit packages screen (credits-signing-admin §2 screen 2, §4 "Package purchase") as a
 * customer uses it: buying a package by card through the local Stripe emulator (the local card
 * form), a declined card, a visitor asked to log in, and no country selected.
 */
const stack = inject('stack');
const call = api(stack);
let browser: Browser;

const GOOD_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function logInOnPage(page: Page, email: string, password: string) {
  await page.goto('/login');
  const main = page.locator('main');
  await main.getByLabel(es.auth.email, { exact: true }).fill(email);
  await main.getByLabel(es.auth.password, { exact: true }).fill(password);
  await main.getByRole('button', { name: es.auth.submitLogin }).click();
  await page.locator('.user-chip').waitFor();
}

/** The packages sold in Chile (the local stack places every visitor there). */
async function chilePackages(): Promise<CreditPackage[]> {
  const res = await call<{ packages: CreditPackage[] }>('GET', '/api/credits/packages?country=cl');
  expect(res.status).toBe(200);
  expect(res.body.packages.length).toBeGreaterThan(0);
  return res.body.packages;
}

async function wallet(user: TestUser) {
  const res = await call<{ balance: number }>('GET', '/api/credits/wallet', {
    token: user.accessToken,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function transactions(user: TestUser) {
  const res = await call<{ transactions: { type: string; amount: number }[] }>(
    'GET',
    '/api/credits/transactions',
    { token: user.accessToken },
  );
  expect(res.status).toBe(200);
  return res.body.transactions;
}

const packageCard = (page: Page, name: string): Locator =>
  page.getByRole('article', { name, exact: true });

const balancePill = (page: Page) => page.locator('.balance-pill');

/** Opens the purchase modal of `pkg` and types a card into the local card form. */
async function payWith(page: Page, pkg: CreditPackage, cardNumber: string): Promise<Locator> {
  await packageCard(page, pkg.name).getByRole('button', { name: es.credits.buy }).click();
  const dialog = page.getByRole('dialog', { name: es.credits.buyPackage });
  await dialog.getByText(es.credits.localCardNotice).waitFor();
  await dialog.getByLabel(es.credits.cardNumber).fill(cardNumber);
  await dialog.getByLabel(es.credits.cardExpiry).fill('12/34');
  await dialog.getByLabel(es.credits.cardCvc).fill('123');
  const price = formatMoney(pkg.price, pkg.currency_code);
  await dialog.getByRole('button', { name: fmt(es.credits.payAmount, { amount: price }) }).click();
  return dialog;
}

describe('credit packages', () => {
  it('buys a package by card: success message, new balance, the purchase in the history', async () => {
    const [pkg] = await chilePackages();
    if (!pkg) throw new Error('no package');
    const user = await newConfirmedUser(stack, 'Paquetes');
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'packages-buy', async () => {
      await logInOnPage(page, user.email, user.password);
      await page.goto('/credit-packages');
      await page.getByRole('heading', { name: es.credits.plansTitle, level: 1 }).waitFor();
      await page.getByRole('tab', { name: es.credits.tabPackages, selected: true }).waitFor();
      await page.getByText(es.receipts.pricesVatIncluded).first().waitFor();
      await expect.poll(() => balancePill(page).textContent()).toMatch(/:\s*0\s/);

      const card = packageCard(page, pkg.name);
      expect(await card.textContent()).toContain(formatMoney(pkg.price, pkg.currency_code));
      expect(await card.textContent()).toContain(formatCredits(pkg.credits_amount));
      if (pkg.description) expect(await card.textContent()).toContain(pkg.description);

      const dialog = await payWith(page, pkg, GOOD_CARD);
      await dialog.getByText(es.credits.purchaseSuccess).waitFor();
      // §4: 2 s later the success handler closes the modal and shows the new balance.
      await dialog.waitFor({ state: 'detached', timeout: 10_000 });
      await expect
        .poll(() => balancePill(page).textContent())
        .toContain(formatCredits(pkg.credits_amount));

      await page.getByRole('link', { name: es.credits.viewHistory }).click();
      await page.waitForURL('**/credit-history');
      const items = page.locator('.history-item');
      await expect.poll(() => items.count()).toBe(1);
      const item = await items.first().textContent();
      expect(item).toContain(es.credits.types.purchase);
      expect(item).toContain(`+${formatCredits(pkg.credits_amount)}`);
    });
    expect(consoleErrors).toEqual([]);
    await context.close();

    expect((await wallet(user)).balance).toBe(pkg.credits_amount);
    const moves = await transactions(user);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ type: 'purchase', amount: pkg.credits_amount });
  });

  it('a declined card shows the failure panel, Reintentar brings the card form back, no credits', async () => {
    const [pkg] = await chilePackages();
    if (!pkg) throw new Error('no package');
    const user = await newConfirmedUser(stack, 'Rechazo');
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      gatePassed: true,
      viewport: PHONE,
    });
    await journey(page, 'packages-declined', async () => {
      await logInOnPage(page, user.email, user.password);
      await page.goto('/credit-packages');
      await balancePill(page).waitFor();

      const dialog = await payWith(page, pkg, DECLINED_CARD);
      // The emulator's (Stripe's) message, then the spec's failure panel.
      await dialog.getByText('Tu tarjeta fue rechazada.').waitFor();
      await dialog.getByText(es.credits.paymentFailed).waitFor();
      expect(await dialog.getByText(es.credits.purchaseSuccess).count()).toBe(0);
      await dialog.getByRole('button', { name: es.credits.retry }).click();
      // The same payment, another card (issue 21): the card form comes back, empty.
      const number = dialog.getByLabel(es.credits.cardNumber);
      await number.waitFor();
      expect(await number.inputValue()).toBe('');
      expect(await dialog.getByText(es.credits.paymentFailed).count()).toBe(0);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => balancePill(page).textContent()).toMatch(/:\s*0\s/);
    });
    expect(consoleErrors).toEqual([]);
    await context.close();

    expect((await wallet(user)).balance).toBe(0);
    expect(await transactions(user)).toHaveLength(0);
  });

  it('asks a visitor to log in before buying; the plans tab lists plans read-only', async () => {
    const [pkg] = await chilePackages();
    if (!pkg) throw new Error('no package');
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'packages-visitor', async () => {
      await page.goto('/credit-packages');
      await page.getByText(es.credits.signupInvite).waitFor();
      expect(await balancePill(page).count()).toBe(0);
      await packageCard(page, pkg.name).getByRole('button', { name: es.credits.buy }).click();
      await page.getByRole('dialog', { name: es.auth.loginTitle }).waitFor();
      expect(await page.getByRole('dialog', { name: es.credits.buyPackage }).count()).toBe(0);
      await page.keyboard.press('Escape');

      await page.goto('/subscription-plans');
      await page.getByRole('tab', { name: es.credits.tabSubscriptions, selected: true }).waitFor();
      await page.getByText(es.credits.plansReadOnly).waitFor();
      // The plans on offer are listed, each priced in the country's currency, with no action.
      const plans = await call<{ plans: { name: string; price: number; currency_code: string }[] }>(
        'GET',
        '/api/subscription-plans?country=cl',
      );
      expect(plans.status).toBe(200);
      expect(plans.body.plans.length).toBeGreaterThan(0);
      for (const plan of plans.body.plans) {
        const card = packageCard(page, plan.name);
        expect(await card.textContent()).toContain(formatMoney(plan.price, plan.currency_code));
        expect(await card.getByRole('button').count()).toBe(0);
      }
      await page.getByRole('tab', { name: es.credits.tabPackages }).click();
      await packageCard(page, pkg.name).waitFor();
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('without the local card form, a Stripe.js that cannot load is reported', async () => {
    const [pkg] = await chilePackages();
    if (!pkg) throw new Error('no package');
    const user = await newConfirmedUser(stack, 'Stripe');
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    // As deployed: no local proxy in the runtime config, so the page loads Stripe.js, which
    // cannot be reached here (as with no internet or a blocked script).
    await page.route('**/config.json', async (route) => {
      const res = await route.fetch();
      const config = (await res.json()) as Record<string, unknown>;
      await route.fulfill({ response: res, json: { ...config, stripe: {} } });
    });
    await page.route('https://js.stripe.com/**', (route) => route.abort());
    await journey(page, 'packages-no-stripe', async () => {
      await logInOnPage(page, user.email, user.password);
      await page.goto('/credit-packages');
      await packageCard(page, pkg.name).getByRole('button', { name: es.credits.buy }).click();
      const dialog = page.getByRole('dialog', { name: es.credits.buyPackage });
      await dialog.getByText(es.credits.stripeUnavailable).waitFor();
      expect(await dialog.getByText(es.credits.localCardNotice).count()).toBe(0);
      await dialog.getByRole('button', { name: es.common.close }).last().click();
      await dialog.waitFor({ state: 'detached' });
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("without a country shows 'Selecciona tu País' and a way back home", async () => {
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    // The IP tells nothing and nothing is stored: no country can be chosen for the visitor.
    await page.route('**/api/geo*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"code":null}' }),
    );
    await journey(page, 'packages-no-country', async () => {
      await page.goto('/credit-packages');
      await page.getByRole('heading', { name: es.credits.selectCountryTitle, level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: es.credits.buy }).count()).toBe(0);
      await page.getByRole('link', { name: es.common.backHome }).click();
      await page.waitForURL((url) => url.pathname === '/');
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
