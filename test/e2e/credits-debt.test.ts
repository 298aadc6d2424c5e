import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { formatCredits } from '../../shared/rules/currency.js';
import { journey, launchBrowser, newVisitor, PHONE } from '../support/browser.js';
import { api, newConfirmedUser } from '../support/client.js';
import {
  checkoutApi,
  completeRequest,
  confirmInBrowser,
  delivered,
  GOOD_CARD,
} from '../support/orders.js';
import { dispute } from '../support/refunds.js';
import { logInOnPage } from '../support/web-journey.js';

/**
 * A debt as its customer meets it (docs/credits-economy.md §14d): credits bought by card and
 * spent on an order, then the card payment disputed. The wallet shows the pause and what is
 * owed, in Spanish, on the credit history page.
 */
const stack = inject('stack');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a wallet in debt', () => {
  it('says on the credit history that the credits are paused and how many are owed', async () => {
    const user = await newConfirmedUser(stack, 'Deudora');
    const call = api(stack);
    const intent = await call<{
      client_secret: string;
      payment_intent_id: string;
      publishable_key: string;
      package: { credits_amount: number };
    }>('POST', '/api/payments/credit-package-intent', {
      token: user.accessToken,
      body: { packageId: 'basico', countryId: 'cl' },
    });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const pi = intent.body.payment_intent_id;
    expect((await confirmInBrowser(stack, intent.body, GOOD_CARD)).status).toBe(200);
    await delivered(stack, pi, 'payment_intent.succeeded');
    // An order paid with those credits, then the package's payment disputed.
    const request = await completeRequest(stack, user);
    const paid = await checkoutApi(stack).payCredits(user, request.id, randomUUID());
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const spent = paid.body.order.credits_used ?? 0;
    expect(spent).toBeGreaterThan(0);
    await dispute(stack, pi);
    await delivered(stack, pi, 'charge.dispute.created');

    const { context, page, consoleErrors } = await newVisitor(browser, stack, {
      viewport: PHONE,
      gatePassed: true,
    });
    await journey(page, 'credits-debt', async () => {
      await logInOnPage(page, user);
      await page.goto('/credit-history');
      const notice = page.getByText(fmt(es.credits.debtNotice, { debt: formatCredits(spent) }));
      await notice.waitFor();
      await page.screenshot({ path: '.data/e2e-shots/credits-debt.png', fullPage: true });
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
