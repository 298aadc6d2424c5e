import { inflateSync } from 'node:zlib';
import { checkPdf } from '../../functions/platform/reader/file-checks.js';

/**
 * What a PDF carries that runs, opens or hides files, found by scanning its bytes and every
 * Flate stream inflated (object streams included, where a compressed file keeps its
 * dictionaries): the way an auditor would look, independent of the library that wrote it.
 */
export const ACTIVE_MARKERS = [
  '/JavaScript',
  '/JS',
  '/OpenAction',
  '/AA',
  '/EmbeddedFile',
  '/EmbeddedFiles',
  '/Launch',
  '/SubmitForm',
  '/ImportData',
  '/GoToR',
  '/GoToE',
  '/FileAttachment',
  '/RichMedia',
] as const;

/** A form: gone from a sanitized upload (flattened), back in a sealed file (its seal field). */
export const FORM_MARKERS = ['/AcroForm', '/XFA', '/Widget'] as const;

/** The file's bytes followed by every stream that inflates, as latin1 text. */
export function pdfTextWithStreams(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const parts = [raw.toString('latin1')];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    let body = start + 'stream'.length;
    if (raw[body] === 0x0d) body++;
    if (raw[body] === 0x0a) body++;
    const end = raw.indexOf('endstream', body, 'latin1');
    if (end < 0) break;
    try {
      parts.push(inflateSync(raw.subarray(body, end)).toString('latin1'));
    } catch {
      // Not Flate (an image, or the word in a text): nothing to add.
    }
    at = end + 'endstream'.length;
  }
  return parts.join('\n');
}

/** The markers found in the file (as whole PDF names, not prefixes). */
export function activeMarkers(
  bytes: Uint8Array,
  markers: readonly string[] = ACTIVE_MARKERS,
): string[] {
  const text = pdfTextWithStreams(bytes);
  return markers.filter((name) => new RegExp(`${name}(?![A-Za-z0-9])`).test(text));
}

/**
 * The bytes /complete keeps for an uploaded PDF: the upload as the reader child's check
 * rewrites it without active content (deterministic: the same upload, the same file).
 */
export async function keptPdf(upload: Uint8Array): Promise<Buffer> {
  const check = await checkPdf(upload);
  if (!check.ok) throw new Error(`the upload check refuses this PDF: ${check.problem}`);
  return Buffer.from(check.bytes);
}
