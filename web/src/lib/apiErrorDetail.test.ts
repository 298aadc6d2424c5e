import { describe, expect, it } from 'vitest';
import { es } from '../../../shared/messages.es';
import { ApiError } from './api';
import { apiErrorDetail, errorWithDetail } from './apiErrorDetail';

describe('API error details', () => {
  it('is the message the API answered with, when there is one', () => {
    expect(
      apiErrorDetail(new ApiError(402, 'INSUFFICIENT_CREDITS', 'Créditos insuficientes')),
    ).toBe('Créditos insuficientes');
    expect(apiErrorDetail(new Error('boom'))).toBeUndefined();
  });

  it('adds the server message after the spec text when there is one', () => {
    expect(errorWithDetail(es.credits.serviceError, 'Créditos insuficientes')).toBe(
      'Error al usar el servicio: Créditos insuficientes',
    );
    expect(errorWithDetail(es.credits.serviceError, undefined)).toBe('Error al usar el servicio');
  });
});
