import { createHash } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { api, freshIp, mailsTo, newConfirmedUser } from '../support/client.js';
import {
  cardPaidOrder,
  checkoutApi,
  checkoutForm,
  delivered,
  signer,
  waitForLinks,
} from '../support/orders.js';
import { openLink, orderWhen, signAll, signingApi } from '../support/signing.js';
import { scanTable, streamRecords } from '../support/table.js';

/**
 * Signing and delivery tokens are never stored (issue 20, item 9): the outbox mints each link's
 * token when it sends (functions/mail/link-tokens.ts) and the table keeps only its SHA-256, so
 * neither an item, nor the table's stream (what backups and the queues see), holds a token
 * that was mailed. The links still work, a resend works, and a cancelled order's delivery
 * links are refused.
 */
const stack = inject('stack');
const call = api(stack);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The link tokens of this order's mails to `to`: signing (/sign/{id}) and delivery links. */
async function mailedTokens(to: string, paths: string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const mail of await mailsTo(stack, to)) {
    for (const part of [mail.body.html ?? '', mail.body.text ?? '']) {
      for (const m of part.matchAll(/\/(sign|descargar)\/([^?"\s]+)\?token=([A-Za-z0-9_-]+)/g)) {
        if (paths.includes(`${m[1]}/${m[2]}`)) tokens.push(m[3] as string);
      }
    }
  }
  return [...new Set(tokens)];
}

/** The delivery link mailed to `to` for this order (waits for the mail). */
async function deliveryToken(to: string, orderId: string): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const [token] = await mailedTokens(to, [`descargar/${orderId}`]);
    if (token) return token;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no delivery mail for ${to}`);
}

const download = (orderId: string, token: string) =>
  call('POST', '/api/delivery/download', { body: { orderId, token }, ip: freshIp() });

describe('link tokens are minted at send time and never stored', () => {
  it('no item and no stream record holds a mailed token; links, a resend and the cancellation work', async () => {
    const { dispute } = await import('../support/refunds.js');
    const user = await newConfirmedUser(stack, 'Tokens');
    const people = [signer(), signer()];
    // In order (the second link is issued by the first signature) and delivered to the signers.
    const { pi, orderId } = await cardPaidOrder(stack, user, {
      signers: people,
      delivery: true,
      signInOrder: true,
    });
    const [first, second] = people.map((p) => p.email) as [string, string];
    const order = (await checkoutApi(stack).getOrder(user, orderId)).body.order;
    const [s1, s2] = order.signers.map((s) => s.id) as [string, string];

    // The first link, then a resend: the new link works, the first no longer does.
    const [original] = await waitForLinks(stack, first);
    const resent = await call('POST', `/api/orders/${orderId}/signers/${s1}/resend`, {
      token: user.accessToken,
    });
    expect(resent.status).toBe(200);
    const links = await waitForLinks(stack, first, 2);
    const old = await signingApi(stack)({
      accion: 'init_signing',
      signerId: s1,
      token: original?.searchParams.get('token') ?? '',
    });
    expect(old.body.data?.signingSessionId).toBeFalsy();
    await signAll(stack, await openLink(stack, links[1] as URL), first);
    // The second signer's link, minted by the outbox when the first signature handed over.
    const [next] = await waitForLinks(stack, second);
    await signAll(stack, await openLink(stack, next as URL), second);
    await orderWhen(stack, user, orderId, 'completed');

    // Delivery to the requester (the checkout's billing address) and both signers.
    const billing = checkoutForm().email;
    const delivery = await Promise.all(
      [billing, first, second].map((to) => deliveryToken(to, orderId)),
    );
    for (const token of delivery) expect((await download(orderId, token)).status).toBe(200);

    const paths = [`sign/${s1}`, `sign/${s2}`, `descargar/${orderId}`];
    const mailed = [
      ...(await mailedTokens(first, paths)),
      ...(await mailedTokens(second, paths)),
      ...delivery,
    ];
    // Two links to the first signer, one to the second, three delivery links.
    expect(new Set(mailed).size).toBe(6);

    const items = (await scanTable(stack)).map((item) => JSON.stringify(item));
    const records = (await streamRecords(stack)).map((record) => JSON.stringify(record));
    for (const token of mailed) {
      expect(items.filter((item) => item.includes(token))).toEqual([]);
      expect(records.filter((record) => record.includes(token))).toEqual([]);
    }
    // What the table keeps is each delivery link's hash, the key it is looked up by.
    for (const token of delivery) {
      expect(items.some((item) => item.includes(`"DLV#${sha256(token)}"`))).toBe(true);
    }

    // The payment is disputed: the order is cancelled and every delivery link refused.
    await dispute(stack, pi);
    await delivered(stack, pi, 'charge.dispute.created');
    expect((await checkoutApi(stack).getOrder(user, orderId)).body.order.status).toBe('cancelled');
    for (const token of delivery) expect((await download(orderId, token)).status).toBe(404);
  }, 180_000);
});
