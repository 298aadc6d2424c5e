import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { DESKTOP, journey, launchBrowser, newVisitor } from '../support/browser.js';
import { notaryApi, notaryWithAssignment, orderRecord } from '../support/notary.js';
import { logInOnPage } from '../support/web-journey.js';

/**
 * The header's bell as the customer sees it: the notary's two messages are a badge and one
 * notification; following it and opening the order's chat empties the bell.
 */
const stack = inject('stack');
const t = es.notifications;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the header's bell", () => {
  it("shows the notary's unread messages until the customer reads the chat", async () => {
    const n = await notaryWithAssignment(stack);
    const notary = notaryApi(stack, n.user, n.org.id);
    await notary.action('take_document', n.assignmentId);
    await notary.write(n.assignmentId, '¿La fecha del documento es hoy?');
    await notary.write(n.assignmentId, '¿Y la ciudad?');
    const order = await orderRecord(stack, n.orderId);

    const customer = await newVisitor(browser, stack, { viewport: DESKTOP, gatePassed: true });
    await journey(customer.page, 'notification-bell', async () => {
      const page = customer.page;
      await logInOnPage(page, n.customer);
      await page.waitForURL((url) => url.pathname === '/mis-pedidos');
      const bell = page.getByRole('button', { name: fmt(t.bellUnreadMany, { n: 2 }) });
      await bell.click();
      const popover = page.getByRole('region', { name: es.layout.notifications });
      const link = popover.getByRole('link', {
        name: new RegExp(fmt(t.chatFromNotaryTitle, { number: order.order_number })),
      });
      await link.getByText(fmt(t.unreadMany, { n: 2 })).waitFor();
      await page.screenshot({ path: '.data/e2e-shots/notification-bell.png' });

      // The link opens the order's modal, and its chat, at once.
      await link.click();
      const dialog = page.getByRole('dialog', {
        name: fmt(es.checkout.orderModalTitle, { number: order.order_number }),
      });
      await dialog
        .getByRole('region', { name: es.chat.title })
        .getByText('¿Y la ciudad?')
        .waitFor();
      // Reading the chat cleared the notification: the bell has no badge any more.
      // (Read by class: the open modal hides the header from the accessibility tree.)
      await expect
        .poll(() => page.locator('button.bell').getAttribute('aria-label'))
        .toBe(es.layout.notifications);
      await expect(page.locator('.bell__badge').count()).resolves.toBe(0);
    });
    expect(customer.consoleErrors).toEqual([]);
    await customer.context.close();
  });
});
