import * as z from 'zod/mini';
import { passwordField } from '../../../../shared/contract/auth';
import { es } from '../../../../shared/messages.es';

/** The new-password form: at least 6 characters and both entries equal (spec §5). */
export const newPasswordForm = z
  .object({
    password: passwordField,
    confirmPassword: z
      .string({ error: es.auth.required })
      .check(z.minLength(1, { error: es.auth.required })),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      error: es.auth.passwordsMismatch,
    }),
  );

export type NewPasswordForm = z.infer<typeof newPasswordForm>;
