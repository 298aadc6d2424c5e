/**
 * Generates docs/api.md from the route table (shared/contract/routes.ts).
 *
 *   npx tsx scripts/gen-api-docs.ts           writes docs/api.md
 *   npx tsx scripts/gen-api-docs.ts --check   exits 1 when docs/api.md is stale
 *
 * The output is deterministic (no dates, routes in table order, codes in the order of
 * shared/contract/errors.ts), so the unit test beside this file can compare it byte for byte.
 *
 * Schemas are rendered with zod's own `z.toJSONSchema`: request bodies as the client sends them
 * (`io: 'input'`), responses as the server answers (`io: 'output'`). The error codes a route may
 * answer are worked out from the code, not declared in the route table (it has no such field):
 *  - from the route's declaration: what the one middy stack in functions/platform/http.ts does
 *    for every route (body size, JSON, schema validation, auth level, unknown errors);
 *  - from the handler's source: the codes of every `new AppError('CODE', ...)` reachable from
 *    the handler file through calls to functions of functions/ (followed across imports).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import type * as z from 'zod/mini';
import { toJSONSchema } from 'zod/v4/core';
import { statusOf } from '../functions/platform/errors.js';
import { apiErrorSchema, type ErrorCode, errorCodes } from '../shared/contract/errors.js';
import type { RouteDef } from '../shared/contract/routes.js';
import { routeList } from '../shared/contract/routes.js';
import { WORK_CONTEXT_HEADER } from '../shared/contract/work-context.js';
import { organizationsEs } from '../shared/messages/organizations.es.js';
import { es } from '../shared/messages.es.js';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const API_DOC_PATH = join(REPO_ROOT, 'docs', 'api.md');

/** Default JSON body limit of functions/platform/http.ts (DEFAULT_MAX_BODY). */
const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

const AUTH_TEXT: Record<RouteDef['auth'], string> = {
  public: 'public (no token)',
  user: 'user (Cognito access token)',
  admin: 'admin (access token of a member of the Cognito group `admin`)',
};

/** JSON Schema of a zod schema, or a note when zod cannot represent it. */
export function jsonSchemaOf(schema: z.core.$ZodType, io: 'input' | 'output'): string {
  try {
    const { $schema: _dialect, ...rest } = toJSONSchema(schema, { io }) as Record<string, unknown>;
    return ['```json', JSON.stringify(rest, null, 2), '```'].join('\n');
  } catch (err) {
    return `_Not representable as JSON Schema (${(err as Error).message})._`;
  }
}

// ---------------------------------------------------------------------------------------------
// Error codes reachable from a handler, by a small static call graph over functions/.

interface FnInfo {
  /** Codes of `new AppError('CODE', message)` written directly in this function → messages. */
  codes: Map<string, Set<string>>;
  /** Identifiers this function calls (resolved later against its module's scope). */
  calls: Set<string>;
}

interface ModuleInfo {
  file: string;
  /** Top-level functions and `const x = () => ...` by name; '' is the module's own top level. */
  fns: Map<string, FnInfo>;
  /** Imported binding → [resolved file, exported name]. */
  imports: Map<string, [string, string]>;
}

const moduleCache = new Map<string, ModuleInfo | undefined>();

function resolveImport(fromFile: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const target = resolve(dirname(fromFile), spec).replace(/\.js$/, '.ts');
  // Only our own server code: shared/ schemas and messages throw no AppError.
  if (!target.startsWith(join(REPO_ROOT, 'functions'))) return undefined;
  return target;
}

/**
 * `authEs.a` (an area's texts, shared/messages/*.es.ts, as the server imports them) or `es.auth.a`
 * → its Spanish text; a parameter → its default; anything else → ''.
 */
