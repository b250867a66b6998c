/**
 * The calls the portal made to the application in the frame, waiting for their answers (spec 1 §4 "Iframe message
 * channel": a call not answered within 120000 ms fails with scope 'ClientApplication'; §9 CALL_TIMEOUT). A child the
 * frame channel invokes for its whole life.
 *
 * The channel tells it each call it queues or posts (`calls.track`), hands on the application's answers and failures
 * (`channel.answer`, `channel.failure`, unchanged) and says when the frame's document is gone (`calls.abandon`). It
 * reports how each call ended, once: `call.done` with the result, or `call.failed` (answered with a failure, timed
 * out, or its frame gone). An answer to a call that is not waiting (already over, or never made) is ignored.
 */
import { enqueueActions, setup } from 'xstate';
import { CHANNEL_SCOPE, CHANNEL_TIMING, type FrameInboundEvent } from '../domain/external/channel';
import { report, reporter } from '../domain/report';

export interface CallRegistryContext {
  /** ids of the calls waiting for an answer, oldest first */
  pending: string[];
}

/** The delayed event a call raises for itself (CALL_TIMEOUT). */
type CallTimedOut = { type: 'calls.timedOut'; id: string };

export type CallRegistryEvent =
  /** a call was made (queued or posted): it waits for its answer from now on */
  | { type: 'calls.track'; id: string }
  /** the frame's document is gone: no waiting call will be answered */
  | { type: 'calls.abandon' }
  | Extract<FrameInboundEvent, { type: 'channel.answer' | 'channel.failure' }>
  | CallTimedOut;

export type CallFailure = 'timeout' | 'remote' | 'detached';
export type CallFailed = {
  type: 'call.failed';
  id: string;
  reason: CallFailure;
  scope: typeof CHANNEL_SCOPE;
  error: string | null;
  message: string | null;
};
/** How a call ended: what the registry reports to the channel, and the channel emits for the views. */
export type CallEnded = { type: 'call.done'; id: string; result: unknown } | CallFailed;

const timeoutId = (id: string) => `call-timeout-${id}`;
const failed = (id: string, reason: CallFailure, error: string | null = null, message: string | null = null) =>
  ({ type: 'call.failed', id, reason, scope: CHANNEL_SCOPE, error, message }) satisfies CallFailed;

type Ev<T extends CallRegistryEvent['type']> = { event: Extract<CallRegistryEvent, { type: T }> };
const idOf = ({ event }: Ev<'calls.track' | 'channel.answer' | 'channel.failure' | 'calls.timedOut'>) => ({
  id: event.id,
});

const tell = reporter<CallRegistryContext, CallRegistryEvent, CallEnded>();

export const callRegistryMachine = setup({
  types: {
    context: {} as CallRegistryContext,
    events: {} as CallRegistryEvent,
    emitted: {} as CallEnded,
  },
  delays: {
    /** spec 1 §4: frame calls time out after 120000 ms */
    CALL_TIMEOUT: CHANNEL_TIMING.CALL_TIMEOUT,
  },
  guards: {
    isPendingCall: ({ context }, p: { id: string }) => context.pending.includes(p.id),
    nothingPending: ({ context }) => context.pending.length === 0,
  },
  actions: {
    /** the call waits for its answer from now on, for CALL_TIMEOUT at most (a repeated id starts over) */
    track: enqueueActions(({ context, enqueue }, p: { id: string }) => {
      enqueue.assign({ pending: [...context.pending.filter((id) => id !== p.id), p.id] });
      enqueue.cancel(timeoutId(p.id));
      enqueue.raise({ type: 'calls.timedOut', id: p.id } satisfies CallTimedOut, {
        delay: 'CALL_TIMEOUT',
        id: timeoutId(p.id),
      });
    }),
    /** the call is over: no timer, no longer waiting */
    settle: enqueueActions(({ context, enqueue }, p: { id: string }) => {
      enqueue.cancel(timeoutId(p.id));
      enqueue.assign({ pending: context.pending.filter((id) => id !== p.id) });
    }),
    reportDone: tell((_, p: { id: string; result: unknown }) => ({ type: 'call.done', ...p })),
    reportFailed: tell((_, p: { id: string; reason: CallFailure; error?: string | null; message?: string | null }) =>
      failed(p.id, p.reason, p.error, p.message),
    ),
    /** every waiting call fails, oldest first */
    abandonAll: enqueueActions(({ context, enqueue, self }) => {
      for (const id of context.pending) {
        enqueue.cancel(timeoutId(id));
        report(enqueue, self, failed(id, 'detached'));
      }
      enqueue.assign({ pending: [] });
    }),
  },
}).createMachine({
  id: 'callRegistry',
  description:
    "The portal's questions to the application in the frame that wait for an answer: each is answered, fails, or gives up after 2 minutes.",
  context: { pending: [] },
  initial: 'idle',
  states: {
    idle: {
      description: 'No question to the application is waiting for an answer.',
      on: {
        'calls.track': {
          target: 'waiting',
          actions: { type: 'track', params: idOf },
          description: 'The portal asks the application a question: it waits for the answer',
        },
      },
    },
    waiting: {
      description: 'Questions to the application wait for their answers, each for 2 minutes at most.',
      always: {
        guard: 'nothingPending',
        target: 'idle',
        description: 'The last waiting question is over',
      },
      on: {
        'calls.track': {
          actions: { type: 'track', params: idOf },
          description: 'The portal asks the application another question',
          meta: { bookkeeping: true },
        },
        'channel.answer': {
          guard: { type: 'isPendingCall', params: idOf },
          actions: [
            { type: 'settle', params: idOf },
            { type: 'reportDone', params: ({ event }) => ({ id: event.id, result: event.result }) },
          ],
          description: 'The application answers a question, if the question is still open',
        },
        'channel.failure': {
          guard: { type: 'isPendingCall', params: idOf },
          actions: [
            { type: 'settle', params: idOf },
            {
              type: 'reportFailed',
              params: ({ event }) => ({
                id: event.id,
                reason: 'remote' as const,
                error: event.error,
                message: event.message,
              }),
            },
          ],
          description: 'The application reports a question failed, if the question is still open',
        },
        'calls.timedOut': {
          guard: { type: 'isPendingCall', params: idOf },
          actions: [
            { type: 'settle', params: idOf },
            { type: 'reportFailed', params: ({ event }) => ({ id: event.id, reason: 'timeout' as const }) },
          ],
          description: 'After 2 minutes without an answer to a question, if it is still open, the question fails',
        },
        'calls.abandon': {
          target: 'idle',
          actions: 'abandonAll',
          description: "The application's page is gone: every waiting question fails",
        },
      },
    },
  },
});
