import type { RouteAccess } from './routes.js';

/**
 * Queue consumers: an SQS queue with its dead-letter queue and a function in AWS, fed by a pipe
 * from the table's stream that picks new items of one entity type (lib/stream-queue.ts), and the
 * local stack's in-memory queue on a laptop (local/outbox/). Two: the mail outbox and the seal
 * of signed documents.
 */
export interface QueueSpec {
  /** Kebab-case, unique: names the queue, its DLQ and its function. */
  name: string;
  /** functions/<handler>.ts exports `handler` (an SQS event in, batch item failures out). */
  handler: `mail/${string}` | `signing/${string}`;
  access: RouteAccess;
  description: string;
  /** A message not acknowledged comes back after this long (the retry interval). */
  visibilityTimeoutSeconds: number;
  /** Deliveries before a message moves to the dead-letter queue (and its alarm fires). */
  maxReceiveCount: number;
  /** Function timeout; below the visibility timeout, as SQS requires. */
  timeoutSeconds: number;
  /** Function memory (default: the stack's). */
  memoryMb?: number;
  /** The entity type whose new items the pipe turns into messages, and the message's body. */
  source: { type: string; idAttribute: string; bodyKey: string };
  /** Minutes a message may wait before the "oldest message" alarm calls an operator. */
  maxAgeMinutes: number;
  /**
   * Queues with the same `pipe` share one reader of the table's stream, which feeds them
   * through an event bus (lib/stream-queue.ts): DynamoDB Streams serves two readers per shard
   * unthrottled. Absent: the queue has a pipe of its own.
   */
  pipe?: string;
}

/**
 * The entity tag of outbox items (functions/mail/outbox.ts): the stream filter of the pipe
 * (lib/stream-queue.ts) and of the local pipe (local/outbox/stream-pipe.ts) picks items by it.
 */
export const OUTBOX_TYPE = 'Outbox';

/** The entity tag of FEA jobs (functions/signing/types/advanced/jobs.ts): one message per job. */
export const FEA_JOB_TYPE = 'FeaJob';

/** The entity tag of seal runs (functions/signing/sealing/seal-runs.ts): one message per run. */
export const SEAL_RUN_TYPE = 'SealRun';

export const mailOutboxQueue: QueueSpec = {
  name: 'mail-outbox',
  handler: 'mail/send-outbox',
  // The link-token key: signing and delivery links are minted at send time, here only.
  access: { table: 'write', mail: true, secrets: ['LINK_TOKEN_KEY'] },
  description: 'Sends the e-mails written to the outbox (signing links), with retries',
  visibilityTimeoutSeconds: 30,
  // 30 s apart: two hours of mail outage before a message is given up to the DLQ.
  maxReceiveCount: 240,
  timeoutSeconds: 20,
  source: { type: OUTBOX_TYPE, idAttribute: 'id', bodyKey: 'outbox_id' },
  maxAgeMinutes: 10,
};

/**
 * Seals a document once its last signer signed (issue 12): stamps, certificate page, PAdES
 * signature with an RFC 3161 timestamp, then delivery. A failed run comes back in 3 minutes;
 * after 10 runs (30 min) the message goes to the DLQ and its alarm fires, and the sweep job
 * starts a new run for any order still sealing.
 */
export const sealDocumentsQueue: QueueSpec = {
  name: 'seal-documents',
  handler: 'signing/seal-consumer',
  access: {
    table: 'write',
    bucket: 'write',
    // The seal's KMS key itself is granted by lib/seal-key.ts.
    secrets: ['SEAL_CERT_CHAIN', 'TSA_URL', 'TSA_URL_FALLBACK'],
  },
  description:
    'Seals signed documents (stamps, certificate page, PAdES + timestamp) and queues their delivery',
  visibilityTimeoutSeconds: 180,
  maxReceiveCount: 10,
  timeoutSeconds: 120,
  memoryMb: 1536,
  source: { type: SEAL_RUN_TYPE, idAttribute: 'order_id', bodyKey: 'order_id' },
  maxAgeMinutes: 15,
  pipe: 'signing',
};

/**
 * The advanced signature's slow provider calls (issue 23, docs/drafts/fea-design.md): the
 * password check with its SMS (15–30 s at a real provider) and the signature (10–20 s), run
 * here so no request nears API Gateway's 30 s limit while the signing screen polls. A provider
 * down or slow brings the message back after 75 s; a signature retried sends the same
 * reference, which the provider answers with its first result. After 3 deliveries the job is
 * failed by the screen's own check (the signer is told to try again) and the DLQ's alarm fires.
 */
export const feaJobsQueue: QueueSpec = {
  name: 'fea-jobs',
  handler: 'signing/fea-consumer',
  access: {
    table: 'write',
    bucket: 'write',
    secrets: ['FEA_API_URL', 'FEA_API_KEY', 'FEA_TRANSIT_KEY'],
  },
  description:
    "Runs the advanced signature's provider calls (SMS code, signature) for the signing screen",
  visibilityTimeoutSeconds: 75,
  maxReceiveCount: 3,
  timeoutSeconds: 60,
  memoryMb: 1024,
  source: { type: FEA_JOB_TYPE, idAttribute: 'job_id', bodyKey: 'job_id' },
  maxAgeMinutes: 5,
  pipe: 'signing',
};

/** The stream's readers: one per pipe group (shared) or per queue (its own). At most two. */
export const pipeGroups = (specs: readonly QueueSpec[]): Map<string, QueueSpec[]> => {
  const groups = new Map<string, QueueSpec[]>();
  for (const spec of specs) {
    const key = spec.pipe ?? spec.name;
    groups.set(key, [...(groups.get(key) ?? []), spec]);
  }
  return groups;
};

export const queues: readonly QueueSpec[] = [mailOutboxQueue, sealDocumentsQueue, feaJobsQueue];
