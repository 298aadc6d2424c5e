import { describe, expect, it } from 'vitest';
import { intervalText } from './planRules';

describe('intervalText', () => {
  it('is singular for one interval and plural with the count otherwise', () => {
    expect(intervalText('month', 1)).toBe('por mes');
    expect(intervalText('year')).toBe('por año');
    expect(intervalText('month', 3)).toBe('cada 3 meses');
    expect(intervalText('week', 2)).toBe('cada 2 semanas');
    expect(intervalText('day', 10)).toBe('cada 10 días');
  });

  it('reads an unknown interval as months', () => {
    expect(intervalText('fortnight', 1)).toBe('por mes');
  });
});
