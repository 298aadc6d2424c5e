import { describe, expect, it } from 'vitest';
import { cleanRut, isValidRut, rutCheckDigit } from './rut.js';

describe('Chilean RUT (modulus 11)', () => {
  it('computes check digits, including 0 and K', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('11111111')).toBe('1');
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(rutCheckDigit('10000004')).toBe('0');
  });

  it('accepts valid RUTs with or without dots and a lower-case k', () => {
    expect(isValidRut('12345678-5')).toBe(true);
    expect(isValidRut('12.345.678-5')).toBe(true);
    expect(isValidRut('10000013-k')).toBe(true);
    expect(isValidRut(' 7654321-6 ')).toBe(true);
  });

  it('refuses a wrong check digit, a missing hyphen, letters and zero', () => {
    expect(isValidRut('12345678-9')).toBe(false);
    expect(isValidRut('123456785')).toBe(false);
    expect(isValidRut('1234A678-5')).toBe(false);
    expect(isValidRut('0-0')).toBe(false);
    expect(isValidRut('')).toBe(false);
    expect(isValidRut('123456789-0')).toBe(false);
  });

  it('cleans dots and spaces and upper-cases', () => {
    expect(cleanRut('12.345.678-k')).toBe('12345678-K');
  });
});
