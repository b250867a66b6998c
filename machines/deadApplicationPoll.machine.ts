/**
 * The dead-application poll (spec 1 §4 "Context changes", §9: every 30000 ms).
 *
 * Started when signed in (`poll.start`), stopped on logout (`poll.stop`). Every DEAD_APP_POLL it invokes
 * `checkDeadApplications` (GET context/checkDeadApplications → `{ value: UserContext | null }`, the actor outputs the
 * value). When a new context comes back, it is handed on — the machine emits `context.replaced` with cause 'SC'; the
 * app layer forwards it to the session — and `REPRESENTEE-CHANGE` fires with cause SC. A failed check is only logged
 * (a `warning` the app logs) and the poll goes on. Whether AXAPTA is dead is derived from the context by
 * `isAxaptaDead` (lib/rights/).
 *
 * systemId: SYSTEM_ID.deadApplicationPoll.
 */
import { setup, type MachineContext } from 'xstate';
import { notProvided } from '../domain/not-provided';
import { reporter } from '../domain/report';
import type { UserContext } from '../domain/contract';
import type { ContextReplaced, RepresenteeChange, Warning } from '../domain/shell-events';

/** Spec 1 §9: the dead-application check runs every 30000 ms. */
export const DEAD_APP_POLL = 30_000;

export type DeadApplicationPollEvent = { type: 'poll.start' } | { type: 'poll.stop' };

export type DeadApplicationPollEmitted = ContextReplaced | RepresenteeChange | Warning;

const tell = reporter<MachineContext, DeadApplicationPollEvent, DeadApplicationPollEmitted>();

export const deadApplicationPollMachine = setup({
  types: {
    events: {} as DeadApplicationPollEvent,
    emitted: {} as DeadApplicationPollEmitted,
  },
  delays: { DEAD_APP_POLL },
  actors: {
    /** output: the new user context when something changed, else null */
    checkDeadApplications: notProvided<UserContext | null, unknown>('checkDeadApplications'),
  },
  guards: {
    returnedContext: (_, { context }: { context: UserContext | null }) => context !== null,
  },
  actions: {
    handOnContext: tell((_, { context }: { context: UserContext | null }) => ({
      type: 'context.replaced' as const,
      // only taken when returnedContext held
      context: context!,
      cause: 'SC' as const,
    })),
    fireRepresenteeChange: tell(() => ({ type: 'REPRESENTEE-CHANGE' as const, cause: 'SC' as const })),
    // spec 1 §8: failed loads of context are only logged
    warnCheckFailed: tell((_, { error }: { error: unknown }) => ({
      type: 'warning' as const,
      code: 'checkDeadApplications.failed',
      detail: error,
    })),
  },
}).createMachine({
  id: 'deadApplicationPoll',
  description:
    'While the person is signed in, the portal asks every 30 seconds whether one of their applications went down or came back, and refreshes what they see when it did.',
  initial: 'stopped',
  states: {
    stopped: {
      description: 'No one is signed in, so the portal does not check the applications.',
      on: { 'poll.start': { target: 'running', description: 'The person has signed in' } },
    },
    running: {
      tags: ['polling'],
      description: 'The person is signed in; the portal keeps an eye on the applications in the background.',
      initial: 'waiting',
      on: { 'poll.stop': { target: 'stopped', description: 'The person logs out' } },
      states: {
        waiting: {
          description: 'The person works as usual while the portal waits for the next check.',
          after: {
            DEAD_APP_POLL: { target: 'checking', description: '30 seconds have passed since the last check' },
          },
        },
        checking: {
          tags: ['checking'],
          description: 'The portal asks the server whether any application went down or came back.',
          invoke: {
            id: 'checkDeadApplications',
            src: 'checkDeadApplications',
            onDone: [
              {
                guard: { type: 'returnedContext', params: ({ event }) => ({ context: event.output }) },
                target: 'waiting',
                description:
                  "The server reports a change, so the person's context is refreshed and the page shows the applications as they are now",
                actions: [
                  { type: 'handOnContext', params: ({ event }) => ({ context: event.output }) },
                  'fireRepresenteeChange',
                ],
              },
              { target: 'waiting', description: 'The server reports that nothing changed' },
            ],
            onError: {
              target: 'waiting',
              description: 'The server does not answer; the portal notes it and tries again later',
              actions: { type: 'warnCheckFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
