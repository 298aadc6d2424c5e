import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CreditPackage } from '../../shared/contract/credits.js';
import { es, fmt } from '../../shared/messages.es.js';
import { formatCredits, formatMoney } from '../../shared/rules/currency.js';
import { DESKTOP, journey, launchBrowser, newVisitor } from '../support/browser.js';
import { api, newConfirmedUser } from '../support/client.js';
import { grantCredits } from '../support/ledger.js';
import { completeRequest, GOOD_CARD } from '../support/orders.js';
import {
  addMemberTo,
  contextsOf,
  inOrganization,
  newOrganization,
  removeMemberFrom,
} from '../support/organizations.js';
import { CHECKOUT_VALUES, fillCheckout, logInOnPage } from '../support/web-journey.js';

/**
 * The header's context switcher as a customer uses it (issue 22): 'Crear Organización' makes a
 * company and switches to it; a member switches to the organisation and buys a package for its
 * wallet; a member removed meanwhile is sent back to Personal.
 */
const stack = inject('stack');
const call = api(stack);
const t = es.organizations;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const switcher = (page: Page) => page.locator('.context-switcher__button');
const balancePill = (page: Page) => page.locator('.balance-pill');
const credits = (n: number) => fmt(t.balance, { n: n.toLocaleString('es-CL') });

async function switchTo(page: Page, name: string) {
  await switcher(page).click();
  const menu = page.getByRole('region', { name: t.switcherLabel });
  await menu.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect.poll(() => switcher(page).getAttribute('aria-label')).toContain(name);
}

