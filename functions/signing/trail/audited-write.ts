import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { apiEs } from '../../../shared/messages/api.es.js';
import type { TransactItem } from '../../orders/keys.js';
import { failedConditions, getOrder, type OrderRecord } from '../../orders/repo.js';
import { db, tableName } from '../../platform/db.js';
import { beforeWrite, currentDeadline, MIN_WRITE_MS } from '../../platform/deadline.js';
import { AppError, tooManyRequests } from '../../platform/errors.js';
import type { AuditEvent, AuditInput } from './audit-chain.js';
import { auditAppend, auditHeadOf } from './audit-repo.js';

/**
 * A state change of an order's signing and the audit events that record it, in ONE
 * transaction (docs/drafts/signing-design.md §2.3): the order's Update carries the audit head
 * move plus whatever the change sets on the order, under the change's own condition.
 *
 * When another change of the same order appended first (its audit_seq moved), the order is read
 * again and the change rebuilt on it; any other failed condition ends the attempt and tells the
 * caller which element failed, so it can answer (a stale link, a used code, not your turn).
 */
export interface AuditedChange {
  /** Elements other than the order's Update; their indexes are the ones reported on failure. */
  items: TransactItem[];
  events: AuditInput[];
  /** Fragments of the order's own Update. */
  order?: {
    set?: string;
    add?: string;
    remove?: string;
    condition?: string;
    names?: Record<string, string>;
    values?: Record<string, unknown>;
  };
}

export type AuditedResult =
  | { ok: true; order: OrderRecord; events: AuditEvent[] }
  /** `failed`: index in `items` of a failed condition, or 'order' for the order's own one. */
  | { ok: false; failed: number | 'order'; order: OrderRecord | undefined };

/** Attempts outside a request (a job); a request retries while its deadline allows. */
const ATTEMPTS = 6;
/** Time a retry must leave for its own read and write, on top of the write reserve. */
const RETRY_RESERVE_MS = 600;

/**
 * Whether to read and try again after losing the race for the order's audit head. Many changes
 * of ONE order at once (a link opened 30 times in a second, ten signers together) each lose a
 * few times: inside a request they retry, with growing random pauses, as long as the deadline
 * leaves room; when it does not, the answer is a clear 429 (too many at once, try again), never
 * a 5xx.
 */
async function mayRetry(attempt: number): Promise<boolean> {
  const deadline = currentDeadline();
  if (!deadline) return attempt + 1 < ATTEMPTS;
  const pause = Math.random() * Math.min(250, 10 * 2 ** attempt);
  if (deadline.remainingMs() - pause <= MIN_WRITE_MS + RETRY_RESERVE_MS) throw tooManyRequests();
  await new Promise((r) => setTimeout(r, pause));
  return true;
}

/**
 * The transaction's elements: the order's Update (head move + the change's own fragments)
 * first, then the change's items, then the events' Puts.
 */
export function composeAudited(order: OrderRecord, change: AuditedChange, at: string) {
  const from = auditHeadOf(order);
  const append = auditAppend(order.id, from, change.events, at);
  const o = change.order ?? {};
  const update = [
    `SET ${[append.set, o.set].filter(Boolean).join(', ')}`,
    o.add ? `ADD ${o.add}` : '',
    o.remove ? `REMOVE ${o.remove}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const orderUpdate: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: { pk: `ORDER#${order.id}`, sk: 'META' },
      UpdateExpression: update,
      ConditionExpression: ['attribute_exists(pk)', append.condition, o.condition]
        .filter(Boolean)
        .map((c) => `(${c})`)
        .join(' AND '),
      ...(o.names && Object.keys(o.names).length ? { ExpressionAttributeNames: o.names } : {}),
      ExpressionAttributeValues: { ...append.values, ...o.values },
    },
  };
  return {
    items: [orderUpdate, ...change.items, ...append.puts],
    from,
    events: append.events,
  };
}

/**
 * Thrown by a custom sender (auditedWrite's `sender`) when its own transaction lost a race it
 * cannot name (the credits ledger's, say): the order is read again and the change rebuilt.
 */
export class RebuildChange extends Error {}

export async function auditedWrite(
  orderId: string,
  at: string,
  build: (order: OrderRecord) => AuditedChange | undefined,
  /**
   * Sends the composed items instead of a plain transaction (a change that also gives credits
   * back sends them with the ledger's own writes: order-refund.ts sendWithRefund).
   */
  sender?: (items: TransactItem[], order: OrderRecord) => Promise<void>,
): Promise<AuditedResult> {
  for (let attempt = 0; ; attempt++) {
    const order = await getOrder(orderId);
    if (!order) return { ok: false, failed: 'order', order: undefined };
    const change = build(order);
    if (!change) return { ok: false, failed: 'order', order };
    const { items, from, events } = composeAudited(order, change, at);
    beforeWrite();
    try {
      await (sender ? sender(items, order) : send(items));
      return { ok: true, order, events };
    } catch (err) {
      if (err instanceof RebuildChange) {
        if (await mayRetry(attempt)) continue;
        break;
      }
      const failed = failedConditions(err);
      if (!failed) throw err;
      const other = failed.slice(1, 1 + change.items.length).findIndex(Boolean);
      if (other >= 0) return { ok: false, failed: other, order };
      if (failed[0]) {
        // The order's condition: our head went stale (retry on a fresh read), or the change's
        // own condition on the order no longer holds (report it).
        const now = await getOrder(orderId);
        if (now && auditHeadOf(now).seq !== from.seq) {
          if (await mayRetry(attempt)) continue;
          break;
        }
        return { ok: false, failed: 'order', order: now };
      }
      // Only an event Put failed: another writer used the same seq; read again.
      if (!(await mayRetry(attempt))) break;
    }
  }
  throw new AppError('UNAVAILABLE', apiEs.unavailable);
}

async function send(items: TransactItem[]) {
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}
