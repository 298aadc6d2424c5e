import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../../shared/contract/profile';
import type { SelectedService, SigningRequest } from '../../../../shared/contract/requests';
import { es } from '../../../../shared/messages.es';
import { formatMoney } from '../../../../shared/rules/currency';
import { ApiError } from '../../lib/api';
import {
  cardStartErrorMessage,
  checkoutDefaults,
  creditsAlternative,
  creditsConversionText,
  creditsErrorMessage,
  creditsOption,
  fillEmptyFields,
  keepKeyAfter,
  requestIdFrom,
  requestProblem,
  serviceNote,
  signerTypeNames,
  splitCheckoutErrors,
  titleFromDocument,
  waitForOrder,
} from './checkoutRules';

const service = (over: Partial<SelectedService> = {}): SelectedService => ({
  service_id: 'svc-1',
  code: 'fes',
  name: 'Firma Electrónica Simple',
  description: '',
  category: 'electronic_signature',
  pricing_model: 'per_signer',
  unit_price: 5000,
  quantity: 2,
  item_total: 10000,
  ...over,
});

// A cast, not an annotation: the fixture stays valid while the contract gains fields.
const request = (over: Partial<SigningRequest> = {}): SigningRequest =>
  ({
    id: 'req_1',
    request_number: 'SOL-0001',
    status: 'pending',
    country_id: 'cl',
    currency_code: 'CLP',
    document_id: 'doc_1',
    document_name: 'contrato.pdf',
    document_size: 1000,
    document_kind: 'pdf',
    title: null,
    notarial_service_id: 'n1',
    signature_service_id: 's1',
    signers: [
      {
        signer_index: 1,
        first_name: 'Ana',
        last_name: 'Pérez',
        id_number: '12345678-5',
        email: 'ana@example.com',
        phone: '912345678',
        phone_country_code: '+56',
      },
    ],
    signers_count: 1,
    sign_count: 0,
    signature_overall_status: 'pending',
    delivery_options: true,
    associated_order_number: null,
    order_id: null,
    quote: {
      items: [service()],
      total: 10000,
      currency_code: 'CLP',
      credits_needed: 98,
      credits_discount_amount: 200,
      credits_per_unit: '0.01',
    },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...over,
  }) as SigningRequest;

const profile = (over: Partial<Profile> = {}): Profile => ({
  id: 'u1',
  email: 'cliente@example.com',
  first_name: 'Carla',
  last_name: 'Soto',
  role: 'customer',
  phone: '912345678',
  company: null,
  address: 'Av. Siempre Viva 123',
  city: 'Santiago',
  whatsapp: null,
  billing_country_id: null,
  region_province: 'RM',
  account_type: 'personal',
  created_at: '',
  updated_at: '',
  ...over,
});

describe('requestIdFrom', () => {
  it('prefers the URL, falls back on the wizard session', () => {
    expect(requestIdFrom('req_url', { requestId: 'req_session' })).toBe('req_url');
    expect(requestIdFrom(null, { requestId: 'req_session' })).toBe('req_session');
    expect(requestIdFrom('', { requestId: 'req_session' })).toBe('req_session');
    expect(requestIdFrom(null, null)).toBeNull();
  });

  it('ignores anything that is no id', () => {
    expect(requestIdFrom('../../api/x', { requestId: 'req_session' })).toBeNull();
    expect(requestIdFrom(null, { requestId: 'a b' })).toBeNull();
  });
});

describe('requestProblem', () => {
  it('accepts a complete pending request', () => {
    expect(requestProblem(request())).toBeNull();
  });

  it('says why a request cannot be paid', () => {
    expect(requestProblem(request({ status: 'paid' }))).toBe('paid');
    expect(requestProblem(request({ document_id: null }))).toBe('no-document');
    expect(requestProblem(request({ signers: [] }))).toBe('incomplete');
    expect(requestProblem(request({ delivery_options: null }))).toBe('incomplete');
    expect(requestProblem(request({ signature_service_id: null }))).toBe('incomplete');
  });
});

describe('form defaults', () => {
  it('takes the profile, the request title or its document name, and the request country', () => {
    const values = checkoutDefaults(profile(), request());
    expect(values).toMatchObject({
      title: 'contrato',
      first_name: 'Carla',
      email: 'cliente@example.com',
      company: '',
      whatsapp: '',
      billing_country_id: 'cl',
      region_province: 'RM',
    });
    expect(
      checkoutDefaults(profile({ billing_country_id: 'es' }), request()).billing_country_id,
    ).toBe('es');
    expect(checkoutDefaults(null, request({ title: ' Arriendo ' })).title).toBe('Arriendo');
    expect(checkoutDefaults(null, null).title).toBe('');
  });

  it('strips only the extension from a document name', () => {
    expect(titleFromDocument('acta.final.docx')).toBe('acta.final');
    expect(titleFromDocument('.env')).toBe('.env');
    expect(titleFromDocument(null)).toBe('');
  });

  it('fills only the fields still empty', () => {
    const defaults = checkoutDefaults(profile(), request());
    const fill = fillEmptyFields(
      { title: 'Mi título', first_name: '', last_name: '  ', email: 'otro@example.com' },
      defaults,
    );
    expect(fill).toEqual({
      first_name: 'Carla',
      last_name: 'Soto',
      phone: '912345678',
      address: 'Av. Siempre Viva 123',
      city: 'Santiago',
      billing_country_id: 'cl',
      region_province: 'RM',
    });
  });
});

