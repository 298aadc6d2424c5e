import { describe, expect, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { catalogService as service } from '../../test/support/requests.js';
import { AppError } from '../platform/errors.js';
import { checkPayable, type PayFacts } from './checks.js';
import type { RequestItem } from './repo.js';

const m = es.orders;
const prices = new Map(
  [
    service('n-copy', 'copia_legalizada', 'notarial_service', 7990, 'flat'),
    service('n-auth', 'firma_autorizada', 'notarial_service', 9990),
    service('s-fea', 'fea', 'electronic_signature', 6990),
    service('s-cu', 'fes_clave_unica', 'electronic_signature', 4990),
  ].map((s) => [s.id, s]),
);

const payable = (): RequestItem => ({
  id: 'r1',
  request_number: 'SOL-00000000',
  user_sub: 'u1',
  status: 'pending',
  country_id: 'cl',
  currency_code: 'CLP',
  document_id: 'd1',
  document_name: 'contrato.pdf',
  document_size: 1000,
  document_kind: 'pdf',
  title: null,
  notarial_service_id: 'n-copy',
  signature_service_id: 's-fea',
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
  delivery_options: true,
  signature_overall_status: 'pending',
  sign_count: 0,
  associated_order_number: null,
  order_id: null,
  payment_intent_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 3,
});

const facts = (over: Partial<PayFacts> = {}): PayFacts => ({
  document: { status: 'ready' },
  country: { is_active: true, currency_code: 'CLP' },
  prices,
  ...over,
});

function refusal(req: RequestItem, f: PayFacts = facts()): AppError {
  try {
    checkPayable(req, f);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('assertPayable rules', () => {
  it('passes a complete request', () => {
    expect(() => checkPayable(payable(), facts())).not.toThrow();
  });

  it('refuses a paid request with 409', () => {
    const err = refusal({ ...payable(), status: 'paid' });
    expect([err.status, err.message]).toEqual([409, m.requestNotPending]);
  });

  it('needs a ready document and an active country in the request currency', () => {
    expect(refusal(payable(), facts({ document: undefined })).message).toBe(
      m.userOrDocumentMissing,
    );
    expect(refusal(payable(), facts({ document: { status: 'uploading' } })).message).toBe(
      m.userOrDocumentMissing,
    );
    expect(
      refusal(payable(), facts({ country: { is_active: false, currency_code: 'CLP' } })).message,
    ).toBe(m.countryOrRequestMissing);
    expect(
      refusal(payable(), facts({ country: { is_active: true, currency_code: 'EUR' } })).status,
    ).toBe(422);
  });

  it('needs both services on sale and allowed together', () => {
    expect(refusal({ ...payable(), signature_service_id: null }).message).toBe(m.requestIncomplete);
    expect(refusal({ ...payable(), notarial_service_id: 'n-gone' }).message).toBe(
      es.documents.serviceUnavailable,
    );
    expect(refusal({ ...payable(), notarial_service_id: 'n-auth' }).message).toBe(
      m.signatureRequired,
    );
    expect(refusal({ ...payable(), signature_service_id: 's-cu' }).message).toBe(
      m.signatureNotAllowed,
    );
    expect(() =>
      checkPayable(
        { ...payable(), notarial_service_id: 'n-auth', signature_service_id: 's-cu' },
        facts(),
      ),
    ).not.toThrow();
  });

  it('needs 1..10 valid signers for the signature type, and a delivery choice', () => {
    expect(refusal({ ...payable(), signers: [] }).message).toBe(m.requestIncomplete);
    const badRut = payable();
    badRut.signers = [{ ...(badRut.signers[0] as RequestItem['signers'][0]), id_number: '1-2' }];
    const err = refusal(badRut);
    expect(err.status).toBe(400);
    expect(err.fields).toEqual({ 'signers.0.id_number': m.rutInvalid });
    expect(refusal({ ...payable(), delivery_options: null }).message).toBe(m.requestIncomplete);
    expect(() => checkPayable({ ...payable(), delivery_options: false }, facts())).not.toThrow();
  });
});
