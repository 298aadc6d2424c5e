import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SigningRequest } from '../../shared/contract/requests.js';
import { es } from '../../shared/messages.es.js';
import { api, newConfirmedUser, type TestUser } from '../support/client.js';
import {
  deliverEveryService,
  markPaid,
  type RequestAnswer,
  readyDocument,
  serviceIds,
  serviceOnlyIn,
} from '../support/requests.js';

const stack = inject('stack');
const call = api(stack);
const m = es.orders;

type Ids = Awaited<ReturnType<typeof serviceIds>>;

let owner: TestUser;
let documentId: string;
let cl: Ids;

const create = (token: string, body: unknown) =>
  call<RequestAnswer>('POST', '/api/requests', { token, body });
const patch = (token: string, id: string, body: unknown) =>
  call<RequestAnswer & { error: { message: string; fields?: Record<string, string> } }>(
    'PATCH',
    `/api/requests/${id}`,
    { token, body },
  );
const get = (token: string, id: string) =>
  call<RequestAnswer>('GET', `/api/requests/${id}`, { token });

async function newRequest(user = owner, doc = documentId, country = 'cl') {
  const res = await create(user.accessToken, { country_id: country, document_id: doc });
  expect(res.status).toBe(200);
  return res.body.request;
}

const signer = (over: Record<string, string> = {}) => ({
  first_name: 'Ana',
  last_name: 'Pérez',
  id_number: '12345678-5',
  email: 'ana@example.com',
  phone: '912345678',
  phone_country_code: '+56',
  ...over,
});
const signers = (n: number) =>
  Array.from({ length: n }, (_, i) => signer({ email: `firmante${i + 1}@example.com` }));

// These tests are about the wizard's rules between options (§4.1, §5), most of them not
// delivered yet (issue 21): they run with every option on; test/integration/availability.test.ts
// proves the real catalogue refuses them.
let restoreCatalogue: () => Promise<void> = async () => undefined;
afterAll(() => restoreCatalogue());

beforeAll(async () => {
  restoreCatalogue = (await deliverEveryService(stack)).restore;
  owner = await newConfirmedUser(stack, 'Solicitante');
  documentId = await readyDocument(stack, owner.accessToken);
  cl = await serviceIds(stack, 'cl');
});

describe('creating a request (leaving step 1)', () => {
  it('starts pending with no signers, in the country currency, with a readable number', async () => {
    const req = await newRequest();
    expect(req).toMatchObject({
      status: 'pending',
      country_id: 'cl',
      currency_code: 'CLP',
      document_id: documentId,
      document_name: 'contrato.pdf',
      document_kind: 'pdf',
      signers: [],
      signers_count: 0,
      sign_count: 0,
      signature_overall_status: 'pending',
      delivery_options: null,
      notarial_service_id: null,
      signature_service_id: null,
      associated_order_number: null,
      version: 1,
    });
    expect(req.request_number).toMatch(/^SOL-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(req.quote).toMatchObject({ items: [], total: 0, credits_needed: 0 });
    expect((await get(owner.accessToken, req.id)).body.request).toEqual(req);
  });

  it('needs a country that exists and is active', async () => {
    const none = await create(owner.accessToken, { document_id: documentId });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: { message: m.countryRequired } });
    for (const country of ['zz', 'uy']) {
      const res = await create(owner.accessToken, { country_id: country, document_id: documentId });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: { message: m.countryRequired } });
    }
  });

  it("refuses someone else's document and one not uploaded yet", async () => {
    const other = await newConfirmedUser(stack);
    const theirs = await readyDocument(stack, other.accessToken);
    const foreign = await create(owner.accessToken, { country_id: 'cl', document_id: theirs });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: { message: es.documents.notFound } });

    const pending = await readyDocument(stack, owner.accessToken, 'borrador.pdf', false);
    const notReady = await create(owner.accessToken, { country_id: 'cl', document_id: pending });
    expect(notReady.status).toBe(422);
    expect(notReady.body).toMatchObject({ error: { message: es.documents.notUploaded } });
  });
});

