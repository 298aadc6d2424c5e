import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ServicesCatalog } from '../../shared/contract/catalog.js';
import type { CreditService } from '../../shared/contract/credits.js';
import type { FeaturePlan } from '../../shared/contract/features.js';
import { es } from '../../shared/messages.es.js';
import { launchBrowser, newVisitor } from '../support/browser.js';
import { api, newConfirmedUser } from '../support/client.js';

/**
 * Issue 21: no page may still say 'Próximamente' about something the catalogue says is
 * available. Every route of the router (web/src/app/router.tsx, read from its source so a new
 * route is walked without touching this test) is visited in Chromium as the kind of user it is
 * for; every 'Próximamente' on it must name what it waits for (`data-soon`: "service:fea",
 * "credit_service:…", "feature:…", or "page" for a screen not built yet), and each named item
 * must be unavailable in the live catalogue. Turning an item on in the catalogue while a page
 * still shows it as coming fails here.
 */
const stack = inject('stack');
const call = api(stack);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Access = 'public' | 'user' | 'admin';

/** The router's routes: `route(path, page, access?)` and `soon(path, title, access?, item?)`. */
function routerRoutes(): { path: string; access: Access }[] {
  const file = join(dirname(fileURLToPath(import.meta.url)), '../../web/src/app/router.tsx');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: { path: string; access: Access }[] = [{ path: '/', access: 'public' }];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      ['route', 'soon'].includes(node.expression.text)
    ) {
      const [path, , access] = node.arguments;
      if (path && ts.isStringLiteral(path)) {
        found.push({
          path: path.text,
          access: access && ts.isStringLiteral(access) ? (access.text as Access) : 'public',
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A concrete address for a route pattern (its parameters filled with ids that exist nowhere). */
const concrete = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) => `prueba-${name.toLowerCase()}`);

/** Every element reading 'Próximamente', with what it says it waits for (null: nothing). */
const SOON_SCRIPT = `(() => {
  const label = ${JSON.stringify(es.availability.soonBadge)};
  return [...document.querySelectorAll('body *')]
    .filter((el) => el.children.length === 0 && el.textContent.trim() === label)
    .filter((el) => el.closest('[hidden], #shell') === null)
    .map((el) => (el.closest('[data-soon]') ? el.closest('[data-soon]').getAttribute('data-soon') : null));
})()`;

async function availableItems(): Promise<Set<string>> {
  const [catalog, credits, features] = await Promise.all([
    call<ServicesCatalog>('GET', '/api/catalog/services?country_id=cl'),
    call<{ services: CreditService[] }>('GET', '/api/credits/services?country=cl'),
    call<{ plans: FeaturePlan[] }>('GET', '/api/features/plans'),
  ]);
  const on = new Set<string>();
  for (const s of [...catalog.body.notarial_services, ...catalog.body.signature_types]) {
    if (s.available) on.add(`service:${s.code}`);
  }
  for (const s of credits.body.services) {
    if (s.available) on.add(`credit_service:${s.service_name}`);
  }
  for (const p of features.body.plans) if (p.available) on.add(`feature:${p.feature_type}`);
  return on;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  const main = page.locator('main');
  await main.getByLabel(es.auth.email, { exact: true }).fill(email);
  await main.getByLabel(es.auth.password, { exact: true }).fill(password);
  await main.getByRole('button', { name: es.auth.submitLogin }).click();
  await page.locator('.user-chip').waitFor();
}

describe('every route of the router', () => {
  it("shows 'Próximamente' only for what the catalogue says is not available", async () => {
    const routes = routerRoutes().filter((r) => r.path !== '*');
    // The walk must really see the table: the wizard, the credit screens and a placeholder.
    for (const p of ['/firmar-documento', '/credit-services', '/feature-subscriptions', '/crm']) {
      expect(routes.map((r) => r.path)).toContain(p);
    }
    const available = await availableItems();
    expect(available.has('service:fes')).toBe(true);

    const customer = await newConfirmedUser(stack, 'Recorrido');
    const visitors: Record<Access, { page: Page; close: () => Promise<void> }> = {} as never;
    for (const access of ['public', 'user', 'admin'] as const) {
      const { context, page } = await newVisitor(browser, stack, { gatePassed: true });
      if (access === 'user') await logIn(page, customer.email, customer.password);
      if (access === 'admin') await logIn(page, 'admin@sello.test', 'Admin12345');
      visitors[access] = { page, close: () => context.close() };
    }

    const problems: string[] = [];
    let badges = 0;
    for (const route of routes) {
      const { page } = visitors[route.access];
      const address = concrete(route.path);
      await page.goto(address);
      // Settled: the page's own calls answered (a page that keeps polling is read as it is).
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
      await page
        .locator('main, h1')
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
      const soon = (await page.evaluate(SOON_SCRIPT)) as (string | null)[];
      badges += soon.length;
      for (const item of soon) {
        if (item === null) {
          problems.push(`${address}: 'Próximamente' without data-soon`);
          continue;
        }
        for (const name of item.split(/\s+/)) {
          if (name === 'page') continue;
          if (!/^(service|credit_service|feature):[a-z0-9_-]+$/.test(name)) {
            problems.push(`${address}: unknown item ${name}`);
          } else if (available.has(name)) {
            problems.push(`${address}: 'Próximamente' for ${name}, which the catalogue sells`);
          }
        }
      }
    }
    for (const v of Object.values(visitors)) await v.close();
    expect(problems).toEqual([]);
    // The walk saw the placeholders and the home page's coming services.
    expect(badges).toBeGreaterThan(10);
  }, 600_000);
});
