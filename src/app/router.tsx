import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { Portal } from './portal';
import type { NavTarget } from '../../domain/rights';
import { redirectBrowser } from './browser';
import { pageShown } from './release';
import { routeOnScreen } from './route-meta';
import { RouteError } from '../features/shell';

/** What every route sees as `context` (beforeLoad, loaders, useRouteContext). */
export interface RouterContext {
  portal: Portal;
  session: Portal['session'];
  navigation: Portal['navigation'];
  queryClient: Portal['queryClient'];
  config: Portal['config'];
}

export function createPortalRouter(portal: Portal) {
  const context: RouterContext = {
    portal,
    session: portal.session,
    navigation: portal.navigation,
    queryClient: portal.queryClient,
    config: portal.config,
  };
  const router = createRouter({
    routeTree,
    basepath: portal.config.baseUrl.replace(/\/+$/, '') || '/ui',
    context,
    defaultPreload: false,
    scrollRestoration: true,
    // every route's failure (a code file a release removed, a loader's error) in the portal's own look
    defaultErrorComponent: RouteError,
  });
  // the portal's `navigate` (a machine's navigation.requested): in-app targets go through the router (no page load)
  const navigateTo = (target: NavTarget): void => {
    switch (target.kind) {
      case 'path': {
        // the order system's place rides in the portal's hash (spec 1 §4 OSS hash sync)
        const hash = target.keepHash ? router.state.location.hash : '';
        return void router.navigate({ href: hash ? `${target.path}#${hash}` : target.path, replace: target.replace });
      }
      case 'hash':
        // the order system's own navigation already made the history entry: replace it, keep the scroll
        return void router.navigate({
          to: '.',
          search: true,
          hash: target.hash,
          replace: true,
          resetScroll: false,
        });
      case 'redirect':
        return redirectBrowser(target.url);
      case 'dashboard':
        return void router.navigate({ to: '/dashboard' });
      case 'home':
        return void router.navigate({ to: '/' });
      case 'restore': {
        const here = router.state.location.href;
        if (!target.path || target.path === '/') return void router.navigate({ to: '/dashboard' });
        if (target.path !== here) return void router.navigate({ href: target.path });
        return;
      }
    }
  };
  portal.navigator.attach({ navigateTo, goHome: () => void router.navigate({ to: '/', replace: true }) });
  // Navigation events (spec 1 §4 "Navigation events"), mapped onto TanStack Router's lifecycle:
  // - pre-navigate and start-navigate: the root route's beforeLoad (guard.ts; a tracker may veto the start there);
  // - pre-partial: the guard allowed the start, so the router goes on to the route's "partial": its lazily loaded
  //   chunk and its pending data (route loaders). The machine emits it with start-navigate, because the router's
  //   own onBeforeLoad fires before beforeLoad, that is before pre-navigate;
  // - post-partial: router 'onLoad' (chunks and loaders done, the new matches committed);
  // - post-navigate, url-changed, route-updated: router 'onResolved' (the routed view is on screen);
  // - language-changed: the session's language (navigation-events.ts).
  router.subscribe('onLoad', () => portal.navigation.send({ type: 'navigation.loaded' }));
  router.subscribe('onResolved', () => {
    const { matches, location } = router.state;
    if (!matches.some((m) => m.status === 'error')) pageShown(location.pathname);
    const leaf = matches[matches.length - 1];
    if (leaf)
      portal.navigation.send({
        type: 'navigation.rendered',
        routeId: leaf.routeId,
        component: leaf.staticData.component,
        href: location.href,
      });
    // the first page a signed-in person sees: the portal asks whom they represent (spec 1 §4 "Login state")
    const params: Partial<Record<string, string>> = leaf?.params ?? {};
    portal.root.send({
      type: 'route.resolved',
      path: location.href,
      params: {
        modalName: params.modalName ?? null,
        application: location.search.application ?? params.application ?? null,
      },
      // what the route declares and where it is: the open page hears it, the party switch reads it
      route: routeOnScreen(matches, location),
    });
    const external = matches.some((m) => m.staticData.layout === 'external');
    document.body.classList.add('layout-wide');
    document.body.classList.toggle('layout-external', external);
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createPortalRouter>;
  }
}
