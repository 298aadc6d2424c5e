import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { LIMITS } from '../../functions/platform/limits.js';
import type { ServicesCatalog } from '../../shared/contract/catalog.js';
import type { CreditService } from '../../shared/contract/credits.js';
import { es } from '../../shared/messages.es.js';
import { analysisKey } from '../../shared/rules/availability.js';
import { parseRate } from '../../shared/rules/credits.js';
import { creditsForPayment } from '../../shared/rules/pricing.js';
import { api, freshIp, newConfirmedUser, type TestUser, uniqueEmail } from '../support/client.js';
import { grantCredits, runJob, subOf, walletOf } from '../support/ledger.js';
import {
  checkoutApi,
  completeRequest,
  forceRequest,
  signer,
  storedContact,
} from '../support/orders.js';
import {
  type RequestAnswer,
  readyDocument,
  serviceIds,
  serviceOnlyIn,
} from '../support/requests.js';
import { pointAt } from '../support/table.js';

/**
 * Issue 21, "sell only what is delivered": the catalogue says what is available; the server
 * refuses to sell anything else, whatever a crafted request says (requests, both ways to pay,
 * credit services, premium features), charges nothing for it even under concurrent requests,
 * and records 'Avísame' addresses without telling who is known.
 */
const stack = inject('stack');
const call = api(stack);
const shop = checkoutApi(stack);
const a = es.availability;

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const UNDELIVERED = ['firma_autorizada'];

let cl: Awaited<ReturnType<typeof serviceIds>>;
beforeAll(async () => {
  cl = await serviceIds(stack, 'cl');
});

const usage = async (user: TestUser) =>
  (
    await call<{ transactions: unknown[] }>('GET', '/api/credits/transactions?type=usage', {
      token: user.accessToken,
    })
  ).body.transactions;

describe('the catalogue says what is available', () => {
  it('every signature type, the notary-free choice, the legalized copy and the protocolization, in every country', async () => {
    for (const country of ['cl', 'es', 'mx']) {
      const res = await call<ServicesCatalog>('GET', `/api/catalog/services?country_id=${country}`);
      expect(res.status).toBe(200);
      const flags = Object.fromEntries(
        [...res.body.notarial_services, ...res.body.signature_types].map((s) => [
          s.code,
          s.available,
        ]),
      );
      expect(flags).toEqual({
        sin_notario: true,
        copia_legalizada: true,
        protocolizacion: true,
        firma_autorizada: false,
        fes: true,
        biometrica: true,
        fea: true,
        fes_clave_unica: true,
      });
    }
  });

  it('credit services: one price per thing, the wizard’s own, and what consumes each', async () => {
    const res = await call<{ services: CreditService[] }>(
      'GET',
      '/api/credits/services?country=cl',
    );
    expect(res.status).toBe(200);
    const by = Object.fromEntries(res.body.services.map((s) => [s.service_name, s]));
    const catalog = (await call<ServicesCatalog>('GET', '/api/catalog/services?country_id=cl'))
      .body;
    const fes = catalog.signature_types.find((s) => s.code === 'fes');
    const simpleSigner = creditsForPayment(fes?.price ?? -1, 'CLP', parseRate('0.01'));
    expect(by.document_signature).toMatchObject({
      available: true,
      use: 'wizard',
      price_from: true,
      credits_per_unit: simpleSigner,
    });
    expect(simpleSigner).toBe(20);
    // The cheapest notarial service delivered (a legalized copy): 'desde' its credits.
    const copy = catalog.notarial_services.find((s) => s.code === 'copia_legalizada');
    expect(by.notarial_service).toMatchObject({
      available: true,
      use: 'wizard',
      price_from: true,
      credits_per_unit: creditsForPayment(copy?.price ?? -1, 'CLP', parseRate('0.01')),
    });
    expect(by.ai_document_analysis).toMatchObject({
      available: true,
      use: 'analysis',
      credits_per_unit: 5,
      price_from: false,
    });
    expect(by.template_access).toMatchObject({ available: false, use: 'direct' });
    // The test stack's one direct-use service (local/seed.ts testCatalogueRules).
    expect(by.ai_chat_message).toMatchObject({ available: true, use: 'direct' });
    // Chile is the default country; an inactive or unknown one sells nothing by the wizard.
    const plain = await call<{ services: CreditService[] }>('GET', '/api/credits/services');
    expect(plain.body.services).toEqual(res.body.services);
    const unknown = await call<{ services: CreditService[] }>(
      'GET',
      '/api/credits/services?country=zz',
    );
    const unknownBy = Object.fromEntries(unknown.body.services.map((s) => [s.service_name, s]));
    expect(unknownBy.document_signature).toMatchObject({ available: false });

    // The quote of a one-signer simple request asks the same credits the services page shows.
    const user = await newConfirmedUser(stack, 'UnPrecio');
    const req = await completeRequest(stack, user, { signers: [signer()] });
    expect(req.quote.credits_needed).toBe(by.document_signature?.credits_per_unit);
  });
});

