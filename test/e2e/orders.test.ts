import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Order } from '../../shared/contract/orders.js';
import { es, fmt } from '../../shared/messages.es.js';
import { formatMoney } from '../../shared/rules/currency.js';
import { contractedItems } from '../../shared/rules/money.js';
import { formatSantiagoDateTime } from '../../shared/rules/santiago-time.js';
import { journey, launchBrowser, newVisitor, PHONE } from '../support/browser.js';
import { newConfirmedUser, type TestUser } from '../support/client.js';
import {
  checkoutApi,
  checkoutForm,
  completeRequest,
  confirmInBrowser,
  GOOD_CARD,
  paidOrder,
  rewriteOrder,
  setSignerStatus,
  signingLinks,
  waitForLinks,
} from '../support/orders.js';
import {
  A11Y_VARIANTS,
  a11yOf,
  cartIds,
  logInOnPage,
  setWizardSession,
  wizardSessionOf,
} from '../support/web-journey.js';

/**
 * My orders (customer-flows §2.9, §4.2, §4.3, §5, §8, §9) as a customer uses it: the history of
 * card and credits orders with search, period, page size and pager; the order modal with the
 * title edit and a resent signing link; the cart's edit, delete and new request; axe checks.
 */
const stack = inject('stack');
const api = checkoutApi(stack);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DAY = 86_400_000;
const rows = (page: Page) => page.locator('.order-row');
const rowTitles = async (page: Page) =>
  (await rows(page).locator('.order-row__title').allTextContents()).map((t) => t.trim());
const historyTab = (page: Page) => page.getByRole('tab', { name: es.checkout.ordersTab });
const cartTab = (page: Page) => page.getByRole('tab', { name: new RegExp(es.checkout.cartTab) });
const orderRow = (page: Page, title: string): Locator =>
  page.getByRole('article', { name: title, exact: true });

