import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Order, OrderSummary } from '../../shared/contract/orders.js';
import { es, fmt } from '../../shared/messages.es.js';
import { startOfSantiagoYear } from '../../shared/rules/santiago-time.js';
import { api, newConfirmedUser, type TestUser } from '../support/client.js';
import {
  checkoutApi,
  completeRequest,
  forgetToken,
  paidOrder,
  rewriteOrder,
  setSignerStatus,
  signer,
  signingLinks,
  storedOrder,
  storedSigner,
  waitForLinks,
} from '../support/orders.js';

const stack = inject('stack');
const call = api(stack);
const shop = checkoutApi(stack);
const m = es.orders;
const DAY = 86_400_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

interface ListAnswer {
  orders: OrderSummary[];
  total: number;
  page: number;
  page_size: number;
  stats: { total_orders: number; processing: number; completed: number; pending_requests: number };
}

const list = (user: TestUser, query = '') =>
  call<ListAnswer>('GET', `/api/orders${query}`, { token: user.accessToken });

async function listed(user: TestUser, query = '') {
  const res = await list(user, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const rename = (user: TestUser, id: string, title: unknown) =>
  call<{ order: Order }>('PATCH', `/api/orders/${id}`, {
    token: user.accessToken,
    body: { title },
  });

const resend = (user: TestUser, orderId: string, signerId: string) =>
  call<{ current_step: string; message: string }>(
    'POST',
    `/api/orders/${orderId}/signers/${signerId}/resend`,
    { token: user.accessToken },
  );

describe('the order history', () => {
  let user: TestUser;
  let other: TestUser;
  let arriendo: Order;
  let poder: Order;
  let sales: Order[];
  let old: Order;
  let older: Order;

  beforeAll(async () => {
    user = await newConfirmedUser(stack, 'Historial');
    other = await newConfirmedUser(stack, 'Vecina');
    arriendo = await paidOrder(stack, user, {
      title: 'Contrato Arriendo Ñuñoa',
      fileName: 'arriendo.pdf',
    });
    poder = await paidOrder(stack, user, {
      title: 'Poder notarial',
      fileName: 'escritura-poder.pdf',
    });
    sales = [];
    for (let i = 1; i <= 4; i++) {
      sales.push(
        await paidOrder(stack, user, { title: `Compraventa ${i}`, fileName: `venta-${i}.pdf` }),
      );
    }
    const hidden = await paidOrder(stack, user, { title: 'Borrador oculto' });
    // Dates and statuses no API sets yet: written through the repository's own item builder.
    old = sales[2] as Order;
    older = sales[3] as Order;
    await rewriteOrder(stack, old.id, {
      created_at: new Date(Date.now() - 40 * DAY).toISOString(),
    });
    await rewriteOrder(stack, older.id, {
      created_at: new Date(Date.now() - 400 * DAY).toISOString(),
    });
    await rewriteOrder(stack, (sales[1] as Order).id, { status: 'completed' });
    await rewriteOrder(stack, hidden.id, { status: 'pending' });
    // Two requests waiting in the cart.
    await completeRequest(stack, user);
    await completeRequest(stack, user);
  }, 120_000);

  it('lists newest first, hides pending orders and counts every order in the stats', async () => {
    const page = await listed(user);
    expect(page.total).toBe(6);
    expect(page.page).toBe(1);
    expect(page.page_size).toBe(10);
    expect(page.orders.map((o) => o.id)).toEqual(
      [sales[1], sales[0], poder, arriendo, old, older].map((o) => o?.id),
    );
    expect(page.orders.map((o) => o.title)).not.toContain('Borrador oculto');
    expect(page.stats).toEqual({
      total_orders: 6,
      processing: 5,
      completed: 1,
      pending_requests: 2,
    });
    expect(page.orders[3]).toEqual({
      id: arriendo.id,
      order_number: arriendo.order_number,
      title: 'Contrato Arriendo Ñuñoa',
      status: 'processing',
      total_price: arriendo.total_price,
      currency_code: 'CLP',
      country_id: 'cl',
      document_name: 'arriendo.pdf',
      request_id: arriendo.request_id,
      request_number: arriendo.request_number,
      signers_count: 2,
      payment_method_mix: 'full_credits',
      payment_method_label: 'Créditos',
      credits_used: arriendo.credits_used,
      created_at: arriendo.created_at,
    });
  });

  it('searches title, document name and order number, ignoring case and accents', async () => {
    const ids = async (q: string) =>
      (await listed(user, `?q=${encodeURIComponent(q)}`)).orders.map((o) => o.id);
    expect(await ids('ARRIENDO')).toEqual([arriendo.id]);
    expect(await ids('nunoa')).toEqual([arriendo.id]);
    expect(await ids('Escritura')).toEqual([poder.id]);
    expect(await ids(poder.order_number.toLowerCase())).toEqual([poder.id]);
    expect(await ids('compraventa')).toHaveLength(4);
    expect(await ids('no existe nada así')).toEqual([]);
    // Stats stay those of the whole history.
    expect((await listed(user, '?q=ARRIENDO')).stats.total_orders).toBe(6);
  });

  it('filters by period: last 7, 30, 90 days and this year', async () => {
    const count = async (period: string) => (await listed(user, `?period=${period}`)).total;
    expect(await count('7d')).toBe(4);
    expect(await count('30d')).toBe(4);
    expect(await count('90d')).toBe(5);
    // 'Este año' is Santiago's calendar year.
    const yearStart = startOfSantiagoYear(new Date()).getTime();
    // The four orders of today, plus the 40-day-old one when it falls in this year too.
    const inYear = 4 + (Date.now() - 40 * DAY >= yearStart ? 1 : 0);
    expect(await count('year')).toBe(inYear);
    const filtered = await listed(user, '?period=30d&q=compraventa');
    expect(filtered.orders.map((o) => o.id)).toEqual([sales[1]?.id, sales[0]?.id]);
    expect(filtered.stats.total_orders).toBe(6);
    expect((await list(user, '?period=2d')).status).toBe(400);
  });

  it('pages with the sizes of the screen (5, 10, 25, 50, 100) and refuses others', async () => {
    const first = await listed(user, '?page_size=5');
    const second = await listed(user, '?page_size=5&page=2');
    expect(first.orders).toHaveLength(5);
    expect(second.orders).toHaveLength(1);
    expect([first.total, second.total]).toEqual([6, 6]);
    expect([...first.orders, ...second.orders].map((o) => o.id)).toEqual(
      (await listed(user)).orders.map((o) => o.id),
    );
    expect((await listed(user, '?page_size=5&page=3')).orders).toEqual([]);
    for (const size of [25, 50, 100]) {
      expect((await listed(user, `?page_size=${size}`)).orders).toHaveLength(6);
    }
    for (const bad of ['?page_size=7', '?page_size=0', '?page=0', '?page=abc']) {
      const res = await list(user, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'VALIDATION' } });
    }
  });

  it('shows another user none of these orders, and a 404 for one of them', async () => {
    const theirs = await listed(other);
    expect(theirs.total).toBe(0);
    expect(theirs.stats).toEqual({
      total_orders: 0,
      processing: 0,
      completed: 0,
      pending_requests: 0,
    });
    const res = await shop.getOrder(other, arriendo.id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: m.orderNotFound } });
  });
});

