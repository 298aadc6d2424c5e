import { createHash } from 'node:crypto';
import { fmt } from '../../../shared/messages/fmt.js';
import { sealEs } from '../../../shared/messages/seal.es.js';
import { appendCertificatePages } from './compose-certificate.js';
import { createEvidencePdf } from './evidence.js';
import { embedSealFonts } from './fonts.js';
import { sealPdf } from './seal-pdf.js';
import { prepareSigners } from './signature-mark.js';
import { appendSignaturesPages } from './stamp.js';
import {
  type SealCredentials,
  SealHashMismatch,
  type SealInput,
  SealInputError,
  type SealResult,
} from './types.js';

export { sealCredentialsFrom } from './credentials.js';
export { SealRevocationError } from './ltv.js';
export {
  type SealCredentials,
  SealHashMismatch,
  type SealInput,
  SealInputError,
  type SealResult,
  type SealSignatureType,
  type SealSigner,
  SealTimestampError,
} from './types.js';

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The sealed PDF of an order (docs/architecture.md "Sealing pipeline"):
 * 1. re-check the original's SHA-256 (SealHashMismatch: never seal other bytes than were signed);
 * 2. PDF original: the original's pages + a signatures page + the certificate page(s);
 *    DOC/DOCX, or a PDF a provider signed (FEA): an evidence PDF (certificate + signatures)
 *    with that file attached unchanged;
 * 3. seal with the platform certificate and an RFC 3161 timestamp (SealTimestampError when no
 *    TSA answers).
 * Pure: bytes in, bytes out. Heavy libraries load on first use.
 */
export async function sealDocument(input: SealInput, creds: SealCredentials): Promise<SealResult> {
  const actual = sha256Hex(input.original);
  if (actual !== input.originalSha256.toLowerCase()) {
    throw new SealHashMismatch(input.originalSha256, actual);
  }
  const { composed, pages } = await compose(input, actual).catch((err: unknown) => {
    // Composing is pure and deterministic: a failure here (an unreadable or hostile PDF, a bad
    // image) fails the same way on every retry, so it is reported as input, not retried.
    if (err instanceof SealInputError) throw err;
    throw new SealInputError(`the sealed PDF could not be composed: ${String(err)}`, {
      cause: err,
    });
  });
  const pdf = await sealPdf(composed, creds, {
    reason: fmt(sealEs.sealReason, { order: input.orderNumber }),
    location: sealEs.sealLocation,
    signingTime: new Date(input.sealedAt),
  });
  return { pdf, sha256: sha256Hex(pdf), pages };
}

async function compose(
  input: SealInput,
  sha256: string,
): Promise<{ composed: Uint8Array; pages: number }> {
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  const isPdf = input.kind === 'pdf';
  const doc = isPdf
    ? await PDFDocument.load(input.original, { updateMetadata: false })
    : await createEvidencePdf(
        input.original,
        input.originalName,
        input.kind as 'doc' | 'docx' | 'signed-pdf',
        sha256,
        input.sealedAt,
      );
  const originalPages = isPdf ? doc.getPageCount() : null;
  const fonts = await embedSealFonts(doc);
  const signers = await prepareSigners(doc, input.signers);
  const certificate = {
    orderNumber: input.orderNumber,
    originalName: input.originalName,
    originalPages,
    providerSigned: input.kind === 'signed-pdf',
    originalSha256: sha256,
    auditHead: input.auditHead,
    verificationCode: input.verificationCode,
    verifyUrl: input.verifyUrl,
    sealedAt: input.sealedAt,
    signers,
  };
  if (isPdf) {
    await appendSignaturesPages(doc, signers, fonts, input.orderNumber);
    await appendCertificatePages(doc, fonts, certificate);
  } else {
    await appendCertificatePages(doc, fonts, certificate);
    await appendSignaturesPages(doc, signers, fonts, input.orderNumber);
  }
  const pages = doc.getPageCount();
  const composed = await doc.save();
  return { composed, pages };
}
