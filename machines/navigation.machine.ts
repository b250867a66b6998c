/**
 * Navigation guard (spec 1 §2 and §4 "Navigation events"): pre-navigate, start-navigate, post-navigate.
 *
 * The router's beforeLoad sends `navigation.request` (with what it knows of the session) and waits
 * with `waitFor(actor, s => s.context.requestId === id && s.hasTag('decided'))`. The decision itself
 * is the pure `decideNavigation` of machines/lib/navigation/rules.ts:
 *   allow → navigating → post-navigate on `navigation.rendered`;
 *   login → redirectingToLogin (the app sends the browser to decision.url);
 *   denied → denied ('No rights to access component', home).
 *
 * `navigation.rendered` also records the route on screen (`currentRouteId`; null until the first route of this page
 * load has rendered: the root redirect's "first load", spec 1 §4 "Root redirect").
 *
 * Emitted for listeners: navigation.preNavigate, navigation.startNavigate, navigation.postNavigate,
 * toast.show (denied).
 */
import { assign, emit, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { decideNavigation, routeMeta, type NavigationDecision, type NavigationRequest } from './lib/navigation/rules';
import type { ToastRequest } from './toasts.machine';

export interface NavigationContext {
  requestId: number;
  request: NavigationRequest | null;
  decision: NavigationDecision | null;
  /** the route currently shown (after post-navigate); null until the first route of this page load rendered */
  currentRouteId: string | null;
}

export type NavigationEvent =
  | ({ type: 'navigation.request'; requestId: number } & NavigationRequest)
  | { type: 'navigation.rendered'; routeId: string };

export type NavigationEmitted =
  | { type: 'navigation.preNavigate'; routeId: string; component: string }
  | { type: 'navigation.startNavigate'; routeId: string; component: string }
  | { type: 'navigation.postNavigate'; routeId: string; component: string }
  | { type: 'toast.show'; toast: ToastRequest };

export const navigationMachine = setup({
  types: { context: {} as NavigationContext, events: {} as NavigationEvent, emitted: {} as NavigationEmitted },
  actions: {
    decide: assign((_, { requestId, ...request }: { requestId: number } & NavigationRequest) => ({
      requestId,
      request,
      decision: decideNavigation(request),
    })),
    emitPreNavigate: emit(({ context }) => ({
      type: 'navigation.preNavigate' as const,
      routeId: context.request?.routeId ?? '',
      component: routeMeta(context.request?.routeId ?? '').component,
    })),
    emitStartNavigate: emit(({ context }) => ({
      type: 'navigation.startNavigate' as const,
      routeId: context.request?.routeId ?? '',
      component: routeMeta(context.request?.routeId ?? '').component,
    })),
    emitPostNavigate: emit((_, { routeId }: { routeId: string }) => ({
      type: 'navigation.postNavigate' as const,
      routeId,
      component: routeMeta(routeId).component,
    })),
    setCurrentRoute: assign({ currentRouteId: (_, { routeId }: { routeId: string }) => routeId }),
    toastDecision: emit(({ context }) => {
      const d = context.decision;
      const toast: ToastRequest = {
        toastType: 'error',
        messageKey: d?.kind === 'denied' ? d.messageKey : 'error.noRights',
      };
      return { type: 'toast.show' as const, toast };
    }),
  },
  guards: {
    needsLogin: ({ context }) => context.decision?.kind === 'login',
    isDenied: ({ context }) => context.decision?.kind === 'denied',
  },
}).createMachine({
  id: 'navigation',
  context: { requestId: 0, request: null, decision: null, currentRouteId: null },
  initial: 'idle',
  on: {
    'navigation.request': {
      target: '.preNavigate',
      actions: { type: 'decide', params: ({ event: { type: _type, ...request } }) => request },
    },
    // a route rendered outside a guarded navigation (e.g. the router re-resolving in place) is still the one shown
    'navigation.rendered': {
      actions: { type: 'setCurrentRoute', params: ({ event }) => ({ routeId: event.routeId }) },
    },
  },
  states: {
    idle: {},
    preNavigate: {
      entry: 'emitPreNavigate',
      always: [
        { guard: 'needsLogin', target: 'redirectingToLogin' },
        { guard: 'isDenied', target: 'denied' },
        { target: 'navigating' },
      ],
    },
    navigating: {
      tags: ['decided'],
      entry: 'emitStartNavigate',
      on: {
        'navigation.rendered': {
          target: 'idle',
          actions: [
            { type: 'setCurrentRoute', params: ({ event }) => ({ routeId: event.routeId }) },
            { type: 'emitPostNavigate', params: ({ event }) => ({ routeId: event.routeId }) },
          ],
        },
      },
    },
    redirectingToLogin: { tags: ['decided'] },
    denied: { tags: ['decided'], entry: 'toastDecision' },
  },
});

export type NavigationActor = ActorRefFrom<typeof navigationMachine>;
export type NavigationSnapshot = SnapshotFrom<typeof navigationMachine>;

/** No route of this page load has rendered yet (spec 1 §4 "Root redirect": the first load). */
export const selectFirstLoad = (s: NavigationSnapshot) => s.context.currentRouteId === null;
