import { linkTokenHash, mintLinkToken } from '../mail/link-tokens.js';
import type { OutboxAfter } from '../mail/outbox.js';
import type { AfterSent } from '../mail/outbox-sender.js';
import { recordMailEvent } from '../signing/trail/mail-evidence.js';
import { getSigner, linkSentUpdate, setMintedLink } from './signer-records.js';

type SigningLinkAfter = Extract<OutboxAfter, { kind: 'signing_link' }>;

/** Why a signer's link mail must not go any more, or undefined. */
const LINK_REPLACED = 'link_replaced';

/**
 * A signer's link mail, as the outbox sends it: only while the signer still holds the mailed
 * version of the link (a link that no longer works is never sent). The token is minted here,
 * at send time, and only its hash is written on the signer; `link_sent_at` recorded with the
 * 'sent' mark.
 */
export const signingLinkAfterSent: AfterSent<SigningLinkAfter> = {
  async skipReason(after) {
    const signer = await getSigner(after.signer_id);
    if (!signer) return 'signer_gone';
    if (signer.link_revoked_at) return 'link_revoked';
    if (signer.estado_firma === 'signed') return 'signed';
    if (signer.link_version !== after.link_version) return LINK_REPLACED;
    return undefined;
  },
  async mint(after, now) {
    const token = await mintLinkToken('signing', after.signer_id, after.link_version);
    const held = await setMintedLink(
      after.signer_id,
      after.link_version,
      linkTokenHash(token),
      now.toISOString(),
    );
    return held ? { token } : { skip: LINK_REPLACED };
  },
  writes: (after, now) => [linkSentUpdate(after.signer_id, after.link_version, now.toISOString())],
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
