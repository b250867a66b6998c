import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { Portal } from './portal';
import { loginUrl, routeMeta, withReloadTimestamp } from '../../machines/lib/navigation/rules';
import type { NavTarget } from '../../machines/lib/rights';
import { currentTarget, redirectBrowser } from './browser';

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
  });
  // machines' navigation.requested (shell-events.ts): in-app targets go through the router (no page load)
  const navigateTo = (target: NavTarget): void => {
    switch (target.kind) {
      case 'path':
        return void router.navigate({ href: target.path });
      case 'redirect':
        return redirectBrowser(target.url);
      case 'dashboard':
        return void router.navigate({ to: '/dashboard' });
      case 'home':
        return void router.navigate({ to: '/' });
      case 'reload':
        // spec 1 §2: reloading the current route adds a timestamp query parameter
        return void router.navigate({
          to: '.',
          search: (prev) => withReloadTimestamp(prev, Date.now()),
          replace: true,
        });
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
    const leaf = matches[matches.length - 1];
    if (leaf) portal.navigation.send({ type: 'navigation.rendered', routeId: leaf.routeId, href: location.href });
    portal.routeResolved({ path: location.href, params: leaf?.params ?? {}, application: location.search.application });
    const external = matches.some((m) => routeMeta(m.routeId).layoutExternal);
    document.body.classList.add('layout-wide');
    document.body.classList.toggle('layout-external', external);
    // signed out on a public page: ask single sign-on whether a session exists elsewhere (once per tab; its code
    // loads then, issue 12). A failure is only logged (spec 1 §8)
    if (leaf && portal.session.getSnapshot().matches('signedOut') && routeMeta(leaf.routeId).access === 'public') {
      import('./ticket-check')
        .then(({ checkTicketOnce }) => checkTicketOnce(portal.config))
        .then((hasTicket) => {
          if (hasTicket && portal.session.getSnapshot().matches('signedOut'))
            redirectBrowser(loginUrl(portal.config.securityUrl, currentTarget()));
        })
        .catch((error: unknown) => console.warn(error));
    }
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createPortalRouter>;
  }
}
