import { newLinkMarker } from '../mail/link-tokens.js';
import { outboxPut } from '../mail/outbox.js';
import { nextReminderAt } from '../signing/link/reminders.js';
import type { OrderRecord } from './repo.js';
import type { SignerRecord } from './signer-records.js';
import { signingLinkMail } from './signing-mail.js';

/**
 * Every signer's first signing link, promised in the transaction that makes the order: each
 * signer is issued version 1 of its link (`link_version`, `token_expires_at`) and an outbox
 * mail with a marker where the token goes (functions/mail/outbox.ts). No token exists yet: the
 * outbox mints it when it sends (functions/mail/link-tokens.ts) and writes its SHA-256 on the
 * signer then. The order and its link mails exist together or not at all; the outbox sends
 * them afterwards, with retries, and records `link_sent_at`.
 */
export function firstLinks(
  order: OrderRecord,
  signers: readonly SignerRecord[],
  now: Date,
  expiresAt: string,
): { signers: SignerRecord[]; outbox: ReturnType<typeof outboxPut>[] } {
  const withLinks = signers.map((signer) => {
    // In order, only the first signer's link goes now; the others wait for their turn.
    if (order.sign_in_order && signer.signer_index !== 1) {
      return { signer: { ...signer, turn_waiting: true }, mail: undefined };
    }
    const marker = newLinkMarker();
    return {
      signer: {
        ...signer,
        link_version: 1,
        token_expires_at: expiresAt,
        reminder_due_at: nextReminderAt(expiresAt, 0),
        reminders_sent: 0,
      },
      mail: outboxPut(
        signingLinkMail(order, signer, marker),
        { kind: 'signing_link', signer_id: signer.id, link_version: 1 },
        now,
        marker,
      ),
    };
  });
  return {
    signers: withLinks.map((w) => w.signer),
    outbox: withLinks.flatMap((w) => (w.mail ? [w.mail] : [])),
  };
}