describe('one order', () => {
  let owner: TestUser;
  let other: TestUser;
  let order: Order;

  beforeAll(async () => {
    owner = await newConfirmedUser(stack, 'Detalle');
    other = await newConfirmedUser(stack, 'Intrusa');
    order = await paidOrder(stack, owner, { title: 'Mandato', signers: [signer(), signer()] });
  }, 60_000);

  it('comes with its lines and signers', async () => {
    const res = await shop.getOrder(owner, order.id);
    expect(res.status).toBe(200);
    // The file links are presigned on each read: signed at another second, they differ in
    // their date and signature, never in the object they name.
    const objectOf = (url: string | null) => (url ? new URL(url).pathname : null);
    const { original_file_url: got, ...rest } = res.body.order;
    const { original_file_url: want, ...expected } = order;
    expect(rest).toEqual(expected);
    expect(objectOf(got)).toBe(objectOf(want));
    expect(order.items.length).toBe(2);
    expect(order.items.reduce((sum, i) => sum + i.item_total, 0)).toBe(order.total_price);
    expect(order.signers.map((s) => s.signer_index)).toEqual([1, 2]);
    for (const id of ['no-existe', 'a'.repeat(200)]) {
      expect((await shop.getOrder(owner, id)).status).toBe(404);
    }
  });

  it('takes a new title trimmed, writes nothing for the same title, refuses an empty one', async () => {
    const before = await storedOrder(stack, order.id);
    const renamed = await rename(owner, order.id, '  Mandato especial  ');
    expect(renamed.status).toBe(200);
    expect(renamed.body.order.title).toBe('Mandato especial');
    const afterRename = await storedOrder(stack, order.id);
    expect(afterRename?.updated_at).not.toBe(before?.updated_at);

    const same = await rename(owner, order.id, 'Mandato especial ');
    expect(same.status).toBe(200);
    expect((await storedOrder(stack, order.id))?.updated_at).toBe(afterRename?.updated_at);

    for (const title of ['', '   ', null]) {
      const res = await rename(owner, order.id, title);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'VALIDATION', message: m.titleError } });
    }
    expect((await rename(owner, order.id, 'x'.repeat(201))).status).toBe(400);
    expect((await listed(owner, '?q=especial')).orders.map((o) => o.id)).toEqual([order.id]);
  });

  it("refuses another user's rename with a 404 and keeps the title", async () => {
    const res = await rename(other, order.id, 'Robado');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: m.orderNotFound } });
    expect((await shop.getOrder(owner, order.id)).body.order.title).not.toBe('Robado');
  });
});

