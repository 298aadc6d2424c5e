import { describe, expect, it } from 'vitest';
import { isActDateAllowed, isCalendarDate } from './notarized-act.js';
import { santiagoDate } from './santiago-time.js';

describe('notarial act date', () => {
  it('reads the Santiago calendar day, not the UTC one', () => {
    // 02:30 UTC on 1 January is still 31 December in Santiago (UTC−03:00 in summer).
    expect(santiagoDate('2027-01-01T02:30:00Z')).toBe('2026-12-31');
    expect(santiagoDate('2026-07-10T12:00:00Z')).toBe('2026-07-10');
  });

  it('knows real calendar days', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it('allows the days from the order to today, and no other', () => {
    const created = '2026-11-20T15:00:00Z';
    const now = '2026-11-29T15:00:00Z';
    expect(isActDateAllowed('2026-11-20', created, now)).toBe(true);
    expect(isActDateAllowed('2026-11-29', created, now)).toBe(true);
    expect(isActDateAllowed('2026-11-19', created, now)).toBe(false);
    expect(isActDateAllowed('2026-11-30', created, now)).toBe(false);
    expect(isActDateAllowed('2026-11-31', created, now)).toBe(false);
  });

  it("judges 'today' by Santiago's clock", () => {
    // 01:00 UTC on 30 November is 22:00 on 29 November in Santiago: the 30th is still future.
    expect(isActDateAllowed('2026-11-30', '2026-11-01T12:00:00Z', '2026-11-30T01:00:00Z')).toBe(
      false,
    );
    expect(isActDateAllowed('2026-11-29', '2026-11-01T12:00:00Z', '2026-11-30T01:00:00Z')).toBe(
      true,
    );
  });
});
