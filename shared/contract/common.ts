import * as z from 'zod';
import { apiEs } from '../messages/api.es.js';
import { authEs } from '../messages/auth.es.js';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from '../rules/email.js';

/** A required, trimmed text with an upper bound; the message is the spec's or a clear one. */
export const requiredText = (
  max: number,
  message: string = apiEs.required,
  tooLong: string = apiEs.tooLong,
) => z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: tooLong });

export const emailField = z
  .string({ error: authEs.required })
  .trim()
  .min(1, { error: authEs.required })
  .max(EMAIL_MAX_LENGTH, { error: authEs.emailInvalid })
  .refine(isValidEmail, { error: authEs.emailInvalid })
  .transform(normalizeEmail);

export const okResponse = z.object({ ok: z.literal(true) });
