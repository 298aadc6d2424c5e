import { describe, expect, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import type { TypedSigner } from '../../shared/rules/signer-types.js';
import type { SignerFields } from '../../shared/rules/signers.js';
import { catalogService as service } from '../../test/support/requests.js';
import { AppError } from '../platform/errors.js';
import { signerIssues } from './rules.js';
import {
  assertSignerTypes,
  ownCodeFrom,
  ownSignatureIds,
  withoutOwnTypes,
} from './signer-types.js';

const prices = new Map(
  [
    service('n-copy', 'copia_legalizada', 'notarial_service', 7990, 'flat'),
    service('s-fes', 'fes', 'electronic_signature', 1990),
    service('s-fea', 'fea', 'electronic_signature', 6990),
    service('s-cu', 'fes_clave_unica', 'electronic_signature', 4990),
    { ...service('s-bio', 'biometrica', 'electronic_signature', 3990), available: false },
    { ...service('s-eur', 'fes', 'electronic_signature', 199), currency_code: 'EUR' },
  ].map((s) => [s.id, s]),
);

const person = (over: Partial<Record<string, string | null>> = {}): SignerFields & TypedSigner => ({
  first_name: 'Ana',
  last_name: 'Pérez',
  id_number: 'AB123456',
  email: `${Math.random().toString(36).slice(2)}@example.com`,
  phone: '912345678',
  phone_country_code: '+56',
  ...over,
});

function refusal(fn: () => void): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe("the signers' own types, checked by the server (issue 23)", () => {
  it('accepts available signature services of the country, and signers without one', () => {
    const signers = [
      person(),
      person({ signature_service_id: 's-fea' }),
      person({ signature_service_id: null }),
    ];
    expect(() => assertSignerTypes(signers, 'copia_legalizada', prices, 'CLP')).not.toThrow();
    expect(ownSignatureIds([...signers, person({ signature_service_id: 's-fea' })])).toEqual([
      's-fea',
    ]);
  });

  it('refuses each wrong type with a Spanish 422 naming the signer', () => {
    const cases: [string, string | null, string][] = [
      ['s-bio', 'sin_notario', es.availability.serviceComingSoon],
      ['s-gone', 'sin_notario', es.documents.serviceUnavailable],
      ['n-copy', 'sin_notario', es.documents.serviceUnavailable],
      ['s-eur', 'sin_notario', es.documents.serviceUnavailable],
      ['s-fea', 'firma_autorizada', es.orders.signatureRequired],
      ['s-fes', 'firma_autorizada', es.orders.signatureRequired],
    ];
    for (const [id, notarial, message] of cases) {
      const err = refusal(() =>
        assertSignerTypes(
          [person(), person({ signature_service_id: id })],
          notarial,
          prices,
          'CLP',
        ),
      );
      expect([err.status, err.message, err.fields], id).toEqual([
        422,
        message,
        { 'signers.1.signature_service_id': message },
      ]);
    }
    // Clave Única is what the notary-authorized option asks of every signer.
    expect(() =>
      assertSignerTypes([person({ signature_service_id: 's-cu' })], 'firma_autorizada', prices),
    ).not.toThrow();
  });

  it('asks a Chilean RUT of the signers whose own type needs one, and only of them', () => {
    const signers = [
      person(),
      person({ signature_service_id: 's-fea' }),
      person({ signature_service_id: 's-cu', id_number: '' }),
      person({ signature_service_id: 's-fea', id_number: '12345678-5' }),
    ];
    expect(signerIssues(signers, 'fes', ownCodeFrom(prices))).toEqual({
      'signers.1.id_number': es.orders.rutInvalid,
      'signers.2.id_number': es.orders.signerRequired,
    });
    // A request of type FEA: a signer with the simple type as their own needs no RUT.
    expect(
      signerIssues(
        [person({ signature_service_id: 's-fes' }), person()],
        'fea',
        ownCodeFrom(prices),
      ),
    ).toEqual({ 'signers.1.id_number': es.orders.rutInvalid });
  });

  it('drops every own type when the request’s type must win (new country, notary)', () => {
    expect(withoutOwnTypes([{ a: 1, signature_service_id: 's-fea' }, { a: 2 }])).toEqual([
      { a: 1 },
      { a: 2 },
    ]);
  });
});
