/** Domain rules: dates and role validity (spec 1 §4). Part of domain/rights (see index.ts). */
import { type RepresentationRight, type UserRole } from '../contract';

/** Day number yyyymmdd of a DD.MM.YYYY (or ISO YYYY-MM-DD) date; null when absent or unreadable. */
export function dayNumber(date: string | null | undefined): number | null {
  if (!date) return null;
  let m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(date.trim());
  if (m) return Number(m[3]) * 10_000 + Number(m[2]) * 100 + Number(m[1]);
  m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date.trim());
  if (m) return Number(m[1]) * 10_000 + Number(m[2]) * 100 + Number(m[3]);
  return null;
}

/** yyyymmdd of the local calendar day of `today`. */
function todayNumber(today: Date): number {
  return today.getFullYear() * 10_000 + (today.getMonth() + 1) * 100 + today.getDate();
}

/** The end date has passed. The end day itself still counts (spec 1 §4: "through the end of that day"). */
export function isRoleEnded(role: Pick<UserRole, 'end'>, today: Date): boolean {
  if (role.end == null || role.end === '') return false;
  const end = dayNumber(role.end);
  // An unreadable end date cannot prove the role is still running: treat it as ended.
  return end === null ? true : end < todayNumber(today);
}

/** The begin date is still ahead. */
function isRoleNotStarted(role: Pick<UserRole, 'begin'>, today: Date): boolean {
  if (role.begin == null || role.begin === '') return false;
  const begin = dayNumber(role.begin);
  return begin === null ? true : begin > todayNumber(today);
}

/** Spec 1 §4 role validity: valid unless notActive, begin in the future, or end passed. */
export function isRoleValid(role: UserRole, today: Date): boolean {
  return !role.notActive && !isRoleNotStarted(role, today) && !isRoleEnded(role, today);
}

/**
 * A right opens its party only while one of its roles is valid today (spec 1 §4 role validity): an ended,
 * not yet begun or inactive right is a row in the lists, never a way in, for the portal or any application.
 */
export function hasValidRole(
  right: Pick<RepresentationRight, 'userRoleList'> | null | undefined,
  today: Date,
): boolean {
  return !!right?.userRoleList.some((role) => isRoleValid(role, today));
}

/**
 * What a role cell shows, the one rule of the user's roles view and the rights list (spec 2 §2, §4 "A role with an
 * end date in the past is shown as no role"): no role (none, or ended), the role, or 'not active' (inactive, or not
 * yet begun).
 */
export type RoleCell<R extends Omit<UserRole, 'application'>> =
  { kind: 'role'; role: R } | { kind: 'none' } | { kind: 'notActive'; role: R };
export function roleCell<R extends Omit<UserRole, 'application'>>(role: R | undefined, today: Date): RoleCell<R> {
  if (!role || role.roleId === null || isRoleEnded(role, today)) return { kind: 'none' };
  return isRoleValid({ application: '', ...role }, today) ? { kind: 'role', role } : { kind: 'notActive', role };
}

export function roleFor(right: RepresentationRight | null | undefined, application: string): UserRole | undefined {
  return right?.userRoleList.find((r) => r.application === application);
}
