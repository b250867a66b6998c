import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router';
import { guardNavigation } from '../app/guard';
import { NotFound, RootLayout } from '../features/shell';
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
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});
