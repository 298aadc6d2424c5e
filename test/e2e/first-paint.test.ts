import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { journey, launchBrowser, newVisitor, PHONE } from '../support/browser.js';
import { newConfirmedUser, type TestUser } from '../support/client.js';
import { paidOrder, signer, waitForLinks } from '../support/orders.js';
import { logInOnPage } from '../support/web-journey.js';

/**
 * The first-paint shell (web/src/lib/firstPaintShell.ts): index.html carries the prerendered
 * gate, home, wizard, /mis-pedidos and the link pages (signer, verification, delivery), and the
 * boot script shows the right one before any JS module runs, and starts the signer's and the
 * orders' first call (web/src/lib/earlyAnswer.ts), which the app then takes instead of asking.
 * With the modules blocked the shell is all there is, so what it shows is what a first paint
 * shows; with them, the app takes over and no trace of the shell is left.
 */
const stack = inject('stack');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface FirstPaint {
  picked: string | null;
  shell: boolean;
  views: string[];
  rootShown: boolean;
  inert: boolean | null;
}

/**
 * What is visible: the view the boot script picked, the shell's views that show, whether #root
 * shows. A script string: this file is type-checked without the DOM library.
 */
async function firstPaint(page: Page): Promise<FirstPaint> {
  return page.evaluate(`(() => {
    const shown = (el) => el !== null && el.getClientRects().length > 0;
    const shell = document.getElementById('shell');
    return {
      picked: document.documentElement.dataset.shell ?? null,
      shell: shell !== null,
      views: [...document.querySelectorAll('#shell > [data-shell-view]')]
        .filter(shown)
        .map((v) => v.getAttribute('data-shell-view')),
      rootShown: shown(document.getElementById('root')),
      inert: shell ? shell.hasAttribute('inert') : null,
    };
  })()`);
}

async function withoutModules(page: Page) {
  await page.route('**/assets/*.js', (route) => route.abort());
}

