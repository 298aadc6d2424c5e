import { describe, expect, it } from 'vitest';
import { isValidPhone, phoneRangeText, phoneRule, sanitizePhoneInput } from './phone.js';

describe('phone by dial code', () => {
  it('has the spec table', () => {
    const table: Record<string, [number, number]> = {
      '+56': [9, 9],
      '+34': [9, 9],
      '+1': [10, 10],
      '+54': [10, 11],
      '+52': [10, 10],
      '+57': [10, 10],
      '+51': [9, 9],
      '+58': [10, 10],
      '+593': [9, 9],
      '+55': [10, 11],
      '+49': [7, 15],
    };
    for (const [code, [min, max]] of Object.entries(table)) {
      expect(phoneRule(code)).toMatchObject({ min, max });
    }
  });

  it('strips non-digits and caps at the maximum while typing', () => {
    expect(sanitizePhoneInput('9 8765-4321 99', '+56')).toBe('987654321');
    expect(sanitizePhoneInput('(11) 2345-67890', '+54')).toBe('11234567890');
  });

  it('checks the length bounds and refuses all-same digits', () => {
    expect(isValidPhone('987654321', '+56')).toBe(true);
    expect(isValidPhone('98765432', '+56')).toBe(false);
    expect(isValidPhone('1123456789', '+54')).toBe(true);
    expect(isValidPhone('11234567890', '+54')).toBe(true);
    expect(isValidPhone('999999999', '+56')).toBe(false);
    expect(isValidPhone('1234567', '+49')).toBe(true);
    expect(isValidPhone('123456', '+49')).toBe(false);
    expect(isValidPhone('98765432a', '+56')).toBe(false);
    expect(isValidPhone('987654321', 'abc')).toBe(false);
  });

  it('describes the allowed range', () => {
    expect(phoneRangeText('+56')).toBe('9 dígitos');
    expect(phoneRangeText('+55')).toBe('10-11 dígitos');
  });
});
