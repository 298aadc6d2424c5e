import { DEFAULT_RECOVERY_KIND, type RecoveryKind } from '../../../../shared/rules/fea-recovery';

/**
 * What the FEA provider's returns carry in the query string (credits-signing-admin §2 screens
 * 12–14). By design (issue 23) a signer's link token never travels in these addresses: the
 * unlock pages get the signer's id and a one-time return code `r`, and nothing here reads or
 * builds a `token`.
 */

/** A message from the query is shown as text, and never a long one. */
const MESSAGE_MAX = 300;

const text = (value: string | null): string | undefined => {
  const v = value?.trim();
  return v ? v.slice(0, MESSAGE_MAX) : undefined;
};

export interface RecoveryResult {
  ok: boolean;
  message?: string;
  kind: RecoveryKind;
}

/** Screen 12: `status` (only 'success' is one), `message`, `tipo` (default certificado). */
export function recoveryResultOf(search: string): RecoveryResult {
  const q = new URLSearchParams(search);
  return {
    ok: q.get('status') === 'success',
    message: text(q.get('message')),
    kind: q.get('tipo') === 'segundo_factor' ? 'segundo_factor' : DEFAULT_RECOVERY_KIND,
  };
}

export interface UnlockResult {
  ok: boolean;
  message?: string;
  signerId?: string;
  /** The one-time return code the signing page exchanges (issue 23). */
  returnCode?: string;
}

/** Screens 13–14: `status` (default success), `message`, `signer_id`, `r`. */
export function unlockResultOf(search: string): UnlockResult {
  const q = new URLSearchParams(search);
  const status = q.get('status')?.trim() || 'success';
  return {
    ok: status === 'success',
    message: text(q.get('message')),
    signerId: text(q.get('signer_id')),
    returnCode: text(q.get('r')),
  };
}

/** Where 'Continuar con la Firma' goes: the alternative signing link, refreshed (§2). */
export function signingPathAfterUnlock(signerId: string, returnCode?: string): string {
  const path = `/firmar/${encodeURIComponent(signerId)}?refresh_status=true`;
  return returnCode ? `${path}&r=${encodeURIComponent(returnCode)}` : path;
}

/** Where the recovery's provider sends the signer back (§7 default urlRetorno). */
export const recoveryReturnUrlFrom = (origin: string) => `${origin}/password-recovery-success`;

/** The provider's page is followed only when it is a web address (never `javascript:`). */
export function isWebAddress(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
