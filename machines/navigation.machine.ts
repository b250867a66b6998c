/**
 * Navigation guard and navigation events (spec 1 §2 and §4 "Navigation events"), in the spec's order:
 * pre-navigate, start-navigate, pre-partial, post-partial, post-navigate; also url-changed and route-updated.
 *
 * The router's beforeLoad (src/app/guard.ts) sends `navigation.request` (with what it knows of the session) and
 * waits with `waitFor(actor, s => s.context.requestId === id && (s.hasTag('starting') || s.hasTag('decided')))`.
 * The request carries the route's declared facts (its access rule and component name: the route's staticData), so
 * the machine needs no table of routes. The decision itself is the pure `decideNavigation` of
 * domain/navigation/rules.ts:
 *   allow → starting: the app asks the navigation trackers' start hooks and answers `navigation.started` or
 *     `navigation.vetoed` (a tracker can veto a start; spec 1 §4);
 *       started → navigating (start-navigate, pre-partial) → `navigation.loaded` (post-partial) →
 *         `navigation.rendered` (post-navigate);
 *       vetoed → cancelled: 'Navigation to {component} cancelled: {reason}' (error.navigation.cancelled), and the
 *         navigation goes home, or to the tracker's rerouting target (spec 1 §2);
 *   login → redirectingToLogin (the app sends the browser to decision.url);
 *   denied → denied ('No rights to access component', home).
 *
 * `navigation.rendered` also records the route and address on screen (`currentRouteId`, `currentHref`; null until
 * the first route of this page load has rendered: the root redirect's "first load", spec 1 §4 "Root redirect"). A
 * new address emits url-changed; a new address on the route already shown (the view is kept, only its parameters
 * or query changed) emits route-updated.
 *
 * Emitted for listeners: navigation.preNavigate, navigation.startNavigate, navigation.prePartial,
 * navigation.postPartial, navigation.postNavigate, navigation.urlChanged, navigation.routeUpdated,
 * navigation.cancelled, toast.show (denied, cancelled).
 */
