import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router';
import { guardNavigation } from '../app/guard';
import { NotFound, PageLoading, RootLayout } from '../features/shell';
import { rootSearch } from './-search';
import { reloadOnceFor, isCodeLoadError, takesNewerBuild } from '../app/release';

export const Route = createRootRouteWithContext<RouterContext>()({
  staticData: {
    component: 'not-found',
    access: 'public',
    parts: [],
    layout: 'portal',
    external: null,
    afterPartySwitch: 'home',
  },
  // application and the reload timestamp, for every page (./-search.ts)
  validateSearch: rootSearch,
  // one guard for every navigation: session first, then the navigation machine's decision
  beforeLoad: async ({ context, location, matches, preload }) => {
    if (preload) return;
    // a newer build is served (src/app/release.ts): a navigation to another page loads it, the history already
    // holds the address asked for, and the kept drafts wait in the tab's sessionStorage
    if (takesNewerBuild(location.pathname)) {
      window.location.reload();
      return new Promise<never>(() => {});
    }
    // the route on screen is the last match (the root itself on a page no route matched); its facts are its staticData
    const leaf = matches[matches.length - 1];
    await guardNavigation({
      portal: context.portal,
      location,
      routeId: leaf.routeId,
      route: leaf.staticData,
      params: leaf.params,
    });
    // the parts of the portal the route's views read (their own chunks), before any of them renders
    await context.portal.loadPartsFor(leaf.staticData).catch(reloadOrThrow);
  },
  component: RootLayout,
  // the first load's loading state while the guard waits for the session (a slow API)
  pendingComponent: PageLoading,
  notFoundComponent: NotFound,
});

/** A part's code file that a release removed: the page loads once more at this address, else the error page shows. */
function reloadOrThrow(error: unknown): Promise<never> {
  if (isCodeLoadError(error) && reloadOnceFor(window.location.href)) return new Promise<never>(() => {});
  throw error;
}
