import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractPdf } from '../../../test/support/documents.js';
import { ReadFailed, readInChild } from './read-in-child.js';

/**
 * The reader child on each way a read can end: a result, the parser's refusal, the time budget,
 * and the child's heap running out, which aborts the child's process (V8's fatal error) and
 * must leave this process (the test runner) standing.
 */
const corpus = (name: string) =>
  readFileSync(new URL(`../../../test/fuzz/corpus/${name}`, import.meta.url));

async function failure(p: Promise<unknown>): Promise<ReadFailed> {
  const err = await p.then(
    () => new Error('the read succeeded'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ReadFailed);
  return err as ReadFailed;
}

describe('readInChild', () => {
  it("answers a real PDF's pages and text", { timeout: 30_000 }, async () => {
    const read = await readInChild('pdf-text', await contractPdf());
    expect(read.pages).toBe(2);
    expect(read.text).toContain('12.345.678-5');
  });

  it('answers unreadable when the parser refuses the file', { timeout: 30_000 }, async () => {
    expect((await failure(readInChild('pdf-text', corpus('random.pdf')))).reason).toBe(
      'unreadable',
    );
    expect((await failure(readInChild('docx-text', corpus('random.docx')))).reason).toBe(
      'unreadable',
    );
  });

  it('ends a read that outlives its budget', { timeout: 30_000 }, async () => {
    const started = performance.now();
    const err = await failure(readInChild('pdf-text', corpus('cmap-loop.pdf'), { budgetMs: 300 }));
    expect(err.reason).toBe('budget');
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('survives a file that exhausts the child heap (the child aborts, not this process)', {
    timeout: 60_000,
  }, async () => {
    // 48 MB of heap and no time limit to speak of: the CMap's fill by index reaches the heap
    // limit first, and V8 aborts the child's process.
    const started = performance.now();
    const err = await failure(
      readInChild('pdf-text', corpus('cmap-cid-loop.pdf'), { heapMb: 48, budgetMs: 50_000 }),
    );
    expect(err.reason).toBe('budget');
    expect(performance.now() - started, 'ended by the heap, not the time').toBeLessThan(40_000);
    // This process is still here, and the next read works.
    const read = await readInChild('pdf-text', await contractPdf());
    expect(read.pages).toBe(2);
  });
});
