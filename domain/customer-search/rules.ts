/**
 * Pure rules of the customer and user search page (spec 1 §2 "Customer search page", §3 search items and
 * pager, §5 search terms, §9 page size and initial sort). Used by machines/customerSearch.machine.ts and
 * by the page's view for the visible rows and the pager.
 */
import { SEARCH_MIN } from '../contract';

export const SEARCH_PAGE_SIZE = 20;

export interface CustomerRow {
  id: string;
  name: string;
  regCode: string;
  axaCode: string | null;
  country: string;
}
export interface UserRow {
  id: string;
  firstName: string;
  lastName: string;
  personalCode: string;
  personalCodeCountry: string;
  notActive: boolean;
}

type SortDirection = 'asc' | 'desc';
export interface Sort<K extends string = string> {
  key: K;
  direction: SortDirection;
}
export type CustomerSortKey = keyof CustomerRow;
export type UserSortKey = keyof UserRow;

/** spec 1 §9: customers by name, users by last name */
export const INITIAL_CUSTOMER_SORT: Sort<CustomerSortKey> = { key: 'name', direction: 'asc' };
export const INITIAL_USER_SORT: Sort<UserSortKey> = { key: 'lastName', direction: 'asc' };

/** spec 1 §5: at least 3 characters (the button is disabled below that; Enter does nothing either). */
export const isSearchTermValid = (term: string): boolean => term.trim().length >= SEARCH_MIN;

/** Same key again flips the direction; another key sorts ascending. */
export function nextSort<K extends string>(current: Sort<K>, key: K): Sort<K> {
  return current.key === key
    ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { key, direction: 'asc' };
}

const collator = new Intl.Collator('et', { sensitivity: 'base', numeric: true });

function sortRows<T extends object>(rows: readonly T[], sort: Sort<Extract<keyof T, string>>): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * collator.compare(String(a[sort.key] ?? ''), String(b[sort.key] ?? '')));
}

export interface Pager {
  total: number;
  /** rows on this page */
  showing: number;
  /** 1-based number of the first and last row shown (0 when empty) */
  first: number;
  last: number;
  /** page indexes (0-based), null when there is none */
  next: number | null;
  previous: number | null;
  page: number;
  pageCount: number;
}

export function clampPage(page: number, total: number, size = SEARCH_PAGE_SIZE): number {
  const pageCount = Math.max(1, Math.ceil(total / size));
  return Math.min(Math.max(0, Math.trunc(page)), pageCount - 1);
}

export function pager(total: number, page: number, size = SEARCH_PAGE_SIZE): Pager {
  const p = clampPage(page, total, size);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const first = total === 0 ? 0 : p * size + 1;
  const last = Math.min(total, (p + 1) * size);
  return {
    total,
    showing: total === 0 ? 0 : last - first + 1,
    first,
    last,
    next: p < pageCount - 1 ? p + 1 : null,
    previous: p > 0 ? p - 1 : null,
    page: p,
    pageCount,
  };
}

/** The rows of one page, after sorting. */
export function visibleRows<T extends object>(
  rows: readonly T[],
  sort: Sort<Extract<keyof T, string>>,
  page: number,
  size = SEARCH_PAGE_SIZE,
): T[] {
  const p = clampPage(page, rows.length, size);
  return sortRows(rows, sort).slice(p * size, (p + 1) * size);
}
