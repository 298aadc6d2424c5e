import { checkResetTokenRequest, confirmEmailRequest } from '../../../../shared/contract/auth';

/**
 * Parsing of the two e-mailed links. Both use the shared request schemas, so a link the server
 * would reject as malformed is turned down here without a request.
 */
export type ConfirmLink = { ok: true; token_hash: string; type: 'email' } | { ok: false };

/** /auth/confirm?token_hash=…&type=email */
export function parseConfirmQuery(search: string): ConfirmLink {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const parsed = confirmEmailRequest.safeParse({
    token_hash: params.get('token_hash') ?? undefined,
    type: params.get('type') ?? undefined,
  });
  return parsed.success ? { ok: true, ...parsed.data } : { ok: false };
}

export type ResetLink =
  | { ok: true; access_token: string; refresh_token: string | null; type: 'recovery' }
  | { ok: false };

/**
 * /reset-password#access_token=…&type=recovery[&refresh_token=…]. The spec's link also carried
 * a refresh token for the hosted auth service; ours is a single-use server token, so the refresh
 * token is read when present but not required.
 */
export function parseResetHash(hash: string): ResetLink {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const parsed = checkResetTokenRequest.safeParse({
    access_token: params.get('access_token') ?? undefined,
    type: params.get('type') ?? undefined,
  });
  if (!parsed.success) return { ok: false };
  return { ok: true, ...parsed.data, refresh_token: params.get('refresh_token') || null };
}
