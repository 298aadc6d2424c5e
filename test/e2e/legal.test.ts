import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PRIVACY_VERSION, SUPPORT, TERMS_VERSION } from '../../shared/legal.js';
import { privacyDocument, termsDocument } from '../../shared/messages/legal-pages.es.js';
import { es, fmt } from '../../shared/messages.es.js';
import { DESKTOP, journey, launchBrowser, newVisitor, PHONE } from '../support/browser.js';
import {
  api,
  appLink,
  freshIp,
  newConfirmedUser,
  signIn,
  uniqueEmail,
  waitForMail,
} from '../support/client.js';
import { paidOrder, signer, waitForLinks } from '../support/orders.js';
import { logInOnPage } from '../support/web-journey.js';

/**
 * Issue 21 item 5 and the account rough edges of item 6, in Chromium: the legal pages open for
 * anyone (no gate), the footer and the forms link to them, sign-up records the acceptance, a
 * new device that confirms an account is not stopped by the gate, an unconfirmed login can ask
 * for its mail again, a visitor of /mis-pedidos is asked to log in.
 */
const stack = inject('stack');
const call = api(stack);
const SHOTS = process.env.SHOTS_DIR ?? '.data/e2e-shots';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const relative = (url: URL) => `${url.pathname}${url.search}${url.hash}`;

async function expectNoGate(page: Page) {
  expect(await page.getByRole('heading', { name: es.maintenance.title }).count()).toBe(0);
}

