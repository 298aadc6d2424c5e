import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addSantiagoDays,
  addSantiagoMonths,
  formatSantiagoDate,
  formatSantiagoDateTime,
  nextSantiagoTime,
  santiagoDate,
  santiagoIso,
  santiagoOffset,
  santiagoOffsetMinutes,
  santiagoParts,
  santiagoWallTime,
  santiagoYear,
  startOfSantiagoDay,
  startOfSantiagoMonth,
  startOfSantiagoYear,
} from './santiago-time.js';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

/** Every instant in [from, to) where Santiago's offset changes, found hour by hour with Intl. */
function offsetChanges(from: string, to: string): string[] {
  const out: string[] = [];
  let prev = santiagoOffsetMinutes(at(from));
  for (let t = at(from).getTime(); t < at(to).getTime(); t += 3_600_000) {
    const now = santiagoOffsetMinutes(new Date(t));
    if (now !== prev) out.push(new Date(t).toISOString());
    prev = now;
  }
  return out;
}

describe("Santiago's DST changes (read from Intl, not assumed)", () => {
  it('are at 24:00 of the first Saturday of April and of September in 2026 and 2027', () => {
    // 2026: summer time ends Sun 5 April 00:00 −03 (→ Sat 23:00 −04), starts Sun 6 September
    // 00:00 −04 (→ 01:00 −03); 2027: 4 April and 5 September.
    expect(offsetChanges('2026-01-01T00:00:00Z', '2028-01-01T00:00:00Z')).toEqual([
      '2026-04-05T03:00:00.000Z',
      '2026-09-06T04:00:00.000Z',
      '2027-04-04T03:00:00.000Z',
      '2027-09-05T04:00:00.000Z',
    ]);
  });

  it('give the offset at each side of a change', () => {
    expect(santiagoOffset(at('2026-04-05T02:59:59Z'))).toBe('-03:00');
    expect(santiagoOffset(at('2026-04-05T03:00:00Z'))).toBe('-04:00');
    expect(santiagoOffset(at('2026-09-06T03:59:59Z'))).toBe('-04:00');
    expect(santiagoOffset(at('2026-09-06T04:00:00Z'))).toBe('-03:00');
    expect(santiagoOffsetMinutes(at('2026-07-01T12:00:00Z'))).toBe(-240);
    expect(santiagoOffsetMinutes(at('2027-01-15T12:00:00.999Z'))).toBe(-180);
  });
});

describe('the year boundary', () => {
  // 22:30 on 31 December in Santiago (−03:00) is already 01:30 on 1 January in UTC.
  const newYearsEve = at('2027-01-01T01:30:00Z');

  it('31 December 22:30 in Santiago is still the old year', () => {
    expect(santiagoParts(newYearsEve)).toEqual({
      year: 2026,
      month: 12,
      day: 31,
      hour: 22,
      minute: 30,
      second: 0,
    });
    expect(santiagoDate(newYearsEve)).toBe('2026-12-31');
    expect(santiagoIso(newYearsEve)).toBe('2026-12-31T22:30:00-03:00');
  });

  it("'este año' starts at Santiago's midnight of 1 January, three hours after UTC's", () => {
    expect(iso(startOfSantiagoYear(newYearsEve))).toBe('2026-01-01T03:00:00.000Z');
    expect(iso(startOfSantiagoYear(at('2027-01-01T03:00:00Z')))).toBe('2027-01-01T03:00:00.000Z');
    expect(iso(startOfSantiagoYear(at('2027-01-01T02:59:59Z')))).toBe('2026-01-01T03:00:00.000Z');
  });
});

describe("santiagoYear: the footers' year without a formatter", () => {
  it('agrees with the zone rule minute by minute around every New Year of a decade', () => {
    for (let year = 2024; year <= 2034; year++) {
      const midnightUtc = Date.UTC(year, 0, 1);
      for (let m = -6 * 60; m <= 6 * 60; m++) {
        const t = new Date(midnightUtc + m * 60_000);
        expect(santiagoYear(t), t.toISOString()).toBe(santiagoParts(t).year);
      }
    }
  });

  it('agrees with it across a year of hours, and refuses an invalid instant', () => {
    for (let h = 0; h < 366 * 24; h += 7) {
      const t = new Date(Date.UTC(2026, 0, 1) + h * 3_600_000);
      expect(santiagoYear(t)).toBe(santiagoParts(t).year);
    }
    expect(santiagoYear('2027-01-01T02:59:00Z')).toBe(2026);
    expect(santiagoYear('2027-01-01T03:00:00Z')).toBe(2027);
    expect(() => santiagoYear('not a date')).toThrow(RangeError);
  });
});

