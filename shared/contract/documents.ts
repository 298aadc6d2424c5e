import * as z from 'zod/mini';
import { apiEs } from '../messages/api.es.js';
import { documentsEs } from '../messages/documents.es.js';
import { ordersEs } from '../messages/orders.es.js';
import { idempotencyKeyField } from './credits.js';

/**
 * Uploaded documents (customer-flows §2.5 step 1, §5, §7.4, §9): one PDF, DOC or DOCX of at
 * most 10 MB, uploaded by the browser straight to S3 with a presigned POST under the caller's
 * own folder, then checked by the server (size and real type by its bytes) and kept, those very
 * bytes, under a key no upload can reach, with their SHA-256.
 */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export const DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
export type DocumentKind = keyof typeof DOCUMENT_TYPES;
export const documentKindSchema = z.enum(['pdf', 'doc', 'docx']);

export const documentStatusSchema = z.enum(['uploading', 'ready']);

export const documentSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  size: z.int().check(z.nonnegative()),
  content_type: z.string(),
  kind: documentKindSchema,
  status: documentStatusSchema,
  /** SHA-256 (hex) of the checked bytes: null until /complete has kept them (stored-file.ts). */
  sha256: z.nullable(z.string()),
  created_at: z.string(),
});
export type DocumentView = z.infer<typeof documentSchema>;

export const createUploadRequest = z.strictObject({
  file_name: z
    .string({ error: documentsEs.invalidType })
    .check(
      z.trim(),
      z.minLength(1, { error: documentsEs.invalidType }),
      z.maxLength(200, { error: apiEs.tooLong }),
    ),
  content_type: z.string({ error: documentsEs.invalidType }).check(z.maxLength(200)),
  size: z
    .number({ error: documentsEs.tooLarge })
    .check(
      z.int(),
      z.minimum(1, { error: documentsEs.empty }),
      z.maximum(MAX_DOCUMENT_BYTES, { error: documentsEs.tooLarge }),
    ),
});

/** Where and how the browser uploads: POST multipart to `url` with `fields` then the file. */
export const createUploadResponse = z.object({
  document: documentSchema,
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
});

export const documentResponse = z.object({ document: documentSchema });

/** The document with a short-lived link: inline for a PDF, a download for Word files. */
export const documentViewResponse = z.object({
  document: documentSchema,
  view_url: z.string(),
  expires_in: z.int(),
});

export const analysisRequest = z.strictObject({
  country_id: z
    .string({ error: ordersEs.countryRequired })
    .check(z.trim(), z.minLength(1), z.maxLength(16)),
  idempotency_key: idempotencyKeyField,
});

export const analysisResponse = z.object({
  /** The analysis as markdown (pages, parties, RUTs, dates, amounts...). */
  markdown: z.string(),
  credits_charged: z.int(),
  balance: z.int(),
});
