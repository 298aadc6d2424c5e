import { listZip } from '../providers/zip-package.js';
import type { PdfCheck } from './tasks.js';

/**
 * The checks /complete asks of an upload, run inside the reader child (reader-main.ts): a PDF
 * is opened with the library that composes the sealed file (@cantoo/pdf-lib, as
 * signing/seal/index.ts opens it) and saved again, so a file the seal could not open, or an
 * encrypted one it must not rewrite, is refused at upload instead of failing at sealing.
 */
export async function checkPdf(bytes: Uint8Array): Promise<PdfCheck> {
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  let doc: Awaited<ReturnType<typeof PDFDocument.load>>;
  try {
    // ignoreEncryption: an encrypted file loads, so it can be told apart from a broken one.
    doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    return { ok: false, problem: 'unloadable' };
  }
  // Owner-password ("restricted") files are encrypted too: the seal must not rewrite them.
  if (doc.isEncrypted) return { ok: false, problem: 'encrypted' };
  let pages: number;
  try {
    pages = doc.getPageCount();
    if (pages < 1) return { ok: false, problem: 'unloadable' };
    // What composing does last: a file whose objects cannot be written back fails here.
    await doc.save();
  } catch {
    return { ok: false, problem: 'unloadable' };
  }
  return { ok: true, pages };
}

/** The main part of a Word (OOXML) document inside its ZIP package. */
const DOCX_MAIN_PART = 'word/document.xml';

/** Whether a ZIP is a Word package: its central directory lists word/document.xml. */
export async function checkDocx(bytes: Uint8Array): Promise<{ docx: boolean }> {
  const entries = await listZip(bytes);
  return { docx: !!entries?.some((e) => e.name === DOCX_MAIN_PART) };
}
