import { expect, it } from 'vitest';
import { newPasswordForm } from './resetForm';

const issues = (value: unknown) =>
  newPasswordForm.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

it('accepts matching passwords of 6 or more characters', () => {
  expect(issues({ password: 'secreto', confirmPassword: 'secreto' })).toEqual([]);
});

it('rejects short passwords', () => {
  expect(issues({ password: '12345', confirmPassword: '12345' })).toContainEqual([
    'password',
    'La contraseña debe tener al menos 6 caracteres',
  ]);
});

it('rejects mismatches on the confirmation field', () => {
  expect(issues({ password: 'secreto1', confirmPassword: 'secreto2' })).toEqual([
    ['confirmPassword', 'Las contraseñas no coinciden'],
  ]);
});

it('requires the confirmation', () => {
  expect(issues({ password: 'secreto1', confirmPassword: '' })).toContainEqual([
    'confirmPassword',
    'Este campo es obligatorio',
  ]);
});