function messageOf(node: ts.NewExpression): string {
  let arg: ts.Expression | undefined = node.arguments?.[1];
  if (arg && ts.isIdentifier(arg)) {
    const name = arg.text;
    let scope: ts.Node | undefined = node.parent;
    while (scope && !ts.isFunctionLike(scope)) scope = scope.parent;
    const param = scope
      ? (scope as ts.SignatureDeclaration).parameters.find(
          (p) => ts.isIdentifier(p.name) && p.name.text === name,
        )
      : undefined;
    arg = param?.initializer;
  }
  if (!arg) return '';
  if (ts.isStringLiteralLike(arg)) return arg.text;
  const [root = '', ...path] = arg.getText().split('.');
  const area = /^([a-z]+)Es$/.exec(root)?.[1];
  if (root !== 'es' && !area) return '';
  let value: unknown = area ? (es as Record<string, unknown>)[area] : es;
  for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

function collect(node: ts.Node, info: FnInfo): void {
  if (ts.isNewExpression(node) && node.expression.getText() === 'AppError') {
    const first = node.arguments?.[0];
    if (first && ts.isStringLiteralLike(first)) {
      const messages = info.codes.get(first.text) ?? new Set<string>();
      const message = messageOf(node);
      if (message) messages.add(message);
      info.codes.set(first.text, messages);
    }
  }
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
    info.calls.add(node.expression.text);
  }
  // A dispatch table (functions/signing/types/index.ts FLOWS: a function by signature type,
  // called as `flow.step(...)`): a function put in an object, and a table read by its key, are
  // taken as called by the code that builds or reads them.
  if (ts.isShorthandPropertyAssignment(node)) info.calls.add(node.name.text);
  if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.initializer)) {
    info.calls.add(node.initializer.text);
  }
  if (ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression)) {
    info.calls.add(node.expression.text);
  }
  ts.forEachChild(node, (child) => collect(child, info));
}

