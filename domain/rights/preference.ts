/** Domain rules: preference and root redirect (spec 1 §4). Part of domain/rights (see index.ts). */
import { NOPREFERENCE, type Preference, type UserContext } from '../contract';
import { isRoleValid } from './validity';

export type NavTarget =
  /**
   * an in-app path (below the /ui base); `replace`: the page replaces itself in the history (Back must not land on a
   * redirect again); `keepHash`: the address keeps the portal's current hash (the order system's place, spec 1 §4)
   */
  | { kind: 'path'; path: string; replace?: boolean; keepHash?: boolean }
  /** the page on screen with another hash (no '#'), replacing its history entry, without scrolling (spec 1 §4) */
  | { kind: 'hash'; hash: string }
  | { kind: 'redirect'; url: string } // full page redirect
  | { kind: 'dashboard' }
  | { kind: 'home' }
  | { kind: 'restore'; path: string | null };

/** The preference in force: the context's preference, else the principal's cached one. */
export function effectivePreference(
  ctx: Pick<UserContext, 'preference' | 'epitPrincipal'> | null | undefined,
): Preference | null {
  return ctx?.preference ?? ctx?.epitPrincipal?.userPreference ?? null;
}

/** The in-app path after '/ui' of a URL, or null when the URL has no '/ui/' segment (→ full page redirect). */
export function inAppPath(url: string): string | null {
  const i = url.indexOf('/ui/');
  if (i < 0) return null;
  return url.slice(i + 3) || '/';
}

/** Where a service URL leads: in-app path, or a full page redirect when it has no /ui/ segment. */
export function serviceUrlTarget(url: string): NavTarget {
  const path = inAppPath(url);
  return path === null ? { kind: 'redirect', url } : { kind: 'path', path };
}

/**
 * Preference after a pick (spec 1 §4 "Picking in the choice modal"): skipped (null) when an `application` URL
 * parameter exists, the preference is absent or NOPREFERENCE; otherwise the in-app path after '/ui', or a full page
 * redirect when the URL has no '/ui/' segment.
 */
export function preferenceTarget(
  preference: Preference | null | undefined,
  params: { application?: string | null },
): NavTarget | null {
  if (params.application) return null;
  const url = preference?.serviceUrl;
  if (!url || url === NOPREFERENCE) return null;
  return serviceUrlTarget(url);
}

export interface RootRedirectInput {
  signedIn: boolean;
  preference: Preference | null | undefined;
  params: { modalName?: string | null; application?: string | null };
  /** the first route load of this page */
  firstLoad: boolean;
  /** the current component is the index (the root route) */
  atIndex: boolean;
}
/**
 * Spec 1 §4 root redirect: a signed-in user at / goes to the stored preferred service URL when there is no modalName
 * or application parameter, it is the first load and the current component is the index; otherwise to the
 * dashboard. Signed out: null (the root route's own rule, e.g. login, applies).
 */
export function rootRedirect(input: RootRedirectInput): NavTarget | null {
  if (!input.signedIn) return null;
  if (!input.params.modalName && input.firstLoad && input.atIndex) {
    const target = preferenceTarget(input.preference, input.params);
    if (target) return target;
  }
  return { kind: 'dashboard' };
}

/**
 * The represented party the preference names, when the root redirect must switch to it before it follows the
 * preferred service URL ("the next login applies the preference"): a real party (not NOPREFERENCE), other
 * than the current one: the user's own entry, or a party in which the user holds a role valid today (spec 1 §4 role
 * validity; the server refuses any other). Null: nothing to switch.
 */
export function preferredRepresentedToApply(
  ctx: Pick<UserContext, 'preference' | 'epitPrincipal'> | null | undefined,
  today: Date,
): string | null {
  const gid = effectivePreference(ctx)?.representedId;
  const principal = ctx?.epitPrincipal;
  if (!principal || !gid || gid === NOPREFERENCE || principal.represented?.gid === gid) return null;
  const right = principal.representationRightsCache[gid];
  if (!right) return null;
  const own = gid === principal.representative.id;
  return own || right.userRoleList.some((role) => isRoleValid(role, today)) ? gid : null;
}
