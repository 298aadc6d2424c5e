import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../platform/logger.js';
import { runFeaJob } from './types/advanced/run-job.js';

/**
 * The fea-jobs queue's consumer (shared/contract/queues.ts): each message names a job,
 * `{"job_id": ...}`, as the pipe writes it from the job's INSERT. A job that must wait (the
 * provider down or slow, another signer of the order signing) is a batch item failure and
 * comes back; every other outcome is written on the job, where the signing screen reads it.
 */
const jobIdOf = (body: string): string | undefined => {
  try {
    const id = (JSON.parse(body) as { job_id?: unknown }).job_id;
    return typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
};

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failed: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const jobId = jobIdOf(record.body);
    if (!jobId) {
      logger.error('fea message without a job id', { messageId: record.messageId });
      continue;
    }
    try {
      const outcome = await runFeaJob(jobId);
      if (outcome === 'retry') failed.push({ itemIdentifier: record.messageId });
      else logger.info('fea job', { jobId, outcome });
    } catch (err) {
      logger.error('fea job failed', { jobId, error: (err as Error)?.name });
      failed.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failed };
}
