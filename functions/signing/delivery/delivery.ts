import { randomUUID } from 'node:crypto';
import { fmt } from '../../../shared/messages/fmt.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import { newLinkMarker } from '../../mail/link-tokens.js';
import { outboxPut } from '../../mail/outbox.js';
import type { TransactItem } from '../../orders/keys.js';
import type { OrderRecord } from '../../orders/repo.js';
import { required } from '../../platform/config.js';
import { layout } from '../../platform/mail-templates.js';
import { formatVerificationCode } from '../sealing/seal-runs.js';

/**
 * Delivery of a sealed document, and later of its notarized file (customer-flows §2.5 delivery
 * option): the requester always, and every signer too when the order says "automatic delivery
 * to the signers". Each recipient gets a personal download link
 * `{APP_URL}/descargar/{orderId}?token=…` (30 days) by a mail written to the outbox in the
 * transaction that produced the file (the seal's, the notary's decision). The mail holds a
 * marker, not the token: the outbox mints the token when it sends (functions/mail/link-tokens.ts)
 * and writes the only record of it, its hash (delivery-link-outbox.ts):
 *
 *   DLV#{sha256(token)} / DLV   order_id, link_id, recipient, expires_at, file?
 */
export const DELIVERY_LINK_DAYS = 30;

/**
 * Whether the sealed file is delivered to this address: the requester always, a signer when the
 * order says "automatic delivery to the signers". The delivery mails and the signer's final
 * screen (signed-outcome.ts) both ask this one rule.
 */
export const receivesDelivery = (order: OrderRecord, email: string) =>
  order.delivery_options || email.toLowerCase() === order.billing.email.toLowerCase();

/** Which file a delivery mail's link downloads: the sealed PDF, or the notary's notarized one. */
export type DeliveredFile = 'sealed' | 'notarized';

/** The words of one kind of delivery mail; `{name}` is filled per recipient. */
export interface DeliveryWords {
  file: DeliveredFile;
  subject: string;
  greeting: string;
  body: string;
  action: string;
  note: string;
}

/** The sealed file's delivery mail (the seal's transaction, seal-order.ts). */
function sealedWords(order: OrderRecord, code: string, base: string): DeliveryWords {
  return {
    file: 'sealed',
    subject: fmt(t.deliveryMailSubject, { title: order.title }),
    greeting: t.deliveryMailGreeting,
    body: fmt(t.deliveryMailBody, {
      document: order.document_name,
      number: order.order_number,
      code: formatVerificationCode(code),
    }),
    action: t.deliveryMailAction,
    note: fmt(t.deliveryMailNote, { verify: `${base}/verificar/${code}` }),
  };
}

export const appBase = () => required('APP_URL').replace(/\/+$/, '');

/**
 * The delivery mails of a file, one per recipient (the requester; the signers too when the
 * order says so), each with its personal link, as outbox items for the caller's transaction.
 * Without `words`, the sealed file's mail.
 */
export function deliveryItems(
  order: OrderRecord,
  built: { code: string; contacts: { email: string; first_name: string }[] },
  now: Date,
  words: DeliveryWords = sealedWords(order, built.code, appBase()),
): { items: TransactItem[]; recipients: number } {
  const base = appBase();
  const people = new Map<
    string,
    { email: string; first_name: string; role: 'requester' | 'signer' }
  >();
  people.set(order.billing.email.toLowerCase(), {
    email: order.billing.email,
    first_name: order.billing.first_name,
    role: 'requester',
  });
  for (const c of built.contacts) {
    if (receivesDelivery(order, c.email) && !people.has(c.email.toLowerCase())) {
      people.set(c.email.toLowerCase(), { ...c, role: 'signer' as const });
    }
  }
  const expiresAt = new Date(now.getTime() + DELIVERY_LINK_DAYS * 86_400_000);
  const items: TransactItem[] = [];
  for (const p of people.values()) {
    const marker = newLinkMarker();
    const url = `${base}/descargar/${encodeURIComponent(order.id)}?token=${marker}`;
    items.push(
      outboxPut(
        {
          to: p.email,
          subject: words.subject.replace(/\s+/g, ' ').trim(),
          ...layout({
            greeting: fmt(words.greeting, { name: p.first_name }),
            body: words.body,
            action: words.action,
            url,
            note: words.note,
          }),
        },
        {
          kind: 'delivery_link',
          order_id: order.id,
          link_id: randomUUID(),
          recipient: p.role,
          expires_at: expiresAt.toISOString(),
          // Absent for the sealed file: links minted before notarized delivery read alike.
          ...(words.file === 'notarized' ? { file: 'notarized' as const } : {}),
        },
        now,
        marker,
      ),
    );
  }
  return { items, recipients: people.size };
}

/** The key a delivery link is looked up by: the SHA-256 (hex) of its token. */
export const deliveryLinkKey = (tokenHash: string) => ({ pk: `DLV#${tokenHash}`, sk: 'DLV' });
