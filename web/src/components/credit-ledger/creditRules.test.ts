import { describe, expect, it } from 'vitest';
import type { CreditTransaction } from '../../../../shared/contract/credits';
import { es } from '../../../../shared/messages.es';
import { formatMoney } from '../../../../shared/rules/currency';
import {
  amountTone,
  creditsText,
  filterLabel,
  formatDate,
  formatDateTime,
  formatSignedCredits,
  HISTORY_FILTERS,
  isTransactionType,
  perUnitText,
  servicePriceUnit,
  serviceUnitLabel,
  transactionDetails,
} from './creditRules';

const tx = (over: Partial<CreditTransaction>): CreditTransaction => ({
  id: 't1',
  type: 'purchase',
  amount: 100,
  balance_after_transaction: 100,
  description: 'Paquete',
  currency_amount: null,
  currency_code: null,
  expires_at: null,
  related_entity_type: null,
  related_entity_id: null,
  payment_intent_id: null,
  created_at: '2026-03-05T14:07:00.000Z',
  ...over,
});

describe('credit movements', () => {
  it('colours incoming types positive, usage negative, expiry muted, adjustments by sign', () => {
    expect(amountTone('purchase', 100)).toBe('positive');
    expect(amountTone('earned', 10)).toBe('positive');
    expect(amountTone('refund', 25)).toBe('positive');
    expect(amountTone('usage', -10)).toBe('negative');
    expect(amountTone('expired', -40)).toBe('muted');
    expect(amountTone('adjustment', 5)).toBe('positive');
    expect(amountTone('adjustment', -5)).toBe('negative');
  });

  it('signs amounts with es-CL grouping and a real minus sign', () => {
    expect(formatSignedCredits(1500)).toBe('+1.500');
    expect(formatSignedCredits(-10)).toBe('\u221210');
    expect(formatSignedCredits(-12345)).toBe('\u221212.345');
    expect(formatSignedCredits(0)).toBe('0');
  });

  it('offers "all" then every transaction type, labelled in Spanish', () => {
    expect(HISTORY_FILTERS).toEqual([
      'all',
      'purchase',
      'earned',
      'adjustment',
      'usage',
      'refund',
      'expired',
    ]);
    expect(filterLabel('all')).toBe('Todos');
    expect(filterLabel('usage')).toBe(es.credits.types.usage);
    expect(isTransactionType('refund')).toBe(true);
    expect(isTransactionType('bogus')).toBe(false);
  });

  it('formats dates as es-CL day-month-year', () => {
    // Santiago's clock (−03:00 in March): 09:00 on 5 March; 23:30 on 4 March for 02:30 UTC.
    expect(formatDate('2026-03-05T12:00:00.000Z')).toBe('5 mar 2026');
    expect(formatDateTime('2026-03-05T12:00:00.000Z')).toBe('5 mar 2026, 09:00');
    expect(formatDate('2026-03-05T02:30:00.000Z')).toBe('4 mar 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('shows what was paid and when bought credits expire', () => {
    const details = transactionDetails(
      tx({ currency_amount: 9990, currency_code: 'CLP', expires_at: '2027-03-05T12:00:00.000Z' }),
    );
    expect(details).toHaveLength(2);
    expect(details[0]).toBe(`Pagado: ${formatMoney(9990, 'CLP')}`);
    expect(details[1]).toBe('Vence el 5 mar 2027');
    // A usage has neither (its expiry, if any, is not the user's concern).
    expect(transactionDetails(tx({ type: 'usage', amount: -5, expires_at: '2027-01-01' }))).toEqual(
      [],
    );
  });
});

describe('service prices', () => {
  it('names units and agrees in number', () => {
    expect(serviceUnitLabel('per_analysis')).toBe('análisis');
    expect(serviceUnitLabel('per_download')).toBe('descarga');
    expect(serviceUnitLabel('something_else')).toBe('uso');
    expect(serviceUnitLabel('toString')).toBe('uso');
    expect(perUnitText(5, 'per_analysis')).toBe('créditos por análisis');
    expect(perUnitText(1, 'per_message')).toBe('crédito por mensaje');
  });
});

describe('prices of the services the wizard sells (issue 21)', () => {
  const rule = {
    service_type: 'per_document',
    credits_per_unit: 20,
    price_from: true,
    service_name: 'document_signature' as const,
  };
  it('a signature is priced per signer, as the wizard charges it', () => {
    expect(servicePriceUnit(rule)).toBe('créditos por firmante');
    expect(servicePriceUnit({ ...rule, credits_per_unit: 1 })).toBe('crédito por firmante');
  });
  it('the rest follow their rule’s unit', () => {
    expect(
      servicePriceUnit({ ...rule, service_name: 'notarial_service', service_type: 'per_service' }),
    ).toBe('créditos por servicio');
    expect(
      servicePriceUnit({
        service_name: 'ai_document_analysis',
        service_type: 'per_analysis',
        credits_per_unit: 5,
        price_from: false,
      }),
    ).toBe('créditos por análisis');
  });
  it('states an amount of credits in words that agree with it', () => {
    expect(creditsText(1)).toBe('1 crédito');
    expect(creditsText(1500)).toBe('1.500 créditos');
  });
});
