import { describe, expect, inject, it } from 'vitest';
import { biometricSigningEs as bio } from '../../shared/messages/biometric-signing.es.js';
import { es } from '../../shared/messages.es.js';
import { biometricIdentity, takeAll } from '../support/biometric.js';
import { fileBrowser, journey, newVisitor, PHONE, SHOTS } from '../support/browser.js';
import { newConfirmedUser } from '../support/client.js';
import { signer } from '../support/orders.js';
import { auditOf, orderWhen, orderWithSignerTypes } from '../support/signing.js';

/**
 * The biometric signature in Chromium (issue 23), with Chromium's fake camera: the signer takes
 * the card's front and back and a selfie, the first selfie is refused as another face
 * (a RUT registered with 'first_selfie_rejected' in local/biometric), the second passes, the signer signs on the pad and the
 * order completes.
 */
const stack = inject('stack');
const t = es.signing;
const browser = fileBrowser();

describe('the biometric signature in the browser', () => {
  it('one selfie refused, then verified; the signer signs and the order completes', async () => {
    const user = await newConfirmedUser(stack, 'Requirente');
    const run = await biometricIdentity(stack, 'first_selfie_rejected');
    const person = signer({ first_name: 'Pedro', last_name: 'Rojas', id_number: run });
    const { order, links } = await orderWithSignerTypes(stack, user, [person], ['biometric']);
    const [link] = links;

    const { page, consoleErrors } = await newVisitor(browser(), stack, { viewport: PHONE });
    await journey(page, 'biometric-signer', async () => {
      await page.goto(`${link?.pathname}${link?.search}`);
      await page.getByText(bio.consentText.slice(0, 60)).first().waitFor();
      await page.getByRole('button', { name: t.acceptConsent }).click();
      await page.getByRole('button', { name: t.confirmReview }).click();
      await page.getByRole('heading', { name: bio.captureTitle }).waitFor();
      await page.screenshot({ path: `${SHOTS}/biometric-capture-empty.png`, fullPage: true });

      // 'Enviar' without photos: the form's own messages, nothing posted.
      await page.getByRole('button', { name: bio.send }).click();
      await page.getByText(bio.idFrontMissing).waitFor();

      await takeAll(page);
      // 'Repetir' takes the selfie again.
      await page
        .getByRole('group', { name: bio.selfie })
        .getByRole('button', { name: bio.cameraRetake })
        .click();
      await page
        .getByRole('group', { name: bio.selfie })
        .getByRole('button', { name: bio.cameraShoot })
        .click();
      await page.screenshot({ path: `${SHOTS}/biometric-capture-taken.png`, fullPage: true });
      await page.getByRole('button', { name: bio.send }).click();

      await page.getByText(bio.faceMismatch).first().waitFor({ timeout: 30_000 });
      await page.screenshot({ path: `${SHOTS}/biometric-face-refused.png`, fullPage: true });

      await takeAll(page);
      await page.getByRole('button', { name: bio.send }).click();
      await page.getByLabel(t.typedNameLabel, { exact: true }).fill('Pedro Rojas');
      await page.screenshot({ path: `${SHOTS}/biometric-verified.png`, fullPage: true });
      await page.getByRole('button', { name: t.sign, exact: true }).click();
      await page.getByRole('heading', { name: t.signedTitle }).waitFor({ timeout: 30_000 });
      await page.screenshot({ path: `${SHOTS}/biometric-signed.png`, fullPage: true });
    });
    expect(consoleErrors).toEqual([]);

    await orderWhen(stack, user, order.id, 'completed');
    const { events } = await auditOf(stack, order.id);
    expect(events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['biometric_refused', 'biometric_verified', 'signature_applied']),
    );
  });
});
