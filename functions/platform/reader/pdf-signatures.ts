import { checkCms } from './cms-check.js';
import { findSignatures } from './pdf-signature-scan.js';
import type { PdfSignatureInfo, PdfSignatureList } from './tasks.js';

/**
 * The signatures and document timestamps a notarized PDF carries, each checked against the
 * file's bytes: run in the reader child (reader-main.ts, task 'notarized-check'), since both the
 * PDF and the CMS inside it are untrusted. Never throws for a malformed signature: it is listed
 * with its problem. At most SCAN_LIMITS.maxSignatures are examined.
 *
 * `valid` is integrity and a correct signature by the certificate the CMS embeds; the chain to
 * an accredited CA (and revocation) is NOT checked (cms-check.ts).
 */
export async function listPdfSignatures(bytes: Uint8Array): Promise<PdfSignatureList> {
  const signatures: PdfSignatureInfo[] = [];
  for (const found of findSignatures(bytes)) {
    const timestampFilter = found.subFilter === 'ETSI.RFC3161';
    const info: PdfSignatureInfo = {
      kind: timestampFilter ? 'timestamp' : 'signature',
      signer_name: null,
      signed_at: found.m,
      valid: false,
      covers_whole_file: false,
      problem: found.problem,
    };
    signatures.push(info);
    if (!found.byteRange || !found.contents) continue;
    const [a, b, c, d] = found.byteRange;
    info.covers_whole_file = a === 0 && c + d === bytes.length;
    const parts = [bytes.subarray(a, a + b), bytes.subarray(c, c + d)];
    const checked = await checkCms(found.contents, parts);
    info.kind = checked.kind ?? info.kind;
    info.signer_name = checked.signerName;
    info.signed_at = checked.signedAt ?? found.m;
    // A document timestamp's CMS must be a timestamp token: anything else under ETSI.RFC3161
    // is not the timestamp the dictionary claims.
    info.problem =
      checked.problem ?? (timestampFilter && checked.kind !== 'timestamp' ? 'bad_signature' : null);
    info.valid = info.problem === null;
  }
  return { signatures };
}
