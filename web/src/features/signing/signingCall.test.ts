import { describe, expect, it } from 'vitest';
import { es } from '../../../../shared/messages.es';
import { outcomeOf } from './signingCall';

const screen = JSON.stringify({
  status: 'error',
  message: 'm',
  ui: { title: 'T', description: '', type: 'blocked', components: [] },
  data: {},
});

describe('outcomeOf (the signing call, §7)', () => {
  it('renders a signing answer', () => {
    expect(outcomeOf(200, 'OK', screen).kind).toBe('answer');
  });

  it('a 5xx, or a 200 that is no answer, is a lost connection', () => {
    expect(outcomeOf(503, 'Service Unavailable', '{"error":{"message":"El servicio..."}}')).toEqual(
      {
        kind: 'connection',
      },
    );
    expect(outcomeOf(502, 'Bad Gateway', '<html>bad gateway</html>')).toEqual({
      kind: 'connection',
    });
    expect(outcomeOf(200, 'OK', '<html>proxy</html>')).toEqual({ kind: 'connection' });
    expect(outcomeOf(200, 'OK', '')).toEqual({ kind: 'connection' });
  });

  it('a 4xx with a Spanish message shows it (429 included)', () => {
    expect(
      outcomeOf(
        429,
        'Too Many Requests',
        '{"error":{"code":"RATE_LIMITED","message":"Demasiadas solicitudes."}}',
      ),
    ).toEqual({ kind: 'refused', message: 'Demasiadas solicitudes.' });
    expect(
      outcomeOf(400, 'Bad Request', '{"message":"Los datos enviados no son válidos."}'),
    ).toEqual({
      kind: 'refused',
      message: 'Los datos enviados no son válidos.',
    });
    expect(outcomeOf(429, '', '')).toEqual({
      kind: 'refused',
      message: es.signing.tooManyAttempts,
    });
  });

  it("otherwise 'HTTP {status}: {text}'", () => {
    expect(outcomeOf(403, 'Forbidden', '<html>waf</html>')).toEqual({
      kind: 'refused',
      message: 'HTTP 403: Forbidden',
    });
    expect(outcomeOf(404, '', '')).toEqual({ kind: 'refused', message: 'HTTP 404: Error' });
  });
});
