import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { formatCredits } from '../../shared/rules/currency.js';
import { journey, launchBrowser, newVisitor, PHONE } from '../support/browser.js';
import { api, newConfirmedUser } from '../support/client.js';
import { walletOf } from '../support/ledger.js';
import { paidOrder, rewriteOrder, signer, waitForLinks } from '../support/orders.js';
import { logInOnPage } from '../support/web-journey.js';

/**
 * Cancelling an order as a customer does it (issue 21): a simple order paid with credits, a
 * resent link (the modal's 'Último enlace enviado' is read again, the old link says it was
 * replaced), then 'Cancelar pedido' with its confirmation saying what comes back, the credits
 * back in the balance, no resend or cancel left, and the signer's link saying the order was
 * cancelled. Screenshots go to $SELLO_SCREENSHOTS when it is set.
 */
const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const shots = process.env.SELLO_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/** The signing page at a link, as the signer's browser opens it; its heading once answered. */
async function signerSees(link: URL, name: string, heading: string) {
  const visitor = await newVisitor(browser, stack, { viewport: PHONE });
  await journey(visitor.page, `order-cancel-${name}`, async () => {
    await visitor.page.goto(`${link.pathname}${link.search}`);
    await visitor.page.getByRole('heading', { name: heading }).waitFor();
    await shot(visitor.page, `signer-${name}`);
  });
  const text = await visitor.page.locator('.sign-screen').textContent();
  expect(visitor.consoleErrors).toEqual([]);
  await visitor.context.close();
  return text ?? '';
}

