import * as z from 'zod/mini';
import { apiEs } from '../messages/api.es.js';
import { authEs } from '../messages/auth.es.js';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from '../rules/email.js';

/** A required, trimmed text with an upper bound; the message is the spec's or a clear one. */
export const requiredText = (
  max: number,
  message: string = apiEs.required,
  tooLong: string = apiEs.tooLong,
) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: tooLong }));

export const emailField = z.pipe(
  z
    .string({ error: authEs.required })
    .check(
      z.trim(),
      z.minLength(1, { error: authEs.required }),
      z.maxLength(EMAIL_MAX_LENGTH, { error: authEs.emailInvalid }),
      z.refine(isValidEmail, { error: authEs.emailInvalid }),
    ),
  z.transform(normalizeEmail),
);

export const okResponse = z.object({ ok: z.literal(true) });
