import { describe, expect, it } from 'vitest';
import { signatureTypeOfCode } from './signature-types.js';

describe('signatureTypeOfCode', () => {
  it('maps the catalogue codes to the four flows', () => {
    expect(signatureTypeOfCode('fes')).toBe('simple');
    expect(signatureTypeOfCode('fea')).toBe('advanced');
    expect(signatureTypeOfCode('fes_clave_unica')).toBe('clave_unica');
    expect(signatureTypeOfCode('biometrica')).toBe('biometric');
    expect(signatureTypeOfCode(undefined)).toBe('simple');
  });
});
