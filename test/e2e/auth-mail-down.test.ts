import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailEs } from '../../shared/messages/mail.es.js';
import { es } from '../../shared/messages.es.js';
import { journey, launchBrowser, newVisitor } from '../support/browser.js';
import { mailsTo, newConfirmedUser, uniqueEmail } from '../support/client.js';
import { allUp, setFault } from '../support/faults.js';

/**
 * The recovery and sign-up screens while mail is down: the 503's Spanish message in the form's
 * alert, what was typed kept, no "check your inbox"; once mail is back the same submit works.
 */
const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(() => allUp(stack));

async function withVisitor(name: string, steps: (page: Page) => Promise<void>) {
  const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
  await journey(page, name, () => steps(page));
  expect(consoleErrors).toEqual([]);
  await context.close();
}

describe('account mails while mail is down', () => {
  it('recovery shows the retry message, then sends the link once mail is back', async () => {
    const user = await newConfirmedUser(stack, 'Pantalla');
    await withVisitor('recovery-mail-down', async (page) => {
      await setFault(stack, 'mail', 'down');
      await page.goto('/forgot-password');
      const main = page.locator('main');
      await main.getByLabel(es.auth.email, { exact: true }).fill(user.email);
      const submit = main.getByRole('button', { name: es.auth.submitForgot });
      await submit.click();
      await main.getByRole('alert').getByText(es.auth.recoveryMailUnavailable).waitFor();
      expect(await main.getByText(es.auth.recoverySent).count()).toBe(0);
      expect(await main.getByLabel(es.auth.email, { exact: true }).inputValue()).toBe(user.email);

      await setFault(stack, 'mail', 'up');
      await submit.click();
      await main.getByText(es.auth.recoverySent).waitFor();
      const resets = (await mailsTo(stack, user.email)).filter(
        (m) => m.subject === mailEs.resetSubject,
      );
      expect(resets).toHaveLength(1);
    });
  });

  it('sign-up shows the retry message, then sends the confirmation once mail is back', async () => {
    const email = uniqueEmail('pantalla');
    await withVisitor('signup-mail-down', async (page) => {
      await setFault(stack, 'mail', 'down');
      await page.goto('/signup');
      const main = page.locator('main');
      const field = (label: string) => main.getByLabel(label, { exact: true });
      await field(es.auth.firstName).fill('Ana');
      await field(es.auth.lastName).fill('Pérez');
      await field(es.auth.email).fill(email);
      await field(es.auth.password).fill('secreto1');
      await field(es.auth.confirmPassword).fill('secreto1');
      await main.getByRole('checkbox').check();
      const submit = main.getByRole('button', { name: es.auth.submitRegister });
      await submit.click();
      await main.getByRole('alert').getByText(es.auth.signupMailUnavailable).waitFor();
      expect(await main.getByText(es.auth.registered).count()).toBe(0);

      await setFault(stack, 'mail', 'up');
      await submit.click();
      await main.getByText(es.auth.registered).waitFor();
      expect(await mailsTo(stack, email)).toHaveLength(1);
    });
  });
});
