import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHandler, initClosure, REPO_ROOT } from '../../lib/handler-build.js';
import { documentsEs } from '../../shared/messages/documents.es.js';
import { contractPdf } from '../support/documents.js';

/**
 * The built-in analyzer as Lambda runs it: bundled like a handler (lib/handler-build.ts), with
 * the reader program (functions/platform/reader/reader-main.ts) built beside it in reader/,
 * which the handler starts as a child process to parse the file.
 */
describe('the analyzer in a handler bundle', () => {
  let dir: string;
  let meta: Metafile;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sello-analyzer-'));
    meta = await buildHandler(join(REPO_ROOT, 'functions/documents/analyze-document.ts'), dir);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves pdf.js, mammoth and fflate out of the handler: only the reader program has them', () => {
    const key = Object.keys(meta.outputs).find((f) => f.endsWith('/index.mjs')) as string;
    const parsers = (files: string[]) =>
      files
        .flatMap((f) => Object.keys(meta.outputs[f]?.inputs ?? {}))
        .filter((i) => /unpdf|mammoth|fflate|jszip/.test(i));
    expect(parsers(initClosure(meta, key))).toEqual([]);
    expect(parsers(Object.keys(meta.outputs))).toEqual([]);
    expect(existsSync(join(dir, 'reader/reader.mjs'))).toBe(true);
  });

  it('reads a real PDF in the reader child and stops a crafted one with the Spanish error', async () => {
    const chunk = Object.keys(meta.outputs).find((f) =>
      Object.keys(meta.outputs[f]?.inputs ?? {}).some((i) => i.endsWith('builtin-analysis.ts')),
    ) as string;
    const pdf = join(dir, 'contrato.pdf');
    writeFileSync(pdf, await contractPdf());
    const crafted = join(REPO_ROOT, 'test/fuzz/corpus/cmap-loop.pdf');
    const out = join(dir, 'out.json');
    // The chunk's own exports are renamed by the minifier: find builtinAnalysis by behaviour.
    const script = `
      const mod = await import(process.argv[1]);
      const { readFileSync } = await import('node:fs');
      const run = async (path) => {
        const bytes = readFileSync(path);
        for (const fn of Object.values(mod)) {
          if (typeof fn !== 'function') continue;
          try {
            return { ok: await fn({ fileName: 'c.pdf', fileSize: bytes.length, fileType: 'application/pdf',
              documentUrl: 'x', country: 'Chile', countryCode: 'CL', bytes: async () => bytes }) };
          } catch (err) { if (err && err.name === 'AnalysisError') return { error: err.message }; }
        }
        return { none: true };
      };
      (await import('node:fs')).writeFileSync(process.argv[4], JSON.stringify([await run(process.argv[2]), await run(process.argv[3])]));`;
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        script,
        pathToFileURL(join(REPO_ROOT, chunk)).href,
        pdf,
        crafted,
        out,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    const [real, hostile] = JSON.parse(readFileSync(out, 'utf8')) as {
      ok?: string;
      error?: string;
    }[];
    expect(real, run.stdout + run.stderr).toHaveProperty('ok');
    expect(real?.ok).toContain('- **Páginas:** 2');
    expect(real?.ok).toContain('- 12.345.678-5 — válido');
    expect(hostile?.error).toBe(documentsEs.analysisTooComplex);
  }, 120_000);
});