/** A card order made the way the checkout screen makes it (intent, local card door, poll). */
async function cardOrder(user: TestUser, title: string): Promise<Order> {
  const req = await completeRequest(stack, user);
  const intent = await api.cardIntent(user, req.id, checkoutForm({ title }));
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const confirmed = await confirmInBrowser(stack, intent.body, GOOD_CARD);
  expect(confirmed.status).toBe(200);
  for (let i = 0; i < 100; i++) {
    const status = await api.cardStatus(user, intent.body.payment_intent_id);
    if (status.body.order_id) return (await api.getOrder(user, status.body.order_id)).body.order;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the card order never appeared');
}

/** Waits until the list shows exactly these titles (any order). */
async function expectTitles(page: Page, titles: string[]) {
  await expect
    .poll(async () => (await rowTitles(page)).sort(), { timeout: 10_000 })
    .toEqual([...titles].sort());
}

describe('my orders', () => {
  let user: TestUser;
  const made: Record<string, Order> = {};
  const TITLES = [
    'Arriendo Ñuñoa',
    'Poder notarial',
    'Mandato especial',
    'Finiquito laboral',
    'Declaración jurada',
  ];

  beforeAll(async () => {
    user = await newConfirmedUser(stack, 'Historial');
    made['Compraventa Vitacura'] = await cardOrder(user, 'Compraventa Vitacura');
    for (const title of TITLES) made[title] = await paidOrder(stack, user, { title });
    // Older orders, for the period filter.
    await rewriteOrder(stack, made['Mandato especial']?.id as string, {
      created_at: new Date(Date.now() - 60 * DAY).toISOString(),
    });
    await rewriteOrder(stack, made['Finiquito laboral']?.id as string, {
      created_at: new Date(Date.now() - 400 * DAY).toISOString(),
    });
  }, 120_000);

  it('lists card and credits orders; search, period, page size and pager', async () => {
    const all = Object.keys(made);
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'orders-history', async () => {
      await logInOnPage(page, user);
      // The landing page after login.
      await page.waitForURL((url) => url.pathname === '/mis-pedidos');
      // Paying saved the checkout's names to the profile: the welcome line uses them.
      await page
        .locator('main')
        .getByText(fmt(es.checkout.welcome, { name: checkoutForm().first_name }))
        .waitFor();
      await historyTab(page).waitFor();
      expect(await historyTab(page).getAttribute('aria-selected')).toBe('true');
      const stats = page.getByRole('definition');
      await expect.poll(() => stats.first().textContent()).toBe('6');
      await expectTitles(page, all);

      // Each row: number, status label, total in its currency, payment method.
      const card = made['Compraventa Vitacura'] as Order;
      const cardRow = orderRow(page, 'Compraventa Vitacura');
      const cardText = (await cardRow.textContent()) ?? '';
      expect(cardText).toContain(card.order_number);
      expect(cardText).toContain(es.checkout.statusLabels.processing);
      expect(cardText).toContain(formatMoney(card.total_price, card.currency_code));
      expect(cardText).toContain(card.payment_method_label);
      const credits = made['Arriendo Ñuñoa'] as Order;
      expect(await orderRow(page, 'Arriendo Ñuñoa').textContent()).toContain(
        credits.payment_method_label,
      );
      expect(card.payment_method_label).not.toBe(credits.payment_method_label);

      // Search (server side, case-insensitive): a word of a title, then an order number.
      const search = page.getByLabel(es.checkout.searchLabel, { exact: true });
      await search.fill('VITACURA');
      await expectTitles(page, ['Compraventa Vitacura']);
      expect(page.url()).toContain('q=VITACURA');
      await search.fill((made['Poder notarial'] as Order).order_number);
      await expectTitles(page, ['Poder notarial']);
      await search.fill('no existe nada así');
      await page.getByText(es.checkout.ordersEmptyFiltered).waitFor();
      await search.fill('');
      await expectTitles(page, all);

      // Period.
      const period = page.getByLabel(es.checkout.periodLabel, { exact: true });
      await period.selectOption({ label: es.checkout.periods['30d'] });
      await expectTitles(
        page,
        all.filter((t) => t !== 'Mandato especial' && t !== 'Finiquito laboral'),
      );
      await period.selectOption({ label: es.checkout.periods['90d'] });
      await expectTitles(
        page,
        all.filter((t) => t !== 'Finiquito laboral'),
      );
      await period.selectOption({ label: es.checkout.periods.year });
      await expect.poll(() => rowTitles(page)).not.toContain('Finiquito laboral');
      expect(await rowTitles(page)).toContain('Compraventa Vitacura');
      await period.selectOption({ label: es.checkout.periods.all });
      await expectTitles(page, all);

      // Page size 5: two pages (pager of §9), the sixth order on page 2.
      expect(await page.getByRole('navigation', { name: es.checkout.pagerLabel }).count()).toBe(0);
      await page
        .getByLabel(es.checkout.pageSizeLabel, { exact: true })
        .selectOption({ label: '5' });
      await expect.poll(() => rows(page).count()).toBe(5);
      const pager = page.getByRole('navigation', { name: es.checkout.pagerLabel });
      expect(
        await pager
          .getByRole('button', { name: fmt(es.checkout.pageN, { n: 1 }) })
          .getAttribute('aria-current'),
      ).toBe('page');
      await pager.getByRole('button', { name: fmt(es.checkout.pageN, { n: 2 }) }).click();
      await expect.poll(() => rows(page).count()).toBe(1);
      await page.getByText(fmt(es.checkout.showing, { from: 6, to: 6, total: 6 })).waitFor();
      expect(await pager.getByRole('button', { name: es.checkout.nextPage }).isDisabled()).toBe(
        true,
      );
      // The filters live in the URL: a reload keeps them.
      await page.reload();
      await expect.poll(() => rows(page).count()).toBe(1);
      expect(await page.getByLabel(es.checkout.pageSizeLabel, { exact: true }).inputValue()).toBe(
        '5',
      );
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows Santiago's dates to a browser in Tokyo (orders and credit history)", async () => {
    const traveller = await newConfirmedUser(stack, 'Viajera');
    const order = await paidOrder(stack, traveller, { title: 'Escritura de Año Nuevo' });
    // 31 December 22:30 in Santiago = 1 January 01:30 UTC = 1 January 10:30 in Tokyo.
    await rewriteOrder(stack, order.id, { created_at: '2027-01-01T01:30:00.000Z' });
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      gatePassed: true,
      timezoneId: 'Asia/Tokyo',
    });
    await journey(page, 'orders-santiago-clock', async () => {
      // The browser really is in Tokyo (a script string: no DOM types in this project).
      expect(await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone')).toBe(
        'Asia/Tokyo',
      );
      await logInOnPage(page, traveller);
      await page.waitForURL((url) => url.pathname === '/mis-pedidos');
      const row = orderRow(page, 'Escritura de Año Nuevo');
      await expect.poll(async () => (await row.textContent()) ?? '').toContain('31 dic 2026');
      expect(await row.textContent()).not.toContain('1 ene 2027');
      await page.screenshot({ path: '.data/e2e-shots/orders-list-tokyo.png' });
      await row
        .getByRole('button', {
          name: fmt(es.checkout.viewDetailOf, { number: order.order_number }),
        })
        .click();
      const dialog = page.getByRole('dialog', {
        name: fmt(es.checkout.orderModalTitle, { number: order.order_number }),
      });
      await dialog.getByText('31 dic 2026, 22:30').waitFor();
      await page.screenshot({ path: '.data/e2e-shots/orders-tokyo.png', fullPage: true });

      // The credit history: the credits payment, at its Santiago date and time.
      const txs = await fetch(`${stack.url}/api/credits/transactions`, {
        headers: { authorization: `Bearer ${traveller.accessToken}` },
      }).then((r) => r.json() as Promise<{ transactions: { type: string; created_at: string }[] }>);
      const usage = txs.transactions.find((t) => t.type === 'usage');
      if (!usage) throw new Error('no usage record');
      await page.goto('/credit-history');
      await page.getByText(formatSantiagoDateTime(usage.created_at)).first().waitFor();
      await page.screenshot({ path: '.data/e2e-shots/credit-history-tokyo.png', fullPage: true });
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('renames an order in the modal and resends a signing link', async () => {
    const order = made['Poder notarial'] as Order;
    const [signed, pending] = order.signers;
    if (!signed || !pending) throw new Error('the order has two signers');
    await setSignerStatus(stack, signed.id, 'signed');
    const linksBefore = (await waitForLinks(stack, pending.email, 1)).length;

    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      gatePassed: true,
      viewport: PHONE,
    });
    let patches = 0;
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes(`/api/orders/${order.id}`)) patches++;
    });
    await journey(page, 'orders-modal', async () => {
      await logInOnPage(page, user);
      await page.goto('/mis-pedidos');
      await orderRow(page, 'Poder notarial')
        .getByRole('button', {
          name: fmt(es.checkout.viewDetailOf, { number: order.order_number }),
        })
        .click();
      const dialog = page.getByRole('dialog', {
        name: fmt(es.checkout.orderModalTitle, { number: order.order_number }),
      });
      // The document's fingerprint: the short SHA-256, the whole one in its title.
      const hash = order.document_sha256 ?? '';
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      const fingerprint = dialog.locator('.order-fingerprint');
      expect(await fingerprint.textContent()).toBe(hash.slice(0, 12));
      expect(await fingerprint.getAttribute('title')).toBe(
        fmt(es.documents.fingerprintTitle, { hash }),
      );
      if (process.env.SELLO_SCREENSHOTS) {
        await dialog.screenshot({ path: `${process.env.SELLO_SCREENSHOTS}/order-modal.png` });
      }
      const title = dialog.getByLabel(es.checkout.editTitleLabel, { exact: true });
      await expect.poll(() => title.inputValue()).toBe('Poder notarial');

      // Empty or unchanged: ignored, no call.
      await title.fill('   ');
      await dialog.getByRole('button', { name: es.checkout.saveTitle }).click();
      await expect.poll(() => title.inputValue()).toBe('Poder notarial');
      await dialog.getByRole('button', { name: es.checkout.saveTitle }).click();
      expect(patches).toBe(0);

      // A new title, saved trimmed.
      await title.fill('  Poder notarial amplio  ');
      await dialog.getByRole('button', { name: es.checkout.saveTitle }).click();
      await dialog.getByText(es.checkout.titleSaved).waitFor();
      expect(patches).toBe(1);
      expect(await title.inputValue()).toBe('Poder notarial amplio');

      // Signers: labels, and resend offered only to the one who has not signed.
      const signedItem = dialog.getByRole('listitem').filter({ hasText: signed.email });
      const pendingItem = dialog.getByRole('listitem').filter({ hasText: pending.email });
      expect(await signedItem.textContent()).toContain(es.checkout.signerStatusLabels.signed);
      expect(await signedItem.getByRole('button').count()).toBe(0);
      expect(await pendingItem.textContent()).toContain(es.checkout.signerStatusLabels.pending);
      await pendingItem
        .getByRole('button', {
          name: fmt(es.checkout.resendLinkTo, {
            name: `${pending.first_name} ${pending.last_name}`,
          }),
        })
        .click();
      await dialog.getByText(fmt(es.orders.resendSigningSent, { email: pending.email })).waitFor();

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await orderRow(page, 'Poder notarial amplio').waitFor();
    });
    expect(consoleErrors).toEqual([]);
    await context.close();

    expect((await api.getOrder(user, order.id)).body.order.title).toBe('Poder notarial amplio');
    // The new link is in the mail viewer's store, and it is a different link.
    const links = await waitForLinks(stack, pending.email, linksBefore + 1);
    expect(links).toHaveLength(linksBefore + 1);
    expect(links.at(-1)?.href).not.toBe(links.at(-2)?.href);
    expect(await signingLinks(stack, signed.email)).toHaveLength(1);
  });
});

