import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * What CloudFront compresses (its list of compressible types) and its size window: files of
 * 1,000 bytes to 10,000,000 bytes, with Brotli when the viewer accepts it, else gzip.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1000;
const MAX_COMPRESS_BYTES = 10_000_000;

type Encoding = 'br' | 'gzip';
const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    promisify(brotliCompress)(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};

/** Compressed files by path, size, mtime and encoding: each is compressed once, like an edge cache. */
const compressedCache = new Map<string, Promise<Buffer>>();

/** The encoding CloudFront would pick for this Accept-Encoding (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Serves the built SPA like the CloudFront distribution: files by path, hashed assets cached for
 * a year, every other path falls back to index.html (client-side routes), and compressible
 * files compressed by Accept-Encoding (`Vary: Accept-Encoding`). Source maps are not served:
 * they are not published in AWS either.
 */
export async function serveStatic(
  root: string,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let rel: string;
  try {
    rel = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  } catch {
    rel = '';
  }
  let file = join(root, rel);
  if (
    !file.startsWith(root + sep) ||
    file.endsWith('.map') ||
    !existsSync(file) ||
    !statSync(file).isFile()
  ) {
    file = join(root, 'index.html');
  }
  if (!existsSync(file)) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('La aplicación web no está compilada (npm run build:web).');
    return;
  }
  const stat = statSync(file);
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const isAsset = file.includes(`${sep}assets${sep}`);
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  let body: Buffer = readFileSync(file);
  if (COMPRESSIBLE.test(type)) {
    headers.vary = 'Accept-Encoding';
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (encoding && stat.size >= MIN_COMPRESS_BYTES && stat.size <= MAX_COMPRESS_BYTES) {
      const key = `${file}|${stat.size}|${stat.mtimeMs}|${encoding}`;
      let compressed = compressedCache.get(key);
      if (!compressed) {
        compressed = compressors[encoding](body);
        compressedCache.set(key, compressed);
        compressed.catch(() => compressedCache.delete(key));
      }
      body = await compressed;
      headers['content-encoding'] = encoding;
    }
  }
  headers['content-length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
