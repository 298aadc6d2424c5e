import { randomBytes } from 'node:crypto';
import { type DocumentView, MAX_DOCUMENT_BYTES } from '../../shared/contract/documents.js';
import { apiEs } from '../../shared/messages/api.es.js';
import { documentsEs } from '../../shared/messages/documents.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { findActiveRule } from '../catalog/repo.js';
import { getCountry } from '../countries/repo.js';
import { userOwner } from '../credits/keys.js';
import { readWallet, spend } from '../credits/ledger.js';
import { AppError, notFound } from '../platform/errors.js';
import { sanitizeFileName } from '../platform/file-name.js';
import { hitLimit, type LimitName } from '../platform/limits.js';
import type { Analyzer } from '../platform/providers/analysis.js';
import { AnalysisError } from '../platform/providers/analysis-error.js';
import * as storage from '../platform/storage.js';
import { presignedUpload } from '../platform/storage-upload.js';
import { declaredKind } from './file-type.js';
import {
  type AnalysisItem,
  analysisPut,
  type DocumentItem,
  deleteDocumentItem,
  getAnalysis,
  getOwnedDocument,
  putAnalysis,
  putDocument,
} from './repo.js';
import { incomingKey, readVerified, storedKey } from './stored-file.js';

/**
 * Documents (customer-flows §2.5 step 1, §5, §6, §7.4, §9): the browser uploads straight to
 * S3 with a presigned POST to an incoming key under the caller's folder, then asks the server
 * to check the object (size and real type by its bytes); the checked bytes are kept under a
 * final key with their SHA-256 (stored-file.ts), and only they are shown, analysed or signed.
 */

/** How long the presigned POST is valid. */
export const UPLOAD_EXPIRES_SECONDS = 10 * 60;
/** How long a preview or download link is valid. */
export const VIEW_EXPIRES_SECONDS = 5 * 60;
/** How long the analysis provider may take to fetch the file. */
const ANALYSIS_URL_EXPIRES_SECONDS = 10 * 60;
/** Uploaded documents are deleted after 30 days (§9), like the bucket's lifecycle rule. */
export const DOCUMENT_RETENTION_SECONDS = 30 * 86_400;
/** The ai_document_analysis rule's default when the catalogue has none (§9). */
export const DEFAULT_ANALYSIS_CREDITS = 5;
export const ANALYSIS_RULE = 'ai_document_analysis';
/** A provider's report larger than this is cut (an item holds at most 400 KB). */
const MAX_MARKDOWN_CHARS = 100_000;

/** Ids are 128-bit random, base64url: anything else cannot name a document. */
const ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const iso = (epoch: number) => new Date(epoch * 1000).toISOString();

export function toView(doc: DocumentItem): DocumentView {
  return {
    id: doc.id,
    file_name: doc.file_name,
    size: doc.size,
    content_type: doc.content_type,
    kind: doc.kind,
    status: doc.status,
    sha256: doc.status === 'ready' ? (doc.sha256 ?? null) : null,
    created_at: doc.created_at,
  };
}

export async function ownedOr404(id: string, sub: string, message: string): Promise<DocumentItem> {
  const doc = ID_PATTERN.test(id) ? await getOwnedDocument(id, sub) : undefined;
  if (!doc) throw notFound(message);
  return doc;
}

// Upload ----------------------------------------------------------------------------------------

/** Counts one use of a daily limit; past it, a 429 with that limit's own Spanish message. */
async function withinLimit(name: LimitName, sub: string, message: string): Promise<void> {
  try {
    await hitLimit(name, sub);
  } catch (err) {
    if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') {
      throw new AppError('TOO_MANY_REQUESTS', message);
    }
    throw err;
  }
}

