import { epochOf, type Live } from '../link/context.js';
import type { SessionProgress } from '../link/session-repo.js';
import { sessionProgressUpdate } from '../link/session-repo.js';
import { signerStillPending } from '../link/signer-repo.js';
import { type AuditedChange, auditedWrite } from '../trail/audited-write.js';

/**
 * How a step inside a session writes, whatever the signature type: its evidence and the
 * session's progress in one audited transaction, which holds only while the signer's link does.
 */

export const now = (live: Live) => epochOf(live.input.now);
export const nowIso = (live: Live) => live.input.now.toISOString();

/** Records this step's evidence; false when the link or order changed under it. */
export async function record(live: Live, change: AuditedChange): Promise<boolean> {
  const res = await auditedWrite(live.order.id, nowIso(live), () => change);
  return res.ok;
}

/** The link still holds, and the session slides: elements every step's write carries. */
export function stepItems(live: Live, progress: SessionProgress) {
  return [
    signerStillPending(live.signer.id, live.session.link_token_hash, 'last_step_at = :now', {
      ':now': nowIso(live),
    }),
    sessionProgressUpdate(live.sessionHash, now(live), live.session.hard_expires_at, progress),
  ];
}
