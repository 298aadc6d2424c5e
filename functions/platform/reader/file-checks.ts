import { listZip } from '../providers/zip-package.js';
import type { PdfCheck } from './tasks.js';

/**
 * The checks /complete asks of an upload, run inside the reader child (reader-main.ts): a PDF
 * is opened with the library that composes the sealed file (@cantoo/pdf-lib, as
 * signing/seal/index.ts opens it), stripped of its active content (pdf-sanitize.ts) and saved
 * again, so a file the seal could not open, or an encrypted one it must not rewrite, is refused
 * at upload instead of failing at sealing; the saved bytes are the document from then on.
 */
export async function checkPdf(bytes: Uint8Array): Promise<PdfCheck> {
  // Loaded here, not at the top: the DOCX check shares this file and needs no PDF library.
  const [{ PDFDocument }, { sanitizePdf }] = await Promise.all([
    import('@cantoo/pdf-lib'),
    import('./pdf-sanitize.js'),
  ]);
  let doc: Awaited<ReturnType<typeof PDFDocument.load>>;
  try {
    // ignoreEncryption: an encrypted file loads, so it can be told apart from a broken one.
    doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    return { ok: false, problem: 'unloadable' };
  }
  // Owner-password ("restricted") files are encrypted too: the seal must not rewrite them.
  if (doc.isEncrypted) return { ok: false, problem: 'encrypted' };
  try {
    const pages = doc.getPageCount();
    if (pages < 1) return { ok: false, problem: 'unloadable' };
    const removed = sanitizePdf(doc);
    // What composing does last: a file whose objects cannot be written back fails here. The
    // form is gone by now: nothing is to be redrawn at saving.
    const bytes = await doc.save({ updateFieldAppearances: false });
    // The seal opens these bytes, not the upload's: they must load, with every page.
    const again = await PDFDocument.load(bytes, { updateMetadata: false });
    if (again.getPageCount() !== pages) return { ok: false, problem: 'unloadable' };
    return { ok: true, pages, bytes, removed };
  } catch {
    return { ok: false, problem: 'unloadable' };
  }
}

/** The main part of a Word (OOXML) document inside its ZIP package. */
const DOCX_MAIN_PART = 'word/document.xml';

/** Whether a ZIP is a Word package: its central directory lists word/document.xml. */
export async function checkDocx(bytes: Uint8Array): Promise<{ docx: boolean }> {
  const entries = await listZip(bytes);
  return { docx: !!entries?.some((e) => e.name === DOCX_MAIN_PART) };
}
