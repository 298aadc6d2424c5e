import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { READER_CLIENT, REPO_ROOT } from '../../lib/handler-build.js';
import { routeList } from '../../shared/contract/routes.js';

/**
 * Which handlers parse uploaded bytes: exactly the routes that declare `access.reader` reach
 * the reader client (functions/platform/reader/read-in-child.ts) in their import graph. A
 * handler that reached it without declaring it would run its child in a function without the
 * memory for it; one that declared it without reaching it would carry the reader program for
 * nothing. The graph is esbuild's own, with packages left out (only the app's modules matter).
 */
async function reachesReader(handler: string): Promise<boolean> {
  const result = await build({
    entryPoints: [join(REPO_ROOT, `functions/${handler}.ts`)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    absWorkingDir: REPO_ROOT,
    logLevel: 'silent',
  });
  return READER_CLIENT in (result.metafile?.inputs ?? {});
}

const written = routeList.filter((r) => existsSync(join(REPO_ROOT, `functions/${r.handler}.ts`)));

describe('routes that read uploaded files', () => {
  it('are the ones that upload checks and the analysis need', () => {
    const declared = written.filter((r) => r.access.reader).map((r) => r.id);
    expect(declared.sort()).toEqual([
      'analyzeDocument',
      'completeDocumentUpload',
      // The notary's notarized PDF, checked and its signatures listed (issue 22).
      'completeNotarizedUpload',
    ]);
  });

  it.each(written.map((r) => [r.id, r] as const))(
    '%s reaches the reader client exactly when it declares access.reader',
    async (_id, route) => {
      expect(await reachesReader(route.handler)).toBe(!!route.access.reader);
    },
  );
});
