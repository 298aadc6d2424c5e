import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FeatureSubscription } from '../../shared/contract/features.js';
import { db, isConditionFailure, tableName } from '../platform/db.js';

/**
 * Feature subscriptions, one per owner and feature type:
 *   FEATSUB#{owner} / TYPE#{feature_type}
 *     gsi1: FEATRENEW / {next renewal, 10 digits}#{owner}#{feature_type}
 *           (sparse: only while active with auto-renew, so the renewal job reads just those due)
 */
const pad = (epoch: number) => String(Math.max(0, Math.floor(epoch))).padStart(10, '0');
export const RENEWAL_PK = 'FEATRENEW';

export const subscriptionKey = (ownerId: string, featureType: string) => ({
  pk: `FEATSUB#${ownerId}`,
  sk: `TYPE#${featureType}`,
});

export const renewalIndex = (ownerId: string, featureType: string, nextRenewal: number) => ({
  gsi1pk: RENEWAL_PK,
  gsi1sk: `${pad(nextRenewal)}#${ownerId}#${featureType}`,
});

export interface SubscriptionItem extends FeatureSubscription {
  owner_id: string;
  /** Epoch seconds of period_end, for conditions. */
  period_end_epoch: number;
}

const iso = (epoch: number) => new Date(epoch * 1000).toISOString();

export function toSubscription(item: FeatureSubscription): FeatureSubscription {
  return {
    id: String(item.id),
    plan_id: String(item.plan_id),
    feature_type: String(item.feature_type),
    plan: String(item.plan),
    is_active: item.is_active === true,
    auto_renew: item.auto_renew === true,
    credits_per_period: Number(item.credits_per_period),
    period_start: String(item.period_start),
    period_end: String(item.period_end),
    next_renewal_date: item.next_renewal_date ? String(item.next_renewal_date) : null,
    last_renewal_attempt: item.last_renewal_attempt ? String(item.last_renewal_attempt) : null,
  };
}

/** Access rule (§4): active and period_end in the future. */
export const hasAccess = (
  s: Pick<SubscriptionItem, 'is_active' | 'period_end_epoch'>,
  now: number,
) => s.is_active && s.period_end_epoch > now;

export async function getSubscription(
  ownerId: string,
  featureType: string,
): Promise<SubscriptionItem | undefined> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: subscriptionKey(ownerId, featureType),
      ConsistentRead: true,
    }),
  );
  return res.Item as SubscriptionItem | undefined;
}

export async function listSubscriptions(ownerId: string): Promise<SubscriptionItem[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `FEATSUB#${ownerId}` },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []) as SubscriptionItem[];
}

/** The new subscription's item, written in the same transaction as its first payment. */
export function newSubscriptionPut(
  ownerId: string,
  sub: FeatureSubscription,
  periodEnd: number,
  now: number,
) {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...subscriptionKey(ownerId, sub.feature_type),
        ...renewalIndex(ownerId, sub.feature_type, periodEnd),
        entity: 'FeatureSubscription',
        owner_id: ownerId,
        period_end_epoch: periodEnd,
        ...sub,
      },
      // One live subscription per feature: a cancelled or lapsed one may be replaced.
      ConditionExpression:
        'attribute_not_exists(pk) OR is_active = :no OR period_end_epoch <= :now',
      ExpressionAttributeValues: { ':no': false, ':now': now },
    },
  };
}

/** The renewal's item change, written in the same transaction as the renewal payment. */
export function renewalUpdate(s: SubscriptionItem, newEnd: number, now: number) {
  return {
    Update: {
      TableName: tableName(),
      Key: subscriptionKey(s.owner_id, s.feature_type),
      UpdateExpression:
        'SET period_start = :start, period_end = :end, period_end_epoch = :endEpoch, next_renewal_date = :end, last_renewal_attempt = :now, gsi1sk = :g',
      ConditionExpression: 'period_end_epoch = :oldEnd AND is_active = :yes AND auto_renew = :yes',
      ExpressionAttributeValues: {
        ':start': s.period_end,
        ':end': iso(newEnd),
        ':endEpoch': newEnd,
        ':now': iso(now),
        ':g': renewalIndex(s.owner_id, s.feature_type, newEnd).gsi1sk,
        ':oldEnd': s.period_end_epoch,
        ':yes': true,
      },
    },
  };
}

export async function recordRenewalAttempt(s: SubscriptionItem, now: number): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: subscriptionKey(s.owner_id, s.feature_type),
        UpdateExpression: 'SET last_renewal_attempt = :now',
        ConditionExpression: 'period_end_epoch = :end',
        ExpressionAttributeValues: { ':now': iso(now), ':end': s.period_end_epoch },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** Cancels: is_active and auto_renew off, out of the renewal index. Undefined if not found. */
export async function cancelSubscription(
  ownerId: string,
  id: string,
): Promise<SubscriptionItem | undefined> {
  const target = (await listSubscriptions(ownerId)).find((s) => s.id === id);
  if (!target) return undefined;
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: subscriptionKey(ownerId, target.feature_type),
        UpdateExpression:
          'SET is_active = :no, auto_renew = :no, next_renewal_date = :null REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'id = :id',
        ExpressionAttributeValues: { ':no': false, ':null': null, ':id': id },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes as SubscriptionItem;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** Subscriptions whose renewal date has passed, from the sparse renewal index. */
export async function dueForRenewal(
  now: number,
): Promise<{ ownerId: string; featureType: string }[]> {
  const out: { ownerId: string; featureType: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :after',
        ExpressionAttributeValues: { ':pk': RENEWAL_PK, ':after': pad(now + 1) },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      out.push({ ownerId: String(item.owner_id), featureType: String(item.feature_type) });
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}
