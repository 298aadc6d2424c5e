import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { initials, maskRut } from '../../../shared/rules/evidence-format.js';
import { NO_NOTARY_CODE } from '../../../shared/rules/signature-types.js';
import { digest } from '../../documents/stored-file.js';
import { assignOrder } from '../../notary/assign.js';
import { unassignedKeys } from '../../notary/keys.js';
import { getOrder, getOrderParts, type OrderRecord } from '../../orders/repo.js';
import type { SignerRecord } from '../../orders/signer-records.js';
import { required } from '../../platform/config.js';
import { db, tableName } from '../../platform/db.js';
import { logger } from '../../platform/logger.js';
import { countMetric, METRICS } from '../../platform/metrics.js';
import { secret } from '../../platform/secret-values.js';
import { deleteObject, listKeys, putObject, readObject } from '../../platform/storage.js';
import { deliveryItems } from '../delivery/delivery.js';
import type { SealCredentials, SealInput, SealSigner } from '../seal/types.js';
import type { AuditInput } from '../trail/audit-chain.js';
import { checkOrderChain } from '../trail/audit-repo.js';
import { auditedWrite } from '../trail/audited-write.js';
import { getChain } from '../types/advanced/chain.js';
import { keepOriginal, OriginalLost } from './original.js';
import { archiveIndexKeys } from './retimestamp.js';
import { failSeal, isTerminalSealError } from './seal-failure.js';
import {
  formatVerificationCode,
  newVerificationCode,
  releaseSealLease,
  takeSealLease,
  verificationKey,
} from './seal-runs.js';

/**
 * One seal run of an order (the seal-documents queue's work, docs/drafts/signing-design.md
 * §4.2): take the lease, check the original's SHA-256 and the audit chain, build and seal the
 * PDF, store it under a key of this run, then commit — the order sealed (and completed when no
 * notary is involved), its public verification record and its delivery mails, in ONE
 * transaction conditioned on the order still sealing. A run that loses the commit deletes its
 * own file, so however many runs race (redelivery, the sweep), one sealed file remains.
 */
export type SealOutcome = 'sealed' | 'not_sealing' | 'leased' | 'lost' | 'failed';

/** The original or the chain is not what was recorded: no retry can fix it; an operator must. */
export class SealIntegrityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealIntegrityError';
  }
}

let credentials: Promise<SealCredentials> | undefined;
async function sealCredentials(): Promise<SealCredentials> {
  credentials ??= (async () => {
    const { sealCredentialsFrom } = await import('../seal/credentials.js');
    // In AWS the stack sets SEAL_KMS_KEY_ID (lib/seal-key.ts) and the key's certificate chain
    // is a secret; the local stack configures its file key (local/pki) in the environment.
    const kmsKeyId = process.env.SEAL_KMS_KEY_ID || undefined;
    const [chain, tsa, fallback] = await Promise.all([
      kmsKeyId ? secret('SEAL_CERT_CHAIN') : undefined,
      secret('TSA_URL'),
      secret('TSA_URL_FALLBACK'),
    ]);
    return sealCredentialsFrom({
      SEAL_KMS_KEY_ID: kmsKeyId,
      SEAL_CERT_CHAIN: chain,
      SEAL_P12: kmsKeyId ? undefined : process.env.SEAL_P12,
      SEAL_P12_PASSWORD: kmsKeyId ? undefined : process.env.SEAL_P12_PASSWORD,
      TSA_URL: tsa,
      TSA_URL_FALLBACK: fallback && fallback !== 'none' ? fallback : undefined,
    });
  })().catch((err) => {
    credentials = undefined;
    throw err;
  });
  return credentials;
}

export async function sealOrder(orderId: string, now: Date = new Date()): Promise<SealOutcome> {
  const order = await getOrder(orderId);
  // A cancelled order (its payment refunded or disputed) is never sealed or delivered.
  if (order?.signing_stage !== 'sealing' || order.status !== 'processing') return 'not_sealing';
  const nowEpoch = Math.floor(now.getTime() / 1000);
  if (!(await takeSealLease(orderId, nowEpoch))) return 'leased';
  let key: string | undefined;
  try {
    const built = await buildSealed(order, now);
    key = `evidence/${order.id}/sealed-${now.getTime()}-${built.code}.pdf`;
    await putObject({
      key,
      bytes: built.pdf,
      contentType: 'application/pdf',
      sha256Base64: digest(built.pdf).base64,
    });
    const committed = await commitSeal(order, { ...built, key }, now);
    if (!committed) {
      await deleteObject(key).catch(() => undefined);
      return 'lost';
    }
    // A run killed between its upload and its commit left a file nothing references: the
    // winner removes every other sealed file of the order, so exactly one remains.
    await removeOrphans(order.id, key).catch((err) =>
      logger.warn('seal: orphan cleanup failed', { orderId: order.id, error: err?.name }),
    );
    // A notarial order goes to a notary now; when this fails, the notarial-assignments job
    // finds it in its index and assigns it on its next run.
    await assignOrder(order.id, now).catch((err) =>
      logger.warn('seal: assignment deferred to the job', { orderId: order.id, error: err?.name }),
    );
    return 'sealed';
  } catch (err) {
    if (key) await deleteObject(key).catch(() => undefined);
    if (err instanceof SealIntegrityError) countMetric(METRICS.sealIntegrityFailure);
    // What no retry can fix ends the order, refunded, instead of stalling it (seal-failure.ts).
    if (isTerminalSealError(err)) {
      logger.error('seal run failed for good', { orderId, error: (err as Error).name });
      if (await failSeal(orderId, `${(err as Error).name}: ${(err as Error).message}`, now)) {
        return 'failed';
      }
    }
    await releaseSealLease(orderId, (err as Error)?.name ?? 'error');
    throw err;
  }
}