describe('the legal pages', () => {
  it('/terminos and /privacidad load for a visitor without the access code, on phone and desktop', async () => {
    for (const [viewport, size] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const { context, page, consoleErrors } = await newVisitor(browser, stack, { viewport });
      await journey(page, `legal-pages-${size}`, async () => {
        await page.goto('/terminos');
        await page.getByRole('heading', { level: 1, name: termsDocument.title }).waitFor();
        await expectNoGate(page);
        await page
          .getByText(
            fmt(es.legal.versionLine, { version: TERMS_VERSION, date: '27 de noviembre de 2026' }),
          )
          .waitFor();
        await page.getByRole('heading', { name: '5. Cancelación y reembolsos' }).waitFor();
        // Readable on a phone: nothing wider than the screen.
        const overflow = await page.evaluate(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: `${SHOTS}/terminos-${size}.png`,
          fullPage: size === 'phone',
        });

        // The terms link to the privacy policy, without leaving the visitor at the gate.
        await page
          .locator('main')
          .getByRole('link', { name: es.legal.privacyTitle })
          .first()
          .click();
        await page.waitForURL('**/privacidad');
        await page.getByRole('heading', { level: 1, name: privacyDocument.title }).waitFor();
        await expectNoGate(page);
        await page
          .getByText(
            fmt(es.legal.versionLine, {
              version: PRIVACY_VERSION,
              date: '27 de noviembre de 2026',
            }),
          )
          .waitFor();
        for (const heading of ['1. Responsable', '6. Cuánto tiempo los guardamos', '8. Reclamos']) {
          await page.getByRole('heading', { name: heading }).waitFor();
        }
        await page.getByRole('link', { name: 'privacidad@sello.cl' }).first().waitFor();
        await page.screenshot({
          path: `${SHOTS}/privacidad-${size}.png`,
          fullPage: size === 'phone',
        });

        // Opened directly too (a link in a mail, a bookmark).
        await page.goto('/privacidad');
        await page.getByRole('heading', { level: 1, name: privacyDocument.title }).waitFor();
        await expectNoGate(page);
      });
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('the footer links to both pages and gives the one support contact', async () => {
    const { context, page } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'legal-footer', async () => {
      await page.goto('/');
      const footer = page.locator('#root footer.app-footer');
      await footer.getByRole('link', { name: es.legal.termsTitle }).waitFor();
      await footer.getByText(SUPPORT.hours).waitFor();
      expect(await footer.getByRole('link', { name: SUPPORT.email }).getAttribute('href')).toBe(
        `mailto:${SUPPORT.email}`,
      );
      // The sidebar promises the same hours, not «24/7».
      await page.getByText(es.layout.badgeSupport).first().waitFor();
      expect(await page.getByText('24/7').count()).toBe(0);
      await footer.screenshot({ path: `${SHOTS}/footer.png` });

      await footer.getByRole('link', { name: es.legal.termsTitle }).click();
      await page.waitForURL('**/terminos');
      await page.getByRole('heading', { level: 1, name: termsDocument.title }).waitFor();
      await page
        .locator('footer.app-footer')
        .getByRole('link', { name: es.legal.privacyTitle })
        .click();
      await page.waitForURL('**/privacidad');
      await page.getByRole('heading', { level: 1, name: privacyDocument.title }).waitFor();
    });
    await context.close();
  });
});

describe('sign-up with the acceptance of the terms', () => {
  it('asks for the box, records the acceptance, and a new device confirms without the gate', async () => {
    const email = uniqueEmail('camila');
    const password = 'clave-camila';
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'legal-signup', async () => {
      await page.goto('/signup');
      const main = page.locator('main');
      const field = (label: string) => main.getByLabel(label, { exact: true });
      await field(es.auth.firstName).fill('Camila');
      await field(es.auth.lastName).fill('Rojas');
      await field(es.auth.email).fill(email);
      await field(es.auth.password).fill(password);
      await field(es.auth.confirmPassword).fill(password);
      const box = main.getByRole('checkbox', {
        name: `${es.legal.consentBefore}${es.legal.consentTermsLink}${es.legal.consentBetween}${es.legal.consentPrivacyLink}`,
      });
      // The box's links open the pages in a new tab, so nothing typed is lost.
      const terms = main.getByRole('link', { name: es.legal.consentTermsLink, exact: true });
      expect(await terms.getAttribute('href')).toBe('/terminos');
      expect(await terms.getAttribute('target')).toBe('_blank');
      expect(
        await main.getByRole('link', { name: es.legal.consentPrivacyLink }).getAttribute('href'),
      ).toBe('/privacidad');

      await main.getByRole('button', { name: es.auth.submitRegister }).click();
      await main.getByText(es.auth.termsRequired).waitFor();
      await page.screenshot({ path: `${SHOTS}/signup-consent-error.png` });
      expect(await field(es.auth.email).inputValue()).toBe(email);

      await box.check();
      await main.getByRole('button', { name: es.auth.submitRegister }).click();
      await main.getByText(es.auth.registered).waitFor();
    });
    await context.close();

    // The link opened on another device: no access code stored there, and no gate after it.
    const link = appLink(stack, await waitForMail(stack, email));
    const other = await newVisitor(browser, stack, { viewport: PHONE });
    await journey(other.page, 'legal-confirm-new-device', async () => {
      await other.page.goto(relative(link));
      await other.page.getByText(es.auth.confirmSuccess).waitFor();
      await other.page.waitForURL(/\/login\?next=/, { timeout: 10_000 });
      const main = other.page.locator('main');
      await main.getByLabel(es.auth.email, { exact: true }).waitFor();
      await expectNoGate(other.page);
      await main.getByLabel(es.auth.email, { exact: true }).fill(email);
      await main.getByLabel(es.auth.password, { exact: true }).fill(password);
      await main.getByRole('button', { name: es.auth.submitLogin }).click();
      await other.page.waitForURL('**/dashboard');
      // The welcome assumes no gender.
      await other.page
        .locator('.app-toast')
        .filter({ hasText: fmt(es.toast.welcome, { name: 'Camila' }) })
        .first()
        .waitFor();
      expect(es.toast.welcome).toBe('¡Hola, {name}!');

      // A second click on the mail's link: the account is already confirmed.
      await other.page.goto(relative(link));
      await other.page.getByText(es.auth.alreadyConfirmed).waitFor();
      await other.page.screenshot({ path: `${SHOTS}/confirm-already.png` });
    });
    expect(other.consoleErrors).toEqual([]);
    await other.context.close();
    expect(consoleErrors).toEqual([]);

    // Read back what sign-up recorded: the versions shown on the pages.
    const tokens = await signIn(stack, email, password);
    const exported = await call<{ profile: { terms_acceptance: Record<string, string> } }>(
      'GET',
      '/api/me/export',
      { token: tokens.accessToken },
    );
    expect(exported.body.profile.terms_acceptance).toMatchObject({
      terms_version: TERMS_VERSION,
      privacy_version: PRIVACY_VERSION,
    });
  });

  it("an unconfirmed login offers 'Reenviar correo', which sends a new link", async () => {
    const email = uniqueEmail('pendiente');
    await call('POST', '/api/auth/signup', {
      ip: freshIp(),
      body: {
        firstName: 'Pía',
        lastName: 'Lagos',
        email,
        password: 'secreto1',
        confirmPassword: 'secreto1',
        acceptTerms: true,
      },
    });
    await waitForMail(stack, email, 1);
    const { context, page } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'legal-resend', async () => {
      await page.goto('/login');
      const main = page.locator('main');
      await main.getByLabel(es.auth.email, { exact: true }).fill(email);
      await main.getByLabel(es.auth.password, { exact: true }).fill('secreto1');
      await main.getByRole('button', { name: es.auth.submitLogin }).click();
      await main.getByText(es.auth.notConfirmed).waitFor();
      await page.screenshot({ path: `${SHOTS}/login-resend.png` });
      await main.getByRole('button', { name: es.auth.resendConfirmation }).click();
      await main.getByText(es.auth.confirmationResent).waitFor();
      const again = appLink(stack, await waitForMail(stack, email, 2));
      expect(again.pathname).toBe('/auth/confirm');
    });
    await context.close();
  });
});

