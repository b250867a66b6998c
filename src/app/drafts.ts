/**
 * Where the portal keeps a form's draft over a sign-on (spec 2 §2 session expiry; machines/pages.machine.ts): the
 * sign-on is a page load, so the drafts wait in this browser tab's sessionStorage, which the logout empties. Passwords
 * are never in a draft (domain/pages.ts draftOf).
 */
import type { Draft } from '../../domain/pages';

const KEY = 'epit.drafts';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled
  }
}

/** The drafts kept in this tab; a damaged entry counts as none. */
export function readDrafts(): Draft[] {
  const raw = storage()?.getItem(KEY);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (d): d is Draft =>
        typeof d === 'object' &&
        d !== null &&
        typeof (d as Draft).key === 'string' &&
        typeof (d as Draft).values === 'object',
    );
  } catch {
    return [];
  }
}

export function writeDrafts(drafts: Draft[]): void {
  const s = storage();
  if (!s) return;
  if (drafts.length) s.setItem(KEY, JSON.stringify(drafts));
  else s.removeItem(KEY);
}
