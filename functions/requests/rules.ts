import type { CountryService } from '../../shared/contract/catalog.js';
import { signerMessages } from '../../shared/contract/requests.js';
import { availabilityEs } from '../../shared/messages/availability.es.js';
import { documentsEs } from '../../shared/messages/documents.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { normalizeEmail } from '../../shared/rules/email.js';
import {
  CLAVE_UNICA_CODE,
  DOCUMENT_LEGALIZATION_FLOW,
  NOTARY_AUTHORIZED_CODE,
  type ServiceCategory,
} from '../../shared/rules/services.js';
import type { TypedSigner } from '../../shared/rules/signer-types.js';
import { MAX_SIGNERS, type SignerFields, signerErrors } from '../../shared/rules/signers.js';
import { AppError } from '../platform/errors.js';

/**
 * The wizard's rules as pure functions (customer-flows §4.1, §5), apart from service.ts so
 * they run in unit tests without a table. The server applies them on every save and again
 * before payment, whatever the browser already checked.
 */
const m = ordersEs;

/** A signer's own signature type's code (issue 23), by service id; unknown: undefined. */
export type OwnTypeCode = (serviceId: string) => string | null | undefined;

/**
 * Every signer problem as `{ 'signers.{i}.{field}': message }`: more than 10 signers (one
 * message for the list), each field by the §5 rules for the signer's signature type (their own,
 * coded by `ownCode`, else the request's `signatureCode`), and an e-mail that appears twice in
 * the same request (each signer gets their own link by e-mail).
 */
export function signerIssues(
  signers: readonly (SignerFields & TypedSigner)[],
  signatureCode: string | null | undefined,
  ownCode: OwnTypeCode = () => undefined,
): Record<string, string> {
  if (signers.length > MAX_SIGNERS) return { signers: m.maxSigners };
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  signers.forEach((s, i) => {
    const code = s.signature_service_id ? ownCode(s.signature_service_id) : signatureCode;
    for (const [field, message] of Object.entries(signerErrors(s, code, signerMessages, fmt))) {
      fields[`signers.${i}.${field}`] = message;
    }
    const email = normalizeEmail(s.email);
    if (email && seen.has(email)) fields[`signers.${i}.email`] ??= m.signerDuplicateEmail;
    seen.add(email);
  });
  return fields;
}

/** 400 VALIDATION with the field map (first message as the error's message) when invalid. */
export function assertSignersValid(
  signers: readonly (SignerFields & TypedSigner)[],
  signatureCode: string | null | undefined,
  ownCode?: OwnTypeCode,
): void {
  const fields = signerIssues(signers, signatureCode, ownCode);
  const first = Object.values(fields)[0];
  if (first) throw new AppError('VALIDATION', first, fields);
}

/**
 * A service the wizard may choose in that slot: on sale there, delivered end to end (issue 21),
 * its category, its flow.
 */
export function fitsSlot(service: CountryService | undefined, category: ServiceCategory): boolean {
  return (
    !!service &&
    service.available &&
    service.category === category &&
    service.flows.includes(DOCUMENT_LEGALIZATION_FLOW)
  );
}

/**
 * 422 with the 'Próximamente' refusal for a service listed in the catalogue but not delivered
 * yet (issue 21): a crafted request cannot buy what the wizard shows as disabled.
 */
export function assertDelivered(service: CountryService | undefined): void {
  if (service && !service.available) {
    throw new AppError('BUSINESS_RULE', availabilityEs.serviceComingSoon);
  }
}

export interface ServiceSelection {
  notarial_service_id: string | null;
  signature_service_id: string | null;
}

export interface ResolveInput extends ServiceSelection {
  /** Ids this call names (non-null): they must be on sale in the request's country. */
  explicitNotarial: boolean;
  explicitSignature: boolean;
  /** The selection's services priced in the request's country (missing = not on sale). */
  prices: ReadonlyMap<string, CountryService>;
  /** The country's 'FES + Clave Única' service, read only when the rule needs it. */
  findClaveUnica: () => Promise<CountryService | undefined>;
}

export interface Resolved extends ServiceSelection {
  /** Code of the resulting signature type (the signers are checked against it). */
  signatureCode: string | null;
}

/**
 * The §4.1 service rules on the resulting selection:
 *  - an id named in this call must be an available service of the right category in the
 *    request's country (else 422 serviceUnavailable; 422 serviceComingSoon when it is listed but
 *    not delivered yet);
 *  - the notary-authorized option needs 'FES + Clave Única': chosen automatically, unless this
 *    call named another signature (422 signatureRequired);
 *  - any other notarial option excludes Clave Única: it is cleared, unless this call named it
 *    (422 signatureNotAllowed).
 * A stored id no longer on sale is kept as it is (the save may be about signers); payment
 * refuses it (checks.ts).
 */
export async function resolveServices(input: ResolveInput): Promise<Resolved> {
  const { prices } = input;
  let notarial = input.notarial_service_id;
  let signature = input.signature_service_id;
  const unavailable = () => new AppError('BUSINESS_RULE', documentsEs.serviceUnavailable);
  if (input.explicitNotarial && notarial) assertDelivered(prices.get(notarial));
  if (input.explicitSignature && signature) assertDelivered(prices.get(signature));
  if (input.explicitNotarial && notarial && !fitsSlot(prices.get(notarial), 'notarial_service')) {
    throw unavailable();
  }
  if (
    input.explicitSignature &&
    signature &&
    !fitsSlot(prices.get(signature), 'electronic_signature')
  ) {
    throw unavailable();
  }
  const notarialCode = notarial ? prices.get(notarial)?.code : undefined;
  let signatureCode = signature ? (prices.get(signature)?.code ?? null) : null;

  if (notarialCode === NOTARY_AUTHORIZED_CODE && signatureCode !== CLAVE_UNICA_CODE) {
    if (input.explicitSignature && signature)
      throw new AppError('BUSINESS_RULE', m.signatureRequired);
    const clave = await input.findClaveUnica();
    assertDelivered(clave);
    // Without Clave Única in the country the notary-authorized option cannot be fulfilled.
    if (!fitsSlot(clave, 'electronic_signature')) throw unavailable();
    signature = (clave as CountryService).id;
    signatureCode = CLAVE_UNICA_CODE;
  } else if (
    notarialCode !== undefined &&
    notarialCode !== NOTARY_AUTHORIZED_CODE &&
    signatureCode === CLAVE_UNICA_CODE
  ) {
    if (input.explicitSignature) throw new AppError('BUSINESS_RULE', m.signatureNotAllowed);
    signature = null;
    signatureCode = null;
  }
  if (!notarial) notarial = null;
  return { notarial_service_id: notarial, signature_service_id: signature, signatureCode };
}