describe('the first-paint shell', () => {
  it('shows the gate to a new visitor, before any module runs', async () => {
    const { context, page } = await newVisitor(browser, stack, { viewport: PHONE });
    await withoutModules(page);
    await journey(page, 'first-paint-gate', async () => {
      await page.goto('/');
      await page.getByRole('heading', { name: es.maintenance.title }).waitFor();
      expect(await firstPaint(page)).toEqual({
        picked: 'gate',
        shell: true,
        views: ['gate'],
        rootShown: false,
        inert: true,
      });
      // The wizard's path is behind the gate as well.
      await page.goto('/firmar-documento');
      expect((await firstPaint(page)).views).toEqual(['gate']);
    });
    await context.close();
  });

  it('shows the home and the wizard to a visitor with the access code', async () => {
    const { context, page } = await newVisitor(browser, stack, { gatePassed: true });
    await withoutModules(page);
    await journey(page, 'first-paint-pages', async () => {
      await page.goto('/');
      await page.getByRole('heading', { name: es.home.heroTitle }).waitFor();
      expect((await firstPaint(page)).views).toEqual(['home']);
      await page.goto('/firmar-documento/');
      await page.getByRole('heading', { name: es.wizard.title }).waitFor();
      expect((await firstPaint(page)).views).toEqual(['wizard']);
      // A new request's first step, as the wizard will show it, with nothing to press yet.
      const view = page.locator('[data-shell-view="wizard"]');
      expect(await view.getByRole('heading', { name: es.wizard.documentTitle }).isVisible()).toBe(
        true,
      );
      expect(await view.getByText(es.wizard.dropzoneLabel).isVisible()).toBe(true);
      expect(await view.getByRole('button', { name: es.wizard.next }).isDisabled()).toBe(true);
      expect(await view.getByRole('combobox').isDisabled()).toBe(true);
      // Work in progress may open on another step: the spinner, not the first step. The cart's
      // edit link, then this tab's wizard session (lib/wizardSession.ts, its key).
      await page.goto('/firmar-documento?request=req_1');
      expect((await firstPaint(page)).views).toEqual(['wizard-resume']);
      await page.goto('/firmar-documento');
      await page.evaluate(`sessionStorage.setItem('sello.wizard.request', '{"requestId":"r1"}')`);
      await page.reload();
      expect((await firstPaint(page)).views).toEqual(['wizard-resume']);
      const resume = page.locator('[data-shell-view="wizard-resume"]');
      expect(await resume.getByRole('heading', { name: es.wizard.documentTitle }).count()).toBe(0);
      expect(await resume.getByRole('status').count()).toBeGreaterThan(0);
      // Any other path has no shell: nothing but the (empty) app.
      await page.goto('/mis-pedidos');
      const other = await firstPaint(page);
      expect(other.picked).toBeNull();
      expect(other.views).toEqual([]);
    });
    await context.close();
  });

  it('hands over to the app: the shell is gone, one page, no error', async () => {
    for (const gatePassed of [false, true]) {
      const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed });
      await page.goto('/');
      const title = gatePassed ? es.home.heroTitle : es.maintenance.title;
      await page.getByRole('heading', { name: title }).waitFor();
      await expect.poll(async () => (await firstPaint(page)).shell).toBe(false);
      expect((await firstPaint(page)).rootShown).toBe(true);
      expect(await page.locator('#main-content').count()).toBe(1);
      // The app's own screen works: the gate's field takes the code, the home links go on.
      if (gatePassed) {
        await page.getByRole('link', { name: es.home.heroCta }).first().click();
        await page.getByRole('heading', { name: es.wizard.title }).waitFor();
        // The wizard's own first step replaces the loading preview: the country is there.
        await page
          .getByText(fmt(es.wizard.countryBanner, { name: 'Chile', currency: 'CLP' }))
          .waitFor();
      } else {
        const code = page.getByLabel(es.maintenance.codeLabel, { exact: true });
        await code.fill('ABC');
        expect(await code.inputValue()).toBe('ABC');
      }
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it("shows the link pages' first screen before any module runs, and opens the signer's link", async () => {
    const { context, page } = await newVisitor(browser, stack, { viewport: PHONE });
    await withoutModules(page);
    const opened: string[] = [];
    await page.route('**/api/signing/step', async (route) => {
      opened.push(route.request().postData() ?? '');
      await route.fulfill({ status: 200, json: {} });
    });
    await journey(page, 'first-paint-links', async () => {
      await page.goto('/sign/signer-1?token=tok-1');
      await page.getByText(es.signing.connecting).first().waitFor();
      expect(await firstPaint(page)).toEqual({
        picked: 'signer',
        shell: true,
        views: ['signer'],
        rootShown: false,
        inert: true,
      });
      // The bare layout, as the app shows it: the brand, no header or sidebar.
      const view = page.locator('[data-shell-view="signer"]');
      expect(await view.locator('.bare__brand').isVisible()).toBe(true);
      await page.screenshot({ path: '.data/e2e-shots/first-paint-signer.png' });
      // The link was opened by the boot script alone, with no Referer.
      await expect.poll(() => opened.length).toBe(1);
      expect(JSON.parse(opened[0] ?? '{}')).toMatchObject({
        accion: 'init_signing',
        signerId: 'signer-1',
        token: 'tok-1',
      });
      await page.goto('/verificar');
      await page.getByRole('heading', { name: es.verify.formTitle }).waitFor();
      expect((await firstPaint(page)).views).toEqual(['verify']);
      await page.goto('/verificar/ABCD2345');
      expect((await firstPaint(page)).views).toEqual(['verify-code']);
      await page.goto('/descargar/order-1?token=t');
      expect((await firstPaint(page)).views).toEqual(['delivery']);
      // Never behind the gate, never anyone's data: a made-up address in the markup only.
      const html = await (await page.request.get('/verificar')).text();
      expect(html).not.toContain('tok-1');
    });
    await context.close();
  });

  it('hands over on the link pages: one opening of the link, the real screen, no error', async () => {
    const user = await newConfirmedUser(stack, 'Primera');
    const person = signer();
    await paidOrder(stack, user, { signers: [person] });
    const link = (await waitForLinks(stack, person.email))[0] as URL;
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { viewport: PHONE });
    const opened: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/signing/step')) opened.push(r.postData() ?? '');
    });
    await journey(page, 'first-paint-signer-handoff', async () => {
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole('button', { name: es.signing.acceptConsent }).waitFor();
      await expect.poll(async () => (await firstPaint(page)).shell).toBe(false);
      expect((await firstPaint(page)).rootShown).toBe(true);
      expect(page.url()).not.toContain('token=');
      // The boot script's opening was the page's: the link was opened once.
      expect(opened.filter((b) => b.includes('init_signing'))).toHaveLength(1);
      expect(await page.locator('#main-content').count()).toBe(1);
      await page.goto('/verificar');
      await page.getByRole('heading', { name: es.verify.formTitle }).waitFor();
      await expect.poll(async () => (await firstPaint(page)).shell).toBe(false);
      await page.getByLabel(es.verify.codeLabel, { exact: true }).fill('ABCDE-23456');
      await page.getByRole('button', { name: es.verify.submit }).click();
      await page.getByRole('heading', { name: es.verify.notFoundTitle }).waitFor();
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("draws a fresh link's consent screen from the boot script's answer, before any module runs", async () => {
    const user = await newConfirmedUser(stack, 'Consentimiento');
    const person = signer();
    await paidOrder(stack, user, { signers: [person], title: 'Arriendo temprano' });
    const link = (await waitForLinks(stack, person.email))[0] as URL;
    const { context, page } = await newVisitor(browser, stack, { viewport: PHONE });
    await withoutModules(page);
    await journey(page, 'first-paint-signer-consent', async () => {
      await page.goto(`${link.pathname}${link.search}`);
      const view = page.locator('[data-shell-view="signer-consent"]');
      await view.getByText(es.signing.consentText).waitFor();
      expect(await firstPaint(page)).toMatchObject({
        picked: 'signer',
        views: ['signer-consent'],
        rootShown: false,
        inert: true,
      });
      // The answer's own words, in the app's consent screen: type, requester, the buttons.
      expect(await view.locator('h1').textContent()).toBe(es.signing.typeTitles.simple);
      expect(await view.locator('.sign-head__description').textContent()).toContain('«');
      expect(await view.locator('.sign-actions button').allTextContents()).toEqual([
        es.signing.acceptConsent,
        es.signing.reject,
      ]);
      expect(page.url()).not.toContain('token=');
      await page.screenshot({ path: '.data/e2e-shots/first-paint-signer-consent.png' });
    });
    await context.close();
  });

  describe('/mis-pedidos signed in', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await newConfirmedUser(stack, 'Pedidos');
      await paidOrder(stack, user, { title: 'Poder simple de primera vista' });
    });

    it('shows the page with its first call under way before any module runs, then the app reuses it', async () => {
      const { context, page, consoleErrors } = await newVisitor(browser, stack, {
        viewport: PHONE,
        gatePassed: true,
      });
      await logInOnPage(page, user);
      // Away from the app, so no request of the login's landing page is counted below.
      await page.goto('/robots.txt');
      const lists: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/orders') lists.push(new URL(r.url()).search);
      });
      await journey(page, 'first-paint-orders', async () => {
        await withoutModules(page);
        await page.goto('/mis-pedidos');
        await page.getByRole('heading', { name: es.nav.orders, level: 1 }).waitFor();
        expect(await firstPaint(page)).toEqual({
          picked: 'orders',
          shell: true,
          views: ['orders'],
          rootShown: false,
          inert: true,
        });
        await expect.poll(() => lists).toEqual(['?page=1&page_size=10']);
        // With the modules: the boot script's answer fills the list, asked once.
        await page.unroute('**/assets/*.js');
        lists.length = 0;
        await page.goto('/mis-pedidos');
        await page.getByText('Poder simple de primera vista').first().waitFor();
        await expect.poll(async () => (await firstPaint(page)).shell).toBe(false);
        expect(lists).toEqual(['?page=1&page_size=10']);
        expect(await page.locator('#main-content').count()).toBe(1);
      });
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  });
});
