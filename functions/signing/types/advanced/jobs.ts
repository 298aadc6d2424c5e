import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FEA_JOB_TYPE } from '../../../../shared/contract/queues.js';
import type { TransactItem } from '../../../orders/keys.js';
import { db, isConditionFailure, tableName, withoutKeys } from '../../../platform/db.js';
import { openSecret, sealSecret } from '../../../platform/sealed-secret.js';
import { requiredSecret } from '../../../platform/secret-values.js';
import type { FeaErrorKind } from './fea-codes.js';

/**
 * The advanced signature's jobs (docs/drafts/fea-design.md §2–§3): the provider's slow calls,
 * run by the fea-jobs queue's consumer while the signing screen polls.
 *
 *   FEAJOB#{jobId} / FEAJOB     one job: its INSERT is the queue's message (entity FeaJob)
 *   SIGNER#{sid} / FEASLOT      the signer's one job at a time: a new job only when none is
 *                               running (or the running one's lease lapsed)
 *
 * The certificate password and the SMS code travel sealed (platform/sealed-secret.ts, bound to
 * the job's key) and are removed when the job ends; nothing logs them.
 */
export type FeaJobKind = 'second_factor' | 'sign';
export type FeaJobStatus = 'pending' | 'done' | 'failed';

/** A job not finished by then is over: the signer is asked to try again. */
export const JOB_DEADLINE_SECONDS = 3 * 60;
const JOB_TTL_SECONDS = 86_400;

export interface FeaJob {
  job_id: string;
  kind: FeaJobKind;
  status: FeaJobStatus;
  signer_id: string;
  order_id: string;
  session_hash: string;
  /** Where the step came from (the signature event's evidence). */
  ip: string;
  user_agent: string;
  created_at: string;
  /** Epoch s: past it the job is failed, not run. */
  deadline: number;
  attempts?: number;
  sealed?: string;
  /** Failed: what the provider said. */
  error_kind?: FeaErrorKind;
  error_code?: number;
  attempts_left?: number;
  /** Done second factor: where the SMS went. */
  phone_masked?: string;
  /** Done signature: the provider's transaction and certificate. */
  transaction_code?: string;
  certificate_serial?: string;
  ended_at?: string;
}

export interface FeaSecrets {
  password: string;
  code?: string;
}

const jobKey = (id: string) => ({ pk: `FEAJOB#${id}`, sk: 'FEAJOB' });
const slotKey = (signerId: string) => ({ pk: `SIGNER#${signerId}`, sk: 'FEASLOT' });

/** A new job and the signer's slot taken for it, as elements of the step's transaction. */
export async function newJobItems(p: {
  kind: FeaJobKind;
  signerId: string;
  orderId: string;
  sessionHash: string;
  ip: string;
  userAgent: string;
  secrets: FeaSecrets;
  now: Date;
}): Promise<{ jobId: string; items: TransactItem[] }> {
  const jobId = randomUUID();
  const nowEpoch = Math.floor(p.now.getTime() / 1000);
  const key = await requiredSecret('FEA_TRANSIT_KEY');
  const job: FeaJob = {
    job_id: jobId,
    kind: p.kind,
    status: 'pending',
    signer_id: p.signerId,
    order_id: p.orderId,
    session_hash: p.sessionHash,
    ip: p.ip,
    user_agent: p.userAgent.slice(0, 256),
    created_at: p.now.toISOString(),
    deadline: nowEpoch + JOB_DEADLINE_SECONDS,
    attempts: 0,
    sealed: sealSecret(key, `FEAJOB#${jobId}`, p.secrets),
  };
  return {
    jobId,
    items: [
      {
        Put: {
          TableName: tableName(),
          Item: { ...jobKey(jobId), type: FEA_JOB_TYPE, ...job, ttl: nowEpoch + JOB_TTL_SECONDS },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...slotKey(p.signerId),
            type: 'FeaSlot',
            job_id: jobId,
            kind: p.kind,
            busy_until: nowEpoch + JOB_DEADLINE_SECONDS,
          },
          // One job per signer at a time: 100 clicks at once make one job.
          ConditionExpression: 'attribute_not_exists(pk) OR busy_until < :now',
          ExpressionAttributeValues: { ':now': nowEpoch },
        },
      },
    ],
  };
}

export async function getJob(jobId: string): Promise<FeaJob | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: jobKey(jobId), ConsistentRead: true }),
  );
  return res.Item ? withoutKeys<FeaJob & { type?: string; ttl?: number }>(res.Item) : undefined;
}

/** The job's secrets, opened (undefined: already ended, or not sealed for this job). */
export async function jobSecrets(job: FeaJob): Promise<FeaSecrets | undefined> {
  if (!job.sealed) return undefined;
  const key = await requiredSecret('FEA_TRANSIT_KEY');
  return openSecret<FeaSecrets>(key, `FEAJOB#${job.job_id}`, job.sealed);
}

/** Counts a delivery of the job (the consumer's retries are bounded by its deadline too). */
export async function countAttempt(jobId: string): Promise<FeaJob | undefined> {
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(jobId),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: '#st = :pending',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: { ':one': 1, ':pending': 'pending' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes ? withoutKeys<FeaJob>(res.Attributes) : undefined;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/**
 * The job's end, as transaction elements: its result, its secrets removed, the signer's slot
 * freed. Conditional on the job still pending: a job ends once.
 */
export function jobEndItems(
  job: Pick<FeaJob, 'job_id' | 'signer_id'>,
  result: Partial<FeaJob> & { status: 'done' | 'failed' },
  now: Date,
): TransactItem[] {
  const fields = { ...result, ended_at: now.toISOString() };
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  return [
    {
      Update: {
        TableName: tableName(),
        Key: jobKey(job.job_id),
        UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')} REMOVE sealed`,
        ConditionExpression: '#st = :pending',
        ExpressionAttributeNames: {
          '#st': 'status',
          ...Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
        },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ...Object.fromEntries(entries.map(([, v], i) => [`:f${i}`, v])),
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: slotKey(job.signer_id),
        UpdateExpression: 'SET busy_until = :zero',
        ConditionExpression: 'job_id = :job',
        ExpressionAttributeValues: { ':zero': 0, ':job': job.job_id },
      },
    },
  ];
}
