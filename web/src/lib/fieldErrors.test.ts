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

it('splitFieldErrors shows an item of a list field on the list', () => {
  const err = new ApiError(400, 'VALIDATION', es.api.validation, {
    'regions.1': 'Región desconocida',
    'other.0': 'Otro',
  });
  expect(splitFieldErrors(err, ['regions'] as const)).toEqual({
    fields: { regions: 'Región desconocida' },
    other: ['Otro'],
  });
});
