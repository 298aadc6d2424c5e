import { outboxPut } from '../mail/outbox.js';
import { randomToken, sha256 } from '../platform/secrets.js';
import { nextReminderAt } from '../signing/reminders.js';
import type { OrderRecord } from './repo.js';
import type { SignerRecord } from './signer-records.js';
import { signingLinkMail } from './signing-mail.js';

/**
 * Every signer's first signing link, promised in the transaction that makes the order: each
 * signer gets a fresh 256-bit token (only its SHA-256 is stored on the signer) and an outbox
 * mail carrying it (functions/mail/outbox.ts). The order and its link mails exist together or
 * not at all; the outbox sends them afterwards, with retries, and records `link_sent_at`.
 */
export function firstLinks(
  order: OrderRecord,
  signers: readonly SignerRecord[],
  now: Date,
  expiresAt: string,
): { signers: SignerRecord[]; outbox: ReturnType<typeof outboxPut>[] } {
  const withTokens = signers.map((signer) => {
    // In order, only the first signer's link goes now; the others wait for their turn.
    if (order.sign_in_order && signer.signer_index !== 1) {
      return { signer: { ...signer, turn_waiting: true }, mail: undefined };
    }
    const token = randomToken();
    const hash = sha256(token);
    return {
      signer: {
        ...signer,
        token_hash: hash,
        token_expires_at: expiresAt,
        reminder_due_at: nextReminderAt(expiresAt, 0),
        reminders_sent: 0,
      },
      mail: outboxPut(
        signingLinkMail(order, signer, token),
        { kind: 'signing_link', signer_id: signer.id, token_hash: hash },
        now,
      ),
    };
  });
  return {
    signers: withTokens.map((w) => w.signer),
    outbox: withTokens.flatMap((w) => (w.mail ? [w.mail] : [])),
  };
}