export async function createUpload(
  sub: string,
  input: { file_name: string; content_type: string; size: number },
  nowEpoch: number,
) {
  const fileName = sanitizeFileName(input.file_name);
  const declared = declaredKind(fileName, input.content_type);
  if (!declared) {
    throw new AppError('VALIDATION', documentsEs.invalidType, {
      file_name: documentsEs.invalidType,
    });
  }
  // The schema already bounds the size; checked again here because the rule lives here.
  if (input.size > MAX_DOCUMENT_BYTES) {
    throw new AppError('VALIDATION', documentsEs.tooLarge, { size: documentsEs.tooLarge });
  }
  const id = randomBytes(16).toString('base64url');
  // Under the caller's own folder (§6, §7.4), in the incoming area only; the name never comes
  // from the client.
  const uploadKey = incomingKey(sub, id, declared.kind);
  // No upload link into a store that is down (a 503 to retry), and then no limit used up and
  // no document item either.
  await storage.assertReachable(uploadKey);
  await withinLimit('uploadsPerUser', sub, documentsEs.uploadLimit);
  const doc: DocumentItem = {
    id,
    owner_sub: sub,
    upload_key: uploadKey,
    file_name: fileName,
    size: input.size,
    content_type: declared.contentType,
    kind: declared.kind,
    status: 'uploading',
    created_at: iso(nowEpoch),
    updated_at: iso(nowEpoch),
    expires_at: nowEpoch + DOCUMENT_RETENTION_SECONDS,
  };
  const upload = await presignedUpload({
    key: uploadKey,
    contentType: declared.contentType,
    maxBytes: MAX_DOCUMENT_BYTES,
    expiresInSeconds: UPLOAD_EXPIRES_SECONDS,
  });
  await putDocument(doc);
  return { document: toView(doc), upload };
}

// View and delete -------------------------------------------------------------------------------

/** RFC 6266 disposition: an ASCII fallback name plus the exact UTF-8 name. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii || 'documento'}"; filename*=UTF-8''${encoded}`;
}

export async function viewDocument(sub: string, id: string) {
  const doc = await ownedOr404(id, sub, documentsEs.notFound);
  if (doc.status !== 'ready') throw new AppError('CONFLICT', documentsEs.notUploaded);
  // A link into a store that is down would not load: a 503 to retry instead.
  await storage.assertReachable(storedKey(doc));
  const viewUrl = await storage.presignedDownload({
    key: storedKey(doc),
    contentType: doc.content_type,
    // A PDF is shown in the wizard's preview; a Word file can only be downloaded (§2.5).
    disposition: contentDisposition(doc.kind === 'pdf' ? 'inline' : 'attachment', doc.file_name),
    expiresInSeconds: VIEW_EXPIRES_SECONDS,
  });
  return { document: toView(doc), view_url: viewUrl, expires_in: VIEW_EXPIRES_SECONDS };
}

/**
 * Deletes one of the caller's documents. Unknown ids and other users' documents get the same
 * answer (§6 'No tienes permisos para eliminar este archivo'), so an id reveals nothing; the
 * file of a paid order is kept.
 */
export async function deleteDocument(sub: string, id: string): Promise<void> {
  const doc = await ownedOr404(id, sub, documentsEs.deleteForbidden);
  if (doc.locked) throw new AppError('CONFLICT', documentsEs.locked);
  // The item first, under the "not locked" condition: an order paid meanwhile keeps its file.
  if (!(await deleteDocumentItem(doc.id, sub))) {
    const now = await getOwnedDocument(doc.id, sub);
    if (now?.locked) throw new AppError('CONFLICT', documentsEs.locked);
    // Gone: deleted by this very call (the SDK's retry of a delete that had landed) or by the
    // owner's other tab. Either way it was the caller's and is deleted: its files go too.
    if (now) throw notFound(documentsEs.deleteForbidden);
  }
  await Promise.all([
    doc.key ? storage.deleteObject(doc.key) : undefined,
    storage.deleteObject(doc.upload_key),
  ]);
}

// AI analysis -----------------------------------------------------------------------------------

export interface AnalysisResult {
  markdown: string;
  credits_charged: number;
  balance: number;
}

/**
 * A repeated key answers the first analysis (same markdown, same charge) with the wallet's
 * balance as it is now; a key used for another document is refused.
 */
async function answerRepeat(a: AnalysisItem, documentId: string): Promise<AnalysisResult> {
  if (a.document_id !== documentId) throw new AppError('CONFLICT', documentsEs.analysisKeyReused);
  const { balance } = await readWallet(a.owner_id);
  return { markdown: a.markdown, credits_charged: a.credits_charged, balance };
}

/**
 * AI analysis of one of the caller's ready documents (§2.5, §9): only where the country offers
 * it, only with enough credits for the ai_document_analysis rule (default 5), and the credits
 * are spent only when the analysis succeeded, in the same transaction that stores the result.
 * A repeated idempotency key answers the stored result without running or charging again.
 */
