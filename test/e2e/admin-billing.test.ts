import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { formatCredits } from '../../shared/rules/currency.js';
import { asAdmin } from '../support/admin.js';
import { DESKTOP, journey, launchBrowser, newVisitor } from '../support/browser.js';
import { newOrganization } from '../support/organizations.js';
import { logInOnPage } from '../support/web-journey.js';

/**
 * The admin's billing of an organisation (issue 22, screen 17's 'Billing'): its wallet and
 * ledger, and a manual adjustment checked in the browser with the server's rules.
 */
const stack = inject('stack');
const t = es.organizations;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const balanceTile = `.stat-tile:has(.stat-tile__label:text-is("${es.credits.balance}")) .stat-tile__value`;

describe("the admin's billing and analytics of an organisation", () => {
  it('shows the wallet and ledger and books an adjustment with its reason', async () => {
    const { org } = await newOrganization(stack, 100);
    const admin = stack.demoAccounts.find((a) => a.key === 'admin');
    if (!admin) throw new Error('no demo admin');
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    await journey(page, 'admin-billing', async () => {
      await logInOnPage(page, admin);
      await page.goto(`/billing?organization=${org.id}`);
      await page
        .getByRole('heading', { name: fmt(t.billingTitle, { organization: org.name }), level: 1 })
        .waitFor();
      await expect
        .poll(() => page.locator(balanceTile).textContent())
        .toContain(formatCredits(100));

      // The server's rules in the browser: a reason and a whole non-zero amount.
      const form = page.locator('form.billing-adjust');
      await form.getByRole('button', { name: t.adjustAction }).click();
      await form.getByText(t.adjustmentReasonRequired).waitFor();
      await form.getByLabel(t.adjustReasonLabel).fill('Compensación por demora');
      await form.getByLabel(t.adjustAmountLabel).fill('0');
      await form.getByRole('button', { name: t.adjustAction }).click();
      await form.getByText(t.adjustmentAmountInvalid).waitFor();
      await form.getByLabel(t.adjustAmountLabel).fill('250');
      await form.getByRole('button', { name: t.adjustAction }).click();
      await page.getByText(fmt(t.adjusted, { n: `+${formatCredits(250)}` })).waitFor();
      await expect
        .poll(() => page.locator(balanceTile).textContent())
        .toContain(formatCredits(350));
      await page.locator('.history-item', { hasText: 'Compensación por demora' }).waitFor();
      await page.screenshot({ path: '.data/e2e-shots/admin-billing.png', fullPage: true });

      // Its analytics: six months, this one last, the organisation's one member.
      await page.goto(`/analytics?organization=${org.id}`);
      await page
        .getByRole('heading', { name: fmt(t.analyticsTitle, { organization: org.name }), level: 1 })
        .waitFor();
      await expect.poll(() => page.locator('.analytics-table tbody tr').count()).toBe(6);
      await page.screenshot({ path: '.data/e2e-shots/admin-analytics.png', fullPage: true });
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
    const billing = await (await asAdmin(stack)).billing(org.id);
    expect(billing.body.wallet.balance).toBe(350);
  });
});
