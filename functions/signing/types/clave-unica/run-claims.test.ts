import { describe, expect, it } from 'vitest';
import { runFromClaims, sameRun } from './run-claims.js';

describe('the RUN an OpenID provider verified', () => {
  it("reads ClaveÚnica's RolUnico (numero is a number, DV may be K) and joins the names", () => {
    expect(
      runFromClaims({
        sub: '2594',
        RolUnico: { numero: 44444444, DV: '4', tipo: 'RUN' },
        name: { nombres: ['María', 'Carmen'], apellidos: ['De los  Ángeles', 'González'] },
      }),
    ).toEqual({ run: '44444444-4', name: 'María Carmen De los Ángeles González' });
    expect(runFromClaims({ RolUnico: { numero: 10000013, DV: 'k' } })?.run).toBe('10000013-K');
  });

  it("takes an intermediary's plain run claim, and refuses what is not a valid RUN", () => {
    expect(runFromClaims({ run: '12.345.678-5', name: 'Ana Pérez' })).toEqual({
      run: '12345678-5',
      name: 'Ana Pérez',
    });
    expect(runFromClaims({ RolUnico: { numero: 44444444, DV: '5' } })).toBeUndefined();
    expect(
      runFromClaims({ RolUnico: { numero: 44444444, DV: '4', tipo: 'PASAPORTE' } }),
    ).toBeUndefined();
    // Never the subject: a provider's sub is not the RUN.
    expect(runFromClaims({ sub: '44444444-4' })).toBeUndefined();
  });

  it('compares a RUN with the RUT as typed', () => {
    expect(sameRun('44444444-4', '44.444.444-4')).toBe(true);
    expect(sameRun('10000013-K', '10.000.013-k')).toBe(true);
    expect(sameRun('44444444-4', '55.555.555-5')).toBe(false);
  });
});