describe('saving the services (§4.1)', () => {
  it('the notary-authorized option forces FES + Clave Única', async () => {
    const req = await newRequest();
    const auth = await patch(owner.accessToken, req.id, {
      notarial_service_id: cl.id('firma_autorizada'),
    });
    expect(auth.status).toBe(200);
    expect(auth.body.request.signature_service_id).toBe(cl.id('fes_clave_unica'));

    // Another type named together with it is refused, and nothing changes.
    const refused = await patch(owner.accessToken, req.id, {
      notarial_service_id: cl.id('firma_autorizada'),
      signature_service_id: cl.id('fea'),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(m.signatureRequired);

    // A stored other type is replaced when the notary-authorized option is chosen later.
    const plain = await newRequest();
    await patch(owner.accessToken, plain.id, {
      notarial_service_id: cl.id('copia_legalizada'),
      signature_service_id: cl.id('fes'),
    });
    const switched = await patch(owner.accessToken, plain.id, {
      notarial_service_id: cl.id('firma_autorizada'),
    });
    expect(switched.body.request.signature_service_id).toBe(cl.id('fes_clave_unica'));
  });

  it('Clave Única is refused with another notarial option, and cleared when that option is chosen', async () => {
    const req = await newRequest();
    const refused = await patch(owner.accessToken, req.id, {
      notarial_service_id: cl.id('copia_legalizada'),
      signature_service_id: cl.id('fes_clave_unica'),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(m.signatureNotAllowed);

    await patch(owner.accessToken, req.id, { notarial_service_id: cl.id('firma_autorizada') });
    const changed = await patch(owner.accessToken, req.id, {
      notarial_service_id: cl.id('protocolizacion'),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.request).toMatchObject({
      notarial_service_id: cl.id('protocolizacion'),
      signature_service_id: null,
    });
  });

  it('a country change clears the services and takes its currency', async () => {
    const req = await newRequest();
    await patch(owner.accessToken, req.id, {
      notarial_service_id: cl.id('copia_legalizada'),
      signature_service_id: cl.id('fea'),
    });
    const moved = await patch(owner.accessToken, req.id, { country_id: 'es' });
    expect(moved.status).toBe(200);
    expect(moved.body.request).toMatchObject({
      country_id: 'es',
      currency_code: 'EUR',
      notarial_service_id: null,
      signature_service_id: null,
    });
    expect(moved.body.request.quote).toMatchObject({ currency_code: 'EUR', total: 0 });

    // Services named in the same call are kept (they must be on sale in the new country).
    const back = await patch(owner.accessToken, req.id, {
      country_id: 'cl',
      notarial_service_id: cl.id('copia_legalizada'),
      signature_service_id: cl.id('fes'),
    });
    expect(back.body.request).toMatchObject({
      currency_code: 'CLP',
      notarial_service_id: cl.id('copia_legalizada'),
      signature_service_id: cl.id('fes'),
    });

    const inactive = await patch(owner.accessToken, req.id, { country_id: 'uy' });
    expect(inactive.status).toBe(422);
    expect(inactive.body.error.message).toBe(m.countryRequired);
  });

  it('refuses a service of another country or of the wrong category', async () => {
    const spanish = await serviceOnlyIn(stack, 'es', 'EUR');
    try {
      const req = await newRequest();
      const foreign = await patch(owner.accessToken, req.id, { notarial_service_id: spanish.id });
      expect(foreign.status).toBe(422);
      expect(foreign.body.error.message).toBe(es.documents.serviceUnavailable);
      // Moving to that country with it is fine.
      const moved = await patch(owner.accessToken, req.id, {
        country_id: 'es',
        notarial_service_id: spanish.id,
      });
      expect(moved.status).toBe(200);
    } finally {
      await spanish.retire();
    }
    const req = await newRequest();
    for (const body of [
      { notarial_service_id: cl.id('fea') },
      { signature_service_id: cl.id('copia_legalizada') },
      { signature_service_id: 'svc-no-existe' },
    ]) {
      const res = await patch(owner.accessToken, req.id, body);
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe(es.documents.serviceUnavailable);
    }
  });
});

describe('saving the signers (§5)', () => {
  let req: SigningRequest;
  const fieldsOf = async (list: unknown[], services: Record<string, string> = {}) => {
    const res = await patch(owner.accessToken, req.id, { ...services, signers: list });
    expect(res.status).toBe(400);
    return res.body.error.fields;
  };

  beforeAll(async () => {
    req = await newRequest();
    await patch(owner.accessToken, req.id, {
      notarial_service_id: cl.id('sin_notario'),
      signature_service_id: cl.id('fes'),
    });
  });

  it('requires every field', async () => {
    const { phone: _omitted, ...noPhone } = signer();
    expect(await fieldsOf([noPhone])).toEqual({ 'signers.0.phone': m.signerRequired });
    expect(
      await fieldsOf([signer(), signer({ email: 'b@example.com', first_name: '  ' })]),
    ).toEqual({ 'signers.1.first_name': m.signerRequired });
  });

  it('checks the e-mail and refuses it twice in one request', async () => {
    expect(await fieldsOf([signer({ email: 'ana @example.com' })])).toEqual({
      'signers.0.email': m.emailInvalid,
    });
    expect(await fieldsOf([signer(), signer({ email: 'ANA@example.com' })])).toEqual({
      'signers.1.email': m.signerDuplicateEmail,
    });
  });

  it('needs a valid RUT only for FEA and FES + Clave Única', async () => {
    const badRut = [signer({ id_number: '12345678-9' })];
    const fes = await patch(owner.accessToken, req.id, { signers: badRut });
    expect(fes.status).toBe(200);
    expect(fes.body.request.signers[0]?.id_number).toBe('12345678-9');

    expect(
      await fieldsOf(badRut, {
        notarial_service_id: cl.id('sin_notario'),
        signature_service_id: cl.id('fea'),
      }),
    ).toEqual({ 'signers.0.id_number': m.rutInvalid });
    expect(await fieldsOf(badRut, { notarial_service_id: cl.id('firma_autorizada') })).toEqual({
      'signers.0.id_number': m.rutInvalid,
    });
    // A refused save changes nothing: still FES with its signer.
    const now = (await get(owner.accessToken, req.id)).body.request;
    expect(now.signature_service_id).toBe(cl.id('fes'));

    // Changing only the type is saved even if it makes the stored signers invalid: the
    // wizard re-checks step 3 and payment refuses them until fixed.
    const toFea = await patch(owner.accessToken, req.id, { signature_service_id: cl.id('fea') });
    expect(toFea.status).toBe(200);
    expect(toFea.body.request.signers).toHaveLength(1);
    const fixed = await patch(owner.accessToken, req.id, { signers: [signer()] });
    expect(fixed.status).toBe(200);
    await patch(owner.accessToken, req.id, { signature_service_id: cl.id('fes') });
  });

  it('checks the phone length per dial code and refuses a repeated digit', async () => {
    const chile = 'Número inválido para Chile (9 dígitos)';
    expect(await fieldsOf([signer({ phone: '91234567' })])).toEqual({ 'signers.0.phone': chile });
    expect(await fieldsOf([signer({ phone: '999999999' })])).toEqual({ 'signers.0.phone': chile });
    expect(await fieldsOf([signer({ phone: '912345678', phone_country_code: '+54' })])).toEqual({
      'signers.0.phone': 'Número inválido para Argentina (10-11 dígitos)',
    });
    for (const phone of ['1123456789', '91123456789']) {
      const res = await patch(owner.accessToken, req.id, {
        signers: [signer({ phone, phone_country_code: '+54' })],
      });
      expect(res.status).toBe(200);
      expect(res.body.request.signers[0]).toMatchObject({ phone, phone_country_code: '+54' });
    }
  });

  it('refuses an 11th signer with the spec message', async () => {
    const ten = await patch(owner.accessToken, req.id, { signers: signers(10) });
    expect(ten.status).toBe(200);
    const eleven = await patch(owner.accessToken, req.id, { signers: signers(11) });
    expect(eleven.status).toBe(400);
    expect(eleven.body.error.message).toBe(
      'Ya has alcanzado el límite de 10 firmantes para este documento.',
    );
    expect((await get(owner.accessToken, req.id)).body.request.signers_count).toBe(10);
  });

  it('renumbers the signers from 1 after a removal', async () => {
    const three = signers(3);
    const saved = await patch(owner.accessToken, req.id, { signers: three });
    expect(saved.body.request.signers.map((s) => s.signer_index)).toEqual([1, 2, 3]);
    const removed = await patch(owner.accessToken, req.id, { signers: [three[0], three[2]] });
    expect(removed.body.request.signers.map((s) => [s.signer_index, s.email] as const)).toEqual([
      [1, 'firmante1@example.com'],
      [2, 'firmante3@example.com'],
    ]);
    expect(removed.body.request.signers_count).toBe(2);
  });
});

describe('delivery, title and quotes (§9)', () => {
  it('saves the delivery choice and the title, and leaves absent fields alone', async () => {
    const req = await newRequest();
    const a = await patch(owner.accessToken, req.id, {
      delivery_options: false,
      title: ' Arriendo ',
    });
    expect(a.body.request).toMatchObject({ delivery_options: false, title: 'Arriendo' });
    const b = await patch(owner.accessToken, req.id, { delivery_options: true });
    expect(b.body.request).toMatchObject({ delivery_options: true, title: 'Arriendo' });
    const c = await patch(owner.accessToken, req.id, { delivery_options: null, title: null });
    expect(c.body.request).toMatchObject({ delivery_options: null, title: null });
  });

  it('prices per-signer services per signer and flat ones once, credits with 2% off', async () => {
    const req = await newRequest();
    const copy = cl.service('copia_legalizada');
    const fea = cl.service('fea');
    expect([copy.pricing_model, fea.pricing_model]).toEqual(['flat', 'per_signer']);
    const res = await patch(owner.accessToken, req.id, {
      notarial_service_id: copy.id,
      signature_service_id: fea.id,
      signers: signers(3),
    });
    const total = copy.price + 3 * fea.price;
    expect(res.body.request.quote).toMatchObject({
      total,
      currency_code: 'CLP',
      // CLP at 0.01 credits per peso: ceil(total × 0.98 × 0.01)
      credits_needed: Math.ceil((total * 98) / 10_000),
      credits_discount_amount: total - Math.floor((total * 98) / 100),
      // The rate those credits came from, for checkout's conversion (docs/credits-economy.md).
      credits_per_unit: '0.01',
    });
    expect(
      res.body.request.quote.items.map((i) => [i.service_id, i.quantity, i.item_total]),
    ).toEqual([
      [copy.id, 1, copy.price],
      [fea.id, 3, 3 * fea.price],
    ]);

    // Notary-authorized and Clave Única are both per signer.
    const auth = cl.service('firma_autorizada');
    const clave = cl.service('fes_clave_unica');
    const both = await patch(owner.accessToken, req.id, {
      notarial_service_id: auth.id,
      signers: signers(2),
    });
    const total2 = 2 * auth.price + 2 * clave.price;
    expect(both.body.request.quote).toMatchObject({
      total: total2,
      credits_needed: Math.ceil((total2 * 98) / 10_000),
    });
  });
});

describe('the cart', () => {
  it('lists pending requests newest change first with currency and quote', async () => {
    const user = await newConfirmedUser(stack, 'Carrito');
    const doc = await readyDocument(stack, user.accessToken);
    const first = await newRequest(user, doc);
    const second = await newRequest(user, doc, 'es');
    const third = await newRequest(user, doc);
    // Saving the first moves it to the top.
    await patch(user.accessToken, first.id, {
      notarial_service_id: cl.id('copia_legalizada'),
      signature_service_id: cl.id('fes'),
    });
    const list = await call<{ requests: SigningRequest[] }>('GET', '/api/requests', {
      token: user.accessToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.requests.map((r) => r.id)).toEqual([first.id, third.id, second.id]);
    expect(list.body.requests.map((r) => r.currency_code)).toEqual(['CLP', 'CLP', 'EUR']);
    expect(list.body.requests[0]?.quote.total).toBe(
      cl.service('copia_legalizada').price + cl.service('fes').price,
    );

    // Paid and deleted requests leave the cart.
    await markPaid(stack, user.accessToken, third.id);
    const del = await call('DELETE', `/api/requests/${second.id}`, { token: user.accessToken });
    expect(del).toMatchObject({ status: 200, body: { ok: true } });
    const after = await call<{ requests: SigningRequest[] }>('GET', '/api/requests', {
      token: user.accessToken,
    });
    expect(after.body.requests.map((r) => r.id)).toEqual([first.id]);
    expect((await get(user.accessToken, second.id)).status).toBe(404);
  });

  it('a paid request can be read but not changed or deleted', async () => {
    const req = await newRequest();
    const order = await markPaid(stack, owner.accessToken, req.id);
    const read = await get(owner.accessToken, req.id);
    expect(read.body.request).toMatchObject({
      status: 'paid',
      associated_order_number: order.order_number,
      order_id: order.id,
    });
    const changed = await patch(owner.accessToken, req.id, { title: 'Otro' });
    expect(changed.status).toBe(409);
    expect(changed.body.error.message).toBe(m.requestNotPending);
    const deleted = await call('DELETE', `/api/requests/${req.id}`, { token: owner.accessToken });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toMatchObject({ error: { message: m.requestNotPending } });
  });

  it("another user's request is not found, and stays as it was", async () => {
    const req = await newRequest();
    const other = await newConfirmedUser(stack);
    const answers = [
      await get(other.accessToken, req.id),
      await patch(other.accessToken, req.id, { title: 'Mío' }),
      await call('DELETE', `/api/requests/${req.id}`, { token: other.accessToken }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { message: m.requestNotFound } });
    }
    expect((await get(owner.accessToken, req.id)).body.request).toMatchObject({
      title: null,
      version: 1,
    });
  });
});

describe('two tabs saving at once', () => {
  it('never loses an update silently', async () => {
    for (let round = 0; round < 3; round++) {
      const req = await newRequest();
      const [a, b] = await Promise.all([
        patch(owner.accessToken, req.id, { title: 'Pestaña A' }),
        patch(owner.accessToken, req.id, { delivery_options: true }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect([
        [200, 200],
        [200, 409],
      ]).toContainEqual(statuses);
      const final = (await get(owner.accessToken, req.id)).body.request;
      // Whatever was answered 200 is there; what was answered 409 is not.
      expect(final.title).toBe(a.status === 200 ? 'Pestaña A' : null);
      expect(final.delivery_options).toBe(b.status === 200 ? true : null);
      expect(final.version).toBe(1 + statuses.filter((s) => s === 200).length);
      for (const res of [a, b]) {
        if (res.status === 409) expect(res.body.error.message).toBe(es.api.conflict);
      }
    }
  });

  it('refuses a save made from a version another tab has replaced', async () => {
    const req = await newRequest();
    const tabA = await patch(owner.accessToken, req.id, { title: 'A', version: req.version });
    expect(tabA.status).toBe(200);
    const tabB = await patch(owner.accessToken, req.id, { title: 'B', version: req.version });
    expect(tabB.status).toBe(409);
    expect(tabB.body.error.message).toBe(es.api.conflict);
    expect((await get(owner.accessToken, req.id)).body.request.title).toBe('A');
  });
});
