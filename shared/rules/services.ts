/**
 * Service codes the wizard's rules name (customer-flows §4.1, §5). The catalogue may hold more
 * services; these are the ones with behaviour attached.
 */

/** 'Sí, firma autorizada por notario': forces the 'FES + Clave Única' signature. */
export const NOTARY_AUTHORIZED_CODE = 'firma_autorizada';
/** 'FES + Clave Única': only allowed, and then required, with the notary-authorized option. */
export const CLAVE_UNICA_CODE = 'fes_clave_unica';
/** 'No, solo firma electrónica': the notarial slot's "no notary" choice (free, no notary work). */
export const NO_NOTARY_CODE = 'sin_notario';
/** 'Firma Electrónica Avanzada'. */
export const ADVANCED_SIGNATURE_CODE = 'fea';

/** Signature types whose signers need a valid Chilean RUT. */
export const RUT_REQUIRED_CODES: readonly string[] = [ADVANCED_SIGNATURE_CODE, CLAVE_UNICA_CODE];

export const SERVICE_CATEGORIES = ['notarial_service', 'electronic_signature'] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const PRICING_MODELS = ['per_signer', 'flat'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

/** The flow the wizard lists services of. */
export const DOCUMENT_LEGALIZATION_FLOW = 'document_legalization';

/**
 * Which signature codes a notarial choice allows: only Clave Única with the notary-authorized
 * option, every other type otherwise (and every type before a notarial choice).
 */
export function allowedSignatureCodes(
  notarialCode: string | null | undefined,
  allCodes: readonly string[],
): string[] {
  if (notarialCode === NOTARY_AUTHORIZED_CODE) {
    return allCodes.filter((c) => c === CLAVE_UNICA_CODE);
  }
  if (!notarialCode) return [...allCodes];
  return allCodes.filter((c) => c !== CLAVE_UNICA_CODE);
}
