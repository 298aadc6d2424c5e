import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, toastsBeyondLimit } from './toastRules';

const make = (n: number, visible = true) =>
  Array.from({ length: n }, (_, i) => ({ id: `t${i}`, visible }));

describe('toastsBeyondLimit', () => {
  it('keeps up to 20 visible toasts', () => {
    expect(TOAST_LIMIT).toBe(20);
    expect(toastsBeyondLimit(make(20))).toEqual([]);
  });

  it('dismisses the oldest (last) visible toasts beyond the limit', () => {
    expect(toastsBeyondLimit(make(23))).toEqual(['t20', 't21', 't22']);
  });

  it('ignores toasts already leaving', () => {
    const toasts = [...make(2, false), ...make(20)].map((t, i) => ({ ...t, id: `x${i}` }));
    expect(toastsBeyondLimit(toasts)).toEqual([]);
    expect(toastsBeyondLimit(toasts, 19)).toEqual(['x21']);
  });
});
