/**
 * How much work the built-in analyzer may spend on one file (docs/architecture.md, "Analyzer").
 * A document is untrusted input: a 1 KB PDF can describe millions of glyph mappings, a 200 KB
 * DOCX can inflate to gigabytes. Every cap below ends the read with "unreadable" or "too
 * complex" instead of a hung or crashed function; real contracts stay far below all of them.
 */
export const READ_LIMITS = {
  /** Pages read from a PDF (the report counts them all; text comes from the first ones). */
  maxPages: 200,
  /** Characters of text kept: far more than any contract, a bound on what the rules scan. */
  maxChars: 400_000,
  /** Entries in a ZIP package (a real DOCX has 10–40). */
  maxZipEntries: 1_000,
  /** Bytes the ZIP parts read from a DOCX may inflate to, all together (zip bombs). */
  maxInflatedBytes: 40 * 1024 * 1024,
  /** Heap of the child that reads the file: a hostile file exhausts this, not the function. */
  childHeapMb: 256,
} as const;

/** The reader child may take this long to start and load its parser (not the file's doing). */
export const READER_START_MS = 5_000;

/**
 * Wall-clock budget for reading one file once the reader is loaded: 1.5 s plus 0.4 s per MB,
 * at most 5 s (the function has 10 s). A crafted 1 KB PDF or 200 KB DOCX gets ~1.5 s.
 */
export function readBudgetMs(bytes: number): number {
  return Math.min(5_000, 1_500 + Math.ceil((bytes / (1024 * 1024)) * 400));
}

/**
 * The upload checks' budget (the PDF opened and saved by the seal's library, the DOCX listing):
 * 3 s plus 0.4 s per MB, at most 6 s. More room than the analysis: a check that runs out of
 * time refuses the upload, and a real file must never be refused because the machine was busy
 * (a real 10 MB contract takes ~0.3 s). It still fits the request's 8.5 s deadline.
 */
export function checkBudgetMs(bytes: number): number {
  return Math.min(6_000, 3_000 + Math.ceil((bytes / (1024 * 1024)) * 400));
}

/** A file the reader refused: malformed, or over one of the caps above. */
export class UnreadableFile extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnreadableFile';
  }
}
