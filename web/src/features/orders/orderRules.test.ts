import { describe, expect, it } from 'vitest';
import { es } from '../../../../shared/messages.es';
import { formatMoney } from '../../../../shared/rules/currency';
import { ApiError } from '../../lib/api';
import {
  cancelBackText,
  cancelDoneText,
  canResend,
  DEFAULT_PAGE_SIZE,
  formatOrderDate,
  formatOrderDateTime,
  parsePage,
  parsePageSize,
  parsePeriod,
  periodLabel,
  resendErrorMessage,
  searchQuery,
  signerStatusView,
  signersCountText,
  titleEdit,
} from './orderRules';

describe('status labels', () => {
  it('maps signer statuses to label, tone and icon; anything else is unknown', () => {
    expect(signerStatusView('pending')).toEqual({
      label: 'Pendiente',
      tone: 'warning',
      icon: 'clock',
    });
    expect(signerStatusView('signed')).toEqual({
      label: 'Firmado',
      tone: 'success',
      icon: 'check',
    });
    expect(signerStatusView('rejected')).toEqual({ label: 'Rechazado', tone: 'error', icon: 'x' });
    expect(signerStatusView('pending', 'cancelled')).toEqual({
      label: 'Sin firmar',
      tone: 'muted',
      icon: 'x',
    });
    expect(signerStatusView('signed', 'cancelled').label).toBe('Firmado');
    expect(signerStatusView('in_review').label).toBe('Desconocido');
    expect(signerStatusView('').label).toBe('Desconocido');
  });

  it('offers resend unless the signer has signed', () => {
    expect(canResend({ estado_firma: 'pending', turn_waiting: false })).toBe(true);
    expect(canResend({ estado_firma: 'rejected', turn_waiting: false })).toBe(true);
    expect(canResend({ estado_firma: 'weird', turn_waiting: false })).toBe(true);
    expect(canResend({ estado_firma: 'signed', turn_waiting: false })).toBe(false);
    expect(canResend({ estado_firma: 'pending', turn_waiting: true })).toBe(false);
  });

  it('offers no resend once the order is cancelled or completed', () => {
    const pending = { estado_firma: 'pending', turn_waiting: false };
    expect(canResend(pending, 'processing')).toBe(true);
    expect(canResend(pending, 'cancelled')).toBe(false);
    expect(canResend(pending, 'completed')).toBe(false);
  });
});

describe('what a cancellation gives back', () => {
  const credits = {
    payment_method_mix: 'full_credits' as const,
    credits_used: 1176,
    total_price: 11970,
    currency_code: 'CLP',
  };
  const card = { ...credits, payment_method_mix: 'full_currency' as const, credits_used: 0 };
  it('the credits paid, or the card amount, when everything comes back', () => {
    expect(cancelBackText(credits, { refund: 'full' })).toBe(
      es.orders.cancelBackCredits.replace('{credits}', '1.176'),
    );
    expect(cancelBackText(card, { refund: 'full' })).toBe(
      es.orders.cancelBackCard.replace('{amount}', formatMoney(11970, 'CLP')),
    );
  });
  it('nothing once someone signed', () => {
    expect(cancelBackText(credits, { refund: 'none' })).toBe(es.orders.cancelBackNone);
  });
  it('says what came back once cancelled', () => {
    expect(cancelDoneText(credits, true)).toBe(
      es.orders.cancelledCredits.replace('{credits}', '1.176'),
    );
    expect(cancelDoneText(card, true)).toBe(
      es.orders.cancelledCard.replace('{amount}', formatMoney(11970, 'CLP')),
    );
    expect(cancelDoneText(credits, false)).toBe(es.orders.cancelledNoRefund);
  });
});

describe('title edit', () => {
  it('ignores an empty or unchanged title', () => {
    expect(titleEdit('Contrato', '')).toEqual({ kind: 'ignore' });
    expect(titleEdit('Contrato', '   ')).toEqual({ kind: 'ignore' });
    expect(titleEdit('Contrato', 'Contrato')).toEqual({ kind: 'ignore' });
    expect(titleEdit('Contrato', '  Contrato ')).toEqual({ kind: 'ignore' });
  });

  it('saves a new title trimmed', () => {
    expect(titleEdit('Contrato', '  Arriendo 2026 ')).toEqual({
      kind: 'save',
      title: 'Arriendo 2026',
    });
  });
});

describe('resend errors', () => {
  it("shows the server's refusal, the 429 message, else the generic error", () => {
    expect(resendErrorMessage(new ApiError(422, 'BUSINESS_RULE', es.orders.signerNoToken))).toBe(
      es.orders.signerNoToken,
    );
    expect(resendErrorMessage(new ApiError(429, 'TOO_MANY_REQUESTS', ''))).toBe(
      es.api.tooManyRequests,
    );
    expect(resendErrorMessage(new ApiError(429, 'TOO_MANY_REQUESTS', es.api.tooManyRequests))).toBe(
      es.api.tooManyRequests,
    );
    expect(resendErrorMessage(new ApiError(500, 'INTERNAL', es.api.internal))).toBe(
      es.orders.resendError,
    );
    expect(resendErrorMessage(new ApiError(0, 'NETWORK', es.api.network))).toBe(
      es.orders.resendError,
    );
  });
});

describe('filters from the URL', () => {
  it('accepts only the listed periods, page sizes and whole pages', () => {
    expect(parsePeriod('30d')).toBe('30d');
    expect(parsePeriod('year')).toBe('year');
    expect(parsePeriod('365d')).toBeUndefined();
    expect(parsePeriod(null)).toBeUndefined();
    expect(parsePageSize('25')).toBe(25);
    expect(parsePageSize('7')).toBe(DEFAULT_PAGE_SIZE);
    expect(parsePageSize(null)).toBe(10);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('x')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
  });

  it('labels the periods', () => {
    expect(periodLabel(undefined)).toBe(es.checkout.periods.all);
    expect(periodLabel('7d')).toBe('Últimos 7 días');
    expect(periodLabel('year')).toBe('Este año');
  });

  it('sends a trimmed search, or none', () => {
    expect(searchQuery('  SOL-12 ')).toBe('SOL-12');
    expect(searchQuery('   ')).toBeUndefined();
    expect(searchQuery('x'.repeat(150))).toHaveLength(100);
  });
});

describe('formats', () => {
  it("dates in Spanish, on Santiago's calendar", () => {
    expect(formatOrderDate('2026-03-05T14:07:00.000Z')).toBe('5 mar 2026');
    // 31 December 22:30 in Santiago, already 1 January in UTC.
    expect(formatOrderDate('2027-01-01T01:30:00.000Z')).toBe('31 dic 2026');
    expect(formatOrderDateTime('2027-01-01T01:30:00.000Z')).toBe('31 dic 2026, 22:30');
    expect(formatOrderDate('not a date')).toBe('not a date');
  });

  it('signer counts', () => {
    expect(signersCountText(1)).toBe('1 firmante');
    expect(signersCountText(3)).toBe('3 firmantes');
  });
});
