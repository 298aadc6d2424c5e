import * as z from 'zod/mini';

/** The one error body every API route answers with. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Codes a client may branch on; the HTTP status of each is fixed in functions/platform/errors.ts. */
export const errorCodes = [
  'VALIDATION',
  'BAD_JSON',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'ALREADY_REGISTERED',
  'INVALID_LINK',
  'BUSINESS_RULE',
  'INSUFFICIENT_CREDITS',
  'PAYMENT_FAILED',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
