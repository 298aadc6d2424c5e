import { describe, expect, it } from 'vitest';
import type { CountryService } from '../../shared/contract/catalog.js';
import { es } from '../../shared/messages.es.js';
import { catalogService as service } from '../../test/support/requests.js';
import { AppError } from '../platform/errors.js';
import { checkPayable } from './checks.js';
import type { RequestItem } from './repo.js';
import { assertDelivered, fitsSlot, resolveServices } from './rules.js';

/**
 * Issue 21: a service listed in the catalogue but not delivered yet is never saved into a
 * request by name nor paid for, whatever the browser sent.
 */
const soon = (s: CountryService): CountryService => ({ ...s, available: false });
const noNotary = service('n-none', 'sin_notario', 'notarial_service', 0, 'flat');
const copy = soon(service('n-copy', 'copia_legalizada', 'notarial_service', 7990, 'flat'));
const notary = soon(service('n-auth', 'firma_autorizada', 'notarial_service', 9990));
const fes = service('s-fes', 'fes', 'electronic_signature', 1990);
const fea = soon(service('s-fea', 'fea', 'electronic_signature', 6990));
const clave = soon(service('s-cu', 'fes_clave_unica', 'electronic_signature', 4990));
const prices = new Map([noNotary, copy, notary, fes, fea, clave].map((s) => [s.id, s]));

const comingSoon = es.availability.serviceComingSoon;

async function refusal(p: Promise<unknown> | (() => unknown)): Promise<AppError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

const resolve = (notarial: string | null, signature: string | null) =>
  resolveServices({
    notarial_service_id: notarial,
    signature_service_id: signature,
    explicitNotarial: !!notarial,
    explicitSignature: !!signature,
    prices,
    findClaveUnica: async () => clave,
  });

describe('services not delivered yet', () => {
  it('do not fit a slot, and are refused with the Próximamente message', async () => {
    expect(fitsSlot(fea, 'electronic_signature')).toBe(false);
    expect(fitsSlot(fes, 'electronic_signature')).toBe(true);
    expect(() => assertDelivered(fes)).not.toThrow();
    expect(() => assertDelivered(undefined)).not.toThrow();
    const err = await refusal(() => assertDelivered(fea));
    expect(err).toMatchObject({ code: 'BUSINESS_RULE', message: comingSoon });
  });

  it('cannot be chosen by name in either slot', async () => {
    for (const [n, s] of [
      [copy.id, null],
      [noNotary.id, fea.id],
      [notary.id, null],
      [noNotary.id, clave.id],
    ] as const) {
      const err = await refusal(resolve(n, s));
      expect(err).toMatchObject({ code: 'BUSINESS_RULE', message: comingSoon });
    }
    await expect(resolve(noNotary.id, fes.id)).resolves.toMatchObject({
      notarial_service_id: noNotary.id,
      signature_service_id: fes.id,
    });
  });

  it('are never paid for, even when saved before the flag (a crafted or stale request)', async () => {
    const req = (signature: string, notarial = noNotary.id): RequestItem =>
      ({
        id: 'r1',
        request_number: 'SOL-00000000',
        user_sub: 'u1',
        status: 'pending',
        country_id: 'cl',
        currency_code: 'CLP',
        document_id: 'd1',
        notarial_service_id: notarial,
        signature_service_id: signature,
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
        version: 1,
      }) as unknown as RequestItem;
    const facts = {
      document: { status: 'ready' },
      country: { is_active: true, currency_code: 'CLP' },
      prices,
    };
    expect(() => checkPayable(req(fes.id), facts)).not.toThrow();
    for (const r of [req(fea.id), req(fes.id, copy.id), req(clave.id, notary.id)]) {
      const err = await refusal(() => checkPayable(r, facts));
      expect(err).toMatchObject({ code: 'BUSINESS_RULE', message: comingSoon });
    }
  });
});