async function removeOrphans(orderId: string, keep: string) {
  for (const k of await listKeys(`evidence/${orderId}/sealed-`)) {
    if (k !== keep) await deleteObject(k);
  }
}

interface Built {
  pdf: Uint8Array;
  sha256: string;
  /** Expiry of the TSA certificate of the seal's document timestamp (the re-timestamp job's). */
  timestampUntil: string | null;
  code: string;
  signers: {
    name: string;
    rut: string | null;
    type: string;
    signedAt: string;
    /** FEA: the provider's transaction and the certificate (shown on /verificar). */
    provider?: { transactionCode: string; certificateSerial: string };
  }[];
  /** Who receives the sealed document besides the requester (delivery to the signers). */
  contacts: { email: string; first_name: string }[];
  /** The PDF signed by the FEA provider, attached to the sealed evidence PDF, unchanged. */
  providerSigned?: { key: string; sha256: string };
}

/**
 * The file the seal covers: the order's original, or, once an accredited provider has signed
 * (FEA, types/advanced/chain.ts), the last file of that chain, which is never altered: it goes
 * attached to a sealed evidence PDF instead.
 */
async function sealedSubject(
  order: OrderRecord,
  file: { key: string; fileName: string; sha256: string; kind: SealInput['kind'] },
) {
  const chain = await getChain(order.id);
  if (chain.version === 0 || !chain.key || !chain.sha256)
    return { ...file, providerSigned: undefined };
  const base = file.fileName.replace(/\.[A-Za-z0-9]+$/, '');
  return {
    key: chain.key,
    fileName: `${base} (firma avanzada).pdf`,
    sha256: chain.sha256,
    kind: 'signed-pdf' as const,
    providerSigned: { key: chain.key, sha256: chain.sha256 },
  };
}

async function buildSealed(order: OrderRecord, now: Date): Promise<Built> {
  // The kept copy (made now if the keep-originals job has not yet): the upload may expire.
  const file = await keepOriginal(order).catch((err: unknown) => {
    throw err instanceof OriginalLost ? new SealIntegrityError(err.message) : err;
  });
  const subject = await sealedSubject(order, file);
  const original = await readObject(subject.key);
  if (!original) throw new SealIntegrityError('original object not found');
  const { check } = await checkOrderChain(order);
  if (!check.ok) throw new SealIntegrityError(`audit chain broken at ${check.at_seq}`);
  const { signers } = await getOrderParts(order);
  const sealSigners = await Promise.all(signers.map((s) => sealSignerOf(s)));
  const code = newVerificationCode();
  const base = required('APP_URL').replace(/\/+$/, '');
  const { sealDocument } = await import('../seal/index.js');
  const result = await sealDocument(
    {
      original: new Uint8Array(original),
      originalName: subject.fileName,
      originalSha256: subject.sha256,
      kind: subject.kind,
      orderNumber: order.order_number,
      auditHead: order.audit_head ?? '',
      verificationCode: formatVerificationCode(code),
      verifyUrl: `${base}/verificar/${code}`,
      sealedAt: now.toISOString(),
      signers: sealSigners,
    },
    await sealCredentials(),
  );
  const { lastDocTimestampExpiry } = await import('../seal/doc-timestamp.js');
  return {
    pdf: result.pdf,
    sha256: result.sha256,
    timestampUntil: lastDocTimestampExpiry(result.pdf)?.toISOString() ?? null,
    code,
    signers: signers.map((s, i) => ({
      name: `${s.first_name} ${s.last_name}`.trim(),
      rut: s.id_number || null,
      type: s.signature_type ?? order.signature_type ?? 'simple',
      signedAt: s.signed_at ?? '',
      provider: sealSigners[i]?.provider,
    })),
    contacts: signers.map((s) => ({ email: s.email, first_name: s.first_name })),
    providerSigned: subject.providerSigned,
  };
}

