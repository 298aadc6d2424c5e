import { describe, expect, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { catalogService } from '../../test/support/requests.js';
import { AppError } from '../platform/errors.js';
import { assertSignersValid, resolveServices, signerIssues } from './rules.js';

const m = es.orders;

const service = catalogService;

const catalogue = [
  service('n-none', 'sin_notario', 'notarial_service', 0, 'flat'),
  service('n-copy', 'copia_legalizada', 'notarial_service', 7990, 'flat'),
  service('n-auth', 'firma_autorizada', 'notarial_service', 9990),
  service('s-fes', 'fes', 'electronic_signature', 1990),
  service('s-fea', 'fea', 'electronic_signature', 6990),
  service('s-cu', 'fes_clave_unica', 'electronic_signature', 4990),
];
const prices = new Map(catalogue.map((s) => [s.id, s]));
const clave = async () => prices.get('s-cu');

const signer = (over: Partial<Record<string, string>> = {}) => ({
  first_name: 'Ana',
  last_name: 'Pérez',
  id_number: '12345678-5',
  email: 'ana@example.com',
  phone: '912345678',
  phone_country_code: '+56',
  ...over,
});

async function appError(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('service rules (§4.1)', () => {
  const resolve = (
    notarial: string | null,
    signature: string | null,
    explicit: { n?: boolean; s?: boolean } = {},
  ) =>
    resolveServices({
      notarial_service_id: notarial,
      signature_service_id: signature,
      explicitNotarial: explicit.n ?? !!notarial,
      explicitSignature: explicit.s ?? !!signature,
      prices,
      findClaveUnica: clave,
    });

  it('keeps an allowed pair and reports the signature code', async () => {
    expect(await resolve('n-copy', 's-fea')).toEqual({
      notarial_service_id: 'n-copy',
      signature_service_id: 's-fea',
      signatureCode: 'fea',
    });
  });

  it('the notary-authorized option selects FES + Clave Única by itself', async () => {
    expect(await resolve('n-auth', null)).toMatchObject({ signature_service_id: 's-cu' });
    // A stored signature of another type is replaced when the call did not name it.
    expect(await resolve('n-auth', 's-fes', { s: false })).toMatchObject({
      signature_service_id: 's-cu',
      signatureCode: 'fes_clave_unica',
    });
  });

  it('refuses another type named together with the notary-authorized option', async () => {
    const err = await appError(resolve('n-auth', 's-fea'));
    expect([err.status, err.message]).toEqual([422, m.signatureRequired]);
  });

  it('clears Clave Única after another notarial choice, refuses it when named', async () => {
    expect(await resolve('n-copy', 's-cu', { s: false })).toMatchObject({
      signature_service_id: null,
      signatureCode: null,
    });
    const err = await appError(resolve('n-copy', 's-cu'));
    expect([err.status, err.message]).toEqual([422, m.signatureNotAllowed]);
  });

  it('refuses ids not on sale in the country or of the wrong category', async () => {
    for (const [n, s] of [
      ['n-other-country', null],
      [null, 's-other-country'],
      ['s-fea', null],
      [null, 'n-copy'],
    ] as const) {
      const err = await appError(resolve(n, s));
      expect([err.status, err.message]).toEqual([422, es.documents.serviceUnavailable]);
    }
  });

  it('refuses a service outside the document_legalization flow', async () => {
    const other = new Map(prices);
    other.set('n-x', { ...service('n-x', 'otro', 'notarial_service'), flows: ['advisory'] });
    const err = await appError(
      resolveServices({
        notarial_service_id: 'n-x',
        signature_service_id: null,
        explicitNotarial: true,
        explicitSignature: false,
        prices: other,
        findClaveUnica: clave,
      }),
    );
    expect(err.message).toBe(es.documents.serviceUnavailable);
  });

  it('the notary-authorized option is unavailable where Clave Única is not sold', async () => {
    const err = await appError(
      resolveServices({
        notarial_service_id: 'n-auth',
        signature_service_id: null,
        explicitNotarial: true,
        explicitSignature: false,
        prices,
        findClaveUnica: async () => undefined,
      }),
    );
    expect(err.message).toBe(es.documents.serviceUnavailable);
  });
});

describe('signer rules (§5)', () => {
  it('accepts valid signers', () => {
    expect(signerIssues([signer(), signer({ email: 'b@example.com' })], 'fea')).toEqual({});
  });

  it('names the field of each problem by position', () => {
    const issues = signerIssues(
      [signer(), signer({ email: 'no es email', first_name: '', phone: '12345678' })],
      'fes',
    );
    expect(issues).toEqual({
      'signers.1.first_name': m.signerRequired,
      'signers.1.email': m.emailInvalid,
      'signers.1.phone': 'Número inválido para Chile (9 dígitos)',
    });
  });

  it('requires a valid RUT only for FEA and Clave Única', () => {
    const bad = [signer({ id_number: '12345678-9' })];
    expect(signerIssues(bad, 'fes')).toEqual({});
    expect(signerIssues(bad, null)).toEqual({});
    expect(signerIssues(bad, 'fea')).toEqual({ 'signers.0.id_number': m.rutInvalid });
    expect(signerIssues(bad, 'fes_clave_unica')).toEqual({ 'signers.0.id_number': m.rutInvalid });
  });

  it('checks the phone length per dial code and refuses a repeated digit', () => {
    const at = (phone: string, code: string) =>
      signerIssues([signer({ phone, phone_country_code: code })], 'fes')['signers.0.phone'];
    expect(at('9123456789', '+54')).toBeUndefined();
    expect(at('91234567890', '+54')).toBeUndefined();
    expect(at('912345678', '+54')).toBe('Número inválido para Argentina (10-11 dígitos)');
    expect(at('99999999', '+56')).toBe('Número inválido para Chile (9 dígitos)');
    expect(at('999999999', '+56')).toBe('Número inválido para Chile (9 dígitos)');
  });

  it('refuses the same e-mail twice in one request, whatever its case', () => {
    expect(signerIssues([signer(), signer({ email: 'ANA@example.com' })], 'fes')).toEqual({
      'signers.1.email': m.signerDuplicateEmail,
    });
  });

  it('refuses more than 10 signers with the spec message', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => signer({ email: `s${i}@example.com` }));
    expect(signerIssues(eleven.slice(0, 10), 'fes')).toEqual({});
    let thrown: unknown;
    try {
      assertSignersValid(eleven, 'fes');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).status).toBe(400);
    expect((thrown as AppError).message).toBe(
      'Ya has alcanzado el límite de 10 firmantes para este documento.',
    );
  });
});
