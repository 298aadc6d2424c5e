import { describe, expect, inject, it } from 'vitest';
import type { CountryService, ServicesCatalog } from '../../shared/contract/catalog.js';
import { es } from '../../shared/messages.es.js';
import { api } from '../support/client.js';
import { priceServicesOn } from '../support/documents.js';

const stack = inject('stack');
const call = api(stack);

const catalog = (country: string) =>
  call<ServicesCatalog>('GET', `/api/catalog/services?country_id=${country}`);

const summary = (services: CountryService[]) =>
  services.map((s) => [s.code, s.name, s.price, s.pricing_model]);

describe('GET /api/catalog/services', () => {
  it('lists Chile’s notarial options and signature types in order, priced in whole pesos', async () => {
    const res = await catalog('cl');
    expect(res.status).toBe(200);
    expect(res.body.country_id).toBe('cl');
    expect(res.body.currency_code).toBe('CLP');
    expect(summary(res.body.notarial_services)).toEqual([
      ['sin_notario', 'No, solo firma electrónica', 0, 'flat'],
      ['copia_legalizada', 'Copia legalizada', 7990, 'flat'],
      ['protocolizacion', 'Protocolización', 24990, 'flat'],
      ['firma_autorizada', 'Sí, firma autorizada por notario', 9990, 'per_signer'],
    ]);
    expect(summary(res.body.signature_types)).toEqual([
      ['fes', 'Firma Electrónica Simple', 1990, 'per_signer'],
      ['biometrica', 'Firma Electrónica Biométrica', 3990, 'per_signer'],
      ['fea', 'Firma Electrónica Avanzada', 6990, 'per_signer'],
      ['fes_clave_unica', 'FES + Clave Única', 4990, 'per_signer'],
    ]);
    for (const s of [...res.body.notarial_services, ...res.body.signature_types]) {
      expect(s.currency_code).toBe('CLP');
      expect(s.flows).toContain('document_legalization');
      expect(s.description.length).toBeGreaterThan(20);
      expect(s.id).not.toBe(s.code);
    }
    expect(res.body.notarial_services.every((s) => s.category === 'notarial_service')).toBe(true);
    expect(res.body.signature_types.every((s) => s.category === 'electronic_signature')).toBe(true);
  });

  it('prices every seeded country in its own currency and minor units', async () => {
    const expected: Record<string, [string, number]> = {
      es: ['EUR', 799],
      mx: ['MXN', 15900],
      ar: ['ARS', 799000],
      co: ['COP', 31900],
      pe: ['PEN', 2990],
    };
    for (const [country, [currency, legalizedCopy]] of Object.entries(expected)) {
      const res = await catalog(country);
      expect(res.status).toBe(200);
      expect(res.body.currency_code).toBe(currency);
      expect(res.body.notarial_services).toHaveLength(4);
      expect(res.body.signature_types).toHaveLength(4);
      const copy = res.body.notarial_services.find((s) => s.code === 'copia_legalizada');
      expect(copy).toMatchObject({ price: legalizedCopy, currency_code: currency });
      for (const s of [...res.body.notarial_services, ...res.body.signature_types]) {
        expect(Number.isInteger(s.price)).toBe(true);
      }
    }
  });

  it('accepts the country id in capitals', async () => {
    const res = await catalog('CL');
    expect(res.status).toBe(200);
    expect(res.body.country_id).toBe('cl');
  });

  it('answers 404 "País no disponible" for an unknown or inactive country', async () => {
    for (const country of ['zz', 'uy']) {
      const res = await call<{ error: { code: string; message: string } }>(
        'GET',
        `/api/catalog/services?country_id=${country}`,
      );
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({
        code: 'NOT_FOUND',
        message: es.documents.countryUnavailable,
      });
    }
  });

  it('needs a country', async () => {
    expect((await call('GET', '/api/catalog/services')).status).toBe(400);
  });
});

describe('priceServices (used by requests and orders)', () => {
  it('prices only active services available in the country, from the catalogue', async () => {
    const { body } = await catalog('cl');
    const fea = body.signature_types.find((s) => s.code === 'fea') as CountryService;
    const copy = body.notarial_services.find(
      (s) => s.code === 'copia_legalizada',
    ) as CountryService;
    const priced = await priceServicesOn(stack, 'cl', [fea.id, copy.id, 'svc-desconocido', fea.id]);
    expect([...priced.keys()].sort()).toEqual([copy.id, fea.id].sort());
    expect(priced.get(fea.id)).toEqual(fea);
    expect(priced.get(copy.id)).toEqual(copy);
    // A country without prices for them offers none.
    expect((await priceServicesOn(stack, 'uy', [fea.id])).size).toBe(0);
    expect((await priceServicesOn(stack, 'cl', [])).size).toBe(0);
  });
});
