import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { biometricSigningEs as bio } from '../../shared/messages/biometric-signing.es.js';
import { claveUnicaSigningEs as cu } from '../../shared/messages/clave-unica-signing.es.js';
import { feaSigningEs as f } from '../../shared/messages/fea-signing.es.js';
import { es } from '../../shared/messages.es.js';
import { biometricIdentity, takeAll } from '../support/biometric.js';
import { DESKTOP, fileBrowser, journey, newVisitor, PHONE, SHOTS } from '../support/browser.js';
import { newConfirmedUser } from '../support/client.js';
import { enrolledSigner, pdfsigReports, smsCode } from '../support/fea.js';
import { signer } from '../support/orders.js';
import { auditOf, codeFor, orderWhen, orderWithSignerTypes } from '../support/signing.js';

/**
 * Issue 23's whole journey in Chromium: ONE order with four signers, one per signature type,
 * each on their own device at the same time.
 *  - FEA: three wrong certificate passwords (122), the password recovered through
 *    /fea/password-recovery and the provider's page (the result page counts down), back to the
 *    mailed link; three wrong SMS codes (134), the second factor unlocked at the provider, back
 *    through /firmar/…?refresh_status=true, then the SMS code from the outbox: signed.
 *  - FES + Clave Única: another person's RUN refused, the signer's own accepted: signed.
 *  - Simple: the e-mailed code and a typed name.
 *  - Biometric: the card and a selfie through Chromium's fake camera; the first selfie refused
 *    as another face, the second verified, then the pad.
 * Then the order is sealed; the files the customer downloads pass pdfsig: the provider's FEA
 * signature trusted under the emulated provider CA, the platform seal under the seal's root.
 */
