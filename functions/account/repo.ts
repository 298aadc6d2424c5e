import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../platform/db.js';

/**
 * The account's deletion marker: `USER#{sub}` / `DELETION`, beside the profile. Written before
 * anything is deleted, so a deletion cut halfway (a timeout, a dependency down) is finished by
 * the next call without asking again for a password the account may no longer have. It holds
 * the account's e-mail only until the deletion is done (its CRM contact is keyed by it); what
 * stays afterwards is the sub, the pseudonym and the dates.
 */
const key = (sub: string) => ({ pk: `USER#${sub}`, sk: 'DELETION' });

export interface DeletionMarker {
  sub: string;
  pseudonym: string;
  email?: string;
  started_at: string;
  completed_at?: string;
  kept_orders?: number;
}

export async function getDeletion(sub: string): Promise<DeletionMarker | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: key(sub), ConsistentRead: true }),
  );
  if (!res.Item) return undefined;
  const { pk: _pk, sk: _sk, type: _t, ...marker } = res.Item;
  return marker as DeletionMarker;
}

/** Records that the owner confirmed the deletion; a marker already there is the one answered. */
export async function startDeletion(marker: DeletionMarker): Promise<DeletionMarker> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...key(marker.sub), type: 'AccountDeletion', ...marker },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return marker;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const existing = await getDeletion(marker.sub);
    if (!existing) throw err;
    return existing;
  }
}

/** Every step done: the e-mail leaves the marker. */
export async function finishDeletion(sub: string, now: string, keptOrders: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key(sub),
      UpdateExpression:
        'SET completed_at = if_not_exists(completed_at, :now), kept_orders = :k REMOVE email',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now, ':k': keptOrders },
    }),
  );
}