describe('the context switcher', () => {
  it('creates a company, switches to it and shows its own, empty wallet', async () => {
    const user = await newConfirmedUser(stack, 'Fundadora');
    await grantCredits(stack, user.accessToken, 7);
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    await journey(page, 'context-create', async () => {
      await logInOnPage(page, user);
      await page.goto('/credit-packages');
      await expect.poll(() => balancePill(page).textContent()).toContain(formatCredits(7));
      await switcher(page).click();
      const menu = page.getByRole('region', { name: t.switcherLabel });
      await menu.getByText(credits(7)).waitFor();
      await page.screenshot({ path: '.data/e2e-shots/context-switcher.png' });
      await menu.getByRole('button', { name: t.createAction }).click();

      const dialog = page.getByRole('dialog', { name: t.createTitle });
      // The server's rule in the browser: a name is required.
      await dialog.getByRole('button', { name: t.createAction }).click();
      await dialog.getByText(t.nameRequired).waitFor();
      await dialog.getByLabel(t.nameLabel).fill('Constructora Austral');
      await dialog.getByLabel(t.emailLabel).fill('no-es-correo');
      await dialog.getByRole('button', { name: t.createAction }).click();
      await dialog.getByText(t.emailInvalid).waitFor();
      await dialog.getByLabel(t.emailLabel).fill('contacto@austral.cl');
      await page.screenshot({ path: '.data/e2e-shots/context-create.png' });
      await dialog.getByRole('button', { name: t.createAction }).click();
      await dialog.waitFor({ state: 'detached' });

      // Now in the company's context: its wallet is its own and empty.
      await expect.poll(() => switcher(page).textContent()).toContain('Constructora Austral');
      await expect.poll(() => balancePill(page).textContent()).toMatch(/:\s*0\s/);
      // A reload stays in it.
      await page.reload();
      await expect.poll(() => switcher(page).textContent()).toContain('Constructora Austral');
      await switchTo(page, t.personal);
      await expect.poll(() => balancePill(page).textContent()).toContain(formatCredits(7));
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
    const contexts = await contextsOf(stack, user);
    expect(contexts.map((c) => [c.name, c.role, c.balance])).toEqual([
      [t.personal, null, 7],
      ['Constructora Austral', 'owner', 0],
    ]);
  });

  it("a member buys a package for the organisation's wallet, then pays an order with it; Personal is untouched", async () => {
    const packages = await call<{ packages: CreditPackage[] }>(
      'GET',
      '/api/credits/packages?country=cl',
    );
    const pkg = packages.body.packages[0];
    if (!pkg) throw new Error('no package');
    const { org } = await newOrganization(stack, 0);
    const member = await newConfirmedUser(stack, 'Compradora');
    await addMemberTo(stack, org, member);
    const request = await completeRequest(stack, member);
    expect(request.quote.credits_needed).toBeLessThanOrEqual(pkg.credits_amount);
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    await journey(page, 'context-member-buys', async () => {
      await logInOnPage(page, member);
      await page.goto('/credit-packages');
      await switchTo(page, org.name);
      await page
        .getByRole('article', { name: pkg.name, exact: true })
        .getByRole('button', { name: es.credits.buy })
        .click();
      const dialog = page.getByRole('dialog', { name: es.credits.buyPackage });
      await dialog.getByLabel(es.credits.cardNumber).fill(GOOD_CARD);
      await dialog.getByLabel(es.credits.cardExpiry).fill('12/34');
      await dialog.getByLabel(es.credits.cardCvc).fill('123');
      const price = formatMoney(pkg.price, pkg.currency_code);
      await dialog
        .getByRole('button', { name: fmt(es.credits.payAmount, { amount: price }) })
        .click();
      await dialog.getByText(es.credits.purchaseSuccess).waitFor();
      await dialog.waitFor({ state: 'detached', timeout: 10_000 });
      await expect
        .poll(() => balancePill(page).textContent())
        .toContain(formatCredits(pkg.credits_amount));
      // The header's switcher shows the organisation's new balance too.
      await expect.poll(() => switcher(page).textContent()).toContain(credits(pkg.credits_amount));
      await page.screenshot({ path: '.data/e2e-shots/context-member-bought.png' });

      // Still in the organisation's context: an order paid with the organisation's credits.
      await page.goto(`/checkout?request=${request.id}`);
      await fillCheckout(page, CHECKOUT_VALUES);
      const payment = page.getByRole('region', { name: es.checkout.paymentTitle });
      const toggle = payment.getByRole('switch', { name: es.checkout.creditsToggle });
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      await toggle.check();
      await payment
        .getByRole('button', {
          name: fmt(es.checkout.payWithCredits, {
            n: formatCredits(request.quote.credits_needed),
          }),
        })
        .click();
      await page.waitForURL(/\/success\?order=/, { timeout: 30_000 });
      // The header's switcher shows what is left in the organisation's wallet.
      await expect
        .poll(() => switcher(page).textContent())
        .toContain(credits(pkg.credits_amount - request.quote.credits_needed));
      // The organisation's order list holds it.
      await page.goto('/mis-pedidos');
      await page.getByRole('article', { name: CHECKOUT_VALUES.title, exact: true }).waitFor();
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
    const orgWallet = await call<{ balance: number }>('GET', '/api/credits/wallet', {
      token: member.accessToken,
      headers: inOrganization(org.id),
    });
    expect(orgWallet.body.balance).toBe(pkg.credits_amount - request.quote.credits_needed);
    const personal = await call<{ balance: number }>('GET', '/api/credits/wallet', {
      token: member.accessToken,
    });
    expect(personal.body.balance).toBe(0);
  });

  it('a member removed meanwhile is sent back to Personal on the next load', async () => {
    const { org } = await newOrganization(stack, 40);
    const member = await newConfirmedUser(stack, 'Removida');
    await addMemberTo(stack, org, member);
    const { context, page } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    await journey(page, 'context-removed', async () => {
      await logInOnPage(page, member);
      await page.goto('/credit-packages');
      await switchTo(page, org.name);
      await expect.poll(() => balancePill(page).textContent()).toContain(formatCredits(40));
      await removeMemberFrom(stack, org, member);
      await page.reload();
      await page.getByText(t.contextLost).waitFor();
      await expect.poll(() => switcher(page).textContent()).toContain(t.personal);
      await expect.poll(() => balancePill(page).textContent()).toMatch(/:\s*0\s/);
    });
    await context.close();
  });
});