export async function analyze(
  sub: string,
  id: string,
  input: { country_id: string; idempotency_key: string },
  nowEpoch: () => number,
  run: Analyzer,
): Promise<AnalysisResult> {
  const owner = userOwner(sub);
  const doc = await ownedOr404(id, sub, documentsEs.noDocument);
  const previous = await getAnalysis(owner, input.idempotency_key);
  if (previous) return answerRepeat(previous, doc.id);
  if (doc.status !== 'ready') throw new AppError('BUSINESS_RULE', documentsEs.noDocument);
  // Every new attempt counts (a repeated key above costs nothing and is not one).
  await withinLimit('analysesPerUser', sub, documentsEs.analysisLimit);

  const country = await getCountry(input.country_id.toLowerCase());
  if (!country?.is_active) throw new AppError('BUSINESS_RULE', documentsEs.analysisUnavailable);
  if (!country.ai_analysis_available) {
    throw new AppError(
      'BUSINESS_RULE',
      country.ai_analysis_message?.trim() || documentsEs.analysisUnavailable,
    );
  }

  const rule = await findActiveRule(ANALYSIS_RULE);
  const cost = rule ? Math.max(0, Math.ceil(rule.credits_per_unit)) : DEFAULT_ANALYSIS_CREDITS;
  const insufficient = (balance: number) =>
    new AppError('INSUFFICIENT_CREDITS', fmt(documentsEs.analysisCredits, { n: cost, balance }));
  const wallet = await readWallet(owner);
  if (wallet.balance < cost) throw insufficient(wallet.balance);
  // The analyzer reads the document from the store (its bytes or a link): a store that is down
  // is a 503 to retry, before any work and with nothing charged.
  await storage.assertReachable(storedKey(doc));

  let markdown: string;
  try {
    markdown = await run({
      fileName: doc.file_name,
      fileSize: doc.size,
      fileType: doc.content_type,
      documentUrl: await storage.presignedDownload({
        key: storedKey(doc),
        contentType: doc.content_type,
        disposition: contentDisposition('attachment', doc.file_name),
        expiresInSeconds: ANALYSIS_URL_EXPIRES_SECONDS,
      }),
      country: country.name,
      countryCode: country.code,
      // The checked bytes only, proven against their recorded SHA-256.
      bytes: () => readVerified(doc),
    });
  } catch (err) {
    if (err instanceof AnalysisError) {
      throw new AppError('BUSINESS_RULE', fmt(documentsEs.analysisError, { message: err.message }));
    }
    throw err;
  }
  markdown = markdown.trim() ? markdown.slice(0, MAX_MARKDOWN_CHARS) : documentsEs.analysisEmpty;

  const stored: AnalysisItem = {
    owner_id: owner,
    idempotency_key: input.idempotency_key,
    document_id: doc.id,
    markdown,
    credits_charged: cost,
    created_at: iso(nowEpoch()),
  };

  const repeat = async () => {
    const first = await getAnalysis(owner, input.idempotency_key);
    if (first) return answerRepeat(first, doc.id);
    throw new AppError('CONFLICT', apiEs.conflict);
  };

  if (cost === 0) {
    // A free analysis (rule set to 0 credits): nothing to spend, only the result to keep.
    if (await putAnalysis(stored)) return { markdown, credits_charged: 0, balance: wallet.balance };
    return repeat();
  }

  try {
    const { entry, replayed } = await spend(
      {
        ownerId: owner,
        amount: cost,
        description: fmt(documentsEs.analysisDescription, { name: doc.file_name }),
        related_entity_type: 'document_analysis',
        related_entity_id: doc.id,
        idempotencyKey: `analysis:${input.idempotency_key}`,
      },
      nowEpoch,
      {
        // The result exists exactly when its credits were taken: one transaction.
        items: [analysisPut(stored, nowEpoch())],
        onConditionFailed: () => new AppError('CONFLICT', apiEs.conflict),
      },
    );
    // A concurrent call with the same key got there first: answer its result.
    if (replayed) return repeat();
    return { markdown, credits_charged: cost, balance: entry.balance_after_transaction };
  } catch (err) {
    if (err instanceof AppError && err.code === 'INSUFFICIENT_CREDITS') {
      throw insufficient((await readWallet(owner)).balance);
    }
    // Concurrent calls with the same key (each in its own Lambda, or sharing one read here)
    // race to store the result: the losers' condition fails, and the winner's result, now
    // stored, is their answer, charged once.
    if (err instanceof AppError && err.code === 'CONFLICT') return repeat();
    throw err;
  }
}
