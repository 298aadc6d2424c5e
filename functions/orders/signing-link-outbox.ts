import type { OutboxAfter } from '../mail/outbox.js';
import type { AfterSent } from '../mail/outbox-sender.js';
import { recordMailEvent } from '../signing/mail-evidence.js';
import { getSigner, linkSentUpdate } from './signer-records.js';

type SigningLinkAfter = Extract<OutboxAfter, { kind: 'signing_link' }>;

/**
 * A signer's link mail, as the outbox sends it: only while the signer still holds the mailed
 * token (a link that no longer works is never sent), and `link_sent_at` recorded with it.
 */
export const signingLinkAfterSent: AfterSent<SigningLinkAfter> = {
  async skipReason(after) {
    const signer = await getSigner(after.signer_id);
    if (!signer) return 'signer_gone';
    if (signer.link_revoked_at) return 'link_revoked';
    if (signer.estado_firma === 'signed') return 'signed';
    if (signer.token_hash !== after.token_hash) return 'link_replaced';
    return undefined;
  },
  writes: (after, now) => [linkSentUpdate(after.signer_id, after.token_hash, now.toISOString())],
  async recorded(after, sentAt) {
    const signer = await getSigner(after.signer_id);
    if (!signer) return;
    await recordMailEvent(
      signer.order_id,
      { kind: 'email_sent', signer_id: signer.id, details: { mail: 'signing_link' } },
      sentAt,
    );
  },
};