async function sealSignerOf(s: SignerRecord): Promise<SealSigner> {
  const [sig, codeItem] = await Promise.all([
    record(`SIGNER#${s.id}`, 'SIGNATURE'),
    record(`SIGNER#${s.id}`, 'CODE'),
  ]);
  if (!sig) throw new SealIntegrityError(`signature of signer ${s.id} not found`);
  const imageKey = typeof sig.image_key === 'string' ? sig.image_key : undefined;
  const image = imageKey ? await readObject(imageKey) : undefined;
  if (imageKey && !image) throw new SealIntegrityError(`signature image of ${s.id} not found`);
  return {
    name: `${s.first_name} ${s.last_name}`.trim(),
    rut: s.id_number || null,
    email: s.email,
    signatureType: (sig.signature_type as SealSigner['signatureType']) ?? 'simple',
    method: image ? 'drawn' : 'typed',
    typedName: typeof sig.typed_name === 'string' ? sig.typed_name : undefined,
    provider:
      typeof sig.transaction_code === 'string' && typeof sig.certificate_serial === 'string'
        ? { transactionCode: sig.transaction_code, certificateSerial: sig.certificate_serial }
        : undefined,
    imagePng: image ? new Uint8Array(image) : undefined,
    codeSentAt: typeof codeItem?.sent_at === 'string' ? codeItem.sent_at : undefined,
    codeVerifiedAt: typeof sig.code_verified_at === 'string' ? sig.code_verified_at : undefined,
    ip: String(sig.ip ?? ''),
    userAgent: String(sig.user_agent ?? ''),
    signedAt: String(sig.signed_at ?? s.signed_at ?? ''),
  };
}

async function record(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: { pk, sk }, ConsistentRead: true }),
  );
  return res.Item;
}

async function commitSeal(
  order: OrderRecord,
  built: Built & { key: string },
  now: Date,
): Promise<boolean> {
  const nowIso = now.toISOString();
  const complete = !order.notarial_code || order.notarial_code === NO_NOTARY_CODE;
  const delivery = deliveryItems(order, built, now);
  const wait = unassignedKeys(nowIso, order.id);
  const events: AuditInput[] = [
    {
      kind: 'sealed',
      actor: { type: 'system' },
      details: {
        sealed_sha256: built.sha256,
        verification_code: formatVerificationCode(built.code),
      },
    },
    {
      kind: 'delivery_queued',
      actor: { type: 'system' },
      details: { recipients: delivery.recipients },
    },
  ];
  if (complete) events.push({ kind: 'completed', actor: { type: 'system' } });
  const res = await auditedWrite(order.id, nowIso, (o) =>
    o.signing_stage !== 'sealing' || o.status !== 'processing'
      ? undefined
      : {
          items: [
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...verificationKey(built.code),
                  type: 'Verification',
                  order_id: order.id,
                  order_number: order.order_number,
                  state: 'sealed',
                  sealed_at: nowIso,
                  // The public page's record keeps no more than it shows (Ley 21.719):
                  // initials and the RUT's last digits, never the whole name or number.
                  signers: built.signers.map((s) => ({
                    name: initials(s.name),
                    rut: maskRut(s.rut),
                    signature_type: s.type,
                    signed_at: s.signedAt,
                    ...(s.provider
                      ? {
                          transaction_code: s.provider.transactionCode,
                          certificate_serial: s.provider.certificateSerial,
                        }
                      : {}),
                  })),
                  original_sha256: order.document_sha256 ?? null,
                  sealed_sha256: built.sha256,
                  // Found by the yearly re-timestamp job (signing/sealing/retimestamp.ts).
                  ...(built.timestampUntil
                    ? {
                        timestamp_until: built.timestampUntil,
                        ...archiveIndexKeys(built.timestampUntil, built.code),
                      }
                    : {}),
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            ...delivery.items,
          ],
          events,
          order: {
            set: [
              'signing_stage = :stage',
              'sealed_file_key = :key',
              'sealed_sha256 = :sha',
              'sealed_at = :now',
              'verification_code = :code',
              'updated_at = :now',
              ...(built.providerSigned
                ? ['fea_signed_key = :feaKey', 'fea_signed_sha256 = :feaSha']
                : []),
              ...(complete
                ? ['#st = :completed', 'completed_at = :now']
                : ['gsi2pk = :waitPk', 'gsi2sk = :waitSk']),
            ].join(', '),
            // A notarial order leaves the sealing sweep's index for the one the assignment job
            // retries from (functions/notary/keys.ts): it is never left without a notary.
            remove: complete ? 'gsi2pk, gsi2sk, seal_lease_until' : 'seal_lease_until',
            // Re-checked in the commit itself: a cancellation landing while this run sealed wins.
            condition: 'signing_stage = :sealing AND #st = :processing',
            names: { '#st': 'status' },
            values: {
              ':stage': complete ? 'delivered' : 'sealed',
              ':key': built.key,
              ':sha': built.sha256,
              ':now': nowIso,
              ':code': built.code,
              ':sealing': 'sealing',
              ':processing': 'processing',
              ...(built.providerSigned
                ? { ':feaKey': built.providerSigned.key, ':feaSha': built.providerSigned.sha256 }
                : {}),
              ...(complete
                ? { ':completed': 'completed' }
                : { ':waitPk': wait.gsi2pk, ':waitSk': wait.gsi2sk }),
            },
          },
        },
  );
  if (!res.ok) logger.info('seal: another run committed first', { orderId: order.id });
  return res.ok;
}
