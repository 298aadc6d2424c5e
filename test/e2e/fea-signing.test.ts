import { describe, expect, inject, it } from 'vitest';
import { feaSigningEs as f } from '../../shared/messages/fea-signing.es.js';
import { es } from '../../shared/messages.es.js';
import { fileBrowser, journey, newVisitor, PHONE, SHOTS } from '../support/browser.js';
import { newConfirmedUser } from '../support/client.js';
import { enrolledSigner, smsCode } from '../support/fea.js';
import { signer } from '../support/orders.js';
import { auditOf, orderWithSignerTypes } from '../support/signing.js';

/**
 * The advanced signature (FEA) on the signing page in Chromium (issue 23), against the stack's
 * provider emulator: the consent and review, the 'vigencia' card, a wrong password told with the
 * tries left, the SMS code read from the emulator's outbox, the wait while the provider signs
 * (the page polls), and the signed screen.
 */
const stack = inject('stack');
const t = es.signing;
const browser = fileBrowser();

describe('the advanced signature in the browser', () => {
  it('consent, vigencia, a wrong password, the SMS code and the provider signature', async () => {
    const fea = await enrolledSigner(stack, { name: 'Fernanda Avendaño Rojas' });
    const user = await newConfirmedUser(stack, 'Requirente');
    const person = signer({ first_name: 'Fernanda', last_name: 'Avendaño', id_number: fea.rut });
    const { order, links } = await orderWithSignerTypes(stack, user, [person], ['advanced']);
    const [link] = links;

    const { page } = await newVisitor(browser(), stack, { viewport: PHONE });
    await journey(page, 'fea-signer', async () => {
      await page.goto(`${link?.pathname}${link?.search}`);
      await page.getByRole('button', { name: t.acceptConsent }).click();
      await page.getByRole('button', { name: t.confirmReview }).click();

      const password = page.getByLabel(f.passwordLabel, { exact: true });
      await password.waitFor();
      await expect.poll(() => page.getByText(f.vigencia.valid).count()).toBeGreaterThan(0);
      // The expiry as Chile writes dates (dd-mm-yyyy).
      await page
        .getByText(/^\d{2}-\d{2}-\d{4}$/)
        .first()
        .waitFor();
      await page.screenshot({ path: `${SHOTS}/fea-vigencia.png`, fullPage: true });

      await password.fill('clave-equivocada');
      await page.getByRole('button', { name: f.requestCode }).click();
      await page
        .getByText('La clave del certificado no es correcta. Te quedan 2 intentos.')
        .first()
        .waitFor({ timeout: 30_000 });
      await page.screenshot({ path: `${SHOTS}/fea-wrong-password.png`, fullPage: true });

      await page.getByLabel(f.passwordLabel, { exact: true }).fill(fea.password);
      await page.getByRole('button', { name: f.requestCode }).click();
      const codeField = page.getByLabel(f.codeLabel, { exact: true });
      await codeField.waitFor({ timeout: 30_000 });
      await page.screenshot({ path: `${SHOTS}/fea-code.png`, fullPage: true });

      await codeField.fill(await smsCode(stack, fea.rut));
      await page.getByLabel(f.passwordLabel, { exact: true }).fill(fea.password);
      await page.getByRole('button', { name: f.sign }).click();
      await page.getByRole('heading', { name: t.signedTitle }).waitFor({ timeout: 60_000 });
      // The provider's transaction code is shown with the signature (screen 8's details).
      await page.getByText(/^TX-[0-9A-F]{12}$/).waitFor();
      await page.screenshot({ path: `${SHOTS}/fea-signed.png`, fullPage: true });
    });

    const { events } = await auditOf(stack, order.id);
    const applied = events.find((e) => e.kind === 'signature_applied');
    expect(applied?.details).toMatchObject({ method: 'fea', signer_rut: fea.rut });
  });
});
