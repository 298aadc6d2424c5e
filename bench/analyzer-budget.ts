import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinAnalysis } from '../functions/platform/providers/builtin-analysis.js';
import { DOCUMENT_TYPES } from '../shared/contract/documents.js';
import {
  type BenchResult,
  heading,
  ms,
  print,
  REPO_ROOT,
  runIfMain,
  type SummaryRow,
  table,
} from './common.js';

/**
 * The built-in analyzer's work budget (docs/architecture.md, "Upload integrity and the
 * analyzer's budget"): crafted files of test/fuzz/corpus end with the Spanish error (or a report),
 * timed end to end (worker start included). Target: a crafted 1 KB PDF or 200 KB DOCX fails in
 * under 2 s. Run from source, the worker compiles the readers with tsx first; the Lambda bundle
 * starts faster.
 */
const FILES = ['cmap-loop.pdf', 'flate-bomb.pdf', 'zip-bomb-lying-size.docx', 'deep-nesting.docx'];
const TARGET_MS = 2_000;

export async function run(): Promise<BenchResult> {
  heading('Analyzer budget: crafted files');
  const summary: SummaryRow[] = [];
  const rows: string[][] = [];
  for (const name of FILES) {
    const bytes = readFileSync(join(REPO_ROOT, 'test/fuzz/corpus', name));
    const started = performance.now();
    let outcome = 'report';
    try {
      await builtinAnalysis({
        fileName: name,
        fileSize: bytes.length,
        fileType: name.endsWith('.pdf') ? DOCUMENT_TYPES.pdf : DOCUMENT_TYPES.docx,
        documentUrl: 'https://example.invalid/doc',
        country: 'Chile',
        countryCode: 'CL',
        bytes: async () => bytes,
      });
    } catch (err) {
      outcome = (err as Error).message;
    }
    const took = performance.now() - started;
    rows.push([name, `${(bytes.length / 1024).toFixed(1)} KB`, ms(took), outcome]);
    summary.push({
      bench: 'analyzer-budget',
      subject: name,
      value: ms(took),
      reference: `${(bytes.length / 1024).toFixed(1)} KB`,
      target: `< ${ms(TARGET_MS)}`,
      met: took < TARGET_MS,
    });
  }
  print(table(['file', 'size', 'time', 'outcome'], rows));
  return { name: 'analyzer-budget', summary };
}

runIfMain(import.meta.url, run);
