import { listPdfSignatures } from './pdf-signatures.js';
import type { NotarizedCheck } from './tasks.js';

/**
 * The check of a notarized PDF, in the reader child (reader-main.ts): the PDF library opens it
 * (an encrypted one is told apart from a broken one) and counts its pages, and its signatures
 * are listed with whether each validates (pdf-signatures.ts). Nothing is rewritten: a notary's
 * signature covers the bytes as uploaded.
 */
export async function checkNotarizedPdf(bytes: Uint8Array): Promise<NotarizedCheck> {
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  let pages: number;
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    if (doc.isEncrypted) return { ok: false, problem: 'encrypted' };
    pages = doc.getPageCount();
  } catch {
    return { ok: false, problem: 'unloadable' };
  }
  if (pages < 1) return { ok: false, problem: 'unloadable' };
  const { signatures } = await listPdfSignatures(bytes);
  return { ok: true, pages, signatures };
}
