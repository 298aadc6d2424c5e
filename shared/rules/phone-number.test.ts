import { describe, expect, it } from 'vitest';
import { fmt } from '../messages/fmt.js';
import { ordersEs } from '../messages/orders.es.js';
import { phoneNumberError, splitPhoneNumber } from './phone-number.js';

const error = (value: string) => phoneNumberError(value, ordersEs.phoneInvalid, fmt);

describe('a phone typed with its country code (profile)', () => {
  it('splits the code from the number, however it is written', () => {
    expect(splitPhoneNumber('+56 9 1234 5678')).toEqual({ dialCode: '+56', digits: '912345678' });
    expect(splitPhoneNumber('+56912345678')).toEqual({ dialCode: '+56', digits: '912345678' });
    expect(splitPhoneNumber('912345678')).toEqual({ dialCode: '+56', digits: '912345678' });
    expect(splitPhoneNumber('+54 (11) 2345-6789')).toEqual({
      dialCode: '+54',
      digits: '1123456789',
    });
    expect(splitPhoneNumber('+593987654321')).toEqual({ dialCode: '+593', digits: '987654321' });
    expect(splitPhoneNumber('+49 1512 3456789')).toEqual({
      dialCode: '+49',
      digits: '15123456789',
    });
    expect(splitPhoneNumber('abc')).toBeUndefined();
    expect(splitPhoneNumber('+56 9 1234 abcd')).toBeUndefined();
  });

  it("is valid by the wizard's rule for its code", () => {
    expect(error('+56 9 1234 5678')).toBeUndefined();
    expect(error('9 1234 5678')).toBeUndefined();
    expect(error('+1 415 555 0134')).toBeUndefined();
    expect(error('+49 1512 3456789')).toBeUndefined();
  });

  it('refuses letters, wrong lengths and repeated digits with the Spanish message', () => {
    expect(error('abc')).toBe('Número inválido para Chile (9 dígitos)');
    expect(error('+56 9 1234')).toBe('Número inválido para Chile (9 dígitos)');
    expect(error('+56 999 999 999')).toBe('Número inválido para Chile (9 dígitos)');
    expect(error('+54 11 2345')).toBe('Número inválido para Argentina (10-11 dígitos)');
    expect(error('+999999999999')).toBe('Número inválido para Chile (9 dígitos)');
  });
});