describe('the cart', () => {
  it('lists pending requests; edit opens the wizard; delete asks first; new request', async () => {
    const user = await newConfirmedUser(stack, 'Carrito');
    const older = await completeRequest(stack, user, { fileName: 'mandato.pdf' });
    const newer = await completeRequest(stack, user, { fileName: 'escritura.pdf' });
    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'orders-cart', async () => {
      await logInOnPage(page, user);
      await page.goto('/mis-pedidos');
      // The tabs follow the keyboard pattern: arrows move and select, Home goes to the first.
      // (The app's tabs, once they replace the prerendered first screen: a click waits for them.)
      await historyTab(page).click();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => cartTab(page).getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate("document.activeElement?.getAttribute('role')")).toBe('tab');
      expect(await page.evaluate('document.activeElement?.textContent')).toContain(
        es.checkout.cartTab,
      );
      expect(await historyTab(page).getAttribute('tabindex')).toBe('-1');
      await page.keyboard.press('Home');
      await expect.poll(() => historyTab(page).getAttribute('aria-selected')).toBe('true');
      await cartTab(page).click();
      expect(page.url()).toContain('tab=cart');
      const list = page.locator('.cart-row');
      await expect.poll(() => list.count()).toBe(2);
      // Newest first, with the server's total in the request's currency.
      expect(await list.nth(0).textContent()).toContain(newer.request_number);
      expect(await list.nth(1).textContent()).toContain(older.request_number);
      expect(await list.nth(0).textContent()).toContain(
        formatMoney(newer.quote.total, newer.currency_code),
      );
      expect(await list.nth(0).textContent()).toContain('escritura.pdf');
      // Two runs of the wizard are told apart by their services and the time they began.
      const services = contractedItems(newer.quote.items).map((i) => i.name);
      expect(services.length).toBeGreaterThan(0);
      expect(await list.nth(0).locator('.cart-row__services').textContent()).toBe(
        services.join(' · '),
      );
      expect(await list.nth(0).locator('time').textContent()).toBe(
        fmt(es.checkout.createdOn, { date: formatSantiagoDateTime(newer.created_at) }),
      );
      if (process.env.SELLO_SCREENSHOTS) {
        await page.screenshot({ path: `${process.env.SELLO_SCREENSHOTS}/cart.png` });
      }

      // Edit and pay: the wizard on that request.
      await page
        .getByRole('link', {
          name: fmt(es.checkout.editAndPayOf, { number: older.request_number }),
        })
        .click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/firmar-documento' && url.searchParams.get('request') === older.id,
      );
      await page.getByRole('heading', { name: es.wizard.title, level: 1 }).waitFor();
      await page.goBack();
      await expect.poll(() => list.count()).toBe(2);

      // Delete: the app's confirmation modal; cancelling keeps the request.
      const deleteNewer = page.getByRole('button', {
        name: fmt(es.checkout.deleteRequestOf, { number: newer.request_number }),
      });
      await deleteNewer.click();
      const confirm = page.getByRole('dialog', { name: es.checkout.deleteTitle });
      await confirm.getByText(es.checkout.deleteConfirm).waitFor();
      await confirm.getByRole('button', { name: es.common.cancel }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await cartIds(stack, user)).toHaveLength(2);
      await deleteNewer.click();
      await confirm.getByRole('button', { name: es.checkout.confirmDelete }).click();
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => list.count()).toBe(1);
      expect(await list.first().textContent()).toContain(older.request_number);

      // A new request starts the wizard afresh (the in-progress one is forgotten).
      await setWizardSession(page, older.id);
      await page.getByRole('button', { name: es.checkout.newRequest }).click();
      await page.waitForURL((url) => url.pathname === '/firmar-documento' && !url.search);
      expect(await wizardSessionOf(page)).toBeNull();
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
    expect(await cartIds(stack, user)).toEqual([older.id]);
  });
});