describe('credits toggle', () => {
  it('is on when the balance covers the credits needed', () => {
    expect(
      creditsOption({ signedIn: true, balance: 9800, creditsNeeded: 9800, total: 10000 }),
    ).toEqual({ enabled: true });
  });

  it('is off with "insufficient" when it does not', () => {
    expect(
      creditsOption({ signedIn: true, balance: 9799, creditsNeeded: 9800, total: 10000 }),
    ).toEqual({ enabled: false, reason: 'insufficient' });
  });

  it('waits for the balance, and is off when the price has no credit equivalent', () => {
    expect(
      creditsOption({ signedIn: true, balance: undefined, creditsNeeded: 10, total: 10 }),
    ).toEqual({ enabled: false, reason: 'loading' });
    expect(creditsOption({ signedIn: true, balance: 500, creditsNeeded: 0, total: 10 })).toEqual({
      enabled: false,
      reason: 'unavailable',
    });
  });

  it('lets a visitor choose it (paying asks to log in first)', () => {
    expect(
      creditsOption({ signedIn: false, balance: undefined, creditsNeeded: 10, total: 10 }),
    ).toEqual({ enabled: true });
  });
});

describe('summary texts', () => {
  it('notes unit price times signers for per-signer services', () => {
    expect(serviceNote(service(), 'CLP')).toBe(`${formatMoney(5000, 'CLP')} × 2 firmantes`);
    expect(serviceNote(service({ quantity: 1 }), 'CLP')).toBe(
      `${formatMoney(5000, 'CLP')} × 1 firmante`,
    );
    expect(serviceNote(service({ pricing_model: 'flat', quantity: 1 }), 'CLP')).toBe(
      es.checkout.flatNote,
    );
  });

  it('shows how the price becomes credits, from the quote and the shared rule', () => {
    expect(
      creditsConversionText({ total: 20_000, currency_code: 'CLP', credits_per_unit: '0.01' }),
    ).toEqual({
      conversion: `${formatMoney(20_000, 'CLP')} − 2% = ${formatMoney(19_600, 'CLP')} = 196 créditos`,
      creditValue: `1 crédito = ${formatMoney(100, 'CLP')}`,
    });
    expect(
      creditsConversionText({ total: 35_000, currency_code: 'MXN', credits_per_unit: '0.5' }),
    ).toEqual({
      conversion: `${formatMoney(35_000, 'MXN')} − 2% = ${formatMoney(34_300, 'MXN')} → 172 créditos (redondeado hacia arriba)`,
      creditValue: `1 crédito = ${formatMoney(200, 'MXN')}`,
    });
    expect(
      creditsConversionText({ total: 300, currency_code: 'EUR', credits_per_unit: '3' })
        ?.creditValue,
    ).toBe(`1 crédito ≈ ${formatMoney(33, 'EUR')}`);
    // No rate, nothing to pay, or a rate that does not parse: nothing to show.
    expect(
      creditsConversionText({ total: 20_000, currency_code: 'CLP', credits_per_unit: null }),
    ).toBeNull();
    expect(
      creditsConversionText({ total: 0, currency_code: 'CLP', credits_per_unit: '0.01' }),
    ).toBeNull();
    expect(
      creditsConversionText({ total: 100, currency_code: 'CLP', credits_per_unit: 'x' }),
    ).toBeNull();
    expect(
      creditsConversionText({ total: 100, currency_code: 'CLP', credits_per_unit: '0' }),
    ).toBeNull();
  });

  it('gives the credits alternative with es-CL grouping', () => {
    expect(creditsAlternative(9800)).toBe('Con créditos: 9.800 créditos (2% de descuento)');
  });
});

