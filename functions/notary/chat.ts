import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  CHAT_LIMITS,
  type ChatMessage,
  type ChatThreadResponse,
} from '../../shared/contract/chat.js';
import { chatEs as t } from '../../shared/messages/chat.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import type { AssignmentStatus } from '../../shared/rules/assignment.js';
import { outboxPut } from '../mail/outbox.js';
import {
  type ChatRecipient,
  chatNotificationAdd,
  chatNotificationDelete,
} from '../notifications/repo.js';
import type { TransactItem } from '../orders/keys.js';
import type { OrderRecord } from '../orders/repo.js';
import { getOrganization, personOf } from '../organizations/repo.js';
import { db, isConditionFailure, queryAll, tableName, withoutKeys } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import { type AssignmentRecord, getAssignment } from './assignments-repo.js';
import { customerChatMail, notaryChatMail } from './chat-mail.js';
import { assignmentKey, messageKey, threadPrefix } from './keys.js';

/**
 * The chat of one assignment between its notary and the order's customer. A message and the
 * assignment's counters (total, unread by the other side) are ONE transaction, conditioned on
 * the assignment still being open and under the message cap; the other side is told by e-mail
 * of its first unread message only (the mail is in the transaction, conditioned on that side
 * having read everything), not of every message. Reading a thread marks it read for that side.
 * The header's bell follows the same counters: each message adds to the other side's
 * notification in its transaction, and reading clears that side's in the one that resets its
 * unread count (functions/notifications/).
 */
export type ChatSide = 'customer' | 'notary';

interface MessageRecord extends ChatMessage {
  order_id: string;
  assignment_id: string;
  author_sub: string;
}

/** Who may write when: the customer while the notarial service is open, the notary once taken. */
const OPEN_FOR: Record<ChatSide, readonly AssignmentStatus[]> = {
  customer: ['assigned', 'taken', 'in_review'],
  notary: ['taken', 'in_review'],
};

const UNREAD: Record<ChatSide, 'unread_customer' | 'unread_notary'> = {
  customer: 'unread_customer',
  notary: 'unread_notary',
};
const other = (side: ChatSide): ChatSide => (side === 'customer' ? 'notary' : 'customer');

/** Whose bell a side's notification rings: the order's customer, or the assignment's notary. */
const recipient = (
  side: ChatSide,
  a: AssignmentRecord,
  order: Pick<OrderRecord, 'user_sub'>,
): ChatRecipient =>
  side === 'customer'
    ? { audience: 'customer', sub: order.user_sub }
    : { audience: 'notary', orgId: a.notary_org_id };

const threadOf = (a: AssignmentRecord) => ({
  order_id: a.order_id,
  order_number: a.order_number,
  assignment_id: a.id,
});

/** Why `side` may not write on `a` now, or null when it may. */
export function closedReason(side: ChatSide, a: AssignmentRecord | undefined): string | null {
  if (!a) return t.notAssigned;
  if (OPEN_FOR[side].includes(a.status)) {
    return a.message_count >= CHAT_LIMITS.messages
      ? fmt(t.tooMany, { n: CHAT_LIMITS.messages })
      : null;
  }
  if (side === 'notary' && a.status === 'assigned') return t.notTaken;
  return t.closed;
}

async function listMessages(a: AssignmentRecord): Promise<ChatMessage[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `ORDER#${a.order_id}`, ':prefix': threadPrefix(a.id) },
    ConsistentRead: true,
  });
  return items
    .map((i) => withoutKeys<MessageRecord>(i))
    .sort((x, y) => x.created_at.localeCompare(y.created_at) || x.id.localeCompare(y.id))
    .map(({ id, author, author_name, body, created_at }) => ({
      id,
      author,
      author_name,
      body,
      created_at,
    }));
}

/** The thread as `side` sees it, and its messages marked read for that side. */
export async function readThread(
  side: ChatSide,
  a: AssignmentRecord | undefined,
  order: Pick<OrderRecord, 'user_sub'>,
): Promise<ChatThreadResponse> {
  const reason = closedReason(side, a);
  if (!a) return { messages: [], can_write: false, closed_reason: reason };
  const messages = await listMessages(a);
  if ((a[UNREAD[side]] ?? 0) > 0) {
    // The count and the bell's notification go together, so a message racing this read is
    // either in both (unread again) or in neither.
    await db()
      .send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: assignmentKey(a.id),
                UpdateExpression: 'SET #u = :zero',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeNames: { '#u': UNREAD[side] },
                ExpressionAttributeValues: { ':zero': 0 },
              },
            },
            chatNotificationDelete(recipient(side, a, order), threadOf(a)),
          ],
        }),
      )
      .catch((err) => {
        // Gone meanwhile, or a message's transaction won the race: both stay unread and the
        // next read clears them; the thread itself is answered either way.
        if (!isConditionFailure(err)) throw err;
      });
  }
  return { messages, can_write: reason === null, closed_reason: reason };
}

