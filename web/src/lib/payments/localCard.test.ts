import { describe, expect, it } from 'vitest';
import { es } from '../../../../shared/messages.es';
import {
  confirmBody,
  confirmResultOf,
  confirmUrl,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  parseExpiry,
  validateCard,
} from './localCard';

const MARCH_2026 = new Date(2026, 2, 15);

describe('typing a card', () => {
  it('groups the number by four and keeps digits only', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a')).toBe('4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('writes the expiry as MM/AA', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('5')).toBe('05');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
  });

  it('reads MM/AA', () => {
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('1/30')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('0130')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('13/30')).toBeUndefined();
    expect(parseExpiry('00/30')).toBeUndefined();
    expect(parseExpiry('12')).toBeUndefined();
  });

  it('checks the Luhn digit like Stripe', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe('validateCard', () => {
  it('accepts a complete card', () => {
    expect(
      validateCard({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }, MARCH_2026),
    ).toEqual({ card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } });
  });

  it('names every wrong field', () => {
    expect(validateCard({ number: '4242', expiry: '1', cvc: '1' }, MARCH_2026)).toEqual({
      errors: {
        number: es.credits.cardNumberInvalid,
        expiry: es.credits.cardExpiryInvalid,
        cvc: es.credits.cardCvcInvalid,
      },
    });
  });

  it('refuses a past month and accepts the current one', () => {
    const past = validateCard(
      { number: '4242424242424242', expiry: '02/26', cvc: '123' },
      MARCH_2026,
    );
    expect(past.errors?.expiry).toBe(es.credits.cardExpiryPast);
    const current = validateCard(
      { number: '4242424242424242', expiry: '03/26', cvc: '1234' },
      MARCH_2026,
    );
    expect(current.card).toBeDefined();
  });
});

describe('the confirm call', () => {
  const intent = { paymentIntentId: 'pi_123', clientSecret: 'pi_123_secret_abc' };

  it("is Stripe's form-encoded confirm with raw card data", () => {
    const body = new URLSearchParams(
      confirmBody(intent, { number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '123' }),
    );
    expect(Object.fromEntries(body)).toEqual({
      client_secret: 'pi_123_secret_abc',
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '1',
      'payment_method_data[card][exp_year]': '2030',
      'payment_method_data[card][cvc]': '123',
    });
    expect(confirmUrl('/stripe-local', 'pi_123')).toBe(
      '/stripe-local/v1/payment_intents/pi_123/confirm',
    );
    expect(confirmUrl('/stripe-local/', 'pi_123')).toBe(
      '/stripe-local/v1/payment_intents/pi_123/confirm',
    );
  });

  it("maps Stripe's answers", () => {
    expect(confirmResultOf(200, { id: 'pi_123', status: 'succeeded' })).toEqual({
      status: 'succeeded',
    });
    expect(
      confirmResultOf(402, {
        error: { message: 'Tu tarjeta fue rechazada.', code: 'card_declined' },
      }),
    ).toEqual({ errorMessage: 'Tu tarjeta fue rechazada.' });
    expect(
      confirmResultOf(200, {
        status: 'requires_payment_method',
        last_payment_error: { message: 'Tu tarjeta está vencida.' },
      }),
    ).toEqual({ errorMessage: 'Tu tarjeta está vencida.' });
    expect(confirmResultOf(500, undefined)).toEqual({ errorMessage: es.credits.paymentError });
    expect(confirmResultOf(200, 'nonsense')).toEqual({ errorMessage: es.credits.paymentError });
  });
});
