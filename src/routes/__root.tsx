import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router';
import { guardNavigation } from '../app/guard';
import { NotFound, PageLoading, RootLayout } from '../features/shell';
import { rootSearch } from './-search';

export const Route = createRootRouteWithContext<RouterContext>()({
  // application and the reload timestamp, for every page (./-search.ts)
  validateSearch: rootSearch,
  // one guard for every navigation: session first, then the navigation machine's decision
  beforeLoad: async ({ context, location, matches, preload }) => {
    if (preload) return;
    const leaf = matches[matches.length - 1];
    await guardNavigation({
      portal: context.portal,
      location,
      routeId: leaf?.routeId ?? '__root__',
      params: leaf?.params ?? {},
    });
    // the parts of the portal the route's views read (their own chunks), before any of them renders
    if (leaf) await context.portal.loadPartsFor(leaf.routeId);
  },
  component: RootLayout,
  // the first load's loading state while the guard waits for the session (a slow API)
  pendingComponent: PageLoading,
  notFoundComponent: NotFound,
});
