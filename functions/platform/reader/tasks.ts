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

export interface ReaderResults {
  /** A PDF's text (pdf.js through unpdf). */
  'pdf-text': ReadText;
  /** A DOCX's text (mammoth, over a package inflated within caps). */
  'docx-text': ReadText;
  /** An uploaded PDF opened, stripped of active content and saved by the seal's library. */
  'pdf-check': PdfCheck;
  /** Whether an uploaded ZIP is a Word package. */
  'docx-check': { docx: boolean };
}

export type ReaderTask = keyof ReaderResults;

export const READER_TASKS: readonly ReaderTask[] = [
  'pdf-text',
  'docx-text',
  'pdf-check',
  'docx-check',
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
