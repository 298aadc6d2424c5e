import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../../orders/keys.js';
import { db, isConditionFailure, queryAll, tableName, withoutKeys } from '../../platform/db.js';
import { beforeWrite } from '../../platform/deadline.js';
import {
  type AuditEvent,
  type AuditInput,
  chainEvents,
  genesisHash,
  verifyChain,
} from './audit-chain.js';

/**
 * Keys and writes of the audit trail (docs/data-model.md patterns 81–90):
 *
 *   ORDER#{oid} / EVT#{seq, 6 digits}   one event; the order's META holds audit_seq, audit_head
 *
 * Appending is always part of a transaction: the order's head moves from (seq, head) to the new
 * one under the condition `audit_seq = :seq`, so two changes of one order can never both
 * append after the same event; the loser reads the order again and retries.
 */
const orderPk = (id: string) => `ORDER#${id}`;
export const eventSk = (seq: number) => `EVT#${String(seq).padStart(6, '0')}`;

/** Where an order's chain stands; an order made before the trail existed starts at genesis. */
export interface AuditHead {
  seq: number;
  head: string;
  /** The last event's time: a later event is never stamped before it. */
  at?: string;
}

export function auditHeadOf(order: {
  id: string;
  audit_seq?: number;
  audit_head?: string;
  audit_at?: string;
}): AuditHead {
  return order.audit_seq
    ? { seq: order.audit_seq, head: order.audit_head ?? '', at: order.audit_at }
    : { seq: 0, head: genesisHash(order.id) };
}

export interface AuditAppend {
  events: AuditEvent[];
  /** The Puts of the events (each new). */
  puts: TransactItem[];
  /**
   * The fragments to merge into THE transaction's Update of ORDER#{oid}/META (a transaction may
   * touch an item once): its SET clause, its condition and their values.
   */
  set: string;
  condition: string;
  values: Record<string, unknown>;
  next: AuditHead;
}

export function auditAppend(
  orderId: string,
  from: AuditHead,
  inputs: readonly AuditInput[],
  at: string,
): AuditAppend {
  // Stamped when appended: a change that read its time before another one appended first takes
  // that one's time, so the trail's times never go back as its sequence goes forward.
  const stamp = from.at && from.at > at ? from.at : at;
  const { events, seq, head } = chainEvents(from, inputs, stamp);
  return {
    events,
    puts: events.map((e) => ({
      Put: {
        TableName: tableName(),
        Item: { pk: orderPk(orderId), sk: eventSk(e.seq), type: 'AuditEvent', ...e },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    })),
    set: 'audit_seq = :aseq, audit_head = :ahead, audit_at = :aat',
    condition: from.seq === 0 ? 'attribute_not_exists(audit_seq)' : 'audit_seq = :aprev',
    values: {
      ':aseq': seq,
      ':ahead': head,
      ':aat': stamp,
      ...(from.seq === 0 ? {} : { ':aprev': from.seq }),
    },
    next: { seq, head, at: stamp },
  };
}

/** The order's own Update carrying only the head move (for events that change nothing else). */
export function auditOnlyItems(orderId: string, append: AuditAppend): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: { pk: orderPk(orderId), sk: 'META' },
        UpdateExpression: `SET ${append.set}`,
        ConditionExpression: `attribute_exists(pk) AND ${append.condition}`,
        ExpressionAttributeValues: append.values,
      },
    },
    ...append.puts,
  ];
}

/** True when the transaction failed only because another change of the order appended first. */
export const lostTheRace = (err: unknown): boolean => isConditionFailure(err);

/**
 * Appends events that change nothing else, reading the head again when another change of the
 * order got there first (a few times, within the request's deadline).
 */
export async function appendAudit(
  orderId: string,
  readHead: () => Promise<AuditHead | undefined>,
  inputs: readonly AuditInput[],
  at: string,
): Promise<AuditEvent[]> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const from = await readHead();
    if (!from) throw new Error(`audit: order ${orderId} not found`);
    const append = auditAppend(orderId, from, inputs, at);
    beforeWrite();
    try {
      await db().send(new TransactWriteCommand({ TransactItems: auditOnlyItems(orderId, append) }));
      return append.events;
    } catch (err) {
      if (!lostTheRace(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
  throw new Error(`audit: could not append to order ${orderId}`);
}

/** An order's events in order (pattern 90), every page. */
export async function listAudit(orderId: string): Promise<AuditEvent[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :evt)',
    ExpressionAttributeValues: { ':pk': orderPk(orderId), ':evt': 'EVT#' },
    ConsistentRead: true,
  });
  return items.map((item) => {
    const { type: _t, ...rest } = withoutKeys<AuditEvent & { type?: string }>(item);
    return rest;
  });
}

/** Reads and checks an order's whole chain against the head its order records. */
export async function checkOrderChain(order: {
  id: string;
  audit_seq?: number;
  audit_head?: string;
}) {
  const events = await listAudit(order.id);
  return { events, check: verifyChain(order.id, events, auditHeadOf(order)) };
}
