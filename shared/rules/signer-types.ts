import { CLAVE_UNICA_CODE, NOTARY_AUTHORIZED_CODE } from './services.js';

/**
 * Each signer may sign with their own signature type (issue 23): a signer names a signature
 * service of the request's country, or nothing and then signs with the request's (step 2's
 * choice, the default). The browser and the server run these same rules.
 */
export interface TypedSigner {
  /** The signer's own signature service; absent or null: the request's. */
  signature_service_id?: string | null;
}

/** The signature service a signer signs with: their own, else the request's. */
export const signerServiceId = (
  signer: TypedSigner,
  requestSignatureId: string | null | undefined,
): string | null => signer.signature_service_id || requestSignatureId || null;

/**
 * The signature services in use and how many signers sign with each: the request's first (it
 * is the order's type), then the others in the order their first signer appears. A signer
 * with no type at all (no default chosen yet) is not counted.
 */
export function signersPerService(
  signers: readonly TypedSigner[],
  requestSignatureId: string | null | undefined,
): Map<string, number> {
  const counts = new Map<string, number>();
  if (requestSignatureId && signers.some((s) => !s.signature_service_id)) {
    counts.set(requestSignatureId, 0);
  }
  for (const s of signers) {
    const id = signerServiceId(s, requestSignatureId);
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * The codes a signer may sign with after a notarial choice: with the notary-authorized option
 * only 'FES + Clave Única' (the notary authorizes identity-checked signatures, §4.1); otherwise
 * every type, Clave Única included: a signer's own type may add an identity check to an order
 * whose step-2 type is another (the step-2 list itself still follows allowedSignatureCodes).
 */
export function allowedSignerCodes(
  notarialCode: string | null | undefined,
  allCodes: readonly string[],
): string[] {
  if (notarialCode === NOTARY_AUTHORIZED_CODE)
    return allCodes.filter((c) => c === CLAVE_UNICA_CODE);
  return [...allCodes];
}
