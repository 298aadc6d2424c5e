import { expect, it } from 'vitest';
import { es } from '../../../shared/messages.es';
import { ApiError } from './api';
import { splitFieldErrors } from './fieldErrors';

it('splitFieldErrors keeps known fields and collects the rest', () => {
  const err = new ApiError(400, 'VALIDATION', es.api.validation, {
    email: 'Email inválido',
    password: 'Corta',
    extra: 'Otro',
  });
  expect(splitFieldErrors(err, ['email', 'password'] as const)).toEqual({
    fields: { email: 'Email inválido', password: 'Corta' },
    other: ['Otro'],
  });
  expect(splitFieldErrors(new Error('x'), ['email'] as const)).toEqual({ fields: {}, other: [] });
});
