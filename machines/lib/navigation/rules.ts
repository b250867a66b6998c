/**
 * Pure navigation decisions (spec 1 §2 routes, §4 navigation events).
 * The navigation machine uses these; the router's beforeLoad feeds them through the machine.
 *
 * Route ids are TanStack Router route ids (file-route paths, e.g. '/user-add/edit/$key').
 * Later issues add their routes to ROUTES below (one line each).
 */

type RouteAccess =
  /** noAuth pages: anybody */
  | 'public'
  /** needs a principal; optional privileges (any of) */
  | 'protected'
  /** external application hosts: exempt from the authorisation check when a principal exists */
  | 'external';

export interface RouteMeta {
  /** the spec's component name (used in messages and in the session: user-add-edit loads the simple context) */
  component: string;
  access: RouteAccess;
  /** any of these privileges authorises the route (protected routes only) */
  privileges?: readonly string[];
  /** load only the simple user context (spec 1 §4 Login state) */
  simpleContext?: boolean;
  /** body class layout-external (spec 1 §2 Root layout) */
  layoutExternal?: boolean;
}

const ROUTES: Record<string, RouteMeta> = {
  '/': { component: 'index', access: 'public' },
  /** not-found pages render under the root route */
  __root__: { component: 'not-found', access: 'public' },
  '/dashboard': { component: 'epit-dashboard', access: 'protected' },
  '/dashboard/$domain/$language/$modalName': { component: 'epit-dashboard', access: 'protected' },
  '/home/show/$domain/$language/$modalName': { component: 'epit-dashboard', access: 'protected' },
  '/user-settings/edit/': { component: 'user-settings-edit', access: 'protected' },
  '/user-settings/edit/$fgid': { component: 'user-settings-edit', access: 'protected' },
  '/user-add/edit/$key': { component: 'user-add-edit', access: 'public', simpleContext: true },
  // the terms of use of the signed-in person, the reset link, the developer pages
  '/user-add/edit/': { component: 'user-add-edit', access: 'public', simpleContext: true },
  '/user-add/reset-password/$key': { component: 'user-add-reset-password', access: 'public' },
  '/osgi-admin': { component: 'osgi-admin', access: 'protected', privileges: ['DEPLOYMENT_ADMIN'] },
  '/test-component/$id': { component: 'test-component', access: 'protected' },
  '/test/show': { component: 'test-show', access: 'protected' },
  '/test/ax': { component: 'test-ax', access: 'protected' },
  '/finance/error/unavailable': { component: 'finance-unavailable', access: 'public' },
  '/customer-search': {
    component: 'customer-search',
    access: 'protected',
    privileges: ['EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER'],
  },
  '/external/$service': { component: 'external-service', access: 'external', layoutExternal: true },
  '/oss-wrapper': { component: 'oss-wrapper', access: 'external', layoutExternal: true },
  // link targets that later issues build (each a plain "coming" page until then)
  '/user-settings/roles/': { component: 'user-settings-roles', access: 'protected' },
  '/user-settings/roles/$fgid': { component: 'user-settings-roles', access: 'protected' },
  '/user-settings/password/': { component: 'user-settings-password', access: 'protected' },
  '/user-settings/password/$fgid': { component: 'user-settings-password', access: 'protected' },
  '/user-settings/preferences/': { component: 'user-settings-preferences', access: 'protected' },
  '/user-settings/preferences/$fgid': { component: 'user-settings-preferences', access: 'protected' },
  '/user-settings/link/$domain/$language': { component: 'user-settings-link', access: 'protected' },
  '/settings/represented/$jgid': { component: 'represented-settings-edit', access: 'protected' },
  '/settings/rights/$jgid': { component: 'represented-settings-rights', access: 'protected' },
  '/settings/represented/': { component: 'represented-settings-edit', access: 'protected' },
  '/settings/rights/': { component: 'represented-settings-rights', access: 'protected' },
  '/logistics/': { component: 'logistics', access: 'external', layoutExternal: true },
  '/logistics/resolve': { component: 'logistics-resolve', access: 'external', layoutExternal: true },
  '/business/$domain/$language/$service': { component: 'business-service', access: 'external', layoutExternal: true },
  '/private/$domain/$language/$service': { component: 'private-service', access: 'external', layoutExternal: true },
};

/** Unknown routes are treated as protected: safer to ask for a login than to show too much. */
export function routeMeta(routeId: string): RouteMeta {
  return ROUTES[routeId] ?? { component: routeId, access: 'protected' };
}

/**
 * The paths (below the portal's base) whose pages load only the simple user context: the server then does not hint
 * the full context to the browser ahead of the page.
 */
export const SIMPLE_CONTEXT_PATHS: readonly string[] = Object.entries(ROUTES)
  .filter(([, meta]) => meta.simpleContext)
  .map(([id]) => id.split('$')[0]);

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

function isAuthorised(meta: RouteMeta, signedIn: boolean, privileges: readonly string[]): boolean {
  if (meta.access === 'public') return true;
  if (!signedIn) return false;
  // spec 1 §2: external routes are exempt from the authorisation redirect when a principal exists
  if (meta.access === 'external') return true;
  if (!meta.privileges || meta.privileges.length === 0) return true;
  return meta.privileges.some((p) => privileges.includes(p));
}

/** The decision for one navigation, in spec order: authentication, then authorisation. */
export function decideNavigation(req: NavigationRequest): NavigationDecision {
  const meta = routeMeta(req.routeId);
  if (meta.access !== 'public' && !req.signedIn) return { kind: 'login', url: loginUrl(req.securityUrl, req.target) };
  if (!isAuthorised(meta, req.signedIn, req.privileges))
    return { kind: 'denied', to: HOME_PATH, messageKey: 'error.noRights' };
  return { kind: 'allow' };
}
