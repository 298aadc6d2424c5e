/**
 * The order history's pager (customer-flows §9): every page when there are 5 or fewer,
 * otherwise a window around the current page with ellipses, always showing the first and the
 * last page; a go-to-page box above 10 pages. Pure, shared by the screen and its tests.
 */

/** Pages listed one by one up to this many; above it the pager shows a window. */
export const PAGER_ALL_PAGES_MAX = 5;
/** Above this many pages the pager adds a go-to-page box. */
export const PAGER_GO_TO_MIN = 10;

/** A pager entry: a page number, or an ellipsis standing for the pages it hides. */
export type PagerItem = number | 'start-ellipsis' | 'end-ellipsis';

/** Pages needed for `total` items at `pageSize` a page; an empty list still has one page. */
export function pageCount(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(pageSize) || pageSize <= 0) {
    return 1;
  }
  return Math.max(1, Math.ceil(total / pageSize));
}

/** `page` as a whole page number within 1..pages (a bad value goes to page 1). */
export function clampPage(page: number, pages: number): number {
  const last = Math.max(1, Math.floor(pages));
  if (!Number.isFinite(page)) return 1;
  return Math.min(last, Math.max(1, Math.floor(page)));
}

/**
 * What the pager shows. Up to 5 pages: all of them. Above: seven entries, so the pager keeps
 * its width while the user moves — near the start `1 2 3 4 … N`, near the end
 * `1 … N-3 N-2 N-1 N`, elsewhere `1 … c-1 c c+1 … N`.
 */
export function pagerItems(current: number, pages: number): PagerItem[] {
  const last = Math.max(1, Math.floor(pages));
  const page = clampPage(current, last);
  if (last <= PAGER_ALL_PAGES_MAX) return range(1, last);
  if (page <= 3) return [...range(1, 4), 'end-ellipsis', last];
  if (page >= last - 2) return [1, 'start-ellipsis', ...range(last - 3, last)];
  return [1, 'start-ellipsis', page - 1, page, page + 1, 'end-ellipsis', last];
}

/** Whether the pager offers the go-to-page box. */
export function showGoToPage(pages: number): boolean {
  return pages > PAGER_GO_TO_MIN;
}

/** A typed page number, if it is a whole number within 1..pages; null otherwise. */
export function parseGoToPage(input: string, pages: number): number | null {
  const text = input.trim();
  if (!/^\d{1,9}$/.test(text)) return null;
  const page = Number(text);
  return page >= 1 && page <= pages ? page : null;
}

/** 1-based positions of the first and last item shown on `page` ("11–20 of 45"). */
export function pageBounds(
  page: number,
  pageSize: number,
  total: number,
): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = (clampPage(page, pageCount(total, pageSize)) - 1) * pageSize + 1;
  return { from, to: Math.min(total, from + pageSize - 1) };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
