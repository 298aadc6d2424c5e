import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { claveUnicaSigningEs as cu } from '../../shared/messages/clave-unica-signing.es.js';
import { es } from '../../shared/messages.es.js';
import { fileBrowser, journey, newVisitor, PHONE, SHOTS } from '../support/browser.js';
import { newConfirmedUser } from '../support/client.js';
import { signer } from '../support/orders.js';
import { auditOf, orderWithSignerTypes } from '../support/signing.js';

/**
 * FES + Clave Única in Chromium (issue 23): the signer goes to the local ClaveÚnica, signs in
 * as someone else and is refused with the RUN named, then as themselves, comes back to the
 * signing page and signs.
 */
const stack = inject('stack');
const t = es.signing;
const browser = fileBrowser();

async function claveUnicaLogin(page: Page, run: string) {
  await page.getByRole('button', { name: cu.login }).click();
  await page.getByLabel('RUN', { exact: true }).fill(run);
  await page.getByLabel('Clave Única', { exact: true }).fill('testing');
  await page.getByRole('button', { name: 'Autenticar' }).click();
}

describe('FES + Clave Única in the browser', () => {
  it('a RUN that is not the signer’s is refused; the right one signs', async () => {
    const user = await newConfirmedUser(stack, 'Requirente');
    const person = signer({
      first_name: 'María',
      last_name: 'González',
      id_number: '44.444.444-4',
    });
    const { order, links } = await orderWithSignerTypes(stack, user, [person], ['clave_unica']);
    const [link] = links;

    const { page } = await newVisitor(browser(), stack, { viewport: PHONE });
    await journey(page, 'clave-unica-signer', async () => {
      await page.goto(`${link?.pathname}${link?.search}`);
      await page.getByRole('button', { name: t.acceptConsent }).click();
      await page.getByRole('button', { name: t.confirmReview }).click();
      await page.getByRole('button', { name: cu.login }).waitFor();
      await page.screenshot({ path: `${SHOTS}/clave-unica-login.png`, fullPage: true });

      await claveUnicaLogin(page, '55.555.555-5');
      const mismatch = cu.mismatch.replace('{run}', '55.555.555-5');
      await page.getByText(mismatch).first().waitFor({ timeout: 30_000 });
      expect(page.url()).not.toContain('identity_return');
      await page.screenshot({ path: `${SHOTS}/clave-unica-mismatch.png`, fullPage: true });

      await claveUnicaLogin(page, '44.444.444-4');
      await page.getByLabel(t.typedNameLabel, { exact: true }).fill('María González');
      await page.screenshot({ path: `${SHOTS}/clave-unica-verified.png`, fullPage: true });
      await page.getByRole('button', { name: t.sign, exact: true }).click();
      await page.getByRole('heading', { name: t.signedTitle }).waitFor({ timeout: 30_000 });
    });
    const { events } = await auditOf(stack, order.id);
    expect(events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['identity_refused', 'identity_verified', 'signature_applied']),
    );
  });
});
