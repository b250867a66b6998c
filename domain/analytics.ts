/**
 * Page-view analytics (spec 1 §9: "Analytics tracking is active only in live run mode"): whether this browser
 * counts page views, and what a page view says. Pure rules: the root machine decides with them, src/app/system.ts
 * sends the hit to the Matomo-compatible endpoint of PortalConfig.analytics.
 *
 * Personal codes and customer ids never leave the browser: a page view names the route's template
 * (`/user-settings/edit/:fgid`), never the address on screen, and keeps a parameter's value only when the parameter
 * is known to hold none of them and the value is a plain word (a domain, a language, a service code).
 */
import type { PortalConfig } from './contract';

/** What the browser says of the person's wishes: Do Not Track and Global Privacy Control. */
export interface PrivacySignals {
  doNotTrack: boolean;
  globalPrivacyControl: boolean;
}

export interface PageView {
  /** the page's path below the portal's base, a template: '/user-settings/edit/:fgid' */
  path: string;
  /** the spec's component name of the page, as Matomo's action name: 'user-settings-edit' */
  title: string;
}

/** What the root machine is given to decide whether page views are counted. */
export type AnalyticsInput = Pick<PortalConfig, 'runMode' | 'analytics'> & { privacy: PrivacySignals };

/** Live run mode, an endpoint configured, and neither Do Not Track nor Global Privacy Control set. */
export function tracksPageViews({ runMode, analytics, privacy }: AnalyticsInput): boolean {
  return runMode === 'live' && !!analytics && !privacy.doNotTrack && !privacy.globalPrivacyControl;
}

/** Parameters that never hold a person's or a customer's id; every other parameter is a placeholder. */
const PLAIN_PARAMS: ReadonlySet<string> = new Set(['domain', 'language', 'service', 'modalName']);
/** a plain word: letters, '-' and '_' only, so no code or id (they hold digits) passes even in a plain parameter */
const PLAIN_VALUE = /^[A-Za-z][A-Za-z_-]{0,39}$/;

/**
 * The tracked path of a route (a TanStack Router route id such as '/user-settings/edit/$fgid') shown at `href`
 * (the router's href below the base, with its query): the route's template with each parameter as `:name`, a plain
 * parameter's plain value kept; never the query. A page that matched no route is '/not-found'.
 */
export function trackedPath(routeId: string, href: string): string {
  if (routeId === '__root__' || !routeId.startsWith('/')) return '/not-found';
  const shown = href.split(/[?#]/)[0].split('/');
  const path = routeId
    .replace(/\/+$/, '')
    .split('/')
    .map((segment, i) => {
      if (!segment.startsWith('$')) return segment;
      const name = segment.slice(1);
      const value = safeDecode(shown[i] ?? '');
      return PLAIN_PARAMS.has(name) && PLAIN_VALUE.test(value) ? value : `:${name || 'splat'}`;
    })
    .join('/');
  return path || '/';
}

/** What a page view of `routeId` (the spec's `component`, from the route's declaration) shown at `href` tells the analytics endpoint. */
export function pageView(routeId: string, component: string, href: string): PageView {
  return { path: trackedPath(routeId, href), title: component };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
