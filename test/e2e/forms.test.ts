import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { journey, launchBrowser, newVisitor } from '../support/browser.js';
import { mailsTo, uniqueEmail } from '../support/client.js';

/** Bad input in every account form: the spec's Spanish message, nothing lost, no stack traces. */
const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function withVisitor(name: string, steps: (page: Page) => Promise<void>) {
  const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
  await journey(page, name, () => steps(page));
  // No uncaught errors in the page, and nothing that looks like a stack trace on screen.
  expect(consoleErrors).toEqual([]);
  expect(await page.evaluate('document.body.innerText')).not.toMatch(
    /\n\s+at \S+ \(|TypeError|Internal Server Error/,
  );
  await context.close();
}

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

describe('sign-up form', () => {
  it('shows each field error, keeps what was typed, and refuses a registered e-mail', async () => {
    await withVisitor('signup-errors', async (page) => {
      await page.goto('/signup');
      const main = page.locator('main');
      const submit = main.getByRole('button', { name: es.auth.submitRegister });

      await submit.click();
      expect(await main.getByText(es.auth.required).count()).toBeGreaterThanOrEqual(2);
      // The terms and the privacy policy must be accepted, like every other field is required.
      await main.getByText(es.auth.termsRequired).waitFor();
      await main.getByRole('checkbox').check();

      await field(main, es.auth.firstName).fill('Tomás');
      await field(main, es.auth.lastName).fill('   ');
      await field(main, es.auth.email).fill('no-es-un-email');
      await field(main, es.auth.password).fill('12345');
      await field(main, es.auth.confirmPassword).fill('54321');
      await submit.click();
      await main.getByText(es.auth.emailInvalid).waitFor();
      await main.getByText(es.auth.passwordTooShort).waitFor();
      await main.getByText(es.auth.required).first().waitFor();

      await field(main, es.auth.lastName).fill('Ñúñez');
      await field(main, es.auth.email).fill('cliente@sello.test');
      await field(main, es.auth.password).fill('secreto1');
      await field(main, es.auth.confirmPassword).fill('secreto2');
      await submit.click();
      await main.getByText(es.auth.passwordsMismatch).waitFor();

      // A first name over 100 characters: the browser refuses it like the server would.
      await field(main, es.auth.firstName).fill('x'.repeat(101));
      await field(main, es.auth.confirmPassword).fill('secreto1');
      await submit.click();
      await main.getByText(es.auth.nameTooLong).waitFor();

      // The demo customer exists: the spec's message, with a way to log in instead.
      await field(main, es.auth.firstName).fill('Tomás');
      await submit.click();
      await main.getByText(es.auth.alreadyRegistered).waitFor();
      // Nothing typed was lost.
      expect(await field(main, es.auth.lastName).inputValue()).toBe('Ñúñez');
      expect(await field(main, es.auth.email).inputValue()).toBe('cliente@sello.test');
    });
  });
});

describe('auth modal', () => {
  it('clears the form and its messages when switching modes', async () => {
    await withVisitor('modal-switch', async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: es.auth.login, exact: true }).first().click();
      const dialog = page.getByRole('dialog');
      await field(dialog, es.auth.email).fill('nadie@example.com');
      await field(dialog, es.auth.password).fill('incorrecta');
      await dialog.getByRole('button', { name: es.auth.submitLogin }).click();
      await dialog.getByText(es.auth.wrongCredentials).waitFor();

      await dialog.getByRole('button', { name: es.auth.noAccount }).click();
      await field(dialog, es.auth.firstName).waitFor();
      expect(await field(dialog, es.auth.email).inputValue()).toBe('');
      expect(await dialog.getByText(es.auth.wrongCredentials).count()).toBe(0);

      await dialog.getByRole('button', { name: es.auth.haveAccount }).click();
      expect(await field(dialog, es.auth.email).inputValue()).toBe('');
      expect(await field(dialog, es.auth.password).inputValue()).toBe('');

      // Show/hide password toggles what the field reveals.
      await field(dialog, es.auth.password).fill('visible');
      expect(await field(dialog, es.auth.password).getAttribute('type')).toBe('password');
      await dialog.getByRole('button', { name: es.auth.showPassword }).click();
      expect(await field(dialog, es.auth.password).getAttribute('type')).toBe('text');
      await dialog.getByRole('button', { name: es.auth.hidePassword }).click();
      expect(await field(dialog, es.auth.password).getAttribute('type')).toBe('password');
    });
  });

  it('stands behind a loader while its chunk loads, then opens focused on the first field', async () => {
    await withVisitor('modal-lazy', async (page) => {
      // The dialog and its forms are a chunk of their own: hold it back to see the fallback.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/AuthModalDialog-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/');
      await page.getByRole('button', { name: es.auth.login, exact: true }).first().click();
      const loader = page.locator('.page-loader--overlay');
      await loader.waitFor();
      expect(await loader.getByText(es.common.loading).count()).toBe(1);
      expect(await page.getByRole('dialog').count()).toBe(0);

      release();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: es.auth.loginTitle }).waitFor();
      await loader.waitFor({ state: 'detached' });
      const emailId = await field(dialog, es.auth.email).getAttribute('id');
      expect(emailId).toBeTruthy();
      expect(await page.evaluate('document.activeElement?.id')).toBe(emailId);

      // Closed and opened again (from the register button this time): no loader, no refetch.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: es.auth.register, exact: true }).first().click();
      await dialog.getByRole('heading', { name: es.auth.registerTitle }).waitFor();
    });
  });
});

describe('forgot password', () => {
  it('rejects a malformed e-mail and does not reveal whether an account exists', async () => {
    await withVisitor('forgot-errors', async (page) => {
      await page.goto('/forgot-password');
      const main = page.locator('main');
      await field(main, es.auth.email).fill('sin-arroba');
      await main.getByRole('button', { name: es.auth.submitForgot }).click();
      await main.getByText(es.auth.emailInvalid).waitFor();

      const nobody = uniqueEmail('nadie');
      await field(main, es.auth.email).fill(nobody);
      await main.getByRole('button', { name: es.auth.submitForgot }).click();
      await main.getByText(es.auth.recoverySent).waitFor();
      expect(await mailsTo(stack, nobody)).toEqual([]);
    });
  });
});

describe('links from e-mails', () => {
  it('shows the error page for a forged confirmation or reset link', async () => {
    await withVisitor('forged-links', async (page) => {
      await page.goto(`/auth/confirm?token_hash=${'a'.repeat(43)}&type=email`);
      await page.getByText(es.auth.linkExpiredOrUsed).waitFor();

      await page.goto('/auth/confirm?token_hash=<script>&type=sms');
      await page.getByText(es.auth.confirmInvalidLink).waitFor();

      await page.goto(`/reset-password#access_token=${'b'.repeat(43)}&type=recovery`);
      await page.getByText(es.auth.resetInvalidLink).waitFor();

      await page.goto('/reset-password#type=recovery');
      await page.getByText(es.auth.resetInvalidLink).waitFor();
    });
  });
});
