import * as routes from '../../shared/contract/routes/signing.js';
import { signingEs as t } from '../../shared/messages/signing.es.js';
import { initials, maskRut, santiagoStamp } from '../../shared/rules/evidence-format.js';
import type { SignatureType } from '../../shared/rules/signature-types.js';
import { notFound } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { hitLimit } from '../platform/limits.js';
import {
  formatVerificationCode,
  getVerification,
  normaliseVerificationCode,
} from './sealing/seal-runs.js';

/**
 * GET /api/verify/{code}: the public record of a sealed document (pattern 97). It shows only
 * what the seal wrote for this page — signers' initials, masked RUTs, types, dates and both
 * hashes, never a whole name, an e-mail or the document — and one fixed 404 for any code that
 * names nothing.
 */
export const handler = httpRoute(routes.verifyDocument, async ({ params, sourceIp }) => {
  await hitLimit('verifyPerClient', sourceIp);
  const code = normaliseVerificationCode(params.code ?? '');
  if (!code) throw notFound(t.verifyNotFound);
  const v = await getVerification(code);
  if (!v) throw notFound(t.verifyNotFound);
  const signers = (v.signers ?? []) as {
    name: string;
    rut: string | null;
    signature_type: SignatureType;
    signed_at: string;
    transaction_code?: string;
    certificate_serial?: string;
  }[];
  return {
    state: 'sealed' as const,
    verification_code: formatVerificationCode(code),
    order_number: String(v.order_number),
    sealed_at: String(v.sealed_at),
    sealed_at_local: santiagoStamp(String(v.sealed_at)),
    signers: signers.map((s) => ({
      // Initials only (Ley 21.719): records sealed before this stored whole names.
      name: initials(s.name),
      rut_masked: maskRut(s.rut),
      signature_type: s.signature_type,
      signature_label: t.typeTitles[s.signature_type] ?? s.signature_type,
      signed_at_local: s.signed_at ? santiagoStamp(s.signed_at) : '',
      // An advanced signature: the provider's certificate and transaction (issue 23).
      certificate_serial: s.certificate_serial ?? null,
      transaction_code: s.transaction_code ?? null,
    })),
    original_sha256: (v.original_sha256 as string | null) ?? null,
    sealed_sha256: String(v.sealed_sha256),
    // Re-timestamped versions: the delivered file and each later one verify alike.
    later_sha256: Array.isArray(v.later_sha256) ? v.later_sha256.map(String) : [],
  };
});