export interface NewMessage {
  side: ChatSide;
  assignmentId: string;
  order: OrderRecord;
  authorSub: string;
  key: string;
  body: string;
  now: Date;
}

const ATTEMPTS = 4;

export async function postMessage(m: NewMessage): Promise<ChatMessage> {
  const body = m.body.trim();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const a = await getAssignment(m.assignmentId);
    const existing = a ? await getMessage(a, m.key) : undefined;
    if (existing) {
      if (existing.author_sub !== m.authorSub) throw new AppError('CONFLICT', t.sendError);
      return publicMessage(existing);
    }
    const reason = closedReason(m.side, a);
    if (!a || reason) throw new AppError('CONFLICT', reason ?? t.notAssigned);
    const record: MessageRecord = {
      id: m.key,
      order_id: a.order_id,
      assignment_id: a.id,
      author: m.side,
      author_sub: m.authorSub,
      author_name: await authorName(m.side, a, m.order),
      body,
      created_at: m.now.toISOString(),
    };
    const unreadOther = UNREAD[other(m.side)];
    // The other side hears of the first message it has not read; later ones wait for its visit.
    const tell = (a[unreadOther] ?? 0) === 0 ? await noticeFor(m.side, a, m.order, body) : null;
    const items: TransactItem[] = [
      {
        Put: {
          TableName: tableName(),
          Item: { ...messageKey(a.order_id, a.id, m.key), type: 'ChatMessage', ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: assignmentKey(a.id),
          UpdateExpression: 'ADD message_count :one, #unread :one',
          ConditionExpression: [
            `#st IN (${OPEN_FOR[m.side].map((_, i) => `:open${i}`).join(', ')})`,
            '(attribute_not_exists(message_count) OR message_count < :cap)',
            ...(tell ? ['(attribute_not_exists(#unread) OR #unread = :zero)'] : []),
          ].join(' AND '),
          ExpressionAttributeNames: { '#st': 'status', '#unread': unreadOther },
          ExpressionAttributeValues: {
            ':one': 1,
            ':cap': CHAT_LIMITS.messages,
            ...(tell ? { ':zero': 0 } : {}),
            ...Object.fromEntries(OPEN_FOR[m.side].map((s, i) => [`:open${i}`, s])),
          },
        },
      },
      chatNotificationAdd(recipient(other(m.side), a, m.order), threadOf(a), record.created_at),
      ...(tell
        ? [
            outboxPut(
              tell,
              { kind: 'order_notice', order_id: a.order_id, notice: 'chat_message' },
              m.now,
            ),
          ]
        : []),
    ];
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return publicMessage(record);
    } catch (err) {
      // The same key landed meanwhile, the assignment moved, or the other side read or got a
      // message: read again and decide again.
      if (!isConditionFailure(err)) throw err;
    }
  }
  throw new AppError('CONFLICT', t.sendError);
}

async function getMessage(a: AssignmentRecord, id: string): Promise<MessageRecord | undefined> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: messageKey(a.order_id, a.id, id),
      ConsistentRead: true,
    }),
  );
  return res.Item ? withoutKeys<MessageRecord>(res.Item) : undefined;
}

const publicMessage = (r: MessageRecord): ChatMessage => ({
  id: r.id,
  author: r.author,
  author_name: r.author_name,
  body: r.body,
  created_at: r.created_at,
});

async function authorName(side: ChatSide, a: AssignmentRecord, order: OrderRecord) {
  if (side === 'customer') {
    return `${order.billing.first_name} ${order.billing.last_name}`.trim() || t.customer;
  }
  return (await getOrganization(a.notary_org_id))?.name ?? t.notary;
}

/** The e-mail to the other side: the customer's billing address, or the member who took it. */
async function noticeFor(side: ChatSide, a: AssignmentRecord, order: OrderRecord, body: string) {
  if (side === 'notary') {
    const notary = await getOrganization(a.notary_org_id);
    return customerChatMail(order, notary?.name ?? t.notary, body);
  }
  const taker = a.taken_by ? await personOf(a.taken_by) : undefined;
  if (taker) return notaryChatMail(taker, order, a.id, body);
  const org = await getOrganization(a.notary_org_id);
  return org?.email
    ? notaryChatMail({ email: org.email, name: org.name }, order, a.id, body)
    : null;
}
