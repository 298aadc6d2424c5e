import type { DocumentKind } from '../../shared/contract/documents.js';
import { documentsEs } from '../../shared/messages/documents.es.js';
import { timedOut } from '../platform/deadline.js';
import type { Removed } from '../platform/reader/pdf-sanitize.js';
import { ReadFailed, readInChild } from '../platform/reader/read-in-child.js';
import type { Container } from './file-type.js';

/**
 * The checks of an upload's content that parse it, each in the reader child
 * (platform/reader/read-in-child.ts): only /complete asks them (complete.ts), so only its
 * function carries the reader program. The cheap checks by name and first bytes are
 * file-type.ts.
 */

/**
 * A reader child that did not start in time says nothing about the file: the upload is kept
 * and the caller gets the retryable 503, never a refusal that would delete it.
 */
function startedLate(err: unknown): unknown {
  return err instanceof ReadFailed && err.reason === 'start' ? timedOut() : err;
}

/** The stream every Word 97-2003 file has, named in UTF-16LE in the compound file directory. */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/**
 * The document kind the bytes prove, or undefined: a PDF by its header; a DOC is a compound
 * file with a WordDocument stream (an Excel .xls is a compound file too); a DOCX is a ZIP
 * whose central directory lists word/document.xml (an .xlsx or any .zip is not).
 * Whether the seal can open a PDF is `checkedPdf`'s question, asked once the kind is known.
 */
export async function realKind(
  container: Container | undefined,
  whole?: Uint8Array,
): Promise<DocumentKind | undefined> {
  if (container === 'pdf') return 'pdf';
  if (!whole) return undefined;
  if (container === 'ole2') return Buffer.from(whole).includes(WORD_STREAM) ? 'doc' : undefined;
  if (container === 'zip') {
    // The central directory only (nothing inflated; at most 1,000 entries), read in the reader
    // child like every parse of uploaded bytes. Rejects with ReadFailed when it ran out of time.
    try {
      return (await readInChild('docx-check', whole)).docx ? 'docx' : undefined;
    } catch (err) {
      throw startedLate(err);
    }
  }
  return undefined;
}

/** An uploaded PDF as the document will keep it, or why it cannot be kept. */
export type PdfVerdict =
  | { problem: string }
  | { problem?: undefined; bytes: Uint8Array; removed: Removed };

/**
 * The PDF the document keeps, or why the seal could not use the upload (as the Spanish message
 * for the uploader): the file is opened by the seal's own library in the reader child, stripped
 * of its active content (scripts, automatic and additional actions, embedded files, form
 * fields flattened: platform/reader/pdf-sanitize.ts) and saved again; those saved bytes are
 * what the customer previews and signers review and what gets sealed. Encrypted and
 * owner-password files are refused (the seal must not rewrite them); so are files that library
 * cannot load, or cannot load in time.
 */
export async function checkedPdf(bytes: Uint8Array): Promise<PdfVerdict> {
  let check: Awaited<ReturnType<typeof readInChild<'pdf-check'>>>;
  try {
    check = await readInChild('pdf-check', bytes);
  } catch (err) {
    if (err instanceof ReadFailed && err.reason !== 'start') {
      return { problem: documentsEs.pdfTooComplex };
    }
    throw startedLate(err);
  }
  if (check.ok) return { bytes: check.bytes, removed: check.removed };
  return {
    problem: check.problem === 'encrypted' ? documentsEs.pdfEncrypted : documentsEs.pdfUnloadable,
  };
}
