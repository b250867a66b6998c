/**
 * The dead-application poll (spec 1 §4 "Context changes", §9: every 30000 ms).
 *
 * Started when signed in (`poll.start`), stopped on logout (`poll.stop`). Every DEAD_APP_POLL it invokes
 * `checkDeadApplications` (GET context/checkDeadApplications → `{ value: UserContext | null }`, the actor outputs the
 * value). When a new context comes back, it is handed on — the machine emits `context.replaced` with cause 'SC'; the
 * app layer forwards it to the session — and `REPRESENTEE-CHANGE` fires with cause SC. A failed check is only logged
 * and the poll goes on. Whether AXAPTA is dead is derived from the context by `isAxaptaDead` (lib/rights/).
 *
 * systemId: SYSTEM_ID.deadApplicationPoll.
 */
import { emit, fromPromise, setup } from 'xstate';
import type { UserContext } from './lib/contract';
import type { ContextReplaced, RepresenteeChange } from './lib/shell-events';

export type DeadApplicationPollEvent = { type: 'poll.start' } | { type: 'poll.stop' };

export type DeadApplicationPollEmitted = ContextReplaced | RepresenteeChange;

export const deadApplicationPollMachine = setup({
  types: {
    events: {} as DeadApplicationPollEvent,
    emitted: {} as DeadApplicationPollEmitted,
  },
  delays: {
    DEAD_APP_POLL: 30_000,
  },
  actors: {
    /** output: the new user context when something changed, else null */
    checkDeadApplications: fromPromise<UserContext | null>(async () => {
      throw new Error('checkDeadApplications not provided');
    }),
  },
  guards: {
    returnedContext: ({ event }) => !!(event as unknown as { output?: unknown }).output,
  },
  actions: {
    handOnContext: emit(({ event }) => ({
      type: 'context.replaced' as const,
      context: (event as unknown as { output: UserContext }).output,
      cause: 'SC' as const,
    })),
    fireRepresenteeChange: emit({ type: 'REPRESENTEE-CHANGE' as const, cause: 'SC' as const }),
    // spec 1 §8: failed loads of context are only logged
    logCheckFailure: ({ event }) => {
      console.warn('checkDeadApplications failed', (event as unknown as { error?: unknown }).error);
    },
  },
}).createMachine({
  id: 'deadApplicationPoll',
  initial: 'stopped',
  states: {
    stopped: {
      on: { 'poll.start': 'running' },
    },
    running: {
      tags: ['polling'],
      initial: 'waiting',
      on: { 'poll.stop': 'stopped' },
      states: {
        waiting: {
          after: { DEAD_APP_POLL: 'checking' },
        },
        checking: {
          tags: ['checking'],
          invoke: {
            id: 'checkDeadApplications',
            src: 'checkDeadApplications',
            onDone: [
              { guard: 'returnedContext', target: 'waiting', actions: ['handOnContext', 'fireRepresenteeChange'] },
              { target: 'waiting' },
            ],
            onError: { target: 'waiting', actions: 'logCheckFailure' },
          },
        },
      },
    },
  },
});
