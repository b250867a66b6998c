/**
 * What a route is, declared once in its own file as its `staticData` (TanStack Router's static route data): its
 * access rule, the lazily loaded parts and texts its views need, its layout, whether it hosts an external
 * application, and what a party switch does to it. The guard, the parts loader, the layout and the external pages
 * read these facts from the matched route; the machines get them as data in the events the router sends.
 *
 * Every field without `?` is required: the declaration merging below makes `staticData` itself required in every
 * route's options (router-core's UpdatableStaticRouteOption turns optional into required once
 * StaticDataRouteOption has a required member), so a route file that leaves it out, or one of its facts, fails
 * `tsc`.
 */
import type { ParsedLocation } from '@tanstack/react-router';
import type { Wrapper } from '../../domain/external';
import type { RouteFacts } from '../../domain/navigation/rules';
import type { RouteOnScreen } from '../../machines/portal.types';
import type { MessagePart } from '../i18n/message-parts';
import type { Parts } from './portal';

export interface RouteStaticData extends RouteFacts {
  /** the portal's parts (each a chunk of its own) the route's views read; loaded before any of them renders */
  parts: readonly (keyof Parts)[];
  /** texts beyond the first screen's that the route shows besides its parts' own (src/i18n/message-parts.ts) */
  texts?: readonly MessagePart[];
  /** spec 1 §2 "Root layout": 'external' is the external application hosts' layout (body class layout-external) */
  layout: 'portal' | 'external';
  /**
   * an external application page (spec 1 §2) hosting the application in the portal's frame: its wrapper, and the
   * service when the route has no `$service` parameter (the order-system wrapper hosts OSS); null on other pages
   */
  external: { wrapper: Wrapper; service?: string } | null;
  /**
   * spec 1 §4 "Context changes": when the person switches the represented party on this page, the page stays and
   * shows the application for the new party ('stay'), or the home page opens ('home')
   */
  afterPartySwitch: 'stay' | 'home';
}

declare module '@tanstack/react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging, TanStack Router's way
  interface StaticDataRouteOption extends RouteStaticData {}
}

/** What the router bridge (router.tsx) tells the root of the route on screen: its deepest match's declaration, its
 * parameters and the location's hash. */
export function routeOnScreen(
  matches: readonly { staticData: Partial<RouteStaticData>; params: Partial<Record<string, string>> }[],
  location: Pick<ParsedLocation, 'hash'>,
): RouteOnScreen {
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
