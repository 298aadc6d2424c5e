import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { asAdmin } from '../support/admin.js';
import {
  DESKTOP,
  journey,
  launchBrowser,
  newVisitor,
  PHONE,
  seriousA11yViolations,
} from '../support/browser.js';
import { asAdminSettings, newNotary, notarySettings } from '../support/notary.js';
import { newOrganization } from '../support/organizations.js';
import { logInOnPage } from '../support/web-journey.js';

/**
 * The admin's settings of a notary (/admin/notary/{id}/settings, linked from screen 17's
 * cards): the admin finds a notary, opens its settings, picks services and regions, sets the
 * weight (an invalid one is refused in Spanish before any call), saves, and finds the values
 * after a reload; a company or an unknown id says so in Spanish. The notary is this test's own.
 */
const stack = inject('stack');
const t = es.notary;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function demoAdmin() {
  const admin = stack.demoAccounts.find((a) => a.key === 'admin');
  if (!admin) throw new Error('no demo admin');
  return admin;
}

/** The settings saves the page sends. */
function settingsPuts(page: Page): string[] {
  const puts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PUT' && new URL(req.url()).pathname.startsWith('/api/admin/notaries/')) {
      puts.push(req.url());
    }
  });
  return puts;
}

/** A full-page screenshot from the top. */
async function shot(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `.data/e2e-shots/${name}.png`, fullPage: true });
}

