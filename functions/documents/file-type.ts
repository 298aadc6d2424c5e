import { DOCUMENT_TYPES, type DocumentKind } from '../../shared/contract/documents.js';

/**
 * What a file really is, by its bytes, whatever its name says (customer-flows §5: only PDF,
 * DOC, DOCX). s3rver enforces no POST policy and S3 stores whatever Content-Type the browser
 * sent, so the bytes are the only evidence.
 */

/** Bytes read first to recognise the format. */
export const SNIFF_BYTES = 8;

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
/** A ZIP local file header "PK\x03\x04" (the container of .docx). */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** OLE2 compound file (the container of .doc). */
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export type Container = 'pdf' | 'ole2' | 'zip';

const startsWith = (bytes: Uint8Array, magic: Buffer) =>
  bytes.length >= magic.length && magic.equals(Buffer.from(bytes.subarray(0, magic.length)));

/** The container format by the first bytes, or undefined for anything else. */
export function sniffContainer(head: Uint8Array): Container | undefined {
  if (startsWith(head, PDF_MAGIC)) return 'pdf';
  if (startsWith(head, OLE2_MAGIC)) return 'ole2';
  if (startsWith(head, ZIP_MAGIC)) return 'zip';
  return undefined;
}

/** Which containers need the whole file to tell what they hold. */
export const needsWholeFile = (c: Container | undefined): boolean => c === 'ole2' || c === 'zip';

/** Types a browser may send for a Word file it does not know (empty, or a catch-all). */
const GENERIC_TYPES = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/zip',
  'application/x-zip-compressed',
]);

/**
 * The kind and content type of an upload from its name and the type the browser declared:
 * the extension decides the kind and must be .pdf, .doc or .docx; the declared type must be
 * that kind's, except that a Word file with an empty or generic type gets its type from the
 * extension (some browsers do not know Word types). Undefined when refused.
 */
export function declaredKind(
  fileName: string,
  contentType: string,
): { kind: DocumentKind; contentType: string } | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (ext !== 'pdf' && ext !== 'doc' && ext !== 'docx') return undefined;
  const expected = DOCUMENT_TYPES[ext];
  const declared = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (declared === expected) return { kind: ext, contentType: expected };
  if (ext !== 'pdf' && GENERIC_TYPES.has(declared)) return { kind: ext, contentType: expected };
  return undefined;
}
