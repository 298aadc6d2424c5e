import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { putIfNew } from '../orders/repo.js';
import { db, tableName } from '../platform/db.js';
import { logger } from '../platform/logger.js';
import { STUCK_AFTER_SECONDS, sealRunPut, stuckSealing } from '../signing/sealing/seal-runs.js';
import { jobNow, type ScheduledEvent } from './job-time.js';

/**
 * Every 15 minutes: any order sealing for over 15 minutes whose seal lease has lapsed (a run
 * that died, a message that went to the DLQ, a TSA outage longer than the retries) gets a new
 * seal run, whose INSERT is a new queue message. Safe to run twice: the run's number is the
 * next free one (a second sweep's Put fails its condition) and sealing twice yields one file.
 */
export async function handler(event: ScheduledEvent) {
  const now = jobNow(event);
  const before = new Date((now - STUCK_AFTER_SECONDS) * 1000).toISOString();
  const stuck = await stuckSealing(before);
  let started = 0;
  for (const { id } of stuck) {
    const order = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: { pk: `ORDER#${id}`, sk: 'META' },
        ConsistentRead: true,
        ProjectionExpression: 'signing_stage, seal_lease_until, #st',
        ExpressionAttributeNames: { '#st': 'status' },
      }),
    );
    const o = order.Item;
    // A cancelled order is never sealed: no new run for it.
    if (o?.signing_stage !== 'sealing' || o.status !== 'processing') continue;
    if (typeof o.seal_lease_until === 'number' && o.seal_lease_until > now) continue;
    const runs = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `SEALRUN#${id}` },
        Select: 'COUNT',
        ConsistentRead: true,
      }),
    );
    const next = (runs.Count ?? 0) + 1;
    if (await putIfNew(sealRunPut(id, next, 'sweep', new Date(now * 1000)))) started++;
  }
  logger.info('sweep-sealing done', { stuck: stuck.length, started });
  return { stuck: stuck.length, started };
}
