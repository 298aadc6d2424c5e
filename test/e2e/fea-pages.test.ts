import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FEA_TEST_IDENTITIES } from '../../local/fea/identities.js';
import { SUPPORT } from '../../shared/legal.js';
import { es } from '../../shared/messages.es.js';
import { DESKTOP, journey, launchBrowser, newVisitor, PHONE } from '../support/browser.js';

/**
 * The FEA pages (credits-signing-admin §2 screens 9–14) in Chromium on the shared stack: the
 * recovery form end to end with the stack's FEA emulator (its recovery page, then back to
 * /password-recovery-success), the §5 validation messages, and each result page's texts,
 * buttons and redirects. Screenshots of every page go to .data/e2e-shots/.
 */
const stack = inject('stack');
const t = es.fea;
const SHOTS = '.data/e2e-shots';
const [fernanda, tomas] = FEA_TEST_IDENTITIES as [
  (typeof FEA_TEST_IDENTITIES)[number],
  (typeof FEA_TEST_IDENTITIES)[number],
];
const feaOrigin = new URL(stack.smsOutboxUrl).origin;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function visit(
  name: string,
  steps: (page: Page) => Promise<void>,
  viewport: { width: number; height: number } = PHONE,
) {
  const { context, page, consoleErrors } = await newVisitor(browser, stack, {
    viewport,
    gatePassed: true,
  });
  try {
    await journey(page, name, () => steps(page));
    expect(consoleErrors).toEqual([]);
  } finally {
    await context.close();
  }
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const text = (page: Page) => page.locator('main').innerText();

describe('FEA password recovery (screen 11)', () => {
  it("recovers the certificate password through the emulator's page and lands on the result", async () => {
    await visit('fea-recovery-journey', async (page) => {
      await page.goto('/fea/password-recovery');
      await page.getByRole('heading', { name: es.pages.feaRecoveryTitle }).waitFor();
      const submit = page.getByRole('button', { name: t.submit });
      expect(await submit.isDisabled()).toBe(true);
      expect(
        await page.getByRole('radio', { name: new RegExp(t.kindCertificate) }).isChecked(),
      ).toBe(true);
      await shot(page, 'fea-recovery-form-phone');

      await page.getByLabel(t.rutLabel).fill('11.111.111-1');
      await page.getByLabel(t.serialLabel).fill(fernanda.serial);
      await submit.click();
      await page.getByText(t.recoveryLinkReady).waitFor();
      const shown = Date.now();
      expect(await text(page)).toContain(t.redirecting);
      await shot(page, 'fea-recovery-sent-phone');

      // The provider's page after 2 s.
      await page.waitForURL((url) => url.origin === feaOrigin, { timeout: 10_000 });
      expect(Date.now() - shown).toBeGreaterThanOrEqual(1_500);
      await shot(page, 'fea-recovery-provider-page-phone');
      // The identity's own password again: other journeys sign with it.
      await page.getByLabel('Nueva clave').fill(fernanda.password);
      await page.getByLabel('Repita la clave').fill(fernanda.password);
      await page.getByRole('button', { name: 'Guardar clave' }).click();

      await page.waitForURL((url) => url.pathname === '/password-recovery-success');
      await page.getByRole('heading', { name: t.resultSuccessTitle }).waitFor();
      const result = await text(page);
      expect(result).toContain('Clave recuperada');
      expect(result).toContain(t.resultCertificate);
      expect(result).toMatch(/Volverás al inicio en \d+ segundos\./);
      await shot(page, 'fea-recovery-result-phone');
    });
  });

  it("shows the §5 messages, strips the serial to 12 digits and shows the server's refusal", async () => {
    await visit(
      'fea-recovery-validation',
      async (page) => {
        await page.goto('/fea/password-recovery');
        const serial = page.getByLabel(t.serialLabel);
        await serial.pressSequentially('AB-12.34');
        expect(await serial.inputValue()).toBe('1234');
        await serial.fill('');
        await serial.pressSequentially('12345678901234567');
        expect(await serial.inputValue()).toBe('123456789012');
        await serial.fill('1234');
        await page.getByLabel(t.rutLabel).fill('1234-5');
        expect(await text(page)).toContain(t.serialHint);
        await page.getByRole('button', { name: t.submit }).click();
        await page.getByText('Formato de RUT inválido. Debe ser: 12345678-9').waitFor();
        await page
          .getByText(
            'El número de serie de la cédula debe contener solo números y tener entre 7 y 12 dígitos. NO uses el RUT, busca el número de serie en tu cédula física.',
          )
          .waitFor();
        await shot(page, 'fea-recovery-invalid-desktop');

        // Well formed, but the serial is another signer's: the provider refuses.
        await page.getByLabel(t.rutLabel).fill(tomas.rut);
        await serial.fill(fernanda.serial);
        await page.getByRole('radio', { name: new RegExp(t.kindSecondFactor) }).check();
        await page.getByRole('button', { name: t.submit }).click();
        const alert = page.getByRole('alert').filter({ hasText: t.requestErrorTitle });
        await alert.waitFor();
        expect(await alert.innerText()).toContain(t.serialMismatch);
        await shot(page, 'fea-recovery-refused-desktop');
      },
      DESKTOP,
    );
  });
});

describe('FEA recovery result (screen 12)', () => {
  it('shows an error with the fallback, offers a new request, and counts down home', async () => {
    await visit('fea-recovery-result', async (page) => {
      await page.goto('/password-recovery-success?status=error');
      await page.getByRole('heading', { name: t.resultErrorTitle }).waitFor();
      expect(await text(page)).toContain(t.resultErrorFallback);
      await shot(page, 'fea-recovery-result-error-phone');
      await page.getByRole('link', { name: t.newRequest }).click();
      await page.waitForURL((url) => url.pathname === '/fea/password-recovery');

      await page.goto(
        '/password-recovery-success?status=success&message=Segundo%20factor%20recuperado&tipo=segundo_factor',
      );
      await page.getByRole('heading', { name: t.resultSuccessTitle }).waitFor();
      expect(await text(page)).toContain(t.resultSecondFactor);
      expect(await page.getByRole('link', { name: es.common.backHome }).getAttribute('href')).toBe(
        '/',
      );
      const started = Date.now();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(8_000);
    });
  });
});

describe('FEA unlock results (screens 13–14)', () => {
  it('offers to continue signing after a certificate unlock, with the return code and no token', async () => {
    await visit('fea-certificate-unlock', async (page) => {
      await page.goto('/certificate-unlock-success?signer_id=firmante-1&r=codigo-1');
      await page.getByRole('heading', { name: t.unlockSuccessTitle }).waitFor();
      const next = page.getByRole('link', { name: t.continueSigning });
      expect(await next.getAttribute('href')).toBe(
        '/firmar/firmante-1?refresh_status=true&r=codigo-1',
      );
      await shot(page, 'fea-certificate-unlock-phone');
      // The certificate's page waits for the signer.
      await page.waitForTimeout(2_000);
      expect(new URL(page.url()).pathname).toBe('/certificate-unlock-success');

      await page.goto('/certificate-unlock-success?status=error&message=Datos%20incorrectos');
      await page.getByRole('heading', { name: t.unlockErrorTitle }).waitFor();
      expect(await text(page)).toContain('Datos incorrectos');
      expect(await page.getByRole('link', { name: t.goDashboard }).getAttribute('href')).toBe(
        '/dashboard',
      );
      await shot(page, 'fea-certificate-unlock-error-phone');
    });
  });

  it('goes back to signing 1.5 s after a second-factor unlock', async () => {
    await visit(
      'fea-second-factor-unlock',
      async (page) => {
        await page.goto('/second-factor-unlock-success?signer_id=firmante-2&r=codigo-2');
        await page.getByRole('heading', { name: t.unlockSuccessTitle }).waitFor();
        const shown = Date.now();
        expect(await text(page)).toContain(t.secondFactorExplain);
        await shot(page, 'fea-second-factor-unlock-desktop');
        await page.waitForURL((url) => url.pathname === '/firmar/firmante-2', { timeout: 10_000 });
        expect(Date.now() - shown).toBeGreaterThanOrEqual(1_000);
        const url = new URL(page.url());
        expect(url.searchParams.get('refresh_status')).toBe('true');
        expect(url.searchParams.get('r')).toBe('codigo-2');
        expect(url.searchParams.has('token')).toBe(false);
      },
      DESKTOP,
    );
  });

  it('without a signer offers the dashboard and stays', async () => {
    await visit('fea-second-factor-unlock-alone', async (page) => {
      await page.goto('/second-factor-unlock-success');
      await page.getByRole('heading', { name: t.unlockSuccessTitle }).waitFor();
      expect(await page.getByRole('link', { name: t.goDashboard }).getAttribute('href')).toBe(
        '/dashboard',
      );
      await page.waitForTimeout(2_000);
      expect(new URL(page.url()).pathname).toBe('/second-factor-unlock-success');
      await shot(page, 'fea-second-factor-unlock-alone-phone');
    });
  });
});

describe('FEA enrolment pages (screens 9–10)', () => {
  it('enrolment return: next steps, the sync note, the buttons and the support contact', async () => {
    await visit(
      'fea-enrolment-return',
      async (page) => {
        await page.goto('/fea/enrolment-return?r=codigo-3');
        await page.getByRole('heading', { name: 'Enrolamiento FEA Completado' }).waitFor();
        const body = await text(page);
        for (const s of [t.nextStepBack, t.nextStepRefresh, t.nextStepPassword, t.syncNote]) {
          expect(body).toContain(s);
        }
        expect(body).toContain(SUPPORT.phone);
        expect(body).toContain(SUPPORT.hours);
        expect(body).toContain(SUPPORT.email);
        expect(await page.getByRole('link', { name: t.goOrders }).getAttribute('href')).toBe(
          '/mis-pedidos',
        );
        expect(await page.getByRole('link', { name: t.goHome }).getAttribute('href')).toBe('/');
        await shot(page, 'fea-enrolment-return-desktop');
      },
      DESKTOP,
    );
  });

  it('enrolment success: back to the signing page, or home', async () => {
    await visit('fea-enrolment-success', async (page) => {
      await page.goto('/verificar');
      await page.goto('/fea/enrolment-success');
      await page.getByRole('heading', { name: es.pages.enrolmentSuccessTitle }).waitFor();
      expect(await text(page)).toContain(t.signingLinkAdvice);
      await shot(page, 'fea-enrolment-success-phone');
      await page.getByRole('button', { name: t.backToSigning }).click();
      await page.waitForURL((url) => url.pathname === '/verificar');
      await page.goForward();
      await page.getByRole('link', { name: t.goHome }).click();
      await page.waitForURL((url) => url.pathname === '/');
    });
  });
});
