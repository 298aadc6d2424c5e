import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import {
  DESKTOP,
  journey,
  launchBrowser,
  newVisitor,
  PHONE,
  seriousA11yViolations,
} from '../support/browser.js';
import { newConfirmedUser } from '../support/client.js';
import { newNotary, notaryApi, orderRecord, sealedNotarialOrder } from '../support/notary.js';
import { assignTo, newPlatformAdmin } from '../support/notary-assignments.js';
import { addMemberTo } from '../support/organizations.js';
import { logInOnPage } from '../support/web-journey.js';

/**
 * The notary dashboard as a notary uses it (credits-signing-admin §2 screen 16, §6, §7): a
 * member opens it in Personal and is told to work in the notary, switches, sees the counters,
 * the overdue banner and the late pending card, takes it ('Documento tomado exitosamente'),
 * finds it under 'En Proceso' with 'Tomar Decisión', and reads the metrics; a platform admin
 * in the notary sees 'Configurar'; a customer in Personal gets the notary-context message.
 */
const stack = inject('stack');
const t = es.notary;
const SHOTS = '.data/e2e-shots';
const HOUR = 3_600_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const tile = (page: Page, label: string) =>
  page.locator(`.stat-tile:has(.stat-tile__label:text-is("${label}")) .stat-tile__value`);
const tab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) });
const fact = (scope: ReturnType<Page['locator']>, label: string) =>
  scope.locator(`.facts > div:has(dt:text-is("${label}")) dd`);

/** The counters as shown: Total Asignados, Pendientes, En Proceso, Completados, Atrasados. */
async function counters(page: Page): Promise<string[]> {
  const labels = [
    t.counterTotal,
    t.counterPending,
    t.counterProcessing,
    t.counterCompleted,
    t.counterOverdue,
  ];
  return Promise.all(labels.map(async (l) => (await tile(page, l).textContent()) ?? ''));
}

