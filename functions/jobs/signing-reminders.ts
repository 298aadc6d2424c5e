import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { fmt } from '../../shared/messages/fmt.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { santiagoStamp } from '../../shared/rules/evidence-format.js';
import { outboxPut } from '../mail/outbox.js';
import { getOrder } from '../orders/repo.js';
import { getSigner, type SignerRecord } from '../orders/signer-records.js';
import { forEachConcurrently } from '../platform/concurrently.js';
import { db, isConditionFailure, queryAll, tableName } from '../platform/db.js';
import { logger } from '../platform/logger.js';
import { requesterName } from '../signing/link/context.js';
import { reminderMail } from '../signing/link/reminder-mail.js';
import { nextReminderAt, REMINDER_INDEX, reminderSortKey } from '../signing/link/reminders.js';
import { auditedWrite } from '../signing/trail/audited-write.js';
import { jobNow, type ScheduledEvent } from './job-time.js';

/** Signers reminded at once: each is a few reads and one transaction on its own order. */
const REMINDER_LANES = 8;

/**
 * Daily at 10:00 Santiago: every pending signer whose reminder is due gets one (written to the
 * outbox with the reminder recorded and the next one scheduled, in one audited transaction).
 * Safe to run twice: each reminder is conditioned on the due time the run read.
 */
export async function handler(event: ScheduledEvent) {
  const now = new Date(jobNow(event) * 1000);
  const nowIso = now.toISOString();
  const due = await dueSigners(nowIso);
  let sent = 0;
  await forEachConcurrently(due, REMINDER_LANES, async (id) => {
    const signer = await getSigner(id);
    const order = signer ? await getOrder(signer.order_id) : undefined;
    const live =
      signer?.estado_firma === 'pending' &&
      !!signer.token_hash &&
      !signer.link_revoked_at &&
      !signer.turn_waiting &&
      !!signer.token_expires_at &&
      signer.token_expires_at > nowIso &&
      order?.status === 'processing';
    if (!signer || !order || !live) {
      if (signer) await clearReminder(signer);
      return;
    }
    if (!signer.reminder_due_at || signer.reminder_due_at > nowIso) return;
    const count = (signer.reminders_sent ?? 0) + 1;
    const next = nextReminderAt(signer.token_expires_at ?? nowIso, count);
    const res = await auditedWrite(order.id, nowIso, () => ({
      items: [
        {
          Update: {
            TableName: tableName(),
            Key: { pk: `SIGNER#${signer.id}`, sk: 'META' },
            UpdateExpression: next
              ? 'SET reminders_sent = :n, last_reminder_at = :now, reminder_due_at = :next, gsi1sk = :sk'
              : 'SET reminders_sent = :n, last_reminder_at = :now REMOVE reminder_due_at, gsi1pk, gsi1sk',
            ConditionExpression:
              'reminder_due_at = :read AND estado_firma = :pending AND token_hash = :h',
            ExpressionAttributeValues: {
              ':n': count,
              ':now': nowIso,
              ':read': signer.reminder_due_at,
              ':pending': 'pending',
              ':h': signer.token_hash,
              ...(next ? { ':next': next, ':sk': reminderSortKey(next, signer.id) } : {}),
            },
          },
        },
        outboxPut(
          reminderMail({
            to: signer.email,
            name: signer.first_name,
            requester: requesterName(order),
            document: order.document_name,
            number: order.order_number,
            title: fmt(ordersEs.mailSigningSubject, { title: order.title }),
            expiry: santiagoStamp(signer.token_expires_at ?? nowIso),
          }),
          { kind: 'order_notice', order_id: order.id, notice: 'signing_reminder' },
          now,
        ),
      ],
      events: [
        {
          kind: 'reminder_sent',
          actor: { type: 'system' },
          signer_id: signer.id,
          details: { n: count },
        },
      ],
      order: {
        condition: '#st = :processing',
        names: { '#st': 'status' },
        values: { ':processing': 'processing' },
      },
    }));
    if (res.ok) sent++;
  });
  logger.info('signing-reminders done', { due: due.length, sent });
  return { due: due.length, sent };
}

async function dueSigners(nowIso: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p AND gsi1sk <= :now',
    ExpressionAttributeValues: { ':p': REMINDER_INDEX, ':now': `${nowIso}#~` },
    ProjectionExpression: 'id',
  });
  return items.map((item) => String(item.id));
}

/** A signer who no longer needs reminders leaves the index. */
async function clearReminder(signer: SignerRecord) {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `SIGNER#${signer.id}`, sk: 'META' },
        UpdateExpression: 'REMOVE reminder_due_at, gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
