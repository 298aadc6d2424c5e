import { createHash } from 'node:crypto';
import { digest } from '../../documents/stored-file.js';
import { getOrder } from '../../orders/repo.js';
import { queryAll, tableName } from '../../platform/db.js';
import { logger } from '../../platform/logger.js';
import { countMetric, METRICS } from '../../platform/metrics.js';
import { deleteObject, putObject, readObject } from '../../platform/storage.js';
import type { ArchiveTsaConfig } from '../seal/doc-timestamp.js';
import { auditedWrite } from '../trail/audited-write.js';
import { getVerification, verificationKey } from './seal-runs.js';

/**
 * Sealed evidence kept verifiable for the long term (docs/resilience.md "Long-term evidence").
 * Each verification record (`VERIFY#{code}`) carries `timestamp_until`, the expiry of the TSA
 * certificate of its sealed file's last document timestamp, and the sparse gsi1 keys
 * `ARCHIVE#TS` / `{timestamp_until}#{code}`, so the yearly job finds what nears expiry with one
 * Query. Re-timestamping appends a document timestamp to the current sealed file, stores the
 * new file beside the old one, and in ONE audited transaction points the order at it, adds its
 * hash to the record's `later_sha256` (so /verificar accepts the file the customer downloaded
 * and every later version) and puts 'retimestamped' on the trail.
 */
export const ARCHIVE_TS_INDEX = 'ARCHIVE#TS';

/** The sparse index keys of a verification record whose last timestamp holds until `until`. */
export const archiveIndexKeys = (until: string, code: string) => ({
  gsi1pk: ARCHIVE_TS_INDEX,
  gsi1sk: `${until}#${code}`,
});

/** A run replayed for the same moment (or within this window) leaves the record alone. */
const REPLAY_WINDOW_MS = 30 * 24 * 3600 * 1000;

export interface DueEvidence {
  code: string;
  orderId: string;
  timestampUntil: string;
}

/** Records whose last timestamp's TSA certificate expires before `horizon` (ISO), soonest first. */
export async function dueForRetimestamp(horizon: string): Promise<DueEvidence[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p AND gsi1sk < :h',
    ExpressionAttributeValues: { ':p': ARCHIVE_TS_INDEX, ':h': horizon },
    ProjectionExpression: 'pk, order_id, timestamp_until',
  });
  return items.map((i) => ({
    code: String(i.pk).replace(/^VERIFY#/, ''),
    orderId: String(i.order_id),
    timestampUntil: String(i.timestamp_until),
  }));
}

export type RetimestampOutcome = 'retimestamped' | 'recent' | 'gone' | 'lost' | 'raced';

const sha256Hex = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

export async function retimestampEvidence(
  due: DueEvidence,
  now: Date,
  tsa: ArchiveTsaConfig,
): Promise<RetimestampOutcome> {
  const record = await getVerification(due.code);
  const order = await getOrder(due.orderId);
  if (!record || !order?.sealed_file_key || !order.sealed_sha256) return 'gone';
  const last = Date.parse(String(record.retimestamped_at ?? ''));
  if (!Number.isNaN(last) && now.getTime() - last < REPLAY_WINDOW_MS) return 'recent';
  const bytes = await readObject(order.sealed_file_key);
  const current = bytes ? new Uint8Array(bytes) : undefined;
  if (!current || sha256Hex(current) !== order.sealed_sha256) {
    // The evidence is gone or holds other bytes: no timestamp can fix that; an operator must.
    countMetric(METRICS.sealIntegrityFailure);
    logger.error('sealed evidence missing or changed', { orderId: order.id });
    return 'lost';
  }
  const { appendArchiveTimestamp, lastDocTimestampExpiry } = await import(
    '../seal/doc-timestamp.js'
  );
  const next = await appendArchiveTimestamp(current, tsa);
  const sha = sha256Hex(next);
  const until = lastDocTimestampExpiry(next)?.toISOString() ?? due.timestampUntil;
  if (until <= due.timestampUntil) {
    // The TSA answered with a certificate no younger than before: its timestamps extend little.
    logger.warn("re-timestamp: the TSA's certificate expires no later than before", { until });
  }
  const key = `evidence/${order.id}/retimestamped-${now.getTime()}.pdf`;
  await putObject({
    key,
    bytes: next,
    contentType: 'application/pdf',
    sha256Base64: digest(next).base64,
  });
  const nowIso = now.toISOString();
  const res = await auditedWrite(order.id, nowIso, (o) =>
    o.sealed_sha256 !== order.sealed_sha256
      ? undefined
      : {
          items: [
            {
              Update: {
                TableName: tableName(),
                Key: verificationKey(due.code),
                UpdateExpression:
                  'SET later_sha256 = list_append(if_not_exists(later_sha256, :none), :sha), ' +
                  'timestamp_until = :until, retimestamped_at = :now, gsi1sk = :sk',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: {
                  ':none': [],
                  ':sha': [sha],
                  ':until': until,
                  ':now': nowIso,
                  ':sk': archiveIndexKeys(until, due.code).gsi1sk,
                },
              },
            },
          ],
          events: [
            {
              kind: 'retimestamped',
              actor: { type: 'system' },
              details: { previous_sha256: order.sealed_sha256 ?? null, sealed_sha256: sha, until },
            },
          ],
          order: {
            set: 'sealed_file_key = :key, sealed_sha256 = :newsha, updated_at = :now',
            condition: 'sealed_sha256 = :oldsha',
            values: {
              ':key': key,
              ':newsha': sha,
              ':oldsha': order.sealed_sha256,
              ':now': nowIso,
            },
          },
        },
  );
  if (!res.ok) {
    await deleteObject(key).catch(() => undefined);
    return 'raced';
  }
  return 'retimestamped';
}
