/**
 * Changing the represented party from the header dropdown or the user-menu panel (spec 1 §4 "Changing the
 * represented party", §8 "Represented change failure").
 *
 * `represented.change { gid }` → invoke `changeRepresented` (GET context/changeRepresented/{gid} → the new user
 * context) → emit `context.replaced` (cause RC) → then, when the caller awaits no result (no
 * success callback) and the user is not on an external component, go home → `REPRESENTEE-CHANGE` (cause RC) fires
 * and `represented.changed` (the success callback) is emitted.
 * The spec's "in proxy view, the current route reloads" is what the external component does: it stays on its route
 * and REPRESENTEE-CHANGE reloads the application in its frame for the new party (externalApplication.machine.ts),
 * without a second load of the route.
 * On failure the status is logged (a `warning` the app logs) and `represented.changeFailed` is emitted (the
 * rejection); no message is shown.
 *
 * Kept apart from the choice modal (representedChoice.machine.ts) on purpose: it lives for the whole session and can
 * be triggered any time, and its follow-up (reload or home) differs from the pick's (apply the preference, restore the
 * path). Both invoke the same `changeRepresented` actor, so the app provides it once.
 *
 * systemId: SYSTEM_ID.representedChange.
 */
import { assign, setup, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvided } from '../domain/not-provided';
import { reporter } from '../domain/report';
import type { UserContext } from '../domain/contract';
import type { ContextReplaced, NavigationRequested, RepresenteeChange, Warning } from '../domain/shell-events';

export interface RepresentedChangeRequest {
  gid: string;
  /** the user is on an external component (a proxy view of an application): stay there, the application reloads */
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
  | RepresenteeChange
  | NavigationRequested
  | Warning
  | { type: 'represented.changed'; gid: string; context: UserContext }
  | { type: 'represented.changeFailed'; gid: string; status: number | string | null };

/** The status of a failed call: HTTP status, service error code, or null. */
export function failureStatus(error: unknown): number | string | null {
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; code?: unknown };
    if (typeof e.status === 'number' || typeof e.status === 'string') return e.status;
    if (typeof e.code === 'string') return e.code;
  }
  return null;
}

/** The new user context of a finished `changeRepresented`, as action params. */
const changedContext = ({ event }: { event: DoneActorEvent<UserContext> }) => ({ context: event.output });
/** The failure of `changeRepresented`, as action params. */
const changeError = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error });

/** After a change: hand the context on; going home (if so) goes between this and the rest */
const CHANGED_FIRST = [{ type: 'handOnContext', params: changedContext }] as const;
const CHANGED_LAST = [
  'fireRepresenteeChange',
  { type: 'reportChanged', params: changedContext },
  'forgetRequest',
] as const;

const tell = reporter<RepresentedChangeContext, RepresentedChangeEvent, RepresentedChangeEmitted>();

export const representedChangeMachine = setup({
  types: {
    context: {} as RepresentedChangeContext,
    events: {} as RepresentedChangeEvent,
    emitted: {} as RepresentedChangeEmitted,
  },
  actors: {
    /** GET context/changeRepresented/{gid}; output: the new user context */
    changeRepresented: notProvided<UserContext, { gid: string }>('changeRepresented'),
  },
  guards: {
    goesHome: ({ context }) => !context.request?.awaitsResult && !context.request?.externalComponent,
  },
  actions: {
    rememberRequest: assign({
      request: ({ event }) => ({
        gid: event.gid,
        externalComponent: !!event.externalComponent,
        awaitsResult: !!event.awaitsResult,
      }),
    }),
    forgetRequest: assign({ request: null }),
    handOnContext: tell((_, { context }: { context: UserContext }) => ({
      type: 'context.replaced' as const,
      context,
      cause: 'RC' as const,
    })),
    goHome: tell(() => ({ type: 'navigation.requested' as const, target: { kind: 'home' as const } })),
    fireRepresenteeChange: tell(() => ({ type: 'REPRESENTEE-CHANGE' as const, cause: 'RC' as const })),
    reportChanged: tell(({ context }, params: { context: UserContext }) => ({
      type: 'represented.changed' as const,
      gid: context.request?.gid ?? '',
      context: params.context,
    })),
    reportFailure: tell(({ context }, { error }: { error: unknown }) => ({
      type: 'represented.changeFailed' as const,
      gid: context.request?.gid ?? '',
      status: failureStatus(error),
    })),
    // spec 1 §8: "status logged, promise rejected, no message"
    warnChangeFailed: tell((_, { error }: { error: unknown }) => ({
      type: 'warning' as const,
      code: 'changeRepresented.failed',
      detail: failureStatus(error),
    })),
  },
}).createMachine({
  id: 'representedChange',
  description:
    'The person switches the party they act for (in the header list or the user menu); the page then stays or goes home.',
  context: { request: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The person acts for the party shown in the header.',
      on: {
        'represented.change': {
          target: 'changing',
          actions: 'rememberRequest',
          description: 'Picks another party to act for',
        },
      },
    },
    changing: {
      // a second change while one runs is ignored: the dropdown and panel are disabled by this tag
      tags: ['busy'],
      description: 'The portal switches to the chosen party; the party list cannot be used meanwhile.',
      invoke: {
        id: 'changeRepresented',
        src: 'changeRepresented',
        input: ({ context }) => ({ gid: context.request!.gid }),
        onDone: [
          {
            guard: 'goesHome',
            target: 'idle',
            actions: [...CHANGED_FIRST, 'goHome', ...CHANGED_LAST],
            description:
              'The server switches the party, and the person is not in an application page: the home page opens for the new party',
          },
          {
            target: 'idle',
            actions: [...CHANGED_FIRST, ...CHANGED_LAST],
            description: 'The server switches the party: the person stays on the page, which now shows the new party',
          },
        ],
        onError: {
          target: 'idle',
          description: 'The server cannot switch the party: nothing changes on screen (the failure is only logged)',
          actions: [
            { type: 'warnChangeFailed', params: changeError },
            { type: 'reportFailure', params: changeError },
            'forgetRequest',
          ],
        },
      },
    },
  },
});
export type RepresentedChangeActor = ActorRefFrom<typeof representedChangeMachine>;