describe('requests refuse what is not delivered', () => {
  it('a crafted save naming any undelivered service is a Spanish 422 and changes nothing', async () => {
    const user = await newConfirmedUser(stack, 'Proximamente');
    const documentId = await readyDocument(stack, user.accessToken);
    const created = await call<RequestAnswer>('POST', '/api/requests', {
      token: user.accessToken,
      body: { country_id: 'cl', document_id: documentId },
    });
    expect(created.status).toBe(200);
    const id = created.body.request.id;
    for (const code of UNDELIVERED) {
      const notarial = ['copia_legalizada', 'protocolizacion', 'firma_autorizada'].includes(code);
      const res = await call<ErrorBody>('PATCH', `/api/requests/${id}`, {
        token: user.accessToken,
        body: notarial
          ? { notarial_service_id: cl.id(code) }
          : { notarial_service_id: cl.id('sin_notario'), signature_service_id: cl.id(code) },
      });
      expect(res.status, code).toBe(422);
      expect(res.body.error).toEqual({ code: 'BUSINESS_RULE', message: a.serviceComingSoon });
    }
    const after = await call<RequestAnswer>('GET', `/api/requests/${id}`, {
      token: user.accessToken,
    });
    expect(after.body.request).toMatchObject({
      notarial_service_id: null,
      signature_service_id: null,
      version: created.body.request.version,
    });
    // What is delivered is saved as usual.
    const ok = await call<RequestAnswer>('PATCH', `/api/requests/${id}`, {
      token: user.accessToken,
      body: { notarial_service_id: cl.id('sin_notario'), signature_service_id: cl.id('fes') },
    });
    expect(ok.status).toBe(200);
  });

  it('neither way to pay takes a request holding one (saved before the flag), 20 at once', async () => {
    const user = await newConfirmedUser(stack, 'PagoProximo');
    await grantCredits(stack, user.accessToken, 10_000);
    const req = await completeRequest(stack, user);
    // Every seeded signature type is delivered (issue 23): a test one that is not.
    const soon = await serviceOnlyIn(stack, 'cl', 'CLP', 'electronic_signature', false);
    onTestFinished(async () => {
      await soon.retire();
    });
    await forceRequest(stack, user.accessToken, req.id, { signature_service_id: soon.id });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? shop.payCredits(user, req.id) : shop.cardIntent(user, req.id),
      ),
    );
    results.forEach((res, i) => {
      // Parallel credit payments of one request wait for each other's claim: one still waiting
      // after its bound answers "pago en curso" (409), the checkout page's cue to ask again.
      if (i % 2 && res.status === 409) return;
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: { code: 'BUSINESS_RULE', message: a.serviceComingSoon },
      });
    });
    expect(results.filter((r) => r.status === 422).length).toBeGreaterThanOrEqual(11);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(10_000);
    expect(await usage(user)).toEqual([]);
    const orders = await call<{ stats: { total_orders: number } }>('GET', '/api/orders', {
      token: user.accessToken,
    });
    expect(orders.body.stats.total_orders).toBe(0);
  });
});

