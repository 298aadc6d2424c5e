import type { CountryService } from '../../shared/contract/catalog.js';
import { documentsEs } from '../../shared/messages/documents.es.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { allowedSignatureCodes, NOTARY_AUTHORIZED_CODE } from '../../shared/rules/services.js';
import { priceServices } from '../catalog/services-repo.js';
import { getCountry } from '../countries/repo.js';
import { getOwnedDocument } from '../documents/repo.js';
import { AppError } from '../platform/errors.js';
import { payableUntil } from '../signing/sealing/original-keys.js';
import type { RequestItem } from './repo.js';
import { assertDelivered, assertSignersValid, fitsSlot } from './rules.js';
import { assertSignerTypes, ownCodeFrom, ownSignatureIds } from './signer-types.js';

/**
 * Whether a request may be paid now (customer-flows §4.1, §5): the checks the wizard makes
 * step by step, made again on the server right before money moves, against the catalogue and
 * the document as they are now.
 */
const m = ordersEs;

/** What the checks read besides the request. */
export interface PayFacts {
  document: { status: string } | undefined;
  country: { is_active: boolean; currency_code: string } | undefined;
  /** The request's services (and its signers' own types) priced in its country (missing = not on sale there). */
  prices: ReadonlyMap<string, CountryService>;
}

const rule = (message: string) => new AppError('BUSINESS_RULE', message);

/**
 * Pure: throws the first reason the request cannot be paid. 409 when it is already paid;
 * 422 BUSINESS_RULE for a missing document, country, service or delivery choice; 400
 * VALIDATION with `signers.{i}.{field}` messages for the signers.
 */
export function checkPayable(req: RequestItem, facts: PayFacts): void {
  if (req.status !== 'pending') throw new AppError('CONFLICT', m.requestNotPending);
  if (!req.document_id || facts.document?.status !== 'ready') {
    throw rule(m.userOrDocumentMissing);
  }
  // The currency is the country's (§1): a country changed since the request was priced in
  // another currency cannot be paid until the request is saved again.
  if (!facts.country?.is_active || facts.country.currency_code !== req.currency_code) {
    throw rule(m.countryOrRequestMissing);
  }
  if (!req.notarial_service_id || !req.signature_service_id) throw rule(m.requestIncomplete);
  const notarial = facts.prices.get(req.notarial_service_id);
  const signature = facts.prices.get(req.signature_service_id);
  // Not delivered yet (issue 21): never paid for, whatever was saved before the flag.
  assertDelivered(notarial);
  assertDelivered(signature);
  if (
    !fitsSlot(notarial, 'notarial_service') ||
    !fitsSlot(signature, 'electronic_signature') ||
    notarial?.currency_code !== req.currency_code ||
    signature?.currency_code !== req.currency_code
  ) {
    throw rule(documentsEs.serviceUnavailable);
  }
  const notarialCode = (notarial as CountryService).code;
  const signatureCode = (signature as CountryService).code;
  if (!allowedSignatureCodes(notarialCode, [signatureCode]).includes(signatureCode)) {
    throw rule(
      notarialCode === NOTARY_AUTHORIZED_CODE ? m.signatureRequired : m.signatureNotAllowed,
    );
  }
  if (req.signers.length === 0) throw rule(m.requestIncomplete);
  // The signers' own types (issue 23), as on a save, and in the request's currency.
  assertSignerTypes(req.signers, notarialCode, facts.prices, req.currency_code);
  assertSignersValid(req.signers, signatureCode, ownCodeFrom(facts.prices));
  if (req.delivery_options === null || req.delivery_options === undefined) {
    throw rule(m.requestIncomplete);
  }
}

/** Reads the document, the country and the services, then checkPayable. */
export async function assertPayable(req: RequestItem): Promise<void> {
  if (req.status !== 'pending') throw new AppError('CONFLICT', m.requestNotPending);
  const ids = [
    req.notarial_service_id,
    req.signature_service_id,
    ...ownSignatureIds(req.signers),
  ].filter((id): id is string => !!id);
  const [document, country, prices] = await Promise.all([
    // Only a document that outlives its copy to the order's evidence (signing/sealing/original.ts).
    req.document_id
      ? getOwnedDocument(req.document_id, req.user_sub, payableUntil(new Date()))
      : undefined,
    getCountry(req.country_id),
    priceServices(req.country_id, ids),
  ]);
  checkPayable(req, { document, country, prices });
}