describe('cancelling an order', () => {
  it('a credits order cancelled before anyone signs gives the credits back; its links say so', async () => {
    const user = await newConfirmedUser(stack, 'Camila');
    const person = signer({ first_name: 'Tomás', last_name: 'Reyes' });
    const order = await paidOrder(stack, user, {
      signers: [person],
      title: 'Arriendo Providencia',
    });
    const before = (await walletOf(stack, user.accessToken)).balance;
    const expected = before + order.credits_used;
    const [first] = await waitForLinks(stack, person.email);

    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      gatePassed: true,
    });
    let detailReads = 0;
    page.on('request', (r) => {
      if (r.method() === 'GET' && r.url().endsWith(`/api/orders/${order.id}`)) detailReads++;
    });
    await journey(page, 'order-cancel', async () => {
      await logInOnPage(page, user);
      await page.goto('/mis-pedidos');
      await page
        .getByRole('article', { name: 'Arriendo Providencia', exact: true })
        .getByRole('button', {
          name: fmt(es.checkout.viewDetailOf, { number: order.order_number }),
        })
        .click();
      const dialog = page.getByRole('dialog', {
        name: fmt(es.checkout.orderModalTitle, { number: order.order_number }),
      });
      await dialog.getByText(es.checkout.signerStatusLabels.pending).waitFor();

      // Resend: the modal reads the order again ('Último enlace enviado').
      const readsBefore = detailReads;
      await dialog
        .getByRole('button', {
          name: fmt(es.checkout.resendLinkTo, { name: 'Tomás Reyes' }),
        })
        .click();
      await dialog.getByText(fmt(es.orders.resendSigningSent, { email: person.email })).waitFor();
      await expect.poll(() => detailReads).toBeGreaterThan(readsBefore);

      // 'Cancelar pedido': the confirmation says what comes back before anything happens.
      const section = dialog.locator('.order-cancel');
      await section.scrollIntoViewIfNeeded();
      if (shots) await section.screenshot({ path: `${shots}/cancel-section.png` });
      await dialog.getByRole('button', { name: es.orders.cancelOrder }).click();
      const confirm = page.getByRole('dialog', {
        name: fmt(es.orders.cancelTitle, { number: order.order_number }),
      });
      const back = fmt(es.orders.cancelBackCredits, {
        credits: formatCredits(order.credits_used),
      });
      await confirm.getByText(back).waitFor();
      await confirm.getByText(es.orders.cancelWhat).waitFor();
      if (shots) await confirm.screenshot({ path: `${shots}/cancel-confirm.png` });
      // 'No' keeps the order as it was.
      await confirm.getByRole('button', { name: es.orders.cancelKeep }).click();
      await confirm.waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: es.orders.cancelOrder }).click();
      await confirm.getByRole('button', { name: es.orders.cancelConfirm }).click();

      await dialog
        .getByText(fmt(es.orders.cancelledCredits, { credits: formatCredits(order.credits_used) }))
        .waitFor();
      await dialog.locator('.status-badge', { hasText: 'Cancelado' }).first().waitFor();
      // Nothing left to resend or cancel.
      expect(
        await dialog.getByRole('button', { name: new RegExp(es.checkout.resendLink) }).count(),
      ).toBe(0);
      expect(await dialog.getByRole('button', { name: es.orders.cancelOrder }).count()).toBe(0);
      // The resend's message went with the button; the signer no longer reads 'Pendiente'.
      expect(
        await dialog.getByText(fmt(es.orders.resendSigningSent, { email: person.email })).count(),
      ).toBe(0);
      await dialog
        .locator('.order-signer .status-badge', {
          hasText: es.checkout.signerStatusLabels.notSigned,
        })
        .waitFor();
      expect(
        await dialog
          .locator('.order-signer .status-badge', {
            hasText: es.checkout.signerStatusLabels.pending,
          })
          .count(),
      ).toBe(0);
      if (shots) await dialog.screenshot({ path: `${shots}/order-cancelled-modal.png` });
      await dialog.locator('.order-facts').scrollIntoViewIfNeeded();
      if (shots) await dialog.screenshot({ path: `${shots}/order-cancelled-modal-top.png` });

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // The credits are back, in the balance the credit history shows.
      await page.goto('/credit-history');
      await expect
        .poll(() => page.locator('.wallet-summary').textContent())
        .toMatch(new RegExp(`${es.credits.balance}\\s*${formatCredits(expected)}`));
      await shot(page, 'credit-history-after-cancel');
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
    expect((await walletOf(stack, user.accessToken)).balance).toBe(expected);

    // The signer's first link was replaced by the resend, then the order was cancelled: each
    // link says what happened to it.
    const links = await waitForLinks(stack, person.email, 2);
    const newest = links[1] as URL;
    expect(await signerSees(newest, 'cancelled', es.signing.orderClosedTitle)).toContain(
      es.signing.orderClosed,
    );
    expect(await signerSees(first as URL, 'old-link', es.signing.orderClosedTitle)).toContain(
      es.signing.orderClosed,
    );
  }, 180_000);

  it('an order bought for a service not delivered yet offers a full refund in its modal', async () => {
    const user = await newConfirmedUser(stack, 'Notaria');
    const order = await paidOrder(stack, user, { title: 'Copia por legalizar' });
    // No checkout sells a notary-authorized signature today (it needs FES + Clave Única): the
    // order is made as one paid before.
    await rewriteOrder(stack, order.id, { notarial_code: 'firma_autorizada' } as never);
    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      gatePassed: true,
      viewport: PHONE,
    });
    await journey(page, 'order-cancel-unavailable', async () => {
      await logInOnPage(page, user);
      await page.goto('/mis-pedidos');
      await page
        .getByRole('article', { name: 'Copia por legalizar', exact: true })
        .getByRole('button', {
          name: fmt(es.checkout.viewDetailOf, { number: order.order_number }),
        })
        .click();
      const dialog = page.getByRole('dialog', {
        name: fmt(es.checkout.orderModalTitle, { number: order.order_number }),
      });
      await dialog.getByText(es.orders.unavailableNotice).waitFor();
      await dialog.locator('.order-cancel').scrollIntoViewIfNeeded();
      if (shots) await page.screenshot({ path: `${shots}/unavailable-notice-phone.png` });
      await dialog.getByRole('button', { name: es.orders.cancelOrder }).click();
      const confirm = page.getByRole('dialog', {
        name: fmt(es.orders.cancelTitle, { number: order.order_number }),
      });
      await confirm
        .getByText(fmt(es.orders.cancelBackCredits, { credits: formatCredits(order.credits_used) }))
        .waitFor();
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);

  it('an old link after a resend says a newer one was sent, without «verifica tus datos»', async () => {
    const user = await newConfirmedUser(stack, 'Reenvia');
    const person = signer({ first_name: 'Inés', last_name: 'Mora' });
    const order = await paidOrder(stack, user, { signers: [person] });
    const [first] = await waitForLinks(stack, person.email);
    const res = await api(stack)(
      'POST',
      `/api/orders/${order.id}/signers/${order.signers[0]?.id}/resend`,
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    const text = await signerSees(first as URL, 'replaced', es.signing.linkReplacedTitle);
    expect(text).toContain(es.signing.linkReplaced.split('{email}')[0]?.trim() ?? '?');
    expect(text).not.toContain(es.signing.helpVerify);
  }, 120_000);
});
