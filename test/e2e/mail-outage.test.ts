import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { formatCredits } from '../../shared/rules/currency.js';
import { journey, launchBrowser, newVisitor } from '../support/browser.js';
import { newConfirmedUser } from '../support/client.js';
import { allUp, setFault } from '../support/faults.js';
import { grantCredits } from '../support/ledger.js';
import { checkoutApi, completeRequest, signingLinks } from '../support/orders.js';
import { fillCheckout, logInOnPage } from '../support/web-journey.js';

/**
 * Issue 11's journey: with the mail service stopped a customer pays by credits; the order modal
 * says 'Enlace no enviado' for each signer; mail comes back and every signer gets exactly one
 * link, and the modal shows them sent.
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
afterEach(() => allUp(stack));

const payment = (page: Page) => page.getByRole('region', { name: es.checkout.paymentTitle });

describe('a credits payment while mail is down', () => {
  it("shows 'Enlace no enviado' and then the links sent once mail is back", async () => {
    const user = await newConfirmedUser(stack, 'Apagon');
    const request = await completeRequest(stack, user);
    await grantCredits(stack, user.accessToken, request.quote.credits_needed);
    await setFault(stack, 'mail', 'down');

    const { context, page, consoleErrors } = await newVisitor(browser, stack, { gatePassed: true });
    await journey(page, 'mail-outage', async () => {
      await logInOnPage(page, user);
      await page.goto(`/checkout?request=${request.id}`);
      await fillCheckout(page);
      const toggle = payment(page).getByRole('switch', { name: es.checkout.creditsToggle });
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      await toggle.check();
      await payment(page)
        .getByRole('button', {
          name: fmt(es.checkout.payWithCredits, {
            n: formatCredits(request.quote.credits_needed),
          }),
        })
        .click();
      await page.waitForURL(/\/success\?order=/, { timeout: 30_000 });
      const orderId = new URL(page.url()).searchParams.get('order') ?? '';
      const order = (await api.getOrder(user, orderId)).body.order;

      const openModal = async () => {
        await page.goto('/mis-pedidos');
        await page
          .getByRole('button', {
            name: fmt(es.checkout.viewDetailOf, { number: order.order_number }),
          })
          .click();
        return page.getByRole('dialog', {
          name: fmt(es.checkout.orderModalTitle, { number: order.order_number }),
        });
      };
      let dialog = await openModal();
      for (const s of order.signers) {
        const item = dialog.getByRole('listitem').filter({ hasText: s.email });
        await item.getByText(es.checkout.linkNotSent).waitFor();
      }
      await dialog.screenshot({ path: '.data/e2e-shots/order-modal-mail-down.png' });
      for (const s of order.signers) expect(await signingLinks(stack, s.email)).toEqual([]);

      await setFault(stack, 'mail', 'up');
      // Within a minute every signer has exactly one link, and the modal says when it went.
      await expect
        .poll(
          async () =>
            (await api.getOrder(user, orderId)).body.order.signers.every((s) => s.link_sent_at),
          { timeout: 60_000, interval: 500 },
        )
        .toBe(true);
      await page.keyboard.press('Escape');
      dialog = await openModal();
      for (const s of order.signers) {
        const item = dialog.getByRole('listitem').filter({ hasText: s.email });
        await item.getByText(/Último enlace enviado/).waitFor();
        expect(await item.getByText(es.checkout.linkNotSent).count()).toBe(0);
      }
      await dialog.screenshot({ path: '.data/e2e-shots/order-modal-mail-back.png' });
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
    for (const s of request.signers) expect(await signingLinks(stack, s.email)).toHaveLength(1);
  }, 120_000);
});