function loadModule(file: string): ModuleInfo | undefined {
  if (moduleCache.has(file)) return moduleCache.get(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    moduleCache.set(file, undefined);
    return undefined;
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const info: ModuleInfo = { file, fns: new Map(), imports: new Map() };
  const top: FnInfo = { codes: new Map(), calls: new Set() };
  info.fns.set('', top);
  for (const stmt of source.statements) {
    if (ts.isImportDeclaration(stmt) && ts.isStringLiteral(stmt.moduleSpecifier)) {
      const target = resolveImport(file, stmt.moduleSpecifier.text);
      const named = stmt.importClause?.namedBindings;
      if (target && named && ts.isNamedImports(named)) {
        for (const el of named.elements) {
          info.imports.set(el.name.text, [target, (el.propertyName ?? el.name).text]);
        }
      }
      continue;
    }
    if (ts.isFunctionDeclaration(stmt) && stmt.name) {
      const fn: FnInfo = { codes: new Map(), calls: new Set() };
      collect(stmt, fn);
      info.fns.set(stmt.name.text, fn);
      continue;
    }
    if (ts.isVariableStatement(stmt)) {
      for (const decl of stmt.declarationList.declarations) {
        const fn: FnInfo = { codes: new Map(), calls: new Set() };
        if (decl.initializer) collect(decl.initializer, fn);
        if (ts.isIdentifier(decl.name)) info.fns.set(decl.name.text, fn);
        // A top-level `export const handler = httpRoute(...)` runs at load: part of the module.
        for (const c of fn.calls) top.calls.add(c);
        for (const [code, messages] of fn.codes) addAll(top.codes, code, messages);
      }
      continue;
    }
    collect(stmt, top);
  }
  moduleCache.set(file, info);
  return info;
}

type CodeMessages = Map<string, Set<string>>;

function addAll(into: CodeMessages, code: string, messages: Iterable<string>): void {
  const set = into.get(code) ?? new Set<string>();
  for (const m of messages) set.add(m);
  into.set(code, set);
}

/** Codes reachable from `name` in `file` (transitively, each function visited once). */
function reachableCodes(file: string, name: string, seen: Set<string>, out: CodeMessages): void {
  const id = `${file}#${name}`;
  if (seen.has(id)) return;
  seen.add(id);
  const mod = loadModule(file);
  if (!mod) return;
  const fn = mod.fns.get(name);
  if (!fn) {
    // Re-exported or imported under this name: follow the import.
    const imported = mod.imports.get(name);
    if (imported) reachableCodes(imported[0], imported[1], seen, out);
    return;
  }
  for (const [code, messages] of fn.codes) addAll(out, code, messages);
  for (const callee of fn.calls) {
    if (mod.fns.has(callee)) reachableCodes(file, callee, seen, out);
    else {
      const imported = mod.imports.get(callee);
      if (imported) reachableCodes(imported[0], imported[1], seen, out);
    }
  }
}

/** Codes (→ their Spanish messages) the route's handler code may throw as `new AppError`. */
export function handlerErrorCodes(route: RouteDef): CodeMessages {
  const out: CodeMessages = new Map();
  const file = join(REPO_ROOT, 'functions', `${route.handler}.ts`);
  const mod = loadModule(file);
  if (!mod) return out;
  const seen = new Set<string>();
  // The wrapper itself is described from the declaration (routeErrorCodes), not scanned.
  seen.add(`${join(REPO_ROOT, 'functions', 'platform', 'http.ts')}#httpRoute`);
  reachableCodes(file, '', seen, out);
  return out;
}

export interface RouteErrorCode {
  code: ErrorCode;
  status: number;
  why: string;
}

/** Every error code a route may answer with, in the order of shared/contract/errors.ts. */
export function routeErrorCodes(route: RouteDef): RouteErrorCode[] {
  const reasons = new Map<ErrorCode, string[]>();
  const add = (code: ErrorCode, why: string) => {
    const list = reasons.get(code) ?? [];
    if (!list.includes(why)) list.push(why);
    reasons.set(code, list);
  };
  if (route.request) {
    add('PAYLOAD_TOO_LARGE', 'body too large');
    add('BAD_JSON', 'body is not JSON');
    add('VALIDATION', 'body fails the request schema (`fields` names each field)');
  }
  if (route.auth !== 'public') {
    add(
      'UNAUTHORIZED',
      'no valid access token: the JWT authorizer answers `{"message":"Unauthorized"}` ' +
        'before the handler runs',
    );
  }
  if (route.auth === 'admin') add('FORBIDDEN', 'caller is not in the group `admin`');
  if (route.workContext) {
    add(
      'VALIDATION',
      `\`${WORK_CONTEXT_HEADER}\` is malformed: «${organizationsEs.contextInvalid}»`,
    );
    add(
      'FORBIDDEN',
      `the context names an organisation the caller is not an active member of, or one ` +
        `deactivated: «${organizationsEs.notAMember}»`,
    );
  }
  for (const [code, messages] of handlerErrorCodes(route)) {
    if (!(errorCodes as readonly string[]).includes(code)) continue;
    const quoted = [...messages].sort().map((m) => `«${m}»`);
    add(code as ErrorCode, quoted.length ? `handler: ${quoted.join(' / ')}` : 'handler');
  }
  add('INTERNAL', 'unexpected failure');
  add(
    'UNAVAILABLE',
    'the request deadline (below the Lambda timeout) passed before a write: nothing more is ' +
      'written; safe to retry with the same idempotency key',
  );
  return errorCodes
    .filter((code) => reasons.has(code))
    .map((code) => ({ code, status: statusOf[code], why: (reasons.get(code) ?? []).join('; ') }));
}

// ---------------------------------------------------------------------------------------------
// Markdown

function accessText(route: RouteDef): string {
  const a = route.access;
  const parts: string[] = [];
  if (a.table) parts.push(`table ${a.table}`);
  if (a.bucket) parts.push(`documents bucket ${a.bucket}`);
  if (a.mail) parts.push('sends mail (SES)');
  if (a.cognito?.length) {
    parts.push(
      `Cognito ${a.cognito.map((c) => `\`${c.replace('cognito-idp:', '')}\``).join(', ')}`,
    );
  }
  if (a.secrets?.length) parts.push(`secrets ${a.secrets.map((s) => `\`${s}\``).join(', ')}`);
  return parts.length ? parts.join('; ') : 'none';
}

const anchorOf = (route: RouteDef) => route.id.toLowerCase();

/** Text safe inside a Markdown table cell. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function renderRoute(route: RouteDef): string {
  const lines: string[] = [];
  lines.push(`## ${route.id}`, '');
  lines.push(`\`${route.method} ${route.path}\``, '');
  if (route.summary) lines.push(route.summary, '');
  lines.push('| | |', '|---|---|');
  lines.push(`| Who may call | ${AUTH_TEXT[route.auth]} |`);
  if (route.workContext) {
    lines.push(
      `| Work context | \`${WORK_CONTEXT_HEADER}\`: \`personal\` (or absent) or ` +
        '`org_{id}`; acts on that wallet, checked against the membership on every call |',
    );
  }
  lines.push(`| Handler | \`functions/${route.handler}.ts\` |`);
  lines.push(`| Lambda access | ${accessText(route)} |`);
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => `\`${m[1]}\``);
  if (params.length) lines.push(`| Path parameters | ${params.join(', ')} |`);
  if (route.request) {
    lines.push(`| Max body | ${route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES} bytes |`);
  }
  lines.push('');
  lines.push('### Request body', '');
  if (route.request) lines.push(jsonSchemaOf(route.request, 'input'));
  else lines.push('None.');
  lines.push('');
  lines.push('### Response (200)', '');
  if (route.response) lines.push(jsonSchemaOf(route.response, 'output'));
  else lines.push('No declared schema.');
  lines.push('');
  lines.push('### Errors', '');
  lines.push('| Status | Code | When |', '|---|---|---|');
  for (const e of routeErrorCodes(route)) {
    lines.push(`| ${e.status} | \`${e.code}\` | ${cell(e.why)} |`);
  }
  lines.push('');
  return lines.join('\n');
}