describe('start of day across the DST changes', () => {
  it('the September change day starts at 01:00 −03 (midnight never happens)', () => {
    expect(iso(startOfSantiagoDay(at('2026-09-06T15:00:00Z')))).toBe('2026-09-06T04:00:00.000Z');
    expect(santiagoIso(startOfSantiagoDay(at('2026-09-06T15:00:00Z')))).toBe(
      '2026-09-06T01:00:00-03:00',
    );
    expect(iso(startOfSantiagoDay(at('2027-09-05T15:00:00Z')))).toBe('2027-09-05T04:00:00.000Z');
    // The day before still starts at −04:00.
    expect(iso(startOfSantiagoDay(at('2026-09-05T15:00:00Z')))).toBe('2026-09-05T04:00:00.000Z');
  });

  it('the April change day starts at 00:00 −04; the Saturday before lasts 25 hours', () => {
    expect(iso(startOfSantiagoDay(at('2026-04-05T15:00:00Z')))).toBe('2026-04-05T04:00:00.000Z');
    expect(iso(startOfSantiagoDay(at('2026-04-04T15:00:00Z')))).toBe('2026-04-04T03:00:00.000Z');
    // Both readings of 23:30 on the Saturday belong to the Saturday.
    expect(santiagoDate(at('2026-04-05T02:30:00Z'))).toBe('2026-04-04');
    expect(santiagoDate(at('2026-04-05T03:30:00Z'))).toBe('2026-04-04');
    expect(iso(startOfSantiagoDay(at('2026-04-05T03:30:00Z')))).toBe('2026-04-04T03:00:00.000Z');
    expect(iso(startOfSantiagoDay(at('2027-04-04T15:00:00Z')))).toBe('2027-04-04T04:00:00.000Z');
  });

  it('wall times in the gap resolve after it, repeated ones to their first reading', () => {
    expect(iso(santiagoWallTime(2026, 9, 6, 0, 30))).toBe('2026-09-06T04:30:00.000Z');
    expect(iso(santiagoWallTime(2026, 4, 4, 23, 30))).toBe('2026-04-05T02:30:00.000Z');
    expect(iso(santiagoWallTime(2026, 12, 32))).toBe('2027-01-01T03:00:00.000Z');
  });
});

describe('the month boundary', () => {
  it('23:30 on the last day of a month belongs to that month', () => {
    // 30 June 23:30 −04 = 1 July 03:30 UTC; 31 January 23:30 −03 = 1 February 02:30 UTC.
    expect(santiagoDate(at('2026-07-01T03:30:00Z'))).toBe('2026-06-30');
    expect(iso(startOfSantiagoMonth(at('2026-07-01T03:30:00Z')))).toBe('2026-06-01T04:00:00.000Z');
    expect(iso(startOfSantiagoMonth(at('2026-02-01T02:30:00Z')))).toBe('2026-01-01T03:00:00.000Z');
    // A month whose first day is in the other offset: April starts at −03, ends at −04.
    expect(iso(startOfSantiagoMonth(at('2026-05-01T03:30:00Z')))).toBe('2026-04-01T03:00:00.000Z');
  });

  it('adds calendar days and months in Santiago, keeping the wall time across DST', () => {
    // 15 March 10:00 −03 + 1 month = 15 April 10:00 −04.
    expect(iso(addSantiagoMonths(at('2026-03-15T13:00:00Z'), 1))).toBe('2026-04-15T14:00:00.000Z');
    // 30 April 22:30 −04 (1 May in UTC) + 1 month = 30 May, not 31 May.
    expect(santiagoIso(addSantiagoMonths(at('2026-05-01T02:30:00Z'), 1))).toBe(
      '2026-05-30T22:30:00-04:00',
    );
    expect(santiagoDate(addSantiagoMonths(at('2026-02-01T02:30:00Z'), 1))).toBe('2026-02-28');
    expect(santiagoDate(addSantiagoMonths(at('2027-12-15T12:00:00Z'), 2))).toBe('2028-02-15');
    expect(iso(addSantiagoDays(at('2026-09-05T15:00:00Z'), 1))).toBe('2026-09-06T14:00:00.000Z');
    expect(santiagoDate(addSantiagoDays(at('2027-01-01T01:30:00Z'), -7))).toBe('2026-12-24');
  });
});

describe("a daily job's next run", () => {
  it('is today at that Santiago time if still ahead, else tomorrow', () => {
    // 24 November 2026 16:45 −03.
    expect(iso(nextSantiagoTime(at('2026-11-24T19:45:00Z'), 18, 0))).toBe(
      '2026-11-24T21:00:00.000Z',
    );
    expect(iso(nextSantiagoTime(at('2026-11-24T19:45:00Z'), 9, 0))).toBe(
      '2026-11-25T12:00:00.000Z',
    );
    expect(iso(nextSantiagoTime(at('2026-11-25T12:00:00Z'), 9, 0))).toBe(
      '2026-11-26T12:00:00.000Z',
    );
  });

  it('keeps 09:00 Santiago across both DST changes (13:00 UTC in winter, 12:00 in summer)', () => {
    expect(iso(nextSantiagoTime(at('2026-04-04T13:00:00Z'), 9, 0))).toBe(
      '2026-04-05T13:00:00.000Z',
    );
    expect(iso(nextSantiagoTime(at('2026-09-05T14:00:00Z'), 9, 0))).toBe(
      '2026-09-06T12:00:00.000Z',
    );
    // 00:30 never happens on 6 September 2026: the run comes right after the gap.
    expect(santiagoIso(nextSantiagoTime(at('2026-09-05T12:00:00Z'), 0, 30))).toBe(
      '2026-09-06T01:30:00-03:00',
    );
  });
});

describe('dates shown to users (es-CL, Santiago) whatever the machine zone', () => {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Tokyo';
  });
  afterAll(() => {
    process.env.TZ = before;
  });

  it('shows the Santiago date while the process clock is in Tokyo', () => {
    const eve = at('2027-01-01T01:30:00Z');
    // The machine sees 1 January 10:30 (Tokyo, +09:00)...
    expect(eve.getDate()).toBe(1);
    expect(eve.getHours()).toBe(10);
    // ...the user sees Santiago's 31 December 22:30.
    expect(formatSantiagoDate(eve)).toBe('31 dic 2026');
    expect(formatSantiagoDateTime(eve)).toBe('31 dic 2026, 22:30');
    expect(formatSantiagoDateTime('2026-03-05T17:07:00.000Z')).toBe('5 mar 2026, 14:07');
    expect(formatSantiagoDateTime('2026-07-05T18:07:00.000Z')).toBe('5 jul 2026, 14:07');
  });

  it('shows bad input as it came', () => {
    expect(formatSantiagoDate('not a date')).toBe('not a date');
    expect(formatSantiagoDateTime('')).toBe('');
  });
});