describe("the admin's notary settings screen", () => {
  it('opens from the organisations list, saves services, regions and weight, and keeps them', async () => {
    const tag = randomUUID().slice(0, 8);
    const { org } = await newNotary(stack, null);
    const name = `Notaría Prueba ${tag}`;
    expect((await (await asAdmin(stack)).update(org.id, { name })).status).toBe(200);
    const services = (await (await asAdminSettings(stack)).get(org.id)).body.services;
    const [first, second] = services;
    if (!first || !second) throw new Error('the catalogue needs two notarial services');

    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    const puts = settingsPuts(page);
    await journey(page, 'admin-notary-settings', async () => {
      await logInOnPage(page, demoAdmin());
      await page.goto(`/admin/organizations?q=${tag}`);
      const card = page.locator('.admin-org-card', { hasText: name });
      await card.getByRole('link', { name: es.organizations.notarySettings }).click();
      await page.waitForURL(`**/admin/notary/${org.id}/settings`);
      const title = fmt(t.settingsTitle, { organization: name });
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();

      // A new notary: nothing offered, country-wide, not receiving, nothing open.
      const service = (label: string) => page.getByRole('checkbox', { name: label, exact: true });
      for (const s of services) expect(await service(s.name).isChecked()).toBe(false);
      const wholeCountry = page.getByText(`${t.regionsAll}.`, { exact: true });
      await wholeCountry.waitFor();
      await page.getByText(t.regionsHint).waitFor();
      const active = page.getByRole('switch', { name: t.activeLabel });
      expect(await active.isChecked()).toBe(false);
      await page.getByText(fmt(t.openNow, { n: '0' })).waitFor();
      expect(await page.getByLabel(t.weightLabel).inputValue()).toBe('10');
      expect(await page.getByLabel(t.takeLabel).inputValue()).toBe('240');
      expect(await page.getByLabel(t.processLabel).inputValue()).toBe('2880');
      expect(await page.getByLabel(t.maxOpenLabel).inputValue()).toBe('50');

      await service(first.name).check();
      await service(second.name).check();
      await service(first.name).uncheck();
      await service(first.name).check();
      await service('Región Metropolitana').check();
      await service('Valparaíso').check();
      expect(await wholeCountry.count()).toBe(0);
      await active.check();

      // The server's rules in the browser: no call for an invalid weight or time.
      const save = page.getByRole('button', { name: t.settingsSave });
      await page.getByLabel(t.weightLabel).fill('0');
      await save.click();
      await page.getByText(t.weightInvalid).waitFor();
      await page.getByLabel(t.weightLabel).fill('101');
      await page.getByLabel(t.takeLabel).fill('');
      await save.click();
      await page.getByText(t.takeInvalid).waitFor();
      await page.getByText(t.weightInvalid).waitFor();
      expect(await page.getByLabel(t.weightLabel).getAttribute('aria-invalid')).toBe('true');
      await shot(page, 'admin-notary-settings-invalid');
      expect(puts).toEqual([]);

      await page.getByLabel(t.weightLabel).fill('40');
      await page.getByLabel(t.takeLabel).fill('90');
      await page.getByLabel(t.maxOpenLabel).fill('25');
      await save.click();
      await page.getByText(t.settingsSaved).waitFor();
      expect(puts).toHaveLength(1);
      expect(await page.getByText(t.weightInvalid).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'admin-notary-settings');

      // After a reload the saved values are there.
      await page.reload();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await expect.poll(() => page.getByLabel(t.weightLabel).inputValue()).toBe('40');
      expect(await service(first.name).isChecked()).toBe(true);
      expect(await service(second.name).isChecked()).toBe(true);
      for (const s of services.slice(2)) expect(await service(s.name).isChecked()).toBe(false);
      expect(await service('Región Metropolitana').isChecked()).toBe(true);
      expect(await service('Valparaíso').isChecked()).toBe(true);
      expect(await service('Biobío').isChecked()).toBe(false);
      expect(await page.getByRole('switch', { name: t.activeLabel }).isChecked()).toBe(true);
      expect(await page.getByLabel(t.takeLabel).inputValue()).toBe('90');
      expect(await page.getByLabel(t.processLabel).inputValue()).toBe('2880');
      expect(await page.getByLabel(t.maxOpenLabel).inputValue()).toBe('25');

      await page.setViewportSize(PHONE);
      await shot(page, 'admin-notary-settings-phone');
      await page.setViewportSize(DESKTOP);

      // Back to the organisations.
      await page.getByRole('link', { name: es.organizations.backToOrganizations }).click();
      await page.waitForURL((url) => url.pathname === '/admin/organizations');
    });
    expect(consoleErrors).toEqual([]);
    await context.close();

    const stored = (await (await asAdminSettings(stack)).get(org.id)).body.settings;
    expect(stored).toMatchObject({
      services_offered: services.slice(0, 2).map((s) => s.code),
      regions: ['CL-VS', 'CL-RM'],
      assignment_weight: 40,
      take_minutes: 90,
      process_minutes: 2880,
      max_open: 25,
      active: true,
    });
  });

  it("shows another admin's save as a conflict and the server's field errors on their fields", async () => {
    const { org } = await newNotary(stack, { assignment_weight: 5 });
    const admin = await asAdminSettings(stack);
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    await journey(page, 'admin-notary-settings-conflict', async () => {
      await logInOnPage(page, demoAdmin());
      await page.goto(`/admin/notary/${org.id}/settings`);
      await expect.poll(() => page.getByLabel(t.weightLabel).inputValue()).toBe('5');

      // Another admin saves meanwhile: this save answers 409, in Spanish, and stores nothing.
      const other = await admin.put(org.id, notarySettings({ assignment_weight: 6 }));
      expect(other.status).toBe(200);
      await page.getByLabel(t.weightLabel).fill('70');
      await page.getByRole('button', { name: t.settingsSave }).click();
      await page.getByRole('alert').filter({ hasText: t.settingsConflict }).first().waitFor();
      expect((await admin.get(org.id)).body.settings.assignment_weight).toBe(6);

      // A field the server refuses (its message on an item of the list) shows on the list.
      await page.route(`**/api/admin/notaries/${org.id}/settings`, (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({
                error: {
                  code: 'VALIDATION',
                  message: es.api.validation,
                  fields: { 'regions.0': t.regionUnknown, max_open: t.maxOpenInvalid },
                },
              }),
            })
          : route.continue(),
      );
      await page.getByRole('button', { name: t.settingsSave }).click();
      const regions = page.getByRole('group', { name: t.regionsLabel });
      await regions.getByText(t.regionUnknown).waitFor();
      await page.getByText(t.maxOpenInvalid).waitFor();
      expect(await page.getByLabel(t.maxOpenLabel).getAttribute('aria-invalid')).toBe('true');
      await page.unroute(`**/api/admin/notaries/${org.id}/settings`);

      // After a reload the other admin's save is there, and this one goes through.
      await page.reload();
      await expect.poll(() => page.getByLabel(t.weightLabel).inputValue()).toBe('6');
      await page.getByLabel(t.weightLabel).fill('70');
      await page.getByRole('button', { name: t.settingsSave }).click();
      await page.getByText(t.settingsSaved).waitFor();
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
    expect((await admin.get(org.id)).body.settings.assignment_weight).toBe(70);
  });

  it('says in Spanish when the organisation is a company or does not exist', async () => {
    const { org: company } = await newOrganization(stack);
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    await journey(page, 'admin-notary-settings-errors', async () => {
      await logInOnPage(page, demoAdmin());
      await page.goto(`/admin/notary/${company.id}/settings`);
      await page.getByText(t.notANotary).waitFor();
      expect(await page.getByRole('button', { name: t.settingsSave }).count()).toBe(0);
      expect(await page.getByRole('button', { name: es.common.retry }).count()).toBe(0);
      await page.goto(`/admin/notary/${'0'.repeat(24)}/settings`);
      await page.getByText(es.organizations.organizationNotFound).waitFor();
      await page.getByRole('link', { name: es.organizations.backToOrganizations }).waitFor();
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
