import { describe, expect, it } from 'vitest';
import { boughtUnavailable, cancelTerms, orderServiceCodes } from './cancel-policy.js';

const NOT_DELIVERED = new Set(['fea', 'fes_clave_unica', 'biometrica', 'copia_legalizada']);
const simple = {
  status: 'processing' as const,
  sign_count: 0,
  signature_type: 'simple' as const,
  notarial_code: 'sin_notario',
};

describe('cancellation policy', () => {
  it('gives everything back while no one has signed', () => {
    expect(cancelTerms(simple, NOT_DELIVERED)).toEqual({ refund: 'full', unavailable: false });
    // An order from before sign_count existed has no signature either.
    expect(cancelTerms({ ...simple, sign_count: undefined }, NOT_DELIVERED)).toEqual({
      refund: 'full',
      unavailable: false,
    });
  });

  it('gives nothing back once a signer signed', () => {
    expect(cancelTerms({ ...simple, sign_count: 1 }, NOT_DELIVERED)).toEqual({
      refund: 'none',
      unavailable: false,
    });
  });

  it('gives everything back for a service not delivered yet, whoever signed', () => {
    const notarial = { ...simple, sign_count: 2, notarial_code: 'copia_legalizada' };
    expect(cancelTerms(notarial, NOT_DELIVERED)).toEqual({ refund: 'full', unavailable: true });
    const fea = { ...simple, signature_type: 'advanced' as const };
    expect(cancelTerms(fea, NOT_DELIVERED)).toEqual({ refund: 'full', unavailable: true });
    // Once the catalogue delivers it, the general rule applies again.
    expect(cancelTerms(notarial, new Set())).toEqual({ refund: 'none', unavailable: false });
  });

  it('offers nothing for a completed or cancelled order', () => {
    expect(cancelTerms({ ...simple, status: 'completed' }, NOT_DELIVERED)).toBeNull();
    expect(cancelTerms({ ...simple, status: 'cancelled' }, NOT_DELIVERED)).toBeNull();
  });

  it("names what was bought by the catalogue's codes", () => {
    expect(orderServiceCodes(simple)).toEqual(['fes']);
    expect(orderServiceCodes({ signature_type: undefined, notarial_code: null })).toEqual(['fes']);
    expect(
      orderServiceCodes({ signature_type: 'clave_unica', notarial_code: 'firma_autorizada' }),
    ).toEqual(['fes_clave_unica', 'firma_autorizada']);
    expect(boughtUnavailable({ signature_type: 'biometric' }, NOT_DELIVERED)).toBe(true);
    expect(boughtUnavailable(simple, NOT_DELIVERED)).toBe(false);
  });
});

describe('an order whose signers sign with different types (issue 23)', () => {
  it('bought every type of its signers: one not delivered means a full refund', () => {
    const mixed = { ...simple, sign_count: 1, signature_types: ['simple', 'biometric'] as const };
    expect(orderServiceCodes({ ...mixed, signature_types: [...mixed.signature_types] })).toEqual([
      'fes',
      'biometrica',
    ]);
    expect(
      cancelTerms(
        { ...mixed, signature_types: [...mixed.signature_types] },
        new Set(['biometrica']),
      ),
    ).toEqual({ refund: 'full', unavailable: true });
    expect(
      boughtUnavailable({ ...simple, signature_types: ['simple'] }, new Set(['biometrica'])),
    ).toBe(false);
  });
});
