import { createHash } from 'node:crypto';

/**
 * THE security headers of the web app, in one place: CloudFront's response headers policy
 * (lib/web.ts) is built from `securityHeaders()`, and the local gateway sends `headerValues()`
 * of the very same definition (local/gateway/security-headers.ts), so e2e tests and
 * measurements run under the headers production sends. Plain data, no CDK: both sides import it.
 */
export interface SecurityHeaderInputs {
  /**
   * Where the browser reaches the documents bucket (presigned POST uploads, presigned GET
   * previews and downloads): in AWS the bucket's own regional domain, locally s3rver's origin.
   */
  documentsOrigin: string;
  /** Cognito's endpoint when the SPA talks to it directly (AWS); locally it goes via /cognito. */
  cognitoOrigin?: string;
  /** `'sha256-…'` of each inline script of the built index.html (`inlineScriptHashes`). */
  scriptHashes: readonly string[];
}

/** Stripe.js and the frames it opens (card element, 3-D Secure). */
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = [...STRIPE_SCRIPTS, 'https://hooks.stripe.com'];

export type ReferrerPolicy = 'strict-origin-when-cross-origin' | 'no-referrer';

/**
 * The signer's pages (signing-design §1): their links carry a token or lead to one person's
 * order, so they send no Referer at all, not even to our own API (whose logs would otherwise
 * keep the page's path). CloudFront path patterns; `isSignerPath` is the same test for the
 * local gateway.
 */
export const SIGNER_PATH_PATTERNS = ['/sign/*', '/firmar/*', '/verificar/*', '/descargar/*'];

export const isSignerPath = (pathname: string): boolean =>
  SIGNER_PATH_PATTERNS.some((pattern) => pathname.startsWith(pattern.slice(0, -1)));

/** The Referrer-Policy of a page: none on the signer's pages, origin-only elsewhere. */
export const referrerPolicyFor = (pathname: string): ReferrerPolicy =>
  isSignerPath(pathname) ? 'no-referrer' : 'strict-origin-when-cross-origin';

export interface SecurityHeaders {
  /** Strict-Transport-Security: two years, subdomains included. */
  strictTransportSecurity: { maxAgeSeconds: number; includeSubdomains: boolean };
  contentTypeOptions: 'nosniff';
  frameOptions: 'DENY';
  referrerPolicy: ReferrerPolicy;
  contentSecurityPolicy: string;
}

/**
 * The CSP names our own origin, the documents bucket, Cognito and Stripe only. Inline scripts
 * run only by hash (the theme script in index.html); no 'unsafe-eval', no blob:/data: scripts;
 * nothing may frame the app. The document preview is drawn by pdf.js on canvases from bytes
 * fetched from the bucket (connect-src), with no frame: the bucket is not a frame source, so an
 * uploaded file is never shown by a viewer that could run it.
 */
export function contentSecurityPolicy(inputs: SecurityHeaderInputs): string {
  const documents = inputs.documentsOrigin;
  const sources = (...items: (string | undefined)[]) => items.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${sources("'self'", ...inputs.scriptHashes, ...STRIPE_SCRIPTS)}`,
    // React and Stripe Elements set inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${sources("'self'", 'data:', 'blob:', 'https://*.stripe.com', documents)}`,
    "font-src 'self' data:",
    `connect-src ${sources("'self'", inputs.cognitoOrigin, 'https://api.stripe.com', documents)}`,
    `frame-src ${sources(...STRIPE_FRAMES)}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(
  inputs: SecurityHeaderInputs,
  referrerPolicy: ReferrerPolicy = 'strict-origin-when-cross-origin',
): SecurityHeaders {
  return {
    strictTransportSecurity: { maxAgeSeconds: 2 * 365 * 24 * 3600, includeSubdomains: true },
    contentTypeOptions: 'nosniff',
    frameOptions: 'DENY',
    referrerPolicy,
    contentSecurityPolicy: contentSecurityPolicy(inputs),
  };
}

/** The headers as CloudFront writes them on every response (names lower-case). */
export function headerValues(headers: SecurityHeaders): Record<string, string> {
  const hsts = headers.strictTransportSecurity;
  return {
    'strict-transport-security': `max-age=${hsts.maxAgeSeconds}${hsts.includeSubdomains ? '; includeSubDomains' : ''}`,
    'x-content-type-options': headers.contentTypeOptions,
    'x-frame-options': headers.frameOptions,
    'referrer-policy': headers.referrerPolicy,
    'content-security-policy': headers.contentSecurityPolicy,
  };
}

/**
 * `'sha256-…'` of every inline `<script>` (no `src`) of a built index.html, as CSP hashes
 * them: the exact text between the tags, UTF-8.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}
