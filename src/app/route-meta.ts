/**
 * What a route declares about itself for the portal's machines, as its `staticData` (TanStack Router's
 * `StaticDataRouteOption`), and how the router bridge (router.tsx) turns the resolved route into the root's
 * `route.resolved` facts: the machines read the route's declaration, never a list of route ids.
 */
import type { ParsedLocation } from '@tanstack/react-router';
import type { RouteFacts } from '../../machines/lib/portal';
import type { Wrapper } from '../../machines/lib/external';

export interface PortalRouteMeta {
  /**
   * An external application page (spec 1 §2): the page that hosts the application, and the service when the route
   * has no `$service` parameter (the order-system wrapper hosts OSS).
   */
  external?: { wrapper: Wrapper; service?: string };
  /**
   * After a switch of the represented party (spec 1 §4 "Changing the represented party"): 'stay' keeps the page,
   * which reloads for the new party (the external application pages, the spec's proxy view); 'home' (the default)
   * opens the home page.
   */
  afterPartySwitch?: 'stay' | 'home';
}

declare module '@tanstack/react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface StaticDataRouteOption extends PortalRouteMeta {}
}

/** The facts of the route on screen: its deepest match's declaration, its parameters and the location's hash. */
export function routeFacts(
  matches: readonly { staticData: PortalRouteMeta; params: Partial<Record<string, string>> }[],
  location: Pick<ParsedLocation, 'hash'>,
): RouteFacts {
  const leaf = matches.at(-1);
  const meta = leaf?.staticData ?? {};
  const params = leaf?.params ?? {};
  const service = params.service ?? meta.external?.service;
  return {
    hash: location.hash,
    external: meta.external && service ? { service, wrapper: meta.external.wrapper } : null,
    afterPartySwitch: meta.afterPartySwitch ?? 'home',
  };
}
