import { randomUUID } from 'node:crypto';
import { fmt } from '../../shared/messages/fmt.js';
import { signingEs as t } from '../../shared/messages/signing.es.js';
import { newLinkMarker } from '../mail/link-tokens.js';
import { outboxPut } from '../mail/outbox.js';
import type { TransactItem } from '../orders/keys.js';
import type { OrderRecord } from '../orders/repo.js';
import { required } from '../platform/config.js';
import { layout } from '../platform/mail-templates.js';
import { formatVerificationCode } from './seal-runs.js';

/**
 * Delivery of a sealed document (customer-flows §2.5 delivery option): the requester always,
 * and every signer too when the order says "automatic delivery to the signers". Each recipient
 * gets a personal download link `{APP_URL}/descargar/{orderId}?token=…` (30 days) by a mail
 * written to the outbox in the seal's own transaction. The mail holds a marker, not the token:
 * the outbox mints the token when it sends (functions/mail/link-tokens.ts) and writes the only
 * record of it, its hash (delivery-link-outbox.ts):
 *
 *   DLV#{sha256(token)} / DLV   order_id, link_id, recipient, expires_at
 */
export const DELIVERY_LINK_DAYS = 30;

/**
 * Whether the sealed file is delivered to this address: the requester always, a signer when the
 * order says "automatic delivery to the signers". The delivery mails and the signer's final
 * screen (signed-outcome.ts) both ask this one rule.
 */
export const receivesDelivery = (order: OrderRecord, email: string) =>
  order.delivery_options || email.toLowerCase() === order.billing.email.toLowerCase();

export function deliveryItems(
  order: OrderRecord,
  built: { code: string; contacts: { email: string; first_name: string }[] },
  now: Date,
): { items: TransactItem[]; recipients: number } {
  const base = required('APP_URL').replace(/\/+$/, '');
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
          subject: fmt(t.deliveryMailSubject, { title: order.title }).replace(/\s+/g, ' ').trim(),
          ...layout({
            greeting: fmt(t.deliveryMailGreeting, { name: p.first_name }),
            body: fmt(t.deliveryMailBody, {
              document: order.document_name,
              number: order.order_number,
              code: formatVerificationCode(built.code),
            }),
            action: t.deliveryMailAction,
            url,
            note: fmt(t.deliveryMailNote, { verify: `${base}/verificar/${built.code}` }),
          }),
        },
        {
          kind: 'delivery_link',
          order_id: order.id,
          link_id: randomUUID(),
          recipient: p.role,
          expires_at: expiresAt.toISOString(),
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