/** A full-page screenshot from the top (the sticky header would land mid-page otherwise). */
async function shot(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('the notary dashboard', () => {
  it('a notary switches to the notary, takes the late document and reads the metrics', async () => {
    const { user, org } = await newNotary(stack);
    const customer = await newConfirmedUser(stack, 'Clienta');
    const orderId = await sealedNotarialOrder(stack, customer);
    // Assigned five hours ago: past the 4-hour take threshold, so overdue.
    const assignmentId = await assignTo(stack, orderId, org.id, new Date(Date.now() - 5 * HOUR));
    const { order_number: orderNumber } = await orderRecord(stack, orderId);
    const metricsApi = await notaryApi(stack, user, org.id).metrics();
    const serviceNames = metricsApi.body.services
      .filter((s) => metricsApi.body.settings.services_offered.includes(s.code))
      .map((s) => s.name);

    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    await journey(page, 'notary-dashboard', async () => {
      await logInOnPage(page, user);

      // In Personal: the §6 message, and the way into the notary.
      await page.goto('/notary-dashboard');
      await page.getByText(es.organizations.notaryContextRequired).waitFor();
      await page
        .getByRole('button', { name: fmt(t.workInNotary, { organization: org.name }) })
        .click();
      await expect
        .poll(() => page.locator('.context-switcher__button').getAttribute('aria-label'))
        .toContain(org.name);

      // The counters, the banner and the late pending card.
      await page.getByRole('heading', { name: t.dashboardTitle, level: 1 }).waitFor();
      await expect.poll(() => counters(page)).toEqual(['1', '1', '0', '0', '1']);
      await page.getByText(t.overdueBannerOne).waitFor();
      expect(await tab(page, t.tabs.pending).getAttribute('aria-selected')).toBe('true');
      const card = page.locator('.assignment-card', {
        hasText: fmt(t.orderNumber, { number: orderNumber }),
      });
      await card.waitFor();
      expect(await card.locator('time').textContent()).toMatch(/^Asignado hace .*5 horas$/);
      expect(await card.locator('.assignment-card__meta').textContent()).toContain(serviceNames[0]);
      await card
        .locator('.status-badge', { hasText: es.organizations.assignmentStatus.assigned })
        .waitFor();
      await card.locator('.status-badge', { hasText: t.overdueFlag }).waitFor();
      expect(await fact(card, t.timeToTake).textContent()).toBe(t.timePending);
      expect(await fact(card, t.timeToProcess).textContent()).toBe(t.timePending);
      expect(await card.getByRole('link', { name: t.viewDetail }).getAttribute('href')).toBe(
        `/notary-document/${assignmentId}`,
      );
      expect(
        await card.getByRole('link', { name: fmt(t.chat, { n: 0 }) }).getAttribute('href'),
      ).toBe(`/notary-document/${assignmentId}#chat`);
      expect(await card.getByRole('link', { name: t.decide }).count()).toBe(0);
      await shot(page, 'notary-dashboard-pending');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // 'Tomar Documento': the toast, the pending tab empties, the counters move.
      await card.getByRole('button', { name: t.take }).click();
      await page.getByText(es.organizations.taken).waitFor();
      await page.getByText(t.emptyPending).waitFor();
      await expect.poll(() => counters(page)).toEqual(['1', '0', '1', '0', '0']);
      expect(await page.getByText(t.overdueBannerOne).count()).toBe(0);

      // 'En Proceso': the card with 'Tomar Decisión'; the tab is in the URL.
      await tab(page, t.tabs.processing).click();
      await page.waitForURL('**/notary-dashboard?tab=processing');
      const taken = page.locator('.assignment-card', {
        hasText: fmt(t.orderNumber, { number: orderNumber }),
      });
      await taken.waitFor();
      await taken
        .locator('.status-badge', { hasText: es.organizations.assignmentStatus.taken })
        .waitFor();
      expect(await taken.locator('.status-badge', { hasText: t.overdueFlag }).count()).toBe(0);
      expect(await fact(taken, t.timeToTake).textContent()).toMatch(/^30\d min$/);
      expect(await fact(taken, t.timeToProcess).textContent()).toBe(t.timePending);
      expect(await taken.getByRole('link', { name: t.decide }).getAttribute('href')).toBe(
        `/notary-document/${assignmentId}?action=decide`,
      );
      expect(await taken.getByRole('button', { name: t.take }).count()).toBe(0);
      await shot(page, 'notary-dashboard-processing');

      // A reload keeps the tab.
      await page.reload();
      await taken.waitFor();
      expect(await tab(page, t.tabs.processing).getAttribute('aria-selected')).toBe('true');

      await tab(page, t.tabs.completed).click();
      await page.getByText(t.emptyCompleted).waitFor();
      await shot(page, 'notary-dashboard-completed');

      // 'Métricas': the notary's figures and settings; no 'Configurar' for a non-admin.
      await tab(page, t.tabs.metrics).click();
      await page.waitForURL('**/notary-dashboard?tab=metrics');
      await expect.poll(() => tile(page, t.metricsReceived).textContent()).toBe('1');
      expect(await tile(page, t.metricsProcessed).textContent()).toBe('0');
      expect(await tile(page, t.metricsAverage).textContent()).toBe(t.metricsNone);
      expect(await tile(page, t.metricsSuccess).textContent()).toBe('0%');
      const settings = page.locator('.notary-metrics__settings');
      expect(await fact(settings, t.metricsServices).textContent()).toBe(serviceNames.join(', '));
      expect(serviceNames.length).toBe(1);
      expect(await fact(settings, t.metricsRegion).textContent()).toBe(t.regionsAll);
      expect(await fact(settings, t.metricsWeight).textContent()).toBe('10');
      expect(await fact(settings, t.metricsActive).textContent()).toBe(t.metricsActiveYes);
      expect(await page.getByRole('link', { name: t.metricsConfigure }).count()).toBe(0);
      // The counters stay over the metrics.
      expect(await counters(page)).toEqual(['1', '0', '1', '0', '0']);
      await shot(page, 'notary-dashboard-metrics');
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
    expect(consoleErrors).toEqual([]);
    await context.close();

    // The server agrees: taken by this member, in the processing tab.
    const processing = await notaryApi(stack, user, org.id).list('processing');
    expect(processing.body.assignments.map((a) => [a.id, a.status])).toEqual([
      [assignmentId, 'taken'],
    ]);
  });

  it("a platform admin working in a notary sees 'Configurar' to its settings", async () => {
    const { org } = await newNotary(stack, { regions: ['CL-AP'], assignment_weight: 25 });
    const admin = await newPlatformAdmin(stack);
    await addMemberTo(stack, org, admin);
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: PHONE,
      gatePassed: true,
    });
    await journey(page, 'notary-dashboard-admin', async () => {
      await logInOnPage(page, admin);
      await page.goto('/notary-dashboard?tab=metrics');
      await page
        .getByRole('button', { name: fmt(t.workInNotary, { organization: org.name }) })
        .click();
      const configure = page.getByRole('link', { name: t.metricsConfigure });
      await configure.waitFor();
      expect(await configure.getAttribute('href')).toBe(`/admin/notary/${org.id}/settings`);
      const settings = page.locator('.notary-metrics__settings');
      expect(await fact(settings, t.metricsRegion).textContent()).toBe('Arica y Parinacota');
      expect(await fact(settings, t.metricsWeight).textContent()).toBe('25');
      await expect.poll(() => counters(page)).toEqual(['0', '0', '0', '0', '0']);
      expect(await page.getByText(t.overdueBannerOne).count()).toBe(0);
      await shot(page, 'notary-dashboard-metrics-phone');
      await tab(page, t.tabs.pending).click();
      await page.getByText(t.emptyPending).waitFor();
      await shot(page, 'notary-dashboard-empty-phone');
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("a long queue shows 20 cards, then the rest with 'Cargar más'", async () => {
    const { user, org } = await newNotary(stack);
    const PAGE = 20;
    // Three customers order in parallel; each assignment a minute older than the one before.
    const customers = await Promise.all(
      ['Ana', 'Berta', 'Carla'].map((n) => newConfirmedUser(stack, n)),
    );
    const orders = (
      await Promise.all(
        customers.map(async (c) => {
          const ids: string[] = [];
          for (let i = 0; i < 7; i++) ids.push(await sealedNotarialOrder(stack, c));
          return ids;
        }),
      )
    ).flat();
    expect(orders.length).toBe(PAGE + 1);
    for (const [i, orderId] of orders.entries()) {
      await assignTo(stack, orderId, org.id, new Date(Date.now() - (i + 1) * 60_000));
    }
    const oldest = (await orderRecord(stack, orders[PAGE] ?? '')).order_number;

    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    await journey(page, 'notary-dashboard-more', async () => {
      await logInOnPage(page, user);
      await page.goto('/notary-dashboard');
      await page
        .getByRole('button', { name: fmt(t.workInNotary, { organization: org.name }) })
        .click();
      await expect.poll(() => counters(page)).toEqual(['21', '21', '0', '0', '0']);
      await expect.poll(() => page.locator('.assignment-card').count()).toBe(PAGE);
      const oldestCard = page.locator('.assignment-card', {
        hasText: fmt(t.orderNumber, { number: oldest }),
      });
      expect(await oldestCard.count()).toBe(0);
      await page.getByRole('button', { name: es.credits.loadMore }).click();
      await oldestCard.waitFor();
      expect(await page.locator('.assignment-card').count()).toBe(PAGE + 1);
      expect(await page.getByRole('button', { name: es.credits.loadMore }).count()).toBe(0);

      // Another member took the oldest meanwhile: the server's reason, and the list read again.
      const colleague = await newConfirmedUser(stack, 'Colega');
      await addMemberTo(stack, org, colleague);
      const oldestId = (await orderRecord(stack, orders[PAGE] ?? '')).assignment_id ?? '';
      expect(
        (await notaryApi(stack, colleague, org.id).action('take_document', oldestId)).status,
      ).toBe(200);
      await oldestCard.getByRole('button', { name: t.take }).click();
      await page.getByText(es.organizations.takenByAnother).waitFor();
      await expect.poll(() => oldestCard.count()).toBe(0);
      await expect.poll(() => counters(page)).toEqual(['21', '20', '1', '0', '0']);
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a customer in Personal is told to work in a notary, with the way to the organisations', async () => {
    const customer = await newConfirmedUser(stack, 'Cliente');
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: DESKTOP,
      gatePassed: true,
    });
    await journey(page, 'notary-dashboard-denied', async () => {
      await logInOnPage(page, customer);
      await page.goto('/notary-dashboard');
      await page.getByText(es.organizations.notaryContextRequired).waitFor();
      await page.getByText(es.organizations.accessRestricted).waitFor();
      expect(await page.locator('.assignment-card, .stat-tiles, [role="tablist"]').count()).toBe(0);
      await shot(page, 'notary-dashboard-denied');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('link', { name: t.goToOrganizations }).click();
      await page.waitForURL('**/organization-dashboard');
      await page.getByText(es.organizations.dashboardPersonalIntro).waitFor();
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
