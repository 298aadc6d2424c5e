import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../../../orders/keys.js';
import { db, isConditionFailure, tableName } from '../../../platform/db.js';

/**
 * The order's chain of provider signatures (docs/drafts/fea-design.md §4): every FEA signer
 * signs the file the previous one left, so each signature is an incremental update of the
 * last and all stay valid. One signature job at a time per order (the lease): two signers
 * never sign the same base.
 *
 *   ORDER#{oid} / FEACHAIN   version (signatures so far), key and sha256 of the latest signed
 *                            file (absent: the order's original), lease_job, lease_until
 */
export const CHAIN_LEASE_SECONDS = 90;

export interface FeaChain {
  version: number;
  key?: string;
  sha256?: string;
}

const chainKey = (orderId: string) => ({ pk: `ORDER#${orderId}`, sk: 'FEACHAIN' });

export async function getChain(orderId: string): Promise<FeaChain> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: chainKey(orderId), ConsistentRead: true }),
  );
  const item = res.Item;
  return {
    version: typeof item?.version === 'number' ? item.version : 0,
    key: typeof item?.key === 'string' ? item.key : undefined,
    sha256: typeof item?.sha256 === 'string' ? item.sha256 : undefined,
  };
}

/** Takes the order's signing lease for a job (again, if the job already holds it). */
export async function takeChainLease(
  orderId: string,
  jobId: string,
  nowEpoch: number,
): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: chainKey(orderId),
        UpdateExpression: 'SET lease_job = :job, lease_until = :until',
        ConditionExpression:
          'attribute_not_exists(lease_until) OR lease_until < :now OR lease_job = :job',
        ExpressionAttributeValues: {
          ':job': jobId,
          ':until': nowEpoch + CHAIN_LEASE_SECONDS,
          ':now': nowEpoch,
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Gives the lease back (a refused or failed signature), if this job still holds it. */
export async function releaseChainLease(orderId: string, jobId: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: chainKey(orderId),
        UpdateExpression: 'REMOVE lease_until, lease_job',
        ConditionExpression: 'lease_job = :job',
        ExpressionAttributeValues: { ':job': jobId },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/**
 * The chain moved to the job's signed file, in the signature's own transaction: only from the
 * version the job signed on, and only while the job holds the lease (which it gives back).
 */
export function chainAdvanceItem(
  orderId: string,
  from: number,
  file: { key: string; sha256: string },
  jobId: string,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: chainKey(orderId),
      UpdateExpression:
        'SET version = :next, #k = :key, sha256 = :sha REMOVE lease_until, lease_job',
      ConditionExpression:
        '(attribute_not_exists(version) OR version = :from) AND lease_job = :job',
      ExpressionAttributeNames: { '#k': 'key' },
      ExpressionAttributeValues: {
        ':next': from + 1,
        ':from': from,
        ':key': file.key,
        ':sha': file.sha256,
        ':job': jobId,
      },
    },
  };
}
