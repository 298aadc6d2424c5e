import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { linkTokenHash, mintLinkToken } from '../../mail/link-tokens.js';
import type { OutboxAfter } from '../../mail/outbox.js';
import type { AfterSent } from '../../mail/outbox-sender.js';
import { getOrder } from '../../orders/repo.js';
import { db, tableName } from '../../platform/db.js';
import { recordMailEvent } from '../trail/mail-evidence.js';
import { deliveryLinkKey } from './delivery.js';

type DeliveryLinkAfter = Extract<OutboxAfter, { kind: 'delivery_link' }>;

/**
 * A delivery mail (delivery.ts), as the outbox sends it: never for an order cancelled since it
 * was sealed (its links would answer 404 anyway); the token minted now from the link's id, and
 * the link's lookup item `DLV#{sha256(token)}` written before the mail goes, so the link works
 * when it arrives. A mail that went is the order's 'delivered' evidence.
 */
export const deliveryLinkAfterSent: AfterSent<DeliveryLinkAfter> = {
  async skipReason(after) {
    const order = await getOrder(after.order_id);
    if (!order) return 'order_gone';
    if (order.status === 'cancelled') return 'order_cancelled';
    return undefined;
  },
  async mint(after) {
    // One version: a delivery link is never reissued, so its id alone names it.
    const token = await mintLinkToken('delivery', after.link_id, 1);
    const expiresAt = Date.parse(after.expires_at);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...deliveryLinkKey(linkTokenHash(token)),
          type: 'DeliveryToken',
          order_id: after.order_id,
          link_id: after.link_id,
          recipient: after.recipient,
          expires_at: after.expires_at,
          ...(after.file ? { file: after.file } : {}),
          ttl: Math.floor(expiresAt / 1000) + 86_400,
        },
        // A retried send writes the same item again; nothing else may hold that key.
        ConditionExpression: 'attribute_not_exists(pk) OR link_id = :id',
        ExpressionAttributeValues: { ':id': after.link_id },
      }),
    );
    return { token };
  },
  writes: () => [],
  recorded: (after, sentAt) =>
    recordMailEvent(
      after.order_id,
      {
        kind: 'delivered',
        details: { mail: after.file === 'notarized' ? 'notarized_delivery' : 'signing_delivery' },
      },
      sentAt,
    ),
};
