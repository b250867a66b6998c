/**
 * Navigation guard (spec 1 §2 and §4 "Navigation events"): pre-navigate, start-navigate, post-navigate.
 *
 * The router's beforeLoad sends `navigation.request` (with what it knows of the session) and waits
 * with `waitFor(actor, s => s.context.requestId === id && s.hasTag('decided'))`. The decision itself
 * is the pure `decideNavigation` of machines/lib/navigation/rules.ts:
 *   allow → navigating (clearNonPersistentTimers; spec 1 §4 Scheduler) → post-navigate on `navigation.rendered`;
 *   login → redirectingToLogin (the app sends the browser to decision.url);
 *   denied → denied ('No rights to access component', home);
 *   cancelled (a tracker vetoed) → cancelled ('Navigation to {component} cancelled: {reason}', home or reroute).
 *
 * Emitted for listeners: navigation.preNavigate, navigation.startNavigate, navigation.postNavigate,
 * toast.show (denied, cancelled).
 */
import { assign, emit, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  decideNavigation,
  routeMeta,
  type NavigationDecision,
  type NavigationRequest,
  type Veto,
} from './lib/navigation/rules';
import type { ToastRequest } from './toasts.machine';

export interface NavigationContext {
  requestId: number;
  request: NavigationRequest | null;
  decision: NavigationDecision | null;
  /** standing vetoes by tracker id (e.g. a form with unsaved changes) */
  vetoes: Record<string, Veto>;
  /** the route currently shown (after post-navigate) */
  currentRouteId: string | null;
}

export type NavigationEvent =
  | ({ type: 'navigation.request'; requestId: number } & NavigationRequest)
  | { type: 'navigation.rendered'; routeId: string }
  | { type: 'navigation.veto'; trackerId: string; reason: string; reroute?: string }
  | { type: 'navigation.unveto'; trackerId: string };

export type NavigationEmitted =
  | { type: 'navigation.preNavigate'; routeId: string; component: string }
  | { type: 'navigation.startNavigate'; routeId: string; component: string }
  | { type: 'navigation.postNavigate'; routeId: string; component: string }
  | { type: 'toast.show'; toast: ToastRequest };

export const navigationMachine = setup({
  types: { context: {} as NavigationContext, events: {} as NavigationEvent, emitted: {} as NavigationEmitted },
  actions: {
    /** the app's scheduler clears every timer that is not persistent (spec 1 §4 Scheduler) */
    clearNonPersistentTimers: () => {
      throw new Error('clearNonPersistentTimers not provided');
    },
    decide: assign(({ context, event }) => {
      if (event.type !== 'navigation.request') return {};
      const { type: _t, requestId, ...request } = event;
      return { requestId, request, decision: decideNavigation(request, Object.values(context.vetoes)) };
    }),
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
    emitPostNavigate: emit(({ event }) => ({
      type: 'navigation.postNavigate' as const,
      routeId: event.type === 'navigation.rendered' ? event.routeId : '',
      component: routeMeta(event.type === 'navigation.rendered' ? event.routeId : '').component,
    })),
    setCurrentRoute: assign({
      currentRouteId: ({ event, context }) =>
        event.type === 'navigation.rendered' ? event.routeId : context.currentRouteId,
    }),
    toastDecision: emit(({ context }) => {
      const d = context.decision;
      const toast: ToastRequest =
        d?.kind === 'cancelled'
          ? { toastType: 'warning', messageKey: d.messageKey, values: d.values }
          : { toastType: 'error', messageKey: d?.kind === 'denied' ? d.messageKey : 'error.noRights' };
      return { type: 'toast.show' as const, toast };
    }),
    addVeto: assign({
      vetoes: ({ context, event }) =>
        event.type === 'navigation.veto'
          ? { ...context.vetoes, [event.trackerId]: { reason: event.reason, reroute: event.reroute } }
          : context.vetoes,
    }),
    removeVeto: assign({
      vetoes: ({ context, event }) => {
        if (event.type !== 'navigation.unveto') return context.vetoes;
        const { [event.trackerId]: _gone, ...rest } = context.vetoes;
        return rest;
      },
    }),
  },
  guards: {
    isAllowed: ({ context }) => context.decision?.kind === 'allow',
    needsLogin: ({ context }) => context.decision?.kind === 'login',
    isDenied: ({ context }) => context.decision?.kind === 'denied',
    isCancelled: ({ context }) => context.decision?.kind === 'cancelled',
  },
}).createMachine({
  id: 'navigation',
  context: { requestId: 0, request: null, decision: null, vetoes: {}, currentRouteId: null },
  initial: 'idle',
  on: {
    'navigation.request': { target: '.preNavigate', actions: 'decide' },
    'navigation.veto': { actions: 'addVeto' },
    'navigation.unveto': { actions: 'removeVeto' },
  },
  states: {
    idle: {},
    preNavigate: {
      entry: 'emitPreNavigate',
      always: [
        { guard: 'isCancelled', target: 'cancelled' },
        { guard: 'needsLogin', target: 'redirectingToLogin' },
        { guard: 'isDenied', target: 'denied' },
        { target: 'navigating' },
      ],
    },
    navigating: {
      tags: ['decided'],
      entry: ['clearNonPersistentTimers', 'emitStartNavigate'],
      on: { 'navigation.rendered': { target: 'idle', actions: ['setCurrentRoute', 'emitPostNavigate'] } },
    },
    redirectingToLogin: { tags: ['decided'] },
    denied: { tags: ['decided'], entry: 'toastDecision' },
    cancelled: { tags: ['decided'], entry: 'toastDecision' },
  },
});

export type NavigationActor = ActorRefFrom<typeof navigationMachine>;
export type NavigationSnapshot = SnapshotFrom<typeof navigationMachine>;