/** The whole docs/api.md text. */
export function generateApiDocs(routes: readonly RouteDef[] = routeList): string {
  const out: string[] = [];
  out.push('# Sello API');
  out.push('');
  out.push(
    '<!-- Generated by scripts/gen-api-docs.ts from shared/contract/routes.ts: do not edit. ' +
      'Run `npm run docs:api` after changing a route. -->',
  );
  out.push('');
  out.push(
    'Every route lives under `/api` on the app origin (CloudFront forwards `/api/*` to the HTTP ' +
      'API; locally the gateway on :8080 does). Bodies are JSON (`content-type: application/json`). ' +
      'Request schemas are the zod schemas of `shared/contract/`, rendered with `z.toJSONSchema` ' +
      'as the client sends them: unknown properties are dropped, not refused, and refinements ' +
      'that JSON Schema cannot express (e-mail format, matching passwords) are checked too. ' +
      'Texts in error messages are Spanish, from `shared/messages.es.ts`.',
  );
  out.push('');
  out.push('Who may call:');
  out.push('');
  for (const level of Object.keys(AUTH_TEXT) as RouteDef['auth'][]) {
    out.push(`- ${AUTH_TEXT[level]}`);
  }
  out.push('');
  out.push(
    'Protected routes take the Cognito **access** token as `Authorization: Bearer <token>`. ' +
      'API Gateway checks signature, expiry, issuer and client; the handler checks the auth ' +
      'level again (and the `admin` group).',
  );
  out.push('');
  out.push(
    `Routes marked **Work context** act on the context the SPA sends in \`${WORK_CONTEXT_HEADER}\` ` +
      '(`personal`, or `org_{id}` for an organisation): that wallet, its packages, features and ' +
      'orders. The handler reads the membership (consistent) before the body on every call; a ' +
      'removed member or a deactivated organisation is refused with 403.',
  );
  out.push('');
  out.push('## Routes', '');
  out.push('| Method | Path | Who | Summary |', '|---|---|---|---|');
  for (const r of routes) {
    out.push(`| ${r.method} | [\`${r.path}\`](#${anchorOf(r)}) | ${r.auth} | ${cell(r.summary)} |`);
  }
  out.push('');
  out.push('## Errors', '');
  out.push(
    'Every error a handler answers has this body (`shared/contract/errors.ts`); `fields` maps ' +
      'each invalid field (dotted path, `_` for the whole body) to its first message:',
  );
  out.push('');
  out.push(jsonSchemaOf(apiErrorSchema, 'output'));
  out.push('');
  out.push(
    'Answers that never reach a handler come from API Gateway (or the local gateway playing it) ' +
      'with its own body: 401 `{"message":"Unauthorized"}` for a missing or invalid token, 404 ' +
      '`{"message":"Not Found"}` for an unknown method and path, 429 when the stage throttles.',
  );
  out.push('');
  out.push('| Code | HTTP status |', '|---|---|');
  for (const code of errorCodes) out.push(`| \`${code}\` | ${statusOf[code]} |`);
  out.push('');
  out.push(
    "Each route's table below lists the codes it can answer: those the shared HTTP wrapper " +
      '(`functions/platform/http.ts`) produces for its declaration, plus those its handler ' +
      'code can throw (found by following its calls through `functions/`).',
  );
  out.push('');
  for (const r of routes) out.push(renderRoute(r));
  return `${out.join('\n').trimEnd()}\n`;
}

export function main(argv: readonly string[] = process.argv.slice(2)): number {
  const fresh = generateApiDocs();
  const rel = relative(REPO_ROOT, API_DOC_PATH);
  if (argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(API_DOC_PATH, 'utf8');
    } catch {
      // Missing counts as stale.
    }
    if (current !== fresh) {
      console.error(`${rel} is stale: run \`npm run docs:api\` and commit the result.`);
      return 1;
    }
    console.log(`${rel} is up to date.`);
    return 0;
  }
  writeFileSync(API_DOC_PATH, fresh);
  console.log(`Wrote ${rel} (${routeList.length} routes).`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main();
}