describe('a visitor opening /mis-pedidos', () => {
  it('is asked to log in, with or without the access code', async () => {
    for (const gatePassed of [true, false]) {
      const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed });
      await journey(page, `legal-orders-visitor-${gatePassed}`, async () => {
        await page.goto('/mis-pedidos');
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: es.auth.submitLogin }).waitFor();
        await page.screenshot({
          path: `${SHOTS}/orders-visitor-${gatePassed ? 'code' : 'nocode'}.png`,
        });
      });
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});

describe("the signer's consent screen", () => {
  it('links to the terms and the privacy policy in a new tab', async () => {
    const user = await newConfirmedUser(stack, 'Requirente');
    const who = signer();
    await paidOrder(stack, user, { signers: [who] });
    const link = (await waitForLinks(stack, who.email))[0] as URL;
    const { context, page } = await newVisitor(browser, stack, { viewport: PHONE });
    await journey(page, 'legal-signer-consent', async () => {
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole('button', { name: es.signing.acceptConsent }).waitFor();
      const terms = page.getByRole('link', { name: es.legal.termsTitle });
      expect(await terms.getAttribute('href')).toBe('/terminos');
      expect(await terms.getAttribute('target')).toBe('_blank');
      expect(
        await page.getByRole('link', { name: es.legal.privacyTitle }).getAttribute('href'),
      ).toBe('/privacidad');
      await page.screenshot({ path: `${SHOTS}/signer-consent.png`, fullPage: true });
    });
    await context.close();
  });
});

describe("the profile's phone in /settings", () => {
  it("is checked like the wizard's: 'abc' is refused in Spanish and not saved", async () => {
    const user = await newConfirmedUser(stack, 'Telefono');
    const { context, page } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'legal-settings-phone', async () => {
      await logInOnPage(page, user);
      await page.goto('/settings');
      const main = page.locator('main');
      const phone = main.getByLabel(es.settings.phone, { exact: true });
      await phone.fill('abc');
      await main.getByRole('button', { name: es.settings.saveProfile }).click();
      await main.getByText('Número inválido para Chile (9 dígitos)').waitFor();
      await phone.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/settings-phone.png` });
      const me = await call('GET', '/api/me', { token: user.accessToken });
      expect(me.body).toMatchObject({ phone: null });

      await phone.fill('+56 9 8765 4321');
      await main.getByRole('button', { name: es.settings.saveProfile }).click();
      await main.getByText(es.settings.saved).waitFor();
    });
    await context.close();
  });
});
