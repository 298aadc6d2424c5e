import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { headerValues, inlineScriptHashes, securityHeaders } from '../../lib/security-headers.js';

/**
 * The headers CloudFront's response headers policy adds, from the same definition
 * (lib/security-headers.ts), with the local stack's own origins: s3rver for the documents and
 * no Cognito host (the SPA reaches cognito-local through /cognito). The inline-script hashes
 * come from the served index.html and follow it when it is rebuilt.
 */
export function localSecurityHeaders(opts: {
  webRoot?: string;
  documentsOrigin: string;
}): () => Record<string, string> {
  let cached: { mtimeMs: number; headers: Record<string, string> } | undefined;
  const build = (html: string) =>
    headerValues(
      securityHeaders({
        documentsOrigin: opts.documentsOrigin,
        scriptHashes: inlineScriptHashes(html),
      }),
    );
  const withoutWeb = build('');
  return () => {
    if (!opts.webRoot) return withoutWeb;
    const index = join(opts.webRoot, 'index.html');
    let mtimeMs: number;
    try {
      mtimeMs = statSync(index).mtimeMs;
    } catch {
      return withoutWeb;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, headers: build(readFileSync(index, 'utf8')) };
    }
    return cached.headers;
  };
}
