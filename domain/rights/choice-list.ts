/** Domain rules: represented-choice list (spec 1 §2). Part of domain/rights (see index.ts). */
import { pageOf } from '../paging';
import { type EpitPrincipal } from '../contract';
import { codeOfRight, countryOfRight } from './countries';

const CHOICE_PAGE_SIZE = 10;
/** A search box appears only when there are MORE than 10 representation rights. */
const CHOICE_SEARCH_THRESHOLD = 10;

export interface ChoiceRow {
  gid: string;
  name: string;
  isPerson: boolean;
  code: string;
  country: string;
  /** A: the user's own entry; B: anyone else */
  type: 'A' | 'B';
}

export function choiceRows(principal: EpitPrincipal | null | undefined, locale = 'et'): ChoiceRow[] {
  if (!principal) return [];
  const ownId = principal.representative.id;
  const rows = Object.values(principal.representationRightsCache).map((r): ChoiceRow => ({
    gid: r.gid,
    // a right without a name is still a party the user may act for; show its gid rather than hide it
    name: r.name ?? r.gid,
    isPerson: r.isPerson,
    code: codeOfRight(r),
    country: countryOfRight(r),
    type: r.gid === ownId ? 'A' : 'B',
  }));
  return sortChoiceRows(rows, locale);
}

/** Own entry (type A) first, then by name, locale-aware. */
function sortChoiceRows(rows: ChoiceRow[], locale = 'et'): ChoiceRow[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...rows].sort((a, b) =>
    a.type !== b.type ? (a.type === 'A' ? -1 : 1) : collator.compare(a.name, b.name) || a.gid.localeCompare(b.gid),
  );
}

/** Case-insensitive match on name or gid; an empty term keeps everything. */
export function filterChoiceRows(rows: ChoiceRow[], term: string): ChoiceRow[] {
  const t = term.trim().toLocaleLowerCase();
  if (!t) return rows;
  return rows.filter((r) => r.name.toLocaleLowerCase().includes(t) || r.gid.toLocaleLowerCase().includes(t));
}

export function showChoiceSearch(rightsCount: number): boolean {
  return rightsCount > CHOICE_SEARCH_THRESHOLD;
}

/** Everything the choice modal shows for a search term and page. */
export function choiceView(principal: EpitPrincipal | null | undefined, term: string, page: number, locale = 'et') {
  const all = choiceRows(principal, locale);
  return { showSearch: showChoiceSearch(all.length), ...pageOf(filterChoiceRows(all, term), page, CHOICE_PAGE_SIZE) };
}
