import { expect } from 'vitest';
import type { StackInfo } from '../../local/stack.js';
import type { Receipt, ReceiptSummary } from '../../shared/contract/receipts.js';
import { api, mailsTo, type TestUser } from './client.js';
import { confirmInBrowser, GOOD_CARD } from './orders.js';

/**
 * Helpers of the receipts tests: a credit package bought as the browser buys it, the caller's
 * receipts (all, or one order's) read through the API, waiting for one to be issued (the
 * webhook issues it a moment after the payment), and the receipt e-mails in the local SES store.
 */
export interface PackageIntent {
  client_secret: string;
  payment_intent_id: string;
  publishable_key: string;
  package: { id: string; price: number; currency_code: string; credits_amount: number };
}

export async function packageIntent(stack: StackInfo, user: TestUser, packageId = 'popular') {
  const res = await api(stack)<PackageIntent>('POST', '/api/payments/credit-package-intent', {
    token: user.accessToken,
    body: { packageId, countryId: 'cl' },
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** A package paid with the good test card (the webhook then credits it and issues its receipt). */
export async function buyPackage(stack: StackInfo, user: TestUser, packageId = 'popular') {
  const intent = await packageIntent(stack, user, packageId);
  const paid = await confirmInBrowser(stack, intent, GOOD_CARD);
  expect(paid.status).toBe(200);
  return intent;
}

export const listReceipts = (stack: StackInfo, user: TestUser, orderId?: string) =>
  api(stack)<{ receipts: ReceiptSummary[]; next_cursor: string | null }>(
    'GET',
    orderId ? `/api/receipts?order_id=${encodeURIComponent(orderId)}` : '/api/receipts',
    { token: user.accessToken },
  );

export const getReceipt = (stack: StackInfo, user: TestUser, id: string) =>
  api(stack)<{ receipt: Receipt }>('GET', `/api/receipts/${id}`, { token: user.accessToken });

/** Waits until the caller has receipts matching `match` (at least `count`), and answers them. */
export async function receiptsWhen(
  stack: StackInfo,
  user: TestUser,
  match: (r: ReceiptSummary) => boolean,
  count = 1,
): Promise<ReceiptSummary[]> {
  for (let i = 0; i < 150; i++) {
    const res = await listReceipts(stack, user);
    expect(res.status).toBe(200);
    const found = res.body.receipts.filter(match);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('receipt not issued');
}

/** The receipt e-mails an address received so far. */
export async function receiptMails(stack: StackInfo, email: string) {
  return (await mailsTo(stack, email)).filter((m) => m.subject.startsWith('Tu recibo'));
}

/** Waits until `count` receipt e-mails reached `email`. */
export async function waitForReceiptMails(stack: StackInfo, email: string, count = 1) {
  for (let i = 0; i < 150; i++) {
    const mails = await receiptMails(stack, email);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fewer than ${count} receipt e-mail(s) reached ${email}`);
}