const stack = inject('stack');
const t = es.signing;
const browser = fileBrowser();

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/four-types-${name}.png`, fullPage: true });
const open = (page: Page, link: URL) => page.goto(`${link.pathname}${link.search}`);

async function consentAndReview(page: Page) {
  await page.getByRole('button', { name: t.acceptConsent }).click();
  await page.getByRole('button', { name: t.confirmReview }).click();
}

type FeaSigner = Awaited<ReturnType<typeof enrolledSigner>>;

async function feaJourney(link: URL, fea: FeaSigner) {
  const { page, context } = await newVisitor(browser(), stack, { viewport: DESKTOP });
  const feaOrigin = new URL(stack.smsOutboxUrl).origin;
  await journey(page, 'four-types-fea', async () => {
    await open(page, link);
    await consentAndReview(page);
    const password = page.getByLabel(f.passwordLabel, { exact: true });
    const requestCode = page.getByRole('button', { name: f.requestCode });

    // Three wrong passwords: the tries left, then the key locked (122).
    for (const left of ['Te quedan 2 intentos.', 'Te queda 1 intento.']) {
      await password.fill('clave-equivocada');
      await requestCode.click();
      await page
        .getByText(f.errors.wrongPassword.replace('{left}', left))
        .first()
        .waitFor({ timeout: 30_000 });
    }
    await password.fill('clave-equivocada');
    await requestCode.click();
    await page.getByText(f.errors.tooManyKeyAttempts).first().waitFor({ timeout: 30_000 });
    await page.getByText('122').first().waitFor();
    await shot(page, 'fea-122');

    // The recovery: our page (RUT and ID-card serial), the provider's page, the result.
    await page.getByRole('button', { name: f.recoverPassword }).click();
    await page.waitForURL((url) => url.pathname === '/fea/password-recovery');
    await page.getByLabel(es.fea.rutLabel).fill(fea.rut);
    await page.getByLabel(es.fea.serialLabel).fill(fea.serial);
    await page.getByRole('button', { name: es.fea.submit }).click();
    await page.waitForURL((url) => url.origin === feaOrigin, { timeout: 15_000 });
    const renewed = 'ClaveNueva2026';
    await page.getByLabel('Nueva clave').fill(renewed);
    await page.getByLabel('Repita la clave').fill(renewed);
    await page.getByRole('button', { name: 'Guardar clave' }).click();
    await page.waitForURL((url) => url.pathname === '/password-recovery-success');
    await page.getByRole('heading', { name: es.fea.resultSuccessTitle }).waitFor();
    await page.getByText(/Volverás al inicio en \d+ segundos\./).waitFor();
    await shot(page, 'fea-recovered');

    // Back to the mailed link (a new session: consent and review again); the new password
    // asks for the code.
    await open(page, link);
    await consentAndReview(page);
    await password.waitFor({ timeout: 30_000 });
    await password.fill(renewed);
    await requestCode.click();
    const code = page.getByLabel(f.codeLabel, { exact: true });
    const sign = page.getByRole('button', { name: f.sign });
    await code.waitFor({ timeout: 30_000 });

    // Three wrong codes: the second factor blocked (134).
    for (const [i, left] of ['Te quedan 2 intentos.', 'Te queda 1 intento.', ''].entries()) {
      await code.fill(`0000000${i + 1}`);
      await password.fill(renewed);
      await sign.click();
      const said = left ? f.errors.wrongCode.replace('{left}', left) : f.errors.secondFactorBlocked;
      await page.getByText(said).first().waitFor({ timeout: 30_000 });
    }
    await shot(page, 'fea-134');
    await page.getByRole('button', { name: f.unlockSecondFactor }).click();
    await page.getByRole('button', { name: f.goToUnlock }).click();
    await page.waitForURL((url) => url.origin === feaOrigin, { timeout: 15_000 });
    await page.getByLabel('RUT').fill(fea.rut);
    await page.getByLabel('Número de serie de la cédula').fill(fea.serial);
    await page.getByRole('button', { name: 'Desbloquear' }).click();
    await page.waitForURL((url) => url.pathname === '/second-factor-unlock-success');
    await page.getByRole('heading', { name: es.fea.unlockSuccessTitle }).waitFor();
    await shot(page, 'fea-unlocked');
    // 1.5 s later, back to signing with the status asked again.
    await page.waitForURL(
      (url) => url.pathname.startsWith('/firmar/') && url.search.includes('refresh_status=true'),
      { timeout: 10_000 },
    );
    await password.waitFor({ timeout: 30_000 });
    await password.fill(renewed);
    await requestCode.click();
    await code.waitFor({ timeout: 30_000 });
    await code.fill(await smsCode(stack, fea.rut));
    await password.fill(renewed);
    await sign.click();
    await page.getByRole('heading', { name: t.signedTitle }).waitFor({ timeout: 60_000 });
    await shot(page, 'fea-signed');
  });
  await context.close();
}

async function claveUnicaJourney(link: URL, run: string, name: string) {
  const { page, context } = await newVisitor(browser(), stack, { viewport: PHONE });
  const login = async (as: string) => {
    await page.getByRole('button', { name: cu.login }).click();
    await page.getByLabel('RUN', { exact: true }).fill(as);
    await page.getByLabel('Clave Única', { exact: true }).fill('testing');
    await page.getByRole('button', { name: 'Autenticar' }).click();
  };
  await journey(page, 'four-types-clave-unica', async () => {
    await open(page, link);
    await consentAndReview(page);
    await login('55.555.555-5');
    await page
      .getByText(cu.mismatch.replace('{run}', '55.555.555-5'))
      .first()
      .waitFor({ timeout: 30_000 });
    await shot(page, 'clave-unica-refused');
    await login(run);
    await page.getByLabel(t.typedNameLabel, { exact: true }).fill(name);
    await page.getByRole('button', { name: t.sign, exact: true }).click();
    await page.getByRole('heading', { name: t.signedTitle }).waitFor({ timeout: 30_000 });
  });
  await context.close();
}

async function simpleJourney(link: URL, email: string, name: string) {
  const { page, context } = await newVisitor(browser(), stack, { viewport: PHONE });
  await journey(page, 'four-types-simple', async () => {
    await open(page, link);
    await consentAndReview(page);
    await page.getByRole('button', { name: t.codeSend }).click();
    await page.getByLabel(t.codeLabel, { exact: true }).fill(await codeFor(stack, email));
    await page.getByRole('button', { name: t.codeVerify }).click();
    await page.getByLabel(t.typedNameLabel, { exact: true }).fill(name);
    await page.getByRole('button', { name: t.sign, exact: true }).click();
    await page.getByRole('heading', { name: t.signedTitle }).waitFor({ timeout: 30_000 });
  });
  await context.close();
}

async function biometricJourney(link: URL, name: string) {
  const { page, context } = await newVisitor(browser(), stack, { viewport: PHONE });
  await journey(page, 'four-types-biometric', async () => {
    await open(page, link);
    await consentAndReview(page);
    await page.getByRole('heading', { name: bio.captureTitle }).waitFor();
    await takeAll(page);
    await page.getByRole('button', { name: bio.send }).click();
    await page.getByText(bio.faceMismatch).first().waitFor({ timeout: 30_000 });
    await shot(page, 'biometric-refused');
    await takeAll(page);
    await page.getByRole('button', { name: bio.send }).click();
    await page.getByLabel(t.typedNameLabel, { exact: true }).fill(name);
    await page.getByRole('button', { name: t.sign, exact: true }).click();
    await page.getByRole('heading', { name: t.signedTitle }).waitFor({ timeout: 30_000 });
  });
  await context.close();
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('one order, four signature types', () => {
  it('each signer signs with their type, through every block and refusal, and the order is sealed', async () => {
    const fea = await enrolledSigner(stack, { name: 'Fernanda Avendaño Rojas' });
    const bioRun = await biometricIdentity(stack, 'first_selfie_rejected');
    const user = await newConfirmedUser(stack, 'Requirente');
    const people = [
      signer({ first_name: 'Fernanda', last_name: 'Avendaño', id_number: fea.rut }),
      signer({ first_name: 'María', last_name: 'González', id_number: '44.444.444-4' }),
      signer({ first_name: 'Sergio', last_name: 'Soto' }),
      signer({ first_name: 'Pedro', last_name: 'Rojas', id_number: bioRun }),
    ];
    const { order, links } = await orderWithSignerTypes(stack, user, people, [
      'advanced',
      'clave_unica',
      'simple',
      'biometric',
    ]);
    const [feaLink, cuLink, simpleLink, bioLink] = links as [URL, URL, URL, URL];

    await Promise.all([
      feaJourney(feaLink, fea),
      claveUnicaJourney(cuLink, '44.444.444-4', 'María González'),
      simpleJourney(simpleLink, people[2]?.email ?? '', 'Sergio Soto'),
      biometricJourney(bioLink, 'Pedro Rojas'),
    ]);

    // Sealed and delivered: the files as the customer downloads them from the order.
    const done = await orderWhen(stack, user, order.id, 'completed', 120_000);
    const feaPdf = new Uint8Array(
      await (await fetch(String(done.fea_signed_file_url))).arrayBuffer(),
    );
    const sealedPdf = new Uint8Array(
      await (await fetch(String(done.signed_file_url))).arrayBuffer(),
    );
    const { order: stored, events } = await auditOf(stack, order.id);
    expect(sha256(feaPdf)).toBe(stored.fea_signed_sha256);
    const reports = await pdfsigReports(stack, feaPdf, sealedPdf);
    for (const report of [reports.fea, reports.seal]) {
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Certificate Validation: Certificate is Trusted.');
    }

    // The trail: each signer's type and its evidence.
    const applied = events.filter((e) => e.kind === 'signature_applied');
    expect(applied).toHaveLength(people.length);
    const kinds = events.map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'identity_refused',
        'identity_verified',
        'biometric_refused',
        'biometric_verified',
      ]),
    );

    // The verification page names each signer's type, and the FEA's serial and transaction.
    const { page, context } = await newVisitor(browser(), stack, { viewport: DESKTOP });
    await page.goto(`/verificar/${stored.verification_code}`);
    await page
      .getByText(/^TX-[0-9A-F]{12}$/)
      .first()
      .waitFor({ timeout: 30_000 });
    await shot(page, 'verified');
    await context.close();
  }, 600_000);
});