describe('accessibility of orders, cart and modals (axe-core)', () => {
  let user: TestUser;
  let order: Order;
  beforeAll(async () => {
    user = await newConfirmedUser(stack, 'Axe');
    order = await paidOrder(stack, user, { title: 'Contrato de prueba' });
    await completeRequest(stack, user);
  }, 60_000);

  for (const variant of A11Y_VARIANTS) {
    it(`history, order modal, cart and delete confirmation, ${variant.label}`, async () => {
      const { context, page } = await newVisitor(browser, stack, { ...variant, gatePassed: true });
      const found: string[] = [];
      const theme = variant.colorScheme;
      await journey(page, `orders-a11y-${theme}-${variant.viewport.width}`, async () => {
        await logInOnPage(page, user);
        await page.goto('/mis-pedidos');
        await rows(page).first().waitFor();
        found.push(...(await a11yOf(page, 'orders', theme)));

        await page
          .getByRole('button', {
            name: fmt(es.checkout.viewDetailOf, { number: order.order_number }),
          })
          .click();
        const dialog = page.getByRole('dialog');
        await dialog
          .getByRole('button', { name: new RegExp(es.checkout.resendLink) })
          .first()
          .click();
        // Its outcome (sent, or refused as too frequent after another variant's resend).
        await dialog.locator('.order-section .ui-alert').first().waitFor();
        found.push(...(await a11yOf(page, 'order modal', theme)));
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        await cartTab(page).click();
        await page.locator('.cart-row').first().waitFor();
        found.push(...(await a11yOf(page, 'cart', theme)));
        await page
          .getByRole('button', { name: new RegExp(`^${es.checkout.deleteRequest}`) })
          .first()
          .click();
        await page.getByRole('dialog', { name: es.checkout.deleteTitle }).waitFor();
        found.push(...(await a11yOf(page, 'delete confirmation', theme)));
      });
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
