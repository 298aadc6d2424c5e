import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { cleanRut } from '../../../../shared/rules/rut.js';
import { digest } from '../../../documents/stored-file.js';
import type { TransactItem } from '../../../orders/keys.js';
import { getOrder, type OrderRecord } from '../../../orders/repo.js';
import { getSigner, type SignerRecord } from '../../../orders/signer-records.js';
import { db } from '../../../platform/db.js';
import { logger } from '../../../platform/logger.js';
import { deleteObject, putObject, readObject } from '../../../platform/storage.js';
import { epochOf, type Live, screenContext } from '../../link/context.js';
import { getSession } from '../../link/session-repo.js';
import { keepOriginal } from '../../sealing/original.js';
import { applySignature } from '../../steps/signer-signed.js';
import type { AuditInput } from '../../trail/audit-chain.js';
import { auditedWrite } from '../../trail/audited-write.js';
import { chainAdvanceItem, getChain, releaseChainLease, takeChainLease } from './chain.js';
import { FeaError, type FeaProvider } from './fea-provider.js';
import {
  countAttempt,
  type FeaJob,
  type FeaSecrets,
  getJob,
  jobEndItems,
  jobSecrets,
} from './jobs.js';
import { feaProvider } from './provider-instance.js';
import { wordBasePdf } from './word-base.js';

/**
 * One FEA job, as the fea-jobs consumer runs it (docs/drafts/fea-design.md §2): the provider's
 * call, then its result written once with the job's end. 'retry' asks the queue to bring the
 * message back (the provider down or slow, the order's signing lease held by another signer);
 * every other outcome is final. A job past its deadline is failed instead of run, so a signer
 * never waits on a call that can no longer help (the SMS code lives 5 minutes).
 */
export type JobOutcome = 'done' | 'failed' | 'retry' | 'gone';

export interface JobDeps {
  provider?: FeaProvider;
  now?: () => Date;
}

export async function runFeaJob(jobId: string, deps: JobDeps = {}): Promise<JobOutcome> {
  const now = deps.now ?? (() => new Date());
  const job = await getJob(jobId);
  if (job?.status !== 'pending') return 'gone';
  if (job.deadline <= epochOf(now())) {
    await endJob(job, { status: 'failed', error_kind: 'unavailable' }, now());
    return 'failed';
  }
  const secrets = await jobSecrets(job);
  const provider = deps.provider ?? (await feaProvider());
  const [signer, order] = await Promise.all([getSigner(job.signer_id), getOrder(job.order_id)]);
  if (!secrets || !provider || !signer || !order) {
    await endJob(job, { status: 'failed', error_kind: 'unexpected' }, now());
    return 'failed';
  }
  const rut = cleanRut(signer.id_number ?? '');
  await countAttempt(jobId);
  try {
    if (job.kind === 'second_factor') {
      const sent = await provider.requestSecondFactor({ rut, password: secrets.password });
      await endJob(job, { status: 'done', phone_masked: sent.phoneMasked }, now(), [
        event(job, 'fea_code_sent', { phone: sent.phoneMasked }),
      ]);
      return 'done';
    }
    return await sign(job, { signer, order, rut, secrets, provider, now });
  } catch (err) {
    if (err instanceof FeaError && !err.transient) {
      logger.info('fea: provider refused', { jobId, kind: job.kind, code: err.code });
      await endJob(
        job,
        {
          status: 'failed',
          error_kind: err.kind,
          error_code: err.code,
          attempts_left: err.attemptsLeft,
        },
        now(),
        [event(job, 'fea_refused', { step: job.kind, code: err.code ?? null })],
      );
      if (job.kind === 'sign') await releaseChainLease(job.order_id, job.job_id);
      return 'failed';
    }
    // The provider down or slow, or our own storage: the queue brings the job back; the same
    // reference makes a signature that did land answer its first result.
    logger.warn('fea: job will be retried', {
      jobId,
      kind: job.kind,
      error: err instanceof FeaError ? err.kind : (err as Error)?.name,
    });
    return 'retry';
  }
}

interface SignContext {
  signer: SignerRecord;
  order: OrderRecord;
  rut: string;
  secrets: FeaSecrets;
  provider: FeaProvider;
  now: () => Date;
}

