import type { CountryService } from '../../shared/contract/catalog.js';
import { availabilityEs } from '../../shared/messages/availability.es.js';
import { documentsEs } from '../../shared/messages/documents.es.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { allowedSignerCodes, type TypedSigner } from '../../shared/rules/signer-types.js';
import { AppError } from '../platform/errors.js';
import { fitsSlot, type OwnTypeCode } from './rules.js';

/**
 * The signers' own signature types (issue 23), checked by the server on every save that sends
 * signers and again before payment, whatever the wizard showed: pure, over the services priced
 * in the request's country.
 */

/** The signature services the signers name themselves (to price them with the request's). */
export const ownSignatureIds = (signers: readonly TypedSigner[]): string[] => [
  ...new Set(signers.map((s) => s.signature_service_id).filter((id): id is string => !!id)),
];

/** A signer's own type's code, from the priced services (undefined: not on sale there). */
export const ownCodeFrom =
  (prices: ReadonlyMap<string, CountryService>): OwnTypeCode =>
  (id) =>
    prices.get(id)?.code;

/**
 * Throws 422 BUSINESS_RULE, with the signer's `signers.{i}.signature_service_id` field, for the
 * first signer whose own type is listed but not delivered yet ('Próximamente'), is not a
 * signature service on sale in the request's country (and, when `currencyCode` is given, in its
 * currency), or is not 'FES + Clave Única' under the notary-authorized option.
 */
export function assertSignerTypes(
  signers: readonly TypedSigner[],
  notarialCode: string | null | undefined,
  prices: ReadonlyMap<string, CountryService>,
  currencyCode?: string,
): void {
  signers.forEach((s, i) => {
    const id = s.signature_service_id;
    if (!id) return;
    const refuse = (message: string) =>
      new AppError('BUSINESS_RULE', message, { [`signers.${i}.signature_service_id`]: message });
    const service = prices.get(id);
    if (service && !service.available) throw refuse(availabilityEs.serviceComingSoon);
    if (
      !service ||
      !fitsSlot(service, 'electronic_signature') ||
      (currencyCode !== undefined && service.currency_code !== currencyCode)
    ) {
      throw refuse(documentsEs.serviceUnavailable);
    }
    if (allowedSignerCodes(notarialCode, [service.code]).length === 0) {
      throw refuse(ordersEs.signatureRequired);
    }
  });
}

/** The signers with no type of their own: every one signs with the request's type. */
export const withoutOwnTypes = <T extends TypedSigner>(signers: readonly T[]): T[] =>
  signers.map(({ signature_service_id: _own, ...rest }) => rest as T);