describe('resending a signing link', () => {
  it('mails a new link and the old one stops working', async () => {
    const owner = await newConfirmedUser(stack, 'Reenvio');
    const order = await paidOrder(stack, owner);
    const s = order.signers[0];
    if (!s) throw new Error('no signer');
    const [first] = await waitForLinks(stack, s.email, 1);
    const oldToken = first?.searchParams.get('token') ?? '';
    expect((await storedSigner(stack, s.id))?.token_hash).toBe(sha256(oldToken));

    const res = await resend(owner, order.id, s.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      current_step: 'signing_link_sent',
      message: fmt(m.resendSigningSent, { email: s.email }),
    });
    const links = await waitForLinks(stack, s.email, 2);
    const newToken = links[1]?.searchParams.get('token') ?? '';
    expect(links[1]?.pathname).toBe(`/sign/${s.id}`);
    expect(newToken).not.toBe(oldToken);
    const stored = await storedSigner(stack, s.id);
    expect(stored?.token_hash).toBe(sha256(newToken));
    expect(stored?.token_hash).not.toBe(sha256(oldToken));
    // The other signer got nothing new.
    expect(await signingLinks(stack, order.signers[1]?.email ?? '')).toHaveLength(1);
    // The resend is evidence in the order's audit trail.
    const { auditOf } = await import('../support/signing.js');
    const trail = await auditOf(stack, order.id);
    expect(trail.check.ok).toBe(true);
    expect(trail.events.filter((e) => e.kind === 'link_resent').map((e) => e.signer_id)).toEqual([
      s.id,
    ]);
  });

  it('refuses a signer who already signed (409) or never got a link (422)', async () => {
    const owner = await newConfirmedUser(stack, 'Firmado');
    const order = await paidOrder(stack, owner);
    const [signed, untokened] = order.signers;
    if (!signed || !untokened) throw new Error('signers missing');
    await setSignerStatus(stack, signed.id, 'signed');
    const res = await resend(owner, order.id, signed.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'CONFLICT', message: m.resendSigned } });

    await forgetToken(stack, untokened.id);
    const detail = (await shop.getOrder(owner, order.id)).body.order;
    expect(detail.signers.find((x) => x.id === untokened.id)).toMatchObject({
      has_token: false,
      estado_firma: 'pending',
    });
    const none = await resend(owner, order.id, untokened.id);
    expect(none.status).toBe(422);
    expect(none.body).toEqual({ error: { code: 'BUSINESS_RULE', message: m.signerNoToken } });
    expect(await signingLinks(stack, signed.email)).toHaveLength(1);
  });

  it("is a 404 for another user's order and for a signer of another order", async () => {
    const owner = await newConfirmedUser(stack, 'Dueno');
    const other = await newConfirmedUser(stack, 'Ajeno');
    const a = await paidOrder(stack, owner);
    const b = await paidOrder(stack, owner);
    const s = a.signers[0];
    const sb = b.signers[0];
    if (!s || !sb) throw new Error('signers missing');
    expect((await resend(other, a.id, s.id)).status).toBe(404);
    expect((await resend(owner, a.id, sb.id)).status).toBe(404);
    expect((await resend(owner, a.id, 'no-existe')).status).toBe(404);
    expect(await signingLinks(stack, s.email)).toHaveLength(1);
    expect(await signingLinks(stack, sb.email)).toHaveLength(1);
  });

  it('allows 5 resends an hour per signer, then answers 429', async () => {
    const owner = await newConfirmedUser(stack, 'Limite');
    const order = await paidOrder(stack, owner);
    const s = order.signers[0];
    if (!s) throw new Error('no signer');
    for (let i = 0; i < 5; i++) expect((await resend(owner, order.id, s.id)).status).toBe(200);
    const over = await resend(owner, order.id, s.id);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });
    expect(await signingLinks(stack, s.email)).toHaveLength(6);
    // Another signer of the same order still can.
    expect((await resend(owner, order.id, order.signers[1]?.id ?? '')).status).toBe(200);
  });

  it('100 resends at once: 5 links go out, the rest 429, and the signer holds one mailed link', async () => {
    const owner = await newConfirmedUser(stack, 'Rafaga');
    const order = await paidOrder(stack, owner);
    const s = order.signers[0];
    if (!s) throw new Error('no signer');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => resend(owner, order.id, s.id)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(5);
    expect(statuses.filter((x) => x === 429)).toHaveLength(95);
    // The first link and the five resent ones; the token kept is one that was mailed.
    const links = await waitForLinks(stack, s.email, 6);
    expect(links).toHaveLength(6);
    const held = (await storedSigner(stack, s.id))?.token_hash;
    expect(links.slice(1).map((l) => sha256(l.searchParams.get('token') ?? ''))).toContain(held);
  });

  it('allows 30 resends an hour per customer across signers', async () => {
    const owner = await newConfirmedUser(stack, 'Masivo');
    const order = await paidOrder(stack, owner, {
      signers: Array.from({ length: 7 }, () => signer()),
    });
    const statuses: number[] = [];
    for (const s of order.signers.slice(0, 6)) {
      for (let i = 0; i < 5; i++) statuses.push((await resend(owner, order.id, s.id)).status);
    }
    expect(statuses).toEqual(Array(30).fill(200));
    const over = await resend(owner, order.id, order.signers[6]?.id ?? '');
    expect(over.status).toBe(429);
  }, 60_000);
});
