import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router';
import { guardNavigation } from '../app/guard';
import { RootLayout } from '../features/shell';
import { NotFound } from '../features/shell';

export const Route = createRootRouteWithContext<RouterContext>()({
  // one guard for every navigation: session first, then the navigation machine's decision
  beforeLoad: async ({ context, location, matches, preload }) => {
    if (preload) return;
    const leaf = matches[matches.length - 1];
    await guardNavigation({
      portal: context.portal,
      location,
      routeId: leaf?.routeId ?? '__root__',
      params: (leaf?.params ?? {}) as Record<string, string | undefined>,
    });
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});
