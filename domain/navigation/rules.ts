/**
 * Pure navigation decisions (spec 1 §2 routes, §4 navigation events).
 * The navigation machine uses these; the router's beforeLoad feeds them through the machine.
 *
 * What a route is (its access rule, its component name, whether it loads only the simple context) is declared once,
 * in the route's own file as its `staticData` (src/app/route-meta.ts); the router hands those facts to the machines
 * with each navigation, so no table of route ids lives here.
 */

export type RouteAccess =
  /** noAuth pages: anybody */
  | 'public'
  /** needs a principal; optional privileges (any of) */
  | 'protected'
  /** external application hosts: exempt from the authorisation check when a principal exists */
  | 'external';

/** The facts of a route the machines decide with: the part of its staticData that is not about the browser. */
export interface RouteFacts {
  /** the spec's component name (used in messages, navigation events and page views) */
  component: string;
  access: RouteAccess;
  /** any of these privileges authorises the route (protected routes only) */
  privileges?: readonly string[];
  /** load only the simple user context (spec 1 §4 Login state) */
  simpleContext?: boolean;
}

/**
 * The paths (below the portal's base) whose pages load only the simple user context: the server then does not hint
 * the full context to the browser ahead of the page. The server does not load the routes, so this is their
 * declaration `simpleContext: true` as path prefixes; src/routes/-route-facts.test.ts fails when the two differ.
 */
export const SIMPLE_CONTEXT_PATHS: readonly string[] = ['/user-add/edit/'];

/** The in-app home (spec 1 §2: a failed or disallowed navigation goes home). */
const HOME_PATH = '/' as const;

/** Routes to the security service carry the target page (spec 1 §7). */
export function loginUrl(securityUrl: string, target: string): string {
  const sep = securityUrl.includes('?') ? '&' : '?';
  return `${securityUrl}${sep}target=${encodeURIComponent(target)}`;
}

/**
 * The security service's base (spec 1 §7: single-signout is POSTed "to the security base", not to the API base):
 * the configured sign-on address without its query and its last path segment ('/api/security/login' →
 * '/api/security'), so a security service on another host or path than the API is asked at its own address.
 */
export function securityBase(securityUrl: string): string {
  const path = securityUrl.split(/[?#]/)[0].replace(/\/+$/, '');
  return path.slice(0, path.lastIndexOf('/'));
}

export interface NavigationRequest {
  routeId: string;
  /** the route's declared facts (its staticData) */
  route: RouteFacts;
  /** the page as the browser shows it, path + search, including the base ('/ui/dashboard?x=1') */
  target: string;
  signedIn: boolean;
  privileges: readonly string[];
  securityUrl: string;
}

export type NavigationDecision =
  | { kind: 'allow' }
  | { kind: 'login'; url: string }
  | { kind: 'denied'; to: typeof HOME_PATH; messageKey: 'error.noRights' }
  | CancelledDecision;

/**
 * A navigation tracker's veto of a start (spec 1 §4 "Navigation events"): the reason, and optionally where to go
 * instead (an in-app address such as '/user-settings/edit/'); without one the navigation goes home (spec 1 §2).
 */
export interface NavigationVeto {
  cancel: string;
  reroute?: string;
}

export interface CancelledDecision {
  kind: 'cancelled';
  component: string;
  reason: string;
  /** home, or the tracker's rerouting target */
  to: string;
  messageKey: 'error.navigation.cancelled';
  /** spec 1 §8: 'Navigation to {component} cancelled: {reason}' (the rejection's message) */
  message: string;
}

/** The decision after a tracker vetoed the start of a navigation to `component`. */
export function cancelledDecision(component: string, veto: NavigationVeto): CancelledDecision {
  return {
    kind: 'cancelled',
    component,
    reason: veto.cancel,
    to: veto.reroute ?? HOME_PATH,
    messageKey: 'error.navigation.cancelled',
    message: `Navigation to ${component} cancelled: ${veto.cancel}`,
  };
}

/** What a newly rendered address means for the url-changed and route-updated events (spec 1 §4). */
export function locationChanges(
  shown: { routeId: string | null; href: string | null },
  rendered: { routeId: string; href: string },
): { urlChanged: boolean; routeUpdated: boolean } {
  const urlChanged = rendered.href !== shown.href;
  // the same route stays on screen with new parameters or query: its view is kept and updated
  return { urlChanged, routeUpdated: urlChanged && shown.href !== null && shown.routeId === rendered.routeId };
}

function isAuthorised(meta: RouteFacts, signedIn: boolean, privileges: readonly string[]): boolean {
  if (meta.access === 'public') return true;
  if (!signedIn) return false;
  // spec 1 §2: external routes are exempt from the authorisation redirect when a principal exists
  if (meta.access === 'external') return true;
  if (!meta.privileges || meta.privileges.length === 0) return true;
  return meta.privileges.some((p) => privileges.includes(p));
}

/** The decision for one navigation, in spec order: authentication, then authorisation. */
export function decideNavigation(req: NavigationRequest): NavigationDecision {
  const meta = req.route;
  if (meta.access !== 'public' && !req.signedIn) return { kind: 'login', url: loginUrl(req.securityUrl, req.target) };
  if (!isAuthorised(meta, req.signedIn, req.privileges))
    return { kind: 'denied', to: HOME_PATH, messageKey: 'error.noRights' };
  return { kind: 'allow' };
}