import { assign, emit, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { report, reporter } from '../domain/report';
import {
  cancelledDecision,
  decideNavigation,
  locationChanges,
  type NavigationDecision,
  type NavigationRequest,
  type NavigationVeto,
} from '../domain/navigation/rules';
import type { ToastRequest } from './toasts.machine';

export type { NavigationVeto } from '../domain/navigation/rules';

export interface NavigationContext {
  requestId: number;
  request: NavigationRequest | null;
  decision: NavigationDecision | null;
  /** the route currently shown (after post-navigate); null until the first route of this page load rendered */
  currentRouteId: string | null;
  /** the address currently shown (router href, without the base); null until the first route rendered */
  currentHref: string | null;
}

export type NavigationEvent =
  | ({ type: 'navigation.request'; requestId: number } & NavigationRequest)
  /** no tracker vetoed the start of request `requestId` */
  | { type: 'navigation.started'; requestId: number }
  /** a tracker vetoed the start of request `requestId` */
  | { type: 'navigation.vetoed'; requestId: number; veto: NavigationVeto }
  /** the router has loaded the route's partial: its lazily loaded chunk and its pending data (loaders) */
  | { type: 'navigation.loaded' }
  | ({ type: 'navigation.rendered'; href: string } & RouteInfo);

interface RouteInfo {
  routeId: string;
  component: string;
}

export type NavigationEmitted =
  | ({ type: 'navigation.preNavigate' } & RouteInfo)
  | ({ type: 'navigation.startNavigate' } & RouteInfo)
  | ({ type: 'navigation.prePartial' } & RouteInfo)
  | ({ type: 'navigation.postPartial' } & RouteInfo)
  | ({ type: 'navigation.postNavigate' } & RouteInfo)
  | ({ type: 'navigation.urlChanged'; href: string; previousHref: string | null } & RouteInfo)
  | ({ type: 'navigation.routeUpdated'; href: string; previousHref: string } & RouteInfo)
  | ({ type: 'navigation.cancelled'; reason: string; to: string; message: string } & RouteInfo)
  | { type: 'toast.show'; toast: ToastRequest };

const requested = (context: NavigationContext): RouteInfo => ({
  routeId: context.request?.routeId ?? '',
  component: context.request?.route.component ?? '',
});

const tell = reporter<NavigationContext, NavigationEvent, NavigationEmitted>();

export const navigationMachine = setup({
  types: { context: {} as NavigationContext, events: {} as NavigationEvent, emitted: {} as NavigationEmitted },
  actions: {
    decide: assign((_, { requestId, ...request }: { requestId: number } & NavigationRequest) => ({
      requestId,
      request,
      decision: decideNavigation(request),
    })),
    cancel: assign(({ context }, { veto }: { veto: NavigationVeto }) => ({
      decision: cancelledDecision(requested(context).component, veto),
    })),
    emitPreNavigate: emit(({ context }) => ({ type: 'navigation.preNavigate' as const, ...requested(context) })),
    emitStartNavigate: emit(({ context }) => ({ type: 'navigation.startNavigate' as const, ...requested(context) })),
    emitPrePartial: emit(({ context }) => ({ type: 'navigation.prePartial' as const, ...requested(context) })),
    emitPostPartial: emit(({ context }) => ({ type: 'navigation.postPartial' as const, ...requested(context) })),
    emitPostNavigate: emit((_, { routeId, component }: RouteInfo) => ({
      type: 'navigation.postNavigate' as const,
      routeId,
      component,
    })),
    /** the route and address now on screen; url-changed and route-updated when they say so */
    recordRendered: enqueueActions(
      ({ context, enqueue, self }, { routeId, component, href }: RouteInfo & { href: string }) => {
        const changes = locationChanges(
          { routeId: context.currentRouteId, href: context.currentHref },
          { routeId, href },
        );
        const previousHref = context.currentHref;
        // the portal keeps the address for those that name it (the customer-add flow's return address), and counts
        // a page view of the route (spec 1 §9)
        if (changes.urlChanged)
          report(enqueue, self, { type: 'navigation.urlChanged' as const, routeId, component, href, previousHref });
        if (changes.routeUpdated)
          enqueue.emit({
            type: 'navigation.routeUpdated' as const,
            routeId,
            component,
            href,
            previousHref: previousHref ?? '',
          });
        enqueue.assign({ currentRouteId: routeId, currentHref: href });
      },
    ),
    emitCancelled: emit(({ context }) => {
      const d = context.decision;
      const c = d?.kind === 'cancelled' ? d : cancelledDecision(requested(context).component, { cancel: '' });
      return {
        type: 'navigation.cancelled' as const,
        ...requested(context),
        reason: c.reason,
        to: c.to,
        message: c.message,
      };
    }),
    toastDecision: tell(({ context }) => {
      const d = context.decision;
      const toast: ToastRequest =
        d?.kind === 'cancelled'
          ? {
              toastType: 'error',
              messageKey: d.messageKey,
              values: { component: d.component, reason: d.reason },
            }
          : { toastType: 'error', messageKey: d?.kind === 'denied' ? d.messageKey : 'error.noRights' };
      return { type: 'toast.show' as const, toast };
    }),
  },
  guards: {
    needsLogin: ({ context }) => context.decision?.kind === 'login',
    isDenied: ({ context }) => context.decision?.kind === 'denied',
    isCurrentRequest: ({ context }, { requestId }: { requestId: number }) => requestId === context.requestId,
  },
}).createMachine({
  id: 'navigation',
  description:
    'Moving between pages: the portal decides whether the person may open the page, sends them to log in when needed, and tells them when a page is refused.',
  context: { requestId: 0, request: null, decision: null, currentRouteId: null, currentHref: null },
  initial: 'idle',
  on: {
    'navigation.request': {
      target: '.preNavigate',
      actions: { type: 'decide', params: ({ event: { type: _type, ...request } }) => request },
      description: 'Opens a page (a link, a menu entry, an address or the back button)',
    },
    // a route rendered outside a guarded navigation (e.g. the router re-resolving in place) is still the one shown
    'navigation.rendered': {
      actions: { type: 'recordRendered', params: ({ event }) => event },
      description: 'A page appears on screen without a new navigation: the portal notes which page is shown',
      meta: { bookkeeping: true },
    },
  },
  states: {
    idle: { description: 'A page is shown; no navigation is under way.' },
    preNavigate: {
      description: 'The portal decides whether the person may open the page.',
      entry: 'emitPreNavigate',
      always: [
        {
          guard: 'needsLogin',
          target: 'redirectingToLogin',
          description: 'The page needs a signed-in person and no one is signed in',
        },
        {
          guard: 'isDenied',
          target: 'denied',
          description: 'The person is signed in but may not open the page',
        },
        { target: 'starting', description: 'The person may open the page' },
      ],
    },
    /** the app asks the trackers' start hooks; any of them may veto */
    starting: {
      tags: ['starting'],
      description: 'The page the person is leaving may still stop the navigation (for example unsaved work).',
      on: {
        'navigation.started': {
          guard: { type: 'isCurrentRequest', params: ({ event }) => event },
          target: 'navigating',
          description: 'Nothing stops the navigation, if it is still the latest one asked for',
        },
        'navigation.vetoed': {
          guard: { type: 'isCurrentRequest', params: ({ event }) => event },
          target: 'cancelled',
          actions: { type: 'cancel', params: ({ event }) => event },
          description: 'The page being left stops the navigation, if it is still the latest one asked for',
        },
      },
    },
    /** the router loads the route's partial (lazy chunk, loaders) */
    navigating: {
      tags: ['decided'],
      description: 'The new page loads; a loading overlay may show.',
      entry: ['emitStartNavigate', 'emitPrePartial'],
      on: {
        'navigation.loaded': {
          target: 'partialLoaded',
          actions: 'emitPostPartial',
          description: "The page's content has loaded",
        },
        'navigation.rendered': {
          target: 'idle',
          description: 'The new page appears on screen',
          actions: [
            'emitPostPartial',
            { type: 'recordRendered', params: ({ event }) => event },
            { type: 'emitPostNavigate', params: ({ event }) => event },
          ],
        },
      },
    },
    partialLoaded: {
      tags: ['decided'],
      description: "The page's content has loaded and is being drawn.",
      on: {
        'navigation.rendered': {
          target: 'idle',
          description: 'The new page appears on screen',
          actions: [
            { type: 'recordRendered', params: ({ event }) => event },
            { type: 'emitPostNavigate', params: ({ event }) => event },
          ],
        },
      },
    },
    redirectingToLogin: {
      tags: ['decided'],
      description: 'The browser is on its way to the sign-in page, which brings the person back to this page.',
    },
    denied: {
      tags: ['decided'],
      description: "'No rights to access component' shows and the home page opens.",
      entry: 'toastDecision',
    },
    cancelled: {
      tags: ['decided'],
      description: "'Navigation to … cancelled' shows, and the home page (or the page the refusal names) opens.",
      entry: ['emitCancelled', 'toastDecision'],
    },
  },
});

export type NavigationActor = ActorRefFrom<typeof navigationMachine>;
export type NavigationSnapshot = SnapshotFrom<typeof navigationMachine>;

/** No route of this page load has rendered yet (spec 1 §4 "Root redirect": the first load). */
export const selectFirstLoad = (s: NavigationSnapshot) => s.context.currentRouteId === null;
