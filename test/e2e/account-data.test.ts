import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccountExport } from '../../shared/contract/account.js';
import type { Order } from '../../shared/contract/orders.js';
import { es } from '../../shared/messages.es.js';
import {
  DESKTOP,
  journey,
  launchBrowser,
  newVisitor,
  seriousA11yViolations,
} from '../support/browser.js';
import { newConfirmedUser, signIn, type TestUser } from '../support/client.js';
import { paidOrder, signer, waitForLinks } from '../support/orders.js';
import { openLink, orderWhen, signAll } from '../support/signing.js';
import { logInOnPage } from '../support/web-journey.js';

/**
 * 'Descargar mis datos' and 'Eliminar mi cuenta' in Chromium (Ley 21.719): a new customer with a
 * sealed order downloads their data from /settings, then deletes the account through its
 * dialog; afterwards the account cannot sign in and its sealed order's public verification
 * page still verifies the sealed file.
 */
const stack = inject('stack');
const t = es.account;
const SHOTS = '.data/e2e-shots';

let browser: Browser;
let user: TestUser;
let order: Order;
let sealedBytes: Uint8Array;

beforeAll(async () => {
  browser = await launchBrowser();
  // Signed up and confirmed through the mailed link, as a new customer is.
  user = await newConfirmedUser(stack, 'Renata');
  const person = signer();
  const paid = await paidOrder(stack, user, { signers: [person], delivery: false });
  const link = (await waitForLinks(stack, person.email))[0] as URL;
  await signAll(stack, await openLink(stack, link), person.email);
  order = await orderWhen(stack, user, paid.id, 'completed');
  sealedBytes = new Uint8Array(await (await fetch(String(order.signed_file_url))).arrayBuffer());
}, 400_000);
afterAll(async () => {
  await browser?.close();
});

describe('the account data card of /settings', () => {
  it('downloads the data, deletes the account, and the sealed order still verifies', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    await journey(page, 'account-data', async () => {
      await logInOnPage(page, user);
      await page.goto('/settings');
      await page.getByRole('heading', { name: t.title }).waitFor();

      // 'Descargar mis datos': a JSON file with the account, its order, trail and ledger.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: t.exportButton }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(t.exportFileName);
      const data = JSON.parse(readFileSync(String(await download.path()), 'utf8')) as AccountExport;
      expect(data.account.email).toBe(user.email);
      // Checkout saved its form's name into the profile: the profile as it is now.
      expect(data.profile).toMatchObject({ email: user.email, city: 'Santiago' });
      expect(data.orders.map((o) => o.order.order_number)).toEqual([order.order_number]);
      expect(data.orders[0]?.trail.map((e) => e.kind)).toContain('sealed');
      expect(data.credits.transactions.length).toBeGreaterThan(0);
      await page.getByText(t.exportDone).waitFor();

      // 'Eliminar mi cuenta': the dialog says what goes, what stays and why.
      await page.getByRole('button', { name: t.deleteButton, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t.dialogTitle });
      await dialog.waitFor();
      const text = (await dialog.textContent()) ?? '';
      for (const line of [...t.deletedItems, ...t.keptItems]) expect(text).toContain(line);
      await page.screenshot({ path: `${SHOTS}/account-delete-dialog.png`, fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);

      // A wrong password is refused in place; nothing is deleted.
      const password = dialog.getByLabel(t.passwordLabel, { exact: true });
      await password.fill('no-es-mi-clave');
      await dialog.getByRole('button', { name: t.confirmButton }).click();
      await dialog.getByText(t.wrongPassword).waitFor();

      await password.fill(user.password);
      await dialog.getByRole('button', { name: t.confirmButton }).click();
      await page.getByText(t.deletedToast).waitFor();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await page.getByRole('heading', { name: es.home.heroTitle }).waitFor();
      await page.getByRole('button', { name: es.auth.login, exact: true }).first().waitFor();

      // The account can no longer sign in.
      await page.goto('/login');
      const main = page.locator('main');
      await main.getByLabel(es.auth.email, { exact: true }).fill(user.email);
      await main.getByLabel(es.auth.password, { exact: true }).fill(user.password);
      await main.getByRole('button', { name: es.auth.submitLogin }).click();
      await main.getByText(es.auth.wrongCredentials).waitFor();
    });
    await expect(signIn(stack, user.email, user.password)).rejects.toThrow();
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 300_000);

  it("still verifies the deleted account's sealed order on /verificar", async () => {
    const { context, page } = await newVisitor(browser, stack, { viewport: DESKTOP });
    const code = String(order.verification_code);
    await journey(page, 'account-data-verify', async () => {
      await page.goto(`/verificar/${code.slice(0, 5)}-${code.slice(5)}`);
      await page.getByRole('heading', { name: es.verify.sealedState }).waitFor();
      const record = (await page.locator('.verify-record').textContent()) ?? '';
      expect(record).toContain(order.order_number);
      const file = join(mkdtempSync(join(tmpdir(), 'sello-account-')), 'contrato-firmado.pdf');
      writeFileSync(file, sealedBytes);
      await page.locator('input[type="file"]').setInputFiles(file);
      await page.getByText(es.verify.fileMatch, { exact: true }).waitFor();
    });
    await context.close();
  });
});
