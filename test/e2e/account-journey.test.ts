import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { journey, launchBrowser, newVisitor } from '../support/browser.js';
import { appLink, uniqueEmail, waitForMail } from '../support/client.js';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The mailed link, opened as the user would: same origin, path and query/hash only. */
const relative = (url: URL) => `${url.pathname}${url.search}${url.hash}`;

async function expectSignedInAs(page: Page, firstName: string, email: string) {
  const chip = page.locator('.user-chip');
  await expect.poll(() => chip.locator('.user-chip__name').textContent()).toBe(firstName);
  await expect.poll(() => chip.locator('.user-chip__email').textContent()).toBe(email);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: es.auth.login, exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(es.auth.email, { exact: true }).fill(email);
  await dialog.getByLabel(es.auth.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: es.auth.submitLogin }).click();
}

describe('a new customer, from the gate to a reset password', () => {
  it('passes the gate, signs up, confirms, logs in and out, resets the password', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser, stack);
    const email = uniqueEmail('journey');
    const password = 'primera-clave';
    const newPassword = 'segunda-clave';
    await journey(page, 'account-journey', async () => {
      // The gate: a wrong code is cleared with the spec's message; the right one lets us in.
      await page.goto('/');
      await page.getByRole('heading', { name: es.maintenance.title }).waitFor();
      const code = page.getByLabel(es.maintenance.codeLabel, { exact: true });
      await code.fill('SELLO-NOPE00');
      await page.getByRole('button', { name: es.maintenance.submit }).click();
      await page.getByText(es.maintenance.wrongCode).waitFor();
      expect(await code.inputValue()).toBe('');
      await code.fill(stack.maintenanceCode);
      await page.getByRole('button', { name: es.maintenance.submit }).click();
      await page.getByRole('button', { name: es.auth.register, exact: true }).waitFor();

      // Sign up in the modal.
      await page.getByRole('button', { name: es.auth.register, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(es.auth.firstName, { exact: true }).fill('Valentina');
      await dialog.getByLabel(es.auth.lastName, { exact: true }).fill('Rojas');
      await dialog.getByLabel(es.auth.email, { exact: true }).fill(email);
      await dialog.getByLabel(es.auth.password, { exact: true }).fill(password);
      await dialog.getByLabel(es.auth.confirmPassword, { exact: true }).fill(password);
      await dialog.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: es.auth.submitRegister }).click();
      await dialog.getByText(es.auth.registered).waitFor();

      // Not confirmed yet: signing in is refused with the spec's message.
      await page.keyboard.press('Escape');
      await logIn(page, email, password);
      await page.getByRole('dialog').getByText(es.auth.notConfirmed).waitFor();
      await page.keyboard.press('Escape');

      // The confirmation e-mail, opened from the mail store.
      const confirmMail = await waitForMail(stack, email);
      expect(confirmMail.subject).toBe(es.mail.confirmSubject);
      const confirmLink = appLink(stack, confirmMail);
      expect(confirmLink.pathname).toBe('/auth/confirm');
      await page.goto(relative(confirmLink));
      await page.getByText(es.auth.confirmSuccess).waitFor();
      // After 3 s the page moves on to the dashboard, through the login since there is no session.
      await page.waitForURL(/\/login\?next=%2Fdashboard|\/login\?next=\/dashboard/, {
        timeout: 10_000,
      });

      // Log in: the dashboard greets the user by name and the header shows name and e-mail.
      const main = page.locator('main');
      await main.getByLabel(es.auth.email, { exact: true }).fill(email);
      await main.getByLabel(es.auth.password, { exact: true }).fill(password);
      await main.getByRole('button', { name: es.auth.submitLogin }).click();
      await page.waitForURL('**/dashboard');
      await expectSignedInAs(page, 'Valentina', email);

      // The confirmation link is single-use: opening it again says the account is confirmed.
      await page.goto(relative(confirmLink));
      await page.getByText(es.auth.alreadyConfirmed).waitFor();
      expect(await page.getByText(es.auth.confirmInvalidLink).count()).toBe(0);

      // Log out: the session ends and, since logging out clears the gate flag (spec §4.5), the
      // maintenance gate is back.
      await page.goto('/dashboard');
      await expectSignedInAs(page, 'Valentina', email);
      await page.getByRole('button', { name: es.auth.logout }).click();
      await page.getByRole('heading', { name: es.maintenance.title }).waitFor();
      expect(await page.locator('.user-chip').count()).toBe(0);
      expect(await page.evaluate("localStorage.getItem('maintenance_access')")).toBeNull();

      // Forgot password, from the gate's login button and the modal's link.
      await page.getByRole('button', { name: es.auth.login, exact: true }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: es.auth.forgotLink }).click();
      await page.getByRole('dialog').getByLabel(es.auth.email, { exact: true }).fill(email);
      await page.getByRole('dialog').getByRole('button', { name: es.auth.submitForgot }).click();
      await page.getByRole('dialog').getByText(es.auth.recoverySent).waitFor();

      const resetMail = await waitForMail(stack, email, 2);
      expect(resetMail.subject).toBe(es.mail.resetSubject);
      const resetLink = appLink(stack, resetMail);
      expect(resetLink.pathname).toBe('/reset-password');
      expect(resetLink.hash).toMatch(/access_token=.+&type=recovery/);
      await page.goto(relative(resetLink));
      await page.getByLabel(es.auth.newPassword, { exact: true }).fill(newPassword);
      await page.getByLabel(es.auth.confirmPassword, { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: es.auth.submitReset }).click();
      await page.getByText(es.auth.resetSuccess).waitFor();
      await page.waitForURL('**/mis-pedidos', { timeout: 10_000 });
      await expectSignedInAs(page, 'Valentina', email);

      // The reset link is single-use too: the spec's invalid-link page.
      await page.goto(relative(resetLink));
      await page.getByText(es.auth.resetInvalidLink).waitFor();

      // Out again; the old password is refused, the new one works.
      await page.goto('/');
      await page.getByRole('button', { name: es.auth.logout }).click();
      await page.getByRole('heading', { name: es.maintenance.title }).waitFor();
      await logIn(page, email, password);
      await page.getByRole('dialog').getByText(es.auth.wrongCredentials).waitFor();
      await page
        .getByRole('dialog')
        .getByLabel(es.auth.password, { exact: true })
        .fill(newPassword);
      await page.getByRole('dialog').getByRole('button', { name: es.auth.submitLogin }).click();
      await expectSignedInAs(page, 'Valentina', email);
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