describe("'Usar servicio' never charges without delivering", () => {
  const use = (user: TestUser, service_name: string, key = randomUUID()) =>
    call<ErrorBody & { balance: number }>('POST', '/api/credits/services/use', {
      token: user.accessToken,
      body: { service_name, quantity: 1, idempotency_key: key },
    });

  it('refuses what is not available and what another feature charges for, 20 at once each', async () => {
    const user = await newConfirmedUser(stack, 'Servicios');
    await grantCredits(stack, user.accessToken, 500);
    const expected: Record<string, string> = {
      notarial_service: a.creditServiceInWizard,
      template_access: a.creditServiceComingSoon,
      document_signature: a.creditServiceInWizard,
      ai_document_analysis: a.creditServiceInAnalysis,
    };
    const sent = Object.keys(expected).flatMap((name) => Array.from({ length: 20 }, () => name));
    const results = await Promise.all(sent.map((name) => use(user, name)));
    results.forEach((res, i) => {
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual({
        code: 'BUSINESS_RULE',
        message: expected[sent[i] as string],
      });
    });
    expect((await walletOf(stack, user.accessToken)).balance).toBe(500);
    expect(await usage(user)).toEqual([]);
    // A service used directly is charged its rule's price, once per key.
    const key = randomUUID();
    expect((await use(user, 'ai_chat_message', key)).body.balance).toBe(499);
    expect((await use(user, 'ai_chat_message', key)).body.balance).toBe(499);
  });
});

describe('premium features with nothing to use', () => {
  const subscribe = (user: TestUser, plan_id: string) =>
    call<ErrorBody>('POST', '/api/features/subscriptions', {
      token: user.accessToken,
      body: { plan_id, idempotency_key: randomUUID() },
    });

  it('are listed as not available and refused, 20 at once, charging nothing', async () => {
    const plans = await call<{ plans: { id: string; available: boolean }[] }>(
      'GET',
      '/api/features/plans',
    );
    expect(Object.fromEntries(plans.body.plans.map((p) => [p.id, p.available]))).toEqual({
      'saved-signers': true,
      'legal-advisory': false,
      'real-estate-analysis': false,
      'real-estate-community': false,
    });
    const user = await newConfirmedUser(stack, 'Funciones');
    await grantCredits(stack, user.accessToken, 1000);
    const ids = ['legal-advisory', 'real-estate-analysis', 'real-estate-community'];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => subscribe(user, ids[i % ids.length] as string)),
    );
    for (const res of results) {
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual({ code: 'BUSINESS_RULE', message: a.featureComingSoon });
    }
    expect((await walletOf(stack, user.accessToken)).balance).toBe(1000);
    const subs = await call<{ subscriptions: unknown[] }>('GET', '/api/features/subscriptions', {
      token: user.accessToken,
    });
    expect(subs.body.subscriptions).toEqual([]);
  });

  it('a subscription taken before the flag is not renewed: no charge, auto-renew off', async () => {
    const user = await newConfirmedUser(stack, 'Legado');
    await grantCredits(stack, user.accessToken, 200);
    // Written as the old one-click subscription left it (its first month paid back then).
    pointAt(stack);
    const { db } = await import('../../functions/platform/db.js');
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { newSubscriptionPut } = await import('../../functions/features/repo.js');
    const { userOwner } = await import('../../functions/credits/keys.js');
    const now = Math.floor(Date.now() / 1000);
    const end = now + 60;
    const id = randomUUID();
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          newSubscriptionPut(
            userOwner(subOf(user.accessToken)),
            {
              id,
              plan_id: 'legal-advisory',
              feature_type: 'legal_advisory',
              plan: 'Asesoría Legal',
              is_active: true,
              auto_renew: true,
              credits_per_period: 50,
              period_start: new Date(now * 1000).toISOString(),
              period_end: new Date(end * 1000).toISOString(),
              next_renewal_date: new Date(end * 1000).toISOString(),
              last_renewal_attempt: null,
            },
            end,
            now,
          ),
        ],
      }),
    );
    await runJob(stack, 'renew-features', new Date((end + 120) * 1000));
    expect((await walletOf(stack, user.accessToken)).balance).toBe(200);
    const [sub] = (
      await call<{ subscriptions: { id: string; auto_renew: boolean }[] }>(
        'GET',
        '/api/features/subscriptions',
        { token: user.accessToken },
      )
    ).body.subscriptions;
    expect(sub).toMatchObject({ id, auto_renew: false });
  });
});

