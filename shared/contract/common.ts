import * as z from 'zod';
import { es } from '../messages.es.js';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from '../rules/email.js';

/** A required, trimmed text with an upper bound; the message is the spec's or a clear one. */
export const requiredText = (
  max: number,
  message: string = es.api.required,
  tooLong: string = es.api.tooLong,
) => z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: tooLong });

export const emailField = z
  .string({ error: es.auth.required })
  .trim()
  .min(1, { error: es.auth.required })
  .max(EMAIL_MAX_LENGTH, { error: es.auth.emailInvalid })
  .refine(isValidEmail, { error: es.auth.emailInvalid })
  .transform(normalizeEmail);

export const okResponse = z.object({ ok: z.literal(true) });
