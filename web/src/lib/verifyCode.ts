/**
 * Verification codes as people type them. The same rule as the server's
 * (functions/signing/sealing/seal-runs.ts normaliseVerificationCode): 10 Crockford base32 characters,
 * shown XXXXX-XXXXX; case, dashes, spaces and the look-alikes I/L→1, O→0 are forgiven. The
 * server checks again; this only spares a request for what can never be a code.
 */
export function normaliseCode(input: string): string | undefined {
  const clean = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return /^[0-9A-HJKMNP-TV-Z]{10}$/.test(clean) ? clean : undefined;
}

/** XXXXX-XXXXX (the form printed on the seal page and in the mails). */
export function formatCode(code: string): string {
  const raw = code.replace(/-/g, '');
  return raw.length === 10 ? `${raw.slice(0, 5)}-${raw.slice(5)}` : code;
}

/** The page of a code: /verificar/XXXXX-XXXXX. */
export function verifyPath(code: string): string {
  return `/verificar/${encodeURIComponent(formatCode(code))}`;
}
