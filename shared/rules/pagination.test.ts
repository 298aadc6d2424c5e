import { describe, expect, it } from 'vitest';
import {
  clampPage,
  PAGER_ALL_PAGES_MAX,
  pageBounds,
  pageCount,
  pagerItems,
  parseGoToPage,
  showGoToPage,
} from './pagination.js';

describe('pageCount', () => {
  it('rounds up and never goes below one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(101, 5)).toBe(21);
    expect(pageCount(5, 0)).toBe(1);
    expect(pageCount(Number.NaN, 10)).toBe(1);
  });
});

describe('clampPage', () => {
  it('keeps the page within 1..pages', () => {
    expect(clampPage(0, 4)).toBe(1);
    expect(clampPage(-3, 4)).toBe(1);
    expect(clampPage(9, 4)).toBe(4);
    expect(clampPage(2.7, 4)).toBe(2);
    expect(clampPage(Number.NaN, 4)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
  });
});

describe('pagerItems', () => {
  it('lists every page when there are 5 or fewer', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(2, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(5, PAGER_ALL_PAGES_MAX)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows a window with one ellipsis near the start', () => {
    expect(pagerItems(1, 6)).toEqual([1, 2, 3, 4, 'end-ellipsis', 6]);
    expect(pagerItems(3, 20)).toEqual([1, 2, 3, 4, 'end-ellipsis', 20]);
  });

  it('shows a window with one ellipsis near the end', () => {
    expect(pagerItems(20, 20)).toEqual([1, 'start-ellipsis', 17, 18, 19, 20]);
    expect(pagerItems(18, 20)).toEqual([1, 'start-ellipsis', 17, 18, 19, 20]);
    expect(pagerItems(4, 6)).toEqual([1, 'start-ellipsis', 3, 4, 5, 6]);
  });

  it('shows the pages around the current one between two ellipses in the middle', () => {
    expect(pagerItems(4, 20)).toEqual([1, 'start-ellipsis', 3, 4, 5, 'end-ellipsis', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'start-ellipsis', 9, 10, 11, 'end-ellipsis', 20]);
    expect(pagerItems(17, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 'end-ellipsis', 20]);
  });

  it('always holds the first, the last and the current page, once each', () => {
    for (let pages = 1; pages <= 30; pages++) {
      for (let current = 1; current <= pages; current++) {
        const items = pagerItems(current, pages);
        const numbers = items.filter((i): i is number => typeof i === 'number');
        expect(numbers).toContain(1);
        expect(numbers).toContain(pages);
        expect(numbers).toContain(current);
        expect(new Set(numbers).size).toBe(numbers.length);
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
        expect(items.length).toBeLessThanOrEqual(7);
      }
    }
  });

  it('clamps a current page out of range', () => {
    expect(pagerItems(99, 8)).toEqual([1, 'start-ellipsis', 5, 6, 7, 8]);
    expect(pagerItems(0, 8)).toEqual([1, 2, 3, 4, 'end-ellipsis', 8]);
  });
});

describe('go to page', () => {
  it('is offered above 10 pages only', () => {
    expect(showGoToPage(1)).toBe(false);
    expect(showGoToPage(10)).toBe(false);
    expect(showGoToPage(11)).toBe(true);
  });

  it('accepts a whole page number within range', () => {
    expect(parseGoToPage('7', 12)).toBe(7);
    expect(parseGoToPage(' 12 ', 12)).toBe(12);
    expect(parseGoToPage('1', 12)).toBe(1);
  });

  it('refuses anything else', () => {
    expect(parseGoToPage('', 12)).toBeNull();
    expect(parseGoToPage('0', 12)).toBeNull();
    expect(parseGoToPage('13', 12)).toBeNull();
    expect(parseGoToPage('-2', 12)).toBeNull();
    expect(parseGoToPage('2.5', 12)).toBeNull();
    expect(parseGoToPage('dos', 12)).toBeNull();
    expect(parseGoToPage('1e3', 12)).toBeNull();
  });
});

describe('pageBounds', () => {
  it('gives the first and last position shown', () => {
    expect(pageBounds(1, 10, 45)).toEqual({ from: 1, to: 10 });
    expect(pageBounds(5, 10, 45)).toEqual({ from: 41, to: 45 });
    expect(pageBounds(9, 10, 45)).toEqual({ from: 41, to: 45 });
    expect(pageBounds(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});