/** The signature: on the chain's latest file, under the order's lease, recorded once. */
async function sign(job: FeaJob, c: SignContext): Promise<JobOutcome> {
  if (!(await takeChainLease(job.order_id, job.job_id, epochOf(c.now())))) return 'retry';
  const chain = await getChain(job.order_id);
  const base = chain.key ? await readObject(chain.key) : await originalPdf(c.order);
  if (!base) throw new Error('the file to sign is missing');
  const signed = await c.provider.signPdf({
    rut: c.rut,
    password: c.secrets.password,
    code: c.secrets.code ?? '',
    reference: job.job_id,
    name: c.order.document_name,
    pdf: new Uint8Array(base),
  });
  const d = digest(signed.pdf);
  const key = `evidence/${job.order_id}/fea-${chain.version + 1}-${job.signer_id}-${job.job_id.slice(0, 8)}.pdf`;
  await putObject({
    key,
    bytes: signed.pdf,
    contentType: 'application/pdf',
    sha256Base64: d.base64,
  });

  const session = await getSession(job.session_hash, epochOf(c.now()));
  const live = session && liveOf(job, session, c);
  const landed =
    live &&
    (await applySignature(live, {
      event: {
        method: 'fea',
        signer_name: `${c.signer.first_name} ${c.signer.last_name}`.trim(),
        signer_rut: c.rut,
        signer_email: c.signer.email,
        document_sha256: session.progress.viewed_sha256 ?? null,
        signed_sha256: d.hex,
        base_sha256: chain.sha256 ?? c.order.original_sha256 ?? c.order.document_sha256 ?? null,
        transaction_code: signed.transactionCode,
        certificate_serial: signed.certificateSerial,
        consent_version: session.progress.consent_version ?? null,
      },
      record: {
        method: 'fea',
        signed_key: key,
        signed_sha256: d.hex,
        transaction_code: signed.transactionCode,
        certificate_serial: signed.certificateSerial,
        document_sha256: session.progress.viewed_sha256,
        consent_version: session.progress.consent_version,
      },
      moreItems: [
        chainAdvanceItem(job.order_id, chain.version, { key, sha256: d.hex }, job.job_id),
        ...jobEndItems(
          job,
          {
            status: 'done',
            transaction_code: signed.transactionCode,
            certificate_serial: signed.certificateSerial,
          },
          c.now(),
        ),
      ],
      discard: () => deleteObject(key).catch(() => undefined),
    }));
  const now = await getSigner(job.signer_id);
  if (landed && now?.estado_firma === 'signed') return 'done';
  // The link, the session or the order ended while the provider signed: nothing recorded.
  await deleteObject(key).catch(() => undefined);
  await releaseChainLease(job.order_id, job.job_id);
  await endJob(job, { status: 'failed', error_kind: 'unexpected' }, c.now());
  return 'failed';
}

/**
 * What the first FEA signer signs: the order's PDF, or for a Word original its PDF wrapper
 * (word-base.ts), made once and kept under evidence/ so a retried job sends the same bytes.
 */
async function originalPdf(order: OrderRecord): Promise<Buffer | undefined> {
  const file = await keepOriginal(order);
  const original = await readObject(file.key);
  if (!original || file.kind === 'pdf') return original;
  const key = `evidence/${order.id}/fea-base.pdf`;
  const kept = await readObject(key);
  if (kept) return kept;
  const pdf = await wordBasePdf({
    original: new Uint8Array(original),
    name: file.fileName,
    kind: file.kind,
    sha256: file.sha256,
    at: order.created_at,
  });
  await putObject({
    key,
    bytes: pdf,
    contentType: 'application/pdf',
    sha256Base64: digest(pdf).base64,
  });
  return Buffer.from(pdf);
}

function liveOf(
  job: FeaJob,
  session: NonNullable<Awaited<ReturnType<typeof getSession>>>,
  c: SignContext,
): Live {
  return {
    input: {
      body: { accion: 'submit_signature', signerId: job.signer_id },
      ip: job.ip,
      userAgent: job.user_agent,
      now: c.now(),
    },
    session,
    sessionHash: job.session_hash,
    signer: c.signer,
    order: c.order,
    ctx: screenContext(c.order, c.signer),
  };
}

const event = (
  job: FeaJob,
  kind: AuditInput['kind'],
  details: AuditInput['details'],
): AuditInput => ({
  kind,
  actor: { type: 'signer', id: job.signer_id },
  signer_id: job.signer_id,
  ip: job.ip,
  user_agent: job.user_agent,
  details,
});

/** The job's end (and its events on the order's trail), once. */
async function endJob(
  job: FeaJob,
  result: Partial<FeaJob> & { status: 'done' | 'failed' },
  now: Date,
  events: AuditInput[] = [],
): Promise<void> {
  const items: TransactItem[] = jobEndItems(job, result, now);
  if (events.length === 0) {
    await db()
      .send(new TransactWriteCommand({ TransactItems: items }))
      .catch((err: unknown) =>
        logger.info('fea: job already ended', { error: (err as Error)?.name }),
      );
    return;
  }
  const res = await auditedWrite(job.order_id, now.toISOString(), () => ({ items, events }));
  if (!res.ok) logger.info('fea: job end did not land', { jobId: job.job_id });
}
