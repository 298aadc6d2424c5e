import { describe, expect, it } from 'vitest';
import {
  ASSIGNMENT_STATUSES,
  assignmentClock,
  canMove,
  groupOf,
  minutesBetween,
  movesInto,
  pickNotary,
  regionalPool,
} from './assignment.js';

describe('assignment states (§4)', () => {
  it('assigned → taken → in_review → notarized | approved; rejection and reassignment are ours', () => {
    expect(canMove('assigned', 'taken')).toBe(true);
    expect(canMove('taken', 'in_review')).toBe(true);
    expect(canMove('in_review', 'notarized')).toBe(true);
    expect(canMove('in_review', 'approved')).toBe(true);
    expect(canMove('in_review', 'rejected')).toBe(true);
    expect(canMove('assigned', 'reassigned')).toBe(true);
    // Nothing skips the take, and nothing leaves an end.
    expect(canMove('assigned', 'notarized')).toBe(false);
    expect(canMove('taken', 'reassigned')).toBe(false);
    for (const end of ['notarized', 'approved', 'rejected', 'reassigned'] as const) {
      for (const to of ASSIGNMENT_STATUSES) expect(canMove(end, to)).toBe(false);
    }
  });

  it('names the statuses a move may start from', () => {
    expect(movesInto('taken')).toEqual(['assigned']);
    expect(movesInto('notarized')).toEqual(['taken', 'in_review']);
  });

  it("groups the dashboard's tabs", () => {
    expect(groupOf('assigned')).toBe('pending');
    expect(groupOf('taken')).toBe('processing');
    expect(groupOf('in_review')).toBe('processing');
    expect(groupOf('notarized')).toBe('completed');
    expect(groupOf('approved')).toBe('completed');
    expect(groupOf('rejected')).toBe('completed');
    expect(groupOf('reassigned')).toBeNull();
  });
});

describe('the clock of an assignment', () => {
  const t0 = '2026-11-27T12:00:00.000Z';
  const at = (min: number) => new Date(Date.parse(t0) + min * 60_000);
  const base = { assigned_at: t0, take_minutes: 240, process_minutes: 2880 };

  it('whole minutes between two times; null when one is missing', () => {
    expect(minutesBetween(t0, at(90).toISOString())).toBe(90);
    expect(minutesBetween(t0, '2026-11-27T12:00:59.999Z')).toBe(0);
    expect(minutesBetween(t0, null)).toBeNull();
    expect(minutesBetween('nope', t0)).toBeNull();
  });

  it('overdue to take once assigned past the threshold, not before', () => {
    expect(assignmentClock({ ...base, status: 'assigned' }, at(239)).is_overdue_to_take).toBe(
      false,
    );
    const late = assignmentClock({ ...base, status: 'assigned' }, at(240));
    expect(late).toEqual({
      time_to_take_minutes: null,
      time_to_process_minutes: null,
      is_overdue_to_take: true,
      is_overdue_to_process: false,
    });
  });

  it('overdue to process counts from the take; a decided one is never overdue', () => {
    const taken = { ...base, status: 'taken' as const, taken_at: at(30).toISOString() };
    expect(assignmentClock(taken, at(30 + 2879)).is_overdue_to_process).toBe(false);
    expect(assignmentClock(taken, at(30 + 2880))).toEqual({
      time_to_take_minutes: 30,
      time_to_process_minutes: null,
      is_overdue_to_take: false,
      is_overdue_to_process: true,
    });
    const done = {
      ...taken,
      status: 'notarized' as const,
      decided_at: at(30 + 5000).toISOString(),
    };
    expect(assignmentClock(done, at(99_999))).toMatchObject({
      time_to_process_minutes: 5000,
      is_overdue_to_process: false,
      is_overdue_to_take: false,
    });
  });
});

describe('choosing a notary', () => {
  const a = { id: 'a', weight: 10, open: 0, maxOpen: 50 };
  const b = { id: 'b', weight: 30, open: 0, maxOpen: 50 };

  it('by weight: a quarter of the line to a, the rest to b, whatever the read order', () => {
    expect(pickNotary([a, b], 0)).toBe('a');
    expect(pickNotary([b, a], 0.24)).toBe('a');
    expect(pickNotary([a, b], 0.25)).toBe('b');
    expect(pickNotary([a, b], 0.999999)).toBe('b');
    expect(pickNotary([a, b], 1)).toBe('b');
  });

  it('load lowers the chance: weight / (1 + open)', () => {
    const loaded = { ...b, open: 5 }; // 30 / 6 = 5 against a's 10: a gets two thirds
    expect(pickNotary([a, loaded], 0.66)).toBe('a');
    expect(pickNotary([a, loaded], 0.67)).toBe('b');
  });

  it('skips a notary at its limit or without weight; none able is null', () => {
    expect(pickNotary([a, { ...b, open: 50 }], 0.99)).toBe('a');
    expect(pickNotary([{ ...a, weight: 0 }, b], 0)).toBe('b');
    expect(pickNotary([{ ...a, open: 50 }], 0.5)).toBeNull();
    expect(pickNotary([], 0.5)).toBeNull();
  });

  it('over many draws the shares follow the weights', () => {
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 1000; i++) {
      const id = pickNotary([a, b], (i + 0.5) / 1000) as 'a' | 'b';
      counts[id]++;
    }
    expect(counts).toEqual({ a: 250, b: 750 });
  });
});

describe('the region pool', () => {
  const n = (id: string, regions: string[]) => ({ id, regions });
  const regionsOf = (x: { regions: string[] }) => x.regions;
  const arica = n('arica', ['CL-AP']);
  const north = n('north', ['CL-AP', 'CL-TA']);
  const country = n('country', []);
  const south = n('south', ['CL-MA']);
  const ids = (r: { pool: { id: string }[] }) => r.pool.map((x) => x.id);

  it('prefers the notaries that name the region over country-wide ones', () => {
    const r = regionalPool([arica, north, country, south], regionsOf, 'CL-AP');
    expect(ids(r)).toEqual(['arica', 'north']);
    expect(r.outsideRegion).toBe(false);
  });

  it('falls back to country-wide notaries when none names the region', () => {
    const r = regionalPool([arica, country, south], regionsOf, 'CL-RM');
    expect(ids(r)).toEqual(['country']);
    expect(r.outsideRegion).toBe(false);
  });

  it('takes anyone able, flagged outside the region, when nobody covers it', () => {
    const r = regionalPool([arica, south], regionsOf, 'CL-RM');
    expect(ids(r)).toEqual(['arica', 'south']);
    expect(r.outsideRegion).toBe(true);
  });

  it('treats an unknown region as covered only by country-wide notaries first', () => {
    expect(ids(regionalPool([arica, country], regionsOf, null))).toEqual(['country']);
    const none = regionalPool([arica], regionsOf, null);
    expect(ids(none)).toEqual(['arica']);
    expect(none.outsideRegion).toBe(true);
  });

  it('is empty and not outside for nobody able', () => {
    expect(regionalPool([], regionsOf, 'CL-AP')).toEqual({ pool: [], outsideRegion: false });
  });
});
