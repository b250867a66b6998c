/**
 * The one paging rule of the portal's lists (the choice of whom to represent, spec 1 §2: 10 to a page; the rights
 * list, spec 2 §3): pages count from 1, as the pager shows them, and a page beyond the last (a shorter list after a
 * search or a change) is clamped to it. Pure.
 */
export interface Page<T> {
  items: T[];
  /** from 1, clamped to the available pages */
  page: number;
  pageCount: number;
  total: number;
}

/** How many pages `total` rows fill (at least one, an empty list's). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Page `page` (from 1, clamped) of `items`. */
export function pageOf<T>(items: readonly T[], page: number, size: number): Page<T> {
  const count = pageCount(items.length, size);
  const p = Math.min(Math.max(1, Math.floor(page) || 1), count);
  return { items: items.slice((p - 1) * size, p * size), page: p, pageCount: count, total: items.length };
}
