import { describe, expect, it } from 'vitest';
import { cleanRut, formatRut, isValidRut, rutCheckDigit } from './rut.js';

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

describe('RUT display (12.345.678-5 everywhere)', () => {
  it('writes any typing of a RUT with dots, a hyphen and an upper-case check digit', () => {
    expect(formatRut('12345678-5')).toBe('12.345.678-5');
    expect(formatRut('12.345.678-5')).toBe('12.345.678-5');
    expect(formatRut(' 12.345.678 - 5 ')).toBe('12.345.678-5');
    expect(formatRut('10000013-k')).toBe('10.000.013-K');
    expect(formatRut('7654321-6')).toBe('7.654.321-6');
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('1-9')).toBe('1-9');
  });

  it('shows what is not a RUT as it was typed, and nothing for nothing', () => {
    expect(formatRut('AB123456')).toBe('AB123456');
    expect(formatRut('123456789')).toBe('123456789'); // no hyphen, wrong check digit: a number
    expect(formatRut('P-1234567')).toBe('P-1234567');
    expect(formatRut('')).toBe('');
    expect(formatRut(null)).toBe('');
  });
});
