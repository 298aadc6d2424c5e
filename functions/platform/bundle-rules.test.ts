import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Rules that keep the Lambda bundles small (docs/performance.md): a handler's cold start reads
 * only the code it needs. The bundles themselves are checked in test/infra/handler-bundles.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

/** Everything a Lambda bundles: handlers, their platform code, the contract and the rules. */
const serverFiles = [
  ...sources('functions'),
  ...sources('shared/contract'),
  ...sources('shared/rules'),
];

describe('what the Lambda bundles may import', () => {
  it("uses zod/mini, never classic 'zod' (its chainable schemas pull in all of zod: ~95 KB)", () => {
    const code = [...serverFiles, ...sources('web/src'), ...sources('local')];
    const offenders = code.filter((f) => /from 'zod'/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('takes Spanish texts per area (shared/messages/*), never the whole catalogue', () => {
    const offenders = serverFiles.filter((f) =>
      /from '[./]*(shared\/)?messages\.es\.js'/.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('has contract modules that only declare (the pure-contract plugin relies on it)', () => {
    const offenders: string[] = [];
    for (const file of sources('shared/contract')) {
      if (file.endsWith('zod-locale.ts')) continue; // exists for its z.config() side effect
      const text = readFileSync(join(ROOT, file), 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022);
      for (const statement of source.statements) {
        const declares =
          ts.isImportDeclaration(statement) ||
          ts.isExportDeclaration(statement) ||
          ts.isVariableStatement(statement) ||
          ts.isFunctionDeclaration(statement) ||
          ts.isTypeAliasDeclaration(statement) ||
          ts.isInterfaceDeclaration(statement);
        if (!declares) {
          const { line } = source.getLineAndCharacterOfPosition(statement.getStart(source));
          offenders.push(`${relative('.', file)}:${line + 1}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
