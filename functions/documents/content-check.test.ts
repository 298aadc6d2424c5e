import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { documentsEs } from '../../shared/messages/documents.es.js';
import { activeMarkers, FORM_MARKERS } from '../../test/support/pdf-active.js';
import { AppError } from '../platform/errors.js';
import { checkedPdf, type PdfVerdict } from './content-check.js';

/**
 * The upload check of a PDF (/complete: opened, stripped of active content and saved again by
 * the seal's library, in a reader child of its own) over every PDF of test/fuzz/corpus: each
 * ends with a file to keep that carries no active content, or with one of the Spanish refusals,
 * never a hang, a crash of this process or another error; a failing file is named by its test.
 */
const CORPUS = new URL('../../test/fuzz/corpus/', import.meta.url);
const pdfs = readdirSync(CORPUS)
  .filter((f) => f.endsWith('.pdf'))
  .sort();
const refusals = [documentsEs.pdfTooComplex, documentsEs.pdfUnloadable, documentsEs.pdfEncrypted];
const outcomes: string[] = [];

/**
 * The check, asked again when its reader child did not start in time (the retryable 503 a
 * busy machine gives, which says nothing about the file); any other error fails the test.
 */
async function check(bytes: Uint8Array): Promise<PdfVerdict> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await checkedPdf(bytes);
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'UNAVAILABLE') || attempt === 3) throw err;
    }
  }
}

describe('the upload check on hostile PDFs', () => {
  afterAll(() => console.log(`upload check on the fuzz corpus:\n${outcomes.join('\n')}`));

  it.each(pdfs)('%s is kept clean or refused in Spanish', { timeout: 60_000 }, async (name) => {
    const verdict = await check(readFileSync(new URL(name, CORPUS)));
    if (verdict.problem !== undefined) {
      expect(refusals).toContain(verdict.problem);
      outcomes.push(`  ${name.padEnd(30)} ${verdict.problem.slice(0, 60)}`);
      return;
    }
    expect(activeMarkers(verdict.bytes)).toEqual([]);
    expect(activeMarkers(verdict.bytes, FORM_MARKERS)).toEqual([]);
    outcomes.push(`  ${name.padEnd(30)} kept, removed ${JSON.stringify(verdict.removed)}`);
  });

  it('keeps the contract of active-content.pdf without its script or its files', {
    timeout: 60_000,
  }, async () => {
    const hostile = readFileSync(new URL('active-content.pdf', CORPUS));
    expect(activeMarkers(hostile)).toEqual(
      expect.arrayContaining(['/JavaScript', '/EmbeddedFiles', '/Launch', '/OpenAction']),
    );
    const verdict = await check(hostile);
    if (verdict.problem !== undefined) throw new Error(verdict.problem);
    expect(activeMarkers(verdict.bytes)).toEqual([]);
    expect(Buffer.from(verdict.bytes).includes('MZ carga')).toBe(false);
    expect(verdict.removed).toMatchObject({
      openAction: 1,
      embeddedFiles: expect.any(Number),
      javascript: expect.any(Number),
      formFields: 1,
    });
  });
});
