/**
 * The browser as the portal drives it: full page loads, the page being shown, and the navigator that carries out
 * the machines' `navigation.requested` (domain/shell-events.ts) — page loads until the router takes over.
 */
import type { NavTarget } from '../../domain/rights';

/** A full page redirect (the browser leaves the SPA). */
export function redirectBrowser(url: string): void {
  window.location.assign(url);
}

/** The page as the browser shows it, for ?target= (the server brings the user back there). */
export function currentTarget(): string {
  return window.location.pathname + window.location.search;
}

/** Where the portal goes when a machine or the API asks. */
interface Navigator {
  /** carries out a machine's `navigation.requested` */
  navigateTo(target: NavTarget): void;
  /** the index page (e.g. after a 403 while signed in) */
  goHome(): void;
}

/** A navigator that the router takes over once it exists (router.tsx); until then every target is a page load. */
export interface AttachableNavigator extends Navigator {
  attach(router: Navigator): void;
}

export function createNavigator(baseUrl: string): AttachableNavigator {
  const base = baseUrl.replace(/\/+$/, '');
  let router: Navigator | null = null;
  const pageLoad = (target: NavTarget) => {
    if (target.kind === 'redirect') redirectBrowser(target.url);
    else if (target.kind === 'path') redirectBrowser(base + target.path);
    else if (target.kind === 'hash') window.location.replace(`#${target.hash}`);
    else if (target.kind === 'restore') {
      if (target.path) redirectBrowser(base + target.path);
      else redirectBrowser(`${base}/dashboard`);
    } else redirectBrowser(`${base}/${target.kind === 'home' ? '' : 'dashboard'}`);
  };
  return {
    navigateTo: (target) => (router ? router.navigateTo(target) : pageLoad(target)),
    goHome: () => (router ? router.goHome() : redirectBrowser(`${base}/`)),
    attach: (r) => {
      router = r;
    },
  };
}
