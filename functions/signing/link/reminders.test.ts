import { describe, expect, it } from 'vitest';
import { nextReminderAt, reminderKeys } from './reminders.js';

describe('signing reminders', () => {
  it('are due on days 3, 7 and 12 of a 15-day link, then never', () => {
    const issued = Date.parse('2026-11-01T12:00:00Z');
    const expires = new Date(issued + 15 * 86_400_000).toISOString();
    const day = (iso: string | undefined) => (Date.parse(iso ?? '') - issued) / 86_400_000;
    expect(day(nextReminderAt(expires, 0))).toBe(3);
    expect(day(nextReminderAt(expires, 1))).toBe(7);
    expect(day(nextReminderAt(expires, 2))).toBe(12);
    expect(nextReminderAt(expires, 3)).toBeUndefined();
  });

  it('index a signer only while a reminder is due', () => {
    expect(reminderKeys('s1', '2026-11-04T12:00:00.000Z')).toEqual({
      gsi1pk: 'SIGNREMIND',
      gsi1sk: '2026-11-04T12:00:00.000Z#s1',
    });
    expect(reminderKeys('s1', undefined)).toEqual({});
  });
});
