import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import ts from 'typescript';

/**
 * Lets esbuild drop the schemas and routes a handler does not use.
 *
 * The modules of `shared/contract/` only declare: each top-level `const` is a zod schema or a
 * route built from them (`route({...})`, `z.object({...}).refine(...)`). A handler imports its
 * domain's route module and uses one route, yet without help esbuild keeps every declaration:
 * it cannot know that `z.object(...)` has no side effect, so each schema of the domain (and of
 * the domains it imports) was built at every cold start — most of a handler's init beyond the
 * AWS SDK (docs/performance.md). This plugin marks every call and `new` inside a top-level
 * variable initializer `/* @__PURE__ *\/`, exactly as a library author would, so a declaration
 * whose value is never read is removed with everything it calls.
 *
 * Only initializers are annotated, never function bodies (a refine callback's `ctx.addIssue()`
 * must stay) nor top-level statements: `zod-locale.ts`, whose whole point is its `z.config()`
 * side effect, is excluded anyway. A module in this folder must therefore not do real work in
 * a `const` initializer (register, mutate, log): test/infra/bundles.test.ts imports every
 * bundle built this way and runs each route's validation.
 */

/** Files the plugin rewrites (esbuild filters are Go regexps: no lookahead). */
const CONTRACT_FILES = /[\\/]shared[\\/]contract[\\/].*\.ts$/;
/** The locale module exists for its side effect; tests are never bundled. */
const EXCLUDED = /([\\/]zod-locale|\.test)\.ts$/;

const PURE = '@__PURE__';

function annotateInitializer(node: ts.Node, context: ts.TransformationContext): ts.Node {
  const visit = (n: ts.Node): ts.Node => {
    // A function's body runs later (refine, transform, preprocess): leave it as written.
    if (ts.isFunctionLike(n) || ts.isClassLike(n)) return n;
    const next = ts.visitEachChild(n, visit, context);
    if (ts.isCallExpression(next) || ts.isNewExpression(next)) {
      return ts.addSyntheticLeadingComment(next, ts.SyntaxKind.MultiLineCommentTrivia, PURE);
    }
    return next;
  };
  return visit(node);
}

function pureTopLevelInitializers(context: ts.TransformationContext) {
  return (file: ts.SourceFile): ts.SourceFile => {
    const statements = file.statements.map((statement) => {
      if (!ts.isVariableStatement(statement)) return statement;
      const declarations = statement.declarationList.declarations.map((d) =>
        d.initializer
          ? ts.factory.updateVariableDeclaration(
              d,
              d.name,
              d.exclamationToken,
              d.type,
              annotateInitializer(d.initializer, context) as ts.Expression,
            )
          : d,
      );
      return ts.factory.updateVariableStatement(
        statement,
        statement.modifiers,
        ts.factory.updateVariableDeclarationList(statement.declarationList, declarations),
      );
    });
    return ts.factory.updateSourceFile(file, statements);
  };
}

/** The TypeScript of one contract module as JavaScript with its declarations marked pure. */
export function annotateContractModule(source: string, fileName: string): string {
  const out = ts.transpileModule(source, {
    fileName,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      // Keeps `import type` / inline `type` specifiers out of the output, as tsc would.
      verbatimModuleSyntax: false,
      inlineSourceMap: true,
      inlineSources: false,
    },
    transformers: { before: [pureTopLevelInitializers] },
  });
  return out.outputText;
}

/** Annotated output by file and source text: one process often bundles many handlers. */
const annotated = new Map<string, { source: string; contents: string }>();

export function pureContractPlugin(): Plugin {
  return {
    name: 'sello-pure-contract',
    setup(build) {
      build.onLoad({ filter: CONTRACT_FILES }, async (args) => {
        if (EXCLUDED.test(args.path)) return undefined;
        const source = await readFile(args.path, 'utf8');
        let hit = annotated.get(args.path);
        if (hit?.source !== source) {
          hit = { source, contents: annotateContractModule(source, args.path) };
          annotated.set(args.path, hit);
        }
        return { contents: hit.contents, loader: 'js' };
      });
    },
  };
}
