import { describe, expect, it } from 'vitest';
import { es } from '../../../../shared/messages.es';
import { ApiError } from '../../lib/api';
import {
  confirmErrorMessage,
  registerErrorMessage,
  resetCheckErrorMessage,
  resetUpdateErrorMessage,
  serviceErrorMessage,
} from './apiErrors';

const network = new ApiError(0, 'NETWORK', es.api.network);

describe('registerErrorMessage', () => {
  it('maps ALREADY_REGISTERED (or an "already registered" message) to the spec text', () => {
    expect(
      registerErrorMessage(new ApiError(409, 'ALREADY_REGISTERED', es.auth.alreadyRegistered)),
    ).toBe('Este email ya está registrado. Intenta iniciar sesión.');
    expect(registerErrorMessage(new ApiError(400, 'X', 'User already registered'))).toBe(
      es.auth.alreadyRegistered,
    );
  });
  it('shows the service message otherwise', () => {
    expect(registerErrorMessage(new ApiError(429, 'TOO_MANY_REQUESTS', 'Demasiados'))).toBe(
      'Demasiados',
    );
  });
  it('falls back to the unexpected error for non-API failures', () => {
    expect(registerErrorMessage(new TypeError('x'))).toBe(es.auth.unexpected);
  });
});

it('serviceErrorMessage', () => {
  expect(serviceErrorMessage(new ApiError(400, 'VALIDATION', 'Email inválido'))).toBe(
    'Email inválido',
  );
  expect(serviceErrorMessage(new Error('x'))).toBe(es.auth.unexpected);
});

it('sign-up and recovery show the 503 of a mail that could not be sent', () => {
  const down = (message: string) => new ApiError(503, 'UNAVAILABLE', message);
  expect(registerErrorMessage(down(es.auth.signupMailUnavailable))).toBe(
    es.auth.signupMailUnavailable,
  );
  expect(serviceErrorMessage(down(es.auth.recoveryMailUnavailable))).toBe(
    es.auth.recoveryMailUnavailable,
  );
});

describe('confirmErrorMessage', () => {
  it('prefixes API failures', () => {
    expect(
      confirmErrorMessage(new ApiError(410, 'INVALID_LINK', es.auth.confirmInvalidLink)),
    ).toEqual({
      message: 'Error al confirmar el email: Enlace de confirmación inválido',
      invalidLink: true,
    });
    expect(confirmErrorMessage(new ApiError(429, 'TOO_MANY_REQUESTS', 'Espera')).message).toBe(
      'Error al confirmar el email: Espera',
    );
  });
  it('shows a retryable 503 (mail down) with its own message', () => {
    expect(
      confirmErrorMessage(new ApiError(503, 'UNAVAILABLE', es.auth.confirmMailUnavailable)),
    ).toEqual({
      message: es.auth.confirmError + es.auth.confirmMailUnavailable,
      invalidLink: false,
    });
  });
  it('says unexpected for network failures, server errors and bugs', () => {
    for (const err of [network, new ApiError(500, 'INTERNAL', 'x'), new Error('x')]) {
      expect(confirmErrorMessage(err)).toEqual({
        message: 'Error inesperado al confirmar el email',
        invalidLink: false,
      });
    }
  });
});

describe('reset messages', () => {
  it('check: INVALID_LINK gives the invalid-link text, others the prefix', () => {
    expect(resetCheckErrorMessage(new ApiError(400, 'INVALID_LINK', 'x'))).toBe(
      'Enlace de recuperación inválido o expirado',
    );
    expect(resetCheckErrorMessage(network)).toBe(
      'Error al validar el enlace de recuperación: Error de conexión',
    );
    expect(resetCheckErrorMessage(new Error('x'))).toBe(
      `Error al validar el enlace de recuperación: ${es.auth.unexpected}`,
    );
  });
  it('update: prefix plus message', () => {
    expect(resetUpdateErrorMessage(new ApiError(400, 'VALIDATION', es.auth.passwordTooShort))).toBe(
      'Error al actualizar la contraseña: La contraseña debe tener al menos 6 caracteres',
    );
  });
});
