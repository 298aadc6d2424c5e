import * as z from 'zod/mini';
import { notarizedEs as m } from '../messages/notarized.es.js';
import { REJECTION_REASONS, notaryRejectionEs as r } from '../messages/notary-rejection.es.js';

/**
 * The notary's decision 'notarize' (issue 22; design: docs/drafts/notarial-design.md "6b"):
 * the notarized PDF is uploaded by presigned POST, checked by the server (its bytes, and the
 * PDF signatures it carries), then delivered with the act's data. Shared by the notary's routes
 * and the order the customer reads.
 */

/** The largest notarized PDF accepted: the same cap as any upload (documents.ts). */
export const MAX_NOTARIZED_BYTES = 10 * 1024 * 1024;

/**
 * One PDF signature found in the notarized file. `valid`: the bytes it covers are the ones it
 * signed and its signature verifies with the certificate it carries. The certificate's
 * accreditation (its chain to an accredited CA) is not checked.
 */
export const pdfSignatureSchema = z.object({
  kind: z.enum(['signature', 'timestamp']),
  signer_name: z.nullable(z.string()),
  signed_at: z.nullable(z.string()),
  valid: z.boolean(),
  covers_whole_file: z.boolean(),
  problem: z.nullable(z.enum(['byte_range', 'digest_mismatch', 'bad_signature', 'unreadable'])),
});
export type PdfSignature = z.infer<typeof pdfSignatureSchema>;

/** The act the notary recorded with the notarized file, as the order shows it. */
export const notarizedActSchema = z.object({
  repertorio: z.string(),
  act_date: z.string(),
  notary_name: z.string(),
  file_name: z.string(),
  sha256: z.string(),
  signatures: z.array(pdfSignatureSchema),
  notarized_at: z.string(),
});
export type NotarizedAct = z.infer<typeof notarizedActSchema>;

export const notarizedUploadRequest = z.strictObject({
  file_name: z
    .string({ error: m.notPdf })
    .check(
      z.trim(),
      z.maxLength(200, { error: m.notPdf }),
      z.regex(/^[^/\\]+\.pdf$/i, { error: m.notPdf }),
    ),
  size: z
    .number({ error: m.tooLarge })
    .check(
      z.int({ error: m.tooLarge }),
      z.minimum(1, { error: m.empty }),
      z.maximum(MAX_NOTARIZED_BYTES, { error: m.tooLarge }),
    ),
});

/** Where the browser posts the file (multipart: the fields, then the file). */
export const notarizedUploadResponse = z.object({
  upload_id: z.string(),
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
});

/** What the check of an uploaded notarized PDF found: shown before the notary delivers it. */
export const notarizedFileSchema = z.object({
  upload_id: z.string(),
  file_name: z.string(),
  size: z.int(),
  pages: z.int(),
  sha256: z.string(),
  signatures: z.array(pdfSignatureSchema),
});
export type NotarizedFile = z.infer<typeof notarizedFileSchema>;
export const notarizedFileResponse = z.object({ file: notarizedFileSchema });

export const uploadIdSchema = z
  .string({ error: m.uploadUnknown })
  .check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, { error: m.uploadUnknown }));

/** The act's data sent with the decision. */
export const notarizeFields = {
  upload_id: uploadIdSchema,
  repertorio: z
    .string({ error: m.repertorioInvalid })
    .check(
      z.trim(),
      z.regex(/^[\p{L}\p{N}][\p{L}\p{N} ./-]{0,39}$/u, { error: m.repertorioInvalid }),
    ),
  /** YYYY-MM-DD; the server refuses a future date or one before the order. */
  act_date: z
    .string({ error: m.actDateInvalid })
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: m.actDateInvalid })),
  notary_name: z.string({ error: m.notaryNameInvalid }).check(
    z.trim(),
    z.minLength(3, { error: m.notaryNameInvalid }),
    z.maxLength(120, { error: m.notaryNameInvalid }),
    // Letters, spaces and the punctuation of names: no markup, no control characters.
    z.regex(/^[\p{L}\p{M}][\p{L}\p{M} .,'-]*$/u, { error: m.notaryNameInvalid }),
  ),
};

/** The act's fields as the notary's form fills them (the upload is chosen apart). */
export const notarizeActForm = z.object({
  repertorio: notarizeFields.repertorio,
  act_date: notarizeFields.act_date,
  notary_name: notarizeFields.notary_name,
});

/** The decision 'reject': a reason from the list, and the notary's words (required for 'other'). */
export const rejectFields = {
  reason_code: z.enum(REJECTION_REASONS as [string, ...string[]], { error: r.reasonInvalid }),
  reason_detail: z._default(
    z
      .string({ error: r.detailInvalid })
      .check(z.trim(), z.maxLength(1000, { error: r.detailInvalid })),
    '',
  ),
};

export const rejectForm = z.object(rejectFields).check(
  z.refine((v) => v.reason_code !== 'other' || v.reason_detail.length >= 10, {
    error: r.detailInvalid,
    path: ['reason_detail'],
  }),
);

/** A notary's rejection as the order keeps and shows it, with what came back. */
export const notaryRejectionSchema = z.object({
  reason_code: z.string(),
  reason_detail: z.string(),
  refund_amount: z.int(),
  refund_credits: z.int(),
  currency_code: z.string(),
  rejected_at: z.string(),
});
export type NotaryRejection = z.infer<typeof notaryRejectionSchema>;
