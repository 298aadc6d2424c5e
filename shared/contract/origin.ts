/**
 * The header CloudFront adds to every request it forwards to the API (its value is a secret in
 * Secrets Manager, lib/secrets.ts). The API refuses requests without it, so the execute-api URL
 * alone reaches nothing; the local gateway sends it the same way.
 */
export const ORIGIN_VERIFY_HEADER = 'x-sello-origin-verify';
