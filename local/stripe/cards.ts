/**
 * Stripe's test cards that the emulator knows, and what a charge on each does. Messages are the
 * Spanish ones Stripe.js shows with `locale: 'es'`, so the local card form reads like production.
 */
export interface CardDecline {
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
}

export interface Card {
  number: string;
  brand: string;
  /** undefined: the charge succeeds. */
  decline?: CardDecline;
}

const declined: CardDecline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Tu tarjeta fue rechazada.',
};

const testCards: Record<string, Omit<Card, 'number'>> = {
  '4242424242424242': { brand: 'visa' },
  '4000056655665556': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '4000000000000002': { brand: 'visa', decline: declined },
  '4000000000009995': {
    brand: 'visa',
    decline: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Tu tarjeta no tiene fondos suficientes.',
    },
  },
  '4000000000000069': {
    brand: 'visa',
    decline: { code: 'expired_card', message: 'Tu tarjeta está vencida.', param: 'exp_month' },
  },
  '4000000000000127': {
    brand: 'visa',
    decline: {
      code: 'incorrect_cvc',
      message: 'El código de seguridad de tu tarjeta es incorrecto.',
      param: 'cvc',
    },
  },
  '4000000000000119': {
    brand: 'visa',
    decline: {
      code: 'processing_error',
      message: 'Se produjo un error al procesar tu tarjeta. Inténtalo de nuevo en un momento.',
    },
  },
};

/** Stripe's test PaymentMethod ids, for server-side confirms. */
const testPaymentMethods: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
};

export const cardForPaymentMethod = (pm: string): Card | undefined => {
  const number = testPaymentMethods[pm];
  const card = number ? testCards[number] : undefined;
  return number && card ? { number, ...card } : undefined;
};

export interface CardInput {
  number?: string;
  exp_month?: string;
  exp_year?: string;
  cvc?: string;
}

/**
 * Checks a card typed into the form the way Stripe does before charging, then looks it up.
 * Real card numbers are refused in test mode, as Stripe refuses them.
 */
export function cardFromInput(input: CardInput, now = new Date()): Card | CardDecline {
  const number = (input.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
    return {
      code: 'incorrect_number',
      message: 'El número de tu tarjeta es incorrecto.',
      param: 'number',
    };
  }
  const month = Number(input.exp_month);
  let year = Number(input.exp_year);
  if (year < 100) year += 2000;
  const expired =
    year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || expired) {
    return {
      code: 'invalid_expiry_year',
      message: 'La fecha de vencimiento de tu tarjeta no es válida.',
      param: 'exp_year',
    };
  }
  if (!/^\d{3,4}$/.test(input.cvc ?? '')) {
    return {
      code: 'invalid_cvc',
      message: 'El código de seguridad de tu tarjeta no es válido.',
      param: 'cvc',
    };
  }
  const known = testCards[number];
  if (!known) {
    return {
      ...declined,
      decline_code: 'test_mode_live_card',
      message: 'Tu tarjeta fue rechazada. Usa una tarjeta de prueba en este entorno.',
    };
  }
  return { number, ...known };
}

export const isCard = (c: Card | CardDecline): c is Card => 'number' in c;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