describe('errors', () => {
  it('maps server field errors onto the form, keeping the others', () => {
    const err = new ApiError(400, 'VALIDATION', 'x', {
      'form.first_name': 'Este campo es obligatorio',
      email: 'Email inválido',
      request_id: 'Error: No se pudo obtener el ID de la solicitud...',
    });
    expect(splitCheckoutErrors(err)).toEqual({
      fields: { first_name: 'Este campo es obligatorio', email: 'Email inválido' },
      other: ['Error: No se pudo obtener el ID de la solicitud...'],
    });
    expect(splitCheckoutErrors(new Error('x'))).toEqual({ fields: {}, other: [] });
  });

  it('credits payment: insufficient, refused with the reason, unexpected', () => {
    expect(creditsErrorMessage(new ApiError(422, 'INSUFFICIENT_CREDITS', 'x'))).toBe(
      es.orders.insufficientCredits,
    );
    expect(creditsErrorMessage(new ApiError(409, 'CONFLICT', es.orders.requestNotPending))).toBe(
      `${es.orders.creditsPaymentError}: ${es.orders.requestNotPending}`,
    );
    expect(creditsErrorMessage(new ApiError(500, 'INTERNAL', es.api.internal))).toBe(
      es.orders.paymentUnexpected,
    );
    expect(creditsErrorMessage(new ApiError(0, 'NETWORK', es.api.network))).toBe(
      es.orders.paymentUnexpected,
    );
  });

  it('card start: the server reason, else unexpected', () => {
    expect(
      cardStartErrorMessage(new ApiError(422, 'BUSINESS_RULE', es.orders.requestIncomplete)),
    ).toBe(es.orders.requestIncomplete);
    expect(cardStartErrorMessage(new TypeError('boom'))).toBe(es.orders.paymentUnexpected);
  });

  it('keeps the idempotency key only while the outcome is unknown', () => {
    expect(keepKeyAfter(new ApiError(0, 'NETWORK', ''))).toBe(true);
    expect(keepKeyAfter(new ApiError(503, 'INTERNAL', ''))).toBe(true);
    expect(keepKeyAfter(new ApiError(409, 'CONFLICT', ''))).toBe(true);
    expect(keepKeyAfter(new TypeError('fetch'))).toBe(true);
    expect(keepKeyAfter(new ApiError(422, 'INSUFFICIENT_CREDITS', ''))).toBe(false);
    expect(keepKeyAfter(new ApiError(400, 'VALIDATION', ''))).toBe(false);
  });
});

describe('waitForOrder', () => {
  const fakeClock = () => {
    let t = 0;
    return {
      now: () => t,
      sleep: async (ms: number) => {
        t += ms;
      },
    };
  };
  const status = (over: { status?: string; order_id?: string | null } = {}) => ({
    payment_intent_id: 'pi_1',
    status: (over.status ?? 'processing') as 'processing',
    order_id: over.order_id ?? null,
    order_number: null,
  });

  it('returns the order once the server has created it, retrying failed reads', async () => {
    const clock = fakeClock();
    const answers = [
      () => Promise.reject(new ApiError(0, 'NETWORK', '')),
      () => Promise.resolve(status({ status: 'succeeded' })),
      () => Promise.resolve(status({ status: 'succeeded', order_id: 'ord_1' })),
    ];
    let calls = 0;
    const outcome = await waitForOrder(() => (answers[calls++] as () => Promise<never>)(), clock);
    expect(outcome).toEqual({ kind: 'ordered', orderId: 'ord_1' });
    expect(calls).toBe(3);
  });

  it('stops at a payment Stripe will never complete', async () => {
    const outcome = await waitForOrder(
      async () => status({ status: 'requires_payment_method' }),
      fakeClock(),
    );
    expect(outcome).toEqual({ kind: 'declined' });
  });

  it('stops at once when the server refunded the payment instead (409)', async () => {
    const outcome = await waitForOrder(async () => {
      throw new ApiError(409, 'CONFLICT', es.orders.paymentRefunded);
    }, fakeClock());
    expect(outcome).toEqual({ kind: 'refunded', message: es.orders.paymentRefunded });
  });

  it('gives up after the timeout', async () => {
    const clock = fakeClock();
    let calls = 0;
    const outcome = await waitForOrder(
      async () => {
        calls++;
        return status();
      },
      { ...clock, intervalMs: 1000, timeoutMs: 5000 },
    );
    expect(outcome).toEqual({ kind: 'timeout' });
    expect(calls).toBe(6);
  });
});

describe("each signer's type at checkout (issue 23)", () => {
  it('names it from the quote when the request mixes types, and says nothing otherwise', () => {
    expect(signerTypeNames(request())).toBeNull();
    const mixed = request({
      quote: {
        ...request().quote,
        items: [
          service({ service_id: 's1' }),
          service({ service_id: 's2', code: 'fea', name: 'Firma Electrónica Avanzada' }),
        ],
      },
    });
    const typeOf = signerTypeNames(mixed);
    expect(typeOf?.({})).toBe('Firma Electrónica Simple');
    expect(typeOf?.({ signature_service_id: 's2' })).toBe('Firma Electrónica Avanzada');
  });
});
