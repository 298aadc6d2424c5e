import { describe, expect, it } from 'vitest';
import { creditsText, creditWord, isInsufficient, isLowBalance } from './walletRules';

describe('balances and costs', () => {
  it('warns below the threshold, not at it, and not while unknown', () => {
    expect(isLowBalance(49, 50)).toBe(true);
    expect(isLowBalance(50, 50)).toBe(false);
    expect(isLowBalance(99, 100)).toBe(true);
    expect(isLowBalance(undefined, 100)).toBe(false);
  });

  it('is insufficient only when the known balance is below the cost', () => {
    expect(isInsufficient(9, 10)).toBe(true);
    expect(isInsufficient(10, 10)).toBe(false);
    expect(isInsufficient(undefined, 10)).toBe(false);
  });

  it('agrees in number', () => {
    expect(creditWord(1)).toBe('crédito');
    expect(creditWord(0)).toBe('créditos');
    expect(creditsText(1500)).toBe('1.500 créditos');
  });
});