describe('the AI analysis of one document is charged once', () => {
  it('the wizard’s key for a document: asks at once and one later, one charge, one result', async () => {
    const user = await newConfirmedUser(stack, 'UnAnalisis');
    await grantCredits(stack, user.accessToken, 50);
    // readyDocument asks /complete again on a 503 (a reader slow to start on a loaded machine).
    const doc = { id: await readyDocument(stack, user.accessToken) };
    const ask = () =>
      call<{ markdown: string; credits_charged: number; balance: number }>(
        'POST',
        `/api/documents/${doc.id}/analysis`,
        {
          token: user.accessToken,
          body: { country_id: 'cl', idempotency_key: analysisKey(doc.id) },
        },
      );
    const results = await Promise.all(Array.from({ length: 5 }, ask));
    const answered = results.filter((r) => r.status === 200);
    // Concurrent asks may be told to retry (409/503), never charged twice.
    expect(answered.length).toBeGreaterThan(0);
    for (const r of results) expect([200, 409, 503]).toContain(r.status);
    const later = await ask();
    expect(later.status).toBe(200);
    expect(new Set([...answered, later].map((r) => r.body.markdown)).size).toBe(1);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(45);
    const charges = (await usage(user)) as { amount: number }[];
    expect(charges.map((t) => t.amount)).toEqual([-5]);
  });
});

describe("'Avísame'", () => {
  const join = (body: unknown, ip = freshIp()) =>
    call<ErrorBody & { ok?: boolean }>('POST', '/api/waitlist', { body, ip });

  it('records the address as a CRM contact waiting for the item, and answers the same for anyone', async () => {
    const visitor = uniqueEmail('espera');
    const res = await join({ email: `  ${visitor.toUpperCase()} `, interest: 'service:fea' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    await join({ email: visitor, interest: 'feature:legal_advisory' });
    await join({ email: visitor, interest: 'service:fea' });
    const contact = await storedContact(stack, visitor);
    expect(contact).toMatchObject({ email: visitor, source: 'waitlist' });
    expect([...((contact?.waitlist_interests as Set<string>) ?? [])].sort()).toEqual([
      'feature:legal_advisory',
      'service:fea',
    ]);

    // A known customer: the same answer, and what they told us about themselves stays.
    const customer = await newConfirmedUser(stack, 'Conocida');
    const before = await storedContact(stack, customer.email);
    const again = await join({ email: customer.email, interest: 'service:biometrica' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const after = await storedContact(stack, customer.email);
    expect(after?.first_name).toBe(before?.first_name);
    expect(after?.source).toBe(before?.source ?? 'waitlist');
  });

  it('refuses a bad address or item with a Spanish message, and records nothing', async () => {
    const bad = await join({ email: 'no-es-correo', interest: 'service:fea' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.email).toBe(es.auth.emailInvalid);
    const email = uniqueEmail('raro');
    for (const interest of ['fea', 'plan:premium', 'service:FEA', '']) {
      const res = await join({ email, interest });
      expect(res.status).toBe(400);
      expect(res.body.error.fields?.interest).toBe(a.interestInvalid);
    }
    expect(await storedContact(stack, email)).toBeUndefined();
  });

  it(`allows ${LIMITS.waitlistPerClient.limit} per client address, then a Spanish 429`, async () => {
    const { limit } = LIMITS.waitlistPerClient;
    const ip = freshIp();
    const burst = await Promise.all(
      Array.from({ length: limit + 5 }, () =>
        join({ email: uniqueEmail('rafaga'), interest: 'service:fea' }, ip),
      ),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(burst.find((r) => r.status === 429)?.body.error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    expect((await join({ email: uniqueEmail('otra'), interest: 'service:fea' })).status).toBe(200);
  });
});
