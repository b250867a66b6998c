/**
 * The rights list in memory (spec 2 §2 "/settings/rights", §4 "the rights list filter"): rows built once per load,
 * then search, filter and page as cheap pure functions (10,000 users must feel instant: no work per keystroke
 * beyond one pass over precomputed lower-case keys). Pure.
 */
import { pageCount, pageOf } from '../paging';
import { isRoleValid, roleCell as sharedRoleCell, type RoleCell as SharedRoleCell } from '../rights/validity';
import type { Admin, EnterpriseUserRole, EnterpriseUsersAnswer } from './contract';

export const RIGHTS_PAGE_SIZE = 20;
export type RightsFilter = 'active' | 'notActive';

export interface RightsRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  roles: Partial<Record<string, EnterpriseUserRole>>;
  /** lower-case "first last userId" for the search */
  searchKey: string;
  /** any role still valid today (spec 2 §4: a user is active if any role is still valid) */
  active: boolean;
}

/** Per application: the loaded answer, or the load failed (service disrupted). */
export type AppLoad = { ok: true; answer: EnterpriseUsersAnswer } | { ok: false };

const collator = new Intl.Collator('et', { sensitivity: 'base' });

/**
 * Users from every application's list, merged per userId, main administrators left out (they have their own
 * table), sorted by last name then first name.
 */
export function buildRows(apps: Record<string, AppLoad>, admins: readonly Admin[], today: Date): RightsRow[] {
  const adminIds = new Set(admins.map((a) => a.userId));
  const byId = new Map<string, RightsRow>();
  for (const [app, load] of Object.entries(apps)) {
    if (!load.ok) continue;
    for (const item of load.answer.list) {
      if (adminIds.has(item.userId)) continue;
      let row = byId.get(item.userId);
      if (!row) {
        row = {
          userId: item.userId,
          firstName: item.firstName ?? '',
          lastName: item.lastName ?? '',
          email: item.email,
          roles: {},
          searchKey: '',
          active: false,
        };
        byId.set(item.userId, row);
      }
      row.roles[app] = item;
    }
  }
  const rows = [...byId.values()];
  for (const r of rows) {
    r.searchKey = `${r.firstName}\u0000${r.lastName}\u0000${r.userId}`.toLowerCase();
    r.active = Object.values(r.roles).some((role) => role !== undefined && isRoleValid(role, today));
  }
  return rows.sort((a, b) => collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName));
}

/** Search (case-insensitive substring of first name, last name or user id) and the active filter. */
export function filterRows(rows: readonly RightsRow[], search: string, filter: RightsFilter): RightsRow[] {
  const q = search.trim().toLowerCase();
  const wantActive = filter === 'active';
  const out: RightsRow[] = [];
  for (const r of rows) if (r.active === wantActive && (q === '' || r.searchKey.includes(q))) out.push(r);
  return out;
}

/** How many pages of the rights list `total` rows fill (the shared paging rule, domain/paging.ts). */
export const rightsPageCount = (total: number): number => pageCount(total, RIGHTS_PAGE_SIZE);

/** Page `page` (from 1, clamped) of the rights list. */
export const rightsPageOf = <T>(rows: readonly T[], page: number): T[] => pageOf(rows, page, RIGHTS_PAGE_SIZE).items;

/** What one cell shows: the rule shared with the user's roles view (domain/rights/validity.ts). */
export type RoleCell = SharedRoleCell<EnterpriseUserRole>;
export const roleCell = (role: EnterpriseUserRole | undefined, today: Date): RoleCell => sharedRoleCell(role, today);
