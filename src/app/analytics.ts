/**
 * The browser side of page-view analytics (spec 1 §9): the hit, a request of Matomo's HTTP tracking API
 * (`matomo.php?idsite=…&rec=1&url=…&action_name=…`). The root machine decides whether a page is counted and what it
 * is called (domain/analytics.ts); this only sends. Loaded with the first counted page view (src/app/system.ts):
 * a portal without an endpoint, or a browser asking not to be tracked, never fetches it.
 */
import type { PageView } from '../../domain/analytics';
import type { PortalConfig } from '../../domain/contract';

type Analytics = NonNullable<PortalConfig['analytics']>;

/**
 * The tracking request of one page view: the page's template under the portal's address and its name, nothing
 * else about the visit (no referrer, no visitor id, no resolution). `rand` defeats caches between the browser and
 * the endpoint, as Matomo's own tracker does.
 */
export function hitUrl(analytics: Analytics, view: PageView, page: { origin: string; baseUrl: string }, rand: string) {
  const url = new URL(analytics.url);
  const base = page.baseUrl.replace(/\/+$/, '');
  url.search = new URLSearchParams({
    idsite: String(analytics.siteId),
    rec: '1',
    apiv: '1',
    url: `${page.origin}${base}${view.path === '/' ? '/' : view.path}`,
    action_name: view.title,
    send_image: '0',
    rand,
  }).toString();
  return url.toString();
}

/**
 * Sends one page view. Cookieless: `credentials: 'omit'` keeps the endpoint's cookies out (navigator.sendBeacon
 * always sends them), and `no-referrer` keeps the address on screen, which may hold a personal code, out of the
 * Referer header. `keepalive` lets the request outlive a page being left. A failure is not the person's concern.
 */
export function sendPageView(config: PortalConfig, view: PageView): void {
  if (!config.analytics) return;
  const rand = String(Math.floor(Math.random() * 1e9));
  const url = hitUrl(config.analytics, view, { origin: window.location.origin, baseUrl: config.baseUrl }, rand);
  fetch(url, {
    mode: 'no-cors',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    keepalive: true,
    cache: 'no-store',
  }).catch(() => undefined);
}
