import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '../../../shared/contract/documents.js';
import { documentsEs } from '../../../shared/messages/documents.es.js';
import { AnalysisError } from './analysis-error.js';
import { builtinAnalysis } from './builtin-analysis.js';

/**
 * The built-in analyzer over every hostile file of test/fuzz/corpus (made by
 * test/fuzz/make-corpus.ts): each file is read in a reader child of its own (a process with its
 * own heap and time budget, functions/platform/reader), and each ends with a report or with the
 * analysis's Spanish error (unreadable, or too complex), never a hang, a crash of this process
 * or another error; a failing file is named by its test. The corpus holds the allocation
 * shapes that abort a worker thread's whole process (cmap-loop, cmap-cid-loop,
 * widths-by-index, text-items-push). The time each took is printed, not asserted (the 2 s
 * goal: docs/architecture.md, "Analyzer").
 */
const CORPUS = new URL('../../../test/fuzz/corpus/', import.meta.url);
const files = readdirSync(CORPUS).sort();
const allowed = [documentsEs.analysisUnreadable, documentsEs.analysisTooComplex];
const timings: string[] = [];

describe('the analyzer on hostile files', () => {
  afterAll(() => console.log(`analyzer on the fuzz corpus:\n${timings.join('\n')}`));

  it('has a corpus', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  it.each(files)(
    '%s ends with a report or the Spanish error',
    { timeout: 60_000 },
    async (name) => {
      const bytes = readFileSync(new URL(name, CORPUS));
      const fileType = name.endsWith('.pdf') ? DOCUMENT_TYPES.pdf : DOCUMENT_TYPES.docx;
      const started = performance.now();
      let outcome: string;
      try {
        const report = await builtinAnalysis({
          fileName: name,
          fileSize: bytes.length,
          fileType,
          documentUrl: 'https://example.invalid/doc',
          country: 'Chile',
          countryCode: 'CL',
          bytes: async () => bytes,
        });
        expect(report).toContain(documentsEs.report.title);
        outcome = 'report';
      } catch (err) {
        expect(err).toBeInstanceOf(AnalysisError);
        expect(allowed).toContain((err as AnalysisError).message);
        outcome = (err as AnalysisError).message;
      }
      const ms = performance.now() - started;
      timings.push(
        `  ${name.padEnd(30)} ${String(bytes.length).padStart(8)} B  ${ms.toFixed(0).padStart(6)} ms  ${outcome}`,
      );
    },
  );
});
