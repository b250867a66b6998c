/**
 * Changing the represented party from the header dropdown or the user-menu panel (spec 1 §4 "Changing the
 * represented party", §8 "Represented change failure").
 *
 * `represented.change { gid }` → invoke `changeRepresented` (GET context/changeRepresented/{gid} → the new user
 * context) → emit `context.replaced` (cause RC) and `menu.reselect` → then, in proxy view, reload the current route;
 * otherwise, when the caller awaits no result (no success callback) and the user is not on an external component, go
 * home → `REPRESENTEE-CHANGE` (cause RC) fires and `represented.changed` (the success callback) is emitted.
 * On failure the status is logged and `represented.changeFailed` is emitted (the rejection); no message is shown.
 *
 * Kept apart from the choice modal (representedChoice.machine.ts) on purpose: it lives for the whole session and can
 * be triggered any time, and its follow-up (reload or home) differs from the pick's (apply the preference, restore the
 * path). Both invoke the same `changeRepresented` actor, so the app provides it once.
 *
 * systemId: SYSTEM_ID.representedChange.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { UserContext } from './lib/contract';
import type { ContextReplaced, MenuReselect, NavigationRequested, RepresenteeChange } from './lib/shell-events';

export interface RepresentedChangeRequest {
  gid: string;
  /** the current view is a proxy view (an external application hosted in the portal): reload the route */
  proxyView?: boolean;
  /** the user is on an external component: stay there */
  externalComponent?: boolean;
  /** the caller handles success itself (it listens for `represented.changed`): do not go home */
  awaitsResult?: boolean;
}

export interface RepresentedChangeContext {
  request: RepresentedChangeRequest | null;
}

export type RepresentedChangeEvent = { type: 'represented.change' } & RepresentedChangeRequest;

export type RepresentedChangeEmitted =
  | ContextReplaced
  | MenuReselect
  | RepresenteeChange
  | NavigationRequested
  | { type: 'represented.changed'; gid: string; context: UserContext }
  | { type: 'represented.changeFailed'; gid: string; status: number | string | null };

type DoneOutput = { output: UserContext };

/** The status of a failed call: HTTP status, service error code, or null. */
export function failureStatus(error: unknown): number | string | null {
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; code?: unknown };
    if (typeof e.status === 'number' || typeof e.status === 'string') return e.status;
    if (typeof e.code === 'string') return e.code;
  }
  return null;
}

export const representedChangeMachine = setup({
  types: {
    context: {} as RepresentedChangeContext,
    events: {} as RepresentedChangeEvent,
    emitted: {} as RepresentedChangeEmitted,
  },
  actors: {
    /** GET context/changeRepresented/{gid}; output: the new user context */
    changeRepresented: fromPromise<UserContext, { gid: string }>(async () => {
      throw new Error('changeRepresented not provided');
    }),
  },
  guards: {
    inProxyView: ({ context }) => !!context.request?.proxyView,
    goesHome: ({ context }) => !context.request?.awaitsResult && !context.request?.externalComponent,
  },
  actions: {
    rememberRequest: assign({
      request: ({ event }) => ({
        gid: event.gid,
        proxyView: !!event.proxyView,
        externalComponent: !!event.externalComponent,
        awaitsResult: !!event.awaitsResult,
      }),
    }),
    forgetRequest: assign({ request: null }),
    handOnContext: emit(({ event }) => ({
      type: 'context.replaced' as const,
      context: (event as unknown as DoneOutput).output,
      cause: 'RC' as const,
    })),
    reselectMenu: emit({ type: 'menu.reselect' as const }),
    reloadRoute: emit({ type: 'navigation.requested' as const, target: { kind: 'reload' as const } }),
    goHome: emit({ type: 'navigation.requested' as const, target: { kind: 'home' as const } }),
    fireRepresenteeChange: emit({ type: 'REPRESENTEE-CHANGE' as const, cause: 'RC' as const }),
    reportChanged: emit(({ context, event }) => ({
      type: 'represented.changed' as const,
      gid: context.request?.gid ?? '',
      context: (event as unknown as DoneOutput).output,
    })),
    reportFailure: emit(({ context, event }) => ({
      type: 'represented.changeFailed' as const,
      gid: context.request?.gid ?? '',
      status: failureStatus((event as unknown as { error: unknown }).error),
    })),
    // spec 1 §8: "status logged, promise rejected, no message"
    logChangeFailure: ({ event }) => {
      console.warn('changeRepresented failed', failureStatus((event as unknown as { error: unknown }).error));
    },
  },
}).createMachine({
  id: 'representedChange',
  context: { request: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'represented.change': { target: 'changing', actions: 'rememberRequest' } },
    },
    changing: {
      // a second change while one runs is ignored: the dropdown and panel are disabled by this tag
      tags: ['busy'],
      invoke: {
        id: 'changeRepresented',
        src: 'changeRepresented',
        input: ({ context }) => ({ gid: context.request!.gid }),
        onDone: [
          {
            guard: 'inProxyView',
            target: 'idle',
            actions: [
              'handOnContext',
              'reselectMenu',
              'reloadRoute',
              'fireRepresenteeChange',
              'reportChanged',
              'forgetRequest',
            ],
          },
          {
            guard: 'goesHome',
            target: 'idle',
            actions: [
              'handOnContext',
              'reselectMenu',
              'goHome',
              'fireRepresenteeChange',
              'reportChanged',
              'forgetRequest',
            ],
          },
          {
            target: 'idle',
            actions: ['handOnContext', 'reselectMenu', 'fireRepresenteeChange', 'reportChanged', 'forgetRequest'],
          },
        ],
        onError: { target: 'idle', actions: ['logChangeFailure', 'reportFailure', 'forgetRequest'] },
      },
    },
  },
});
