import type { Removed } from './pdf-sanitize.js';

/**
 * What a reader child can be asked to do with a file's bytes, and what each answers. Shared by
 * the parent (read-in-child.ts) and the child (reader-main.ts); imports no parser (types only),
 * so the handler that asks carries none of them.
 */
export interface ReadText {
  pages: number | null;
  text: string;
}

/**
 * Whether the seal's PDF library can open and rewrite a PDF (reader/file-checks.ts), and when it
 * can, the file it wrote without active content (reader/pdf-sanitize.ts) and what it removed.
 */
export type PdfCheck =
  | { ok: true; pages: number; bytes: Uint8Array; removed: Removed }
  | { ok: false; problem: 'encrypted' | 'unloadable' };

/**
 * A notarized PDF as the notary uploaded it (reader/notarized-check.ts): whether the PDF
 * library opens it (not encrypted), its pages and its signatures. Never rewritten: the notary's
 * signatures must stay valid.
 */
export type NotarizedCheck =
  | { ok: true; pages: number; signatures: PdfSignatureInfo[] }
  | { ok: false; problem: 'encrypted' | 'unloadable' };

/**
 * One signature of a PDF as the reader child found it (reader/pdf-signatures.ts). `valid` is
 * integrity plus a mathematically correct signature by the certificate the CMS carries: whether
 * that certificate chains to an accredited CA is not checked here.
 */
export interface PdfSignatureInfo {
  /** 'signature' (adbe.pkcs7.detached / ETSI.CAdES.detached) or 'timestamp' (ETSI.RFC3161 document timestamp) */
  kind: 'signature' | 'timestamp';
  /** Signer certificate subject CN (or O, or the whole subject if neither), for a timestamp the TSA's; null when unreadable */
  signer_name: string | null;
  /** ISO date: the CMS signingTime attribute, or the TSTInfo genTime for a timestamp, else the dictionary's /M parsed, else null */
  signed_at: string | null;
  /** The digest over the ByteRange matches the signed messageDigest (or the timestamp's messageImprint) AND the CMS signature verifies with the embedded signer certificate */
  valid: boolean;
  /** ByteRange starts at 0 and ends at the file's end (the last revision's signature); false for signatures over an earlier revision */
  covers_whole_file: boolean;
  /** Why not valid: 'byte_range' (malformed/out of bounds/the hole is not exactly the /Contents string), 'digest_mismatch', 'bad_signature', 'unreadable' (CMS not parseable); null when valid */
  problem: null | 'byte_range' | 'digest_mismatch' | 'bad_signature' | 'unreadable';
}

export interface PdfSignatureList {
  signatures: PdfSignatureInfo[];
}

export interface ReaderResults {
  /** A PDF's text (pdf.js through unpdf). */
  'pdf-text': ReadText;
  /** A DOCX's text (mammoth, over a package inflated within caps). */
  'docx-text': ReadText;
  /** An uploaded PDF opened, stripped of active content and saved by the seal's library. */
  'pdf-check': PdfCheck;
  /** Whether an uploaded ZIP is a Word package. */
  'docx-check': { docx: boolean };
  /** The signatures and document timestamps a PDF carries, each checked against its bytes. */
  /** A notarized PDF (notary/complete-notarized-upload.ts): opens, pages, its signatures. */
  'notarized-check': NotarizedCheck;
}

export type ReaderTask = keyof ReaderResults;

export const READER_TASKS: readonly ReaderTask[] = [
  'pdf-text',
  'docx-text',
  'pdf-check',
  'docx-check',
  'notarized-check',
];

/** Messages the child sends its parent over the IPC channel. */
export type ReaderAnswer =
  | { type: 'ready' }
  | { type: 'done'; result: unknown }
  | { type: 'refused'; reason: string };

/** Message the parent sends once the child is ready: the bytes to read. */
export interface ReaderInput {
  type: 'bytes';
  bytes: Uint8Array;
}
