/**
 * The frame channel: the portal's end of the message channel to the embedded application (spec 1 §4
 * "Embedded-application channel", "Iframe message channel"; §9: health check every 500 ms, ping timeout 1000 ms,
 * reconnect after 100 ms, call timeout 120000 ms; issue 8 "The frame channel").
 *
 * `frame.attach { src }` (the page shows a frame, or its address changed) opens the channel: the provided
 * `windowChannel` actor listens to the window's `message` events and posts to the frame. The channel is inactive until
 * the frame reports `ready` or answers a ping with `pong`; active, it pings every HEALTH_CHECK. A ping left unanswered
 * for PING_TIMEOUT destroys the channel (the listener is stopped) and it is rebuilt after RECONNECT, pinging again.
 * Notifications and calls made while it is not active (also before a frame is shown) are queued and posted in order
 * once it is active. A call not answered within CALL_TIMEOUT fails with scope 'ClientApplication'. `frame.detach` (the
 * frame is gone) closes the channel, fails the waiting calls and drops the queue. The wire format is in
 * lib/external/channel.ts.
 *
 * The origin and window checks run in the browser adapter (`frameMessageToEvent`); the machine only sees their result,
 * and emits `message.rejected` for the development log when a message was turned away.
 *
 * systemId: SYSTEM_ID.frameChannel.
 */
import { assign, emit, enqueueActions, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  CHANNEL_METHOD,
  CHANNEL_SCOPE,
  CHANNEL_TIMING,
  callMessage,
  callWireId,
  frameOriginOf,
  notificationMessage,
  pingMessage,
  pingWireId,
  pongMessage,
  unknownMethodMessage,
  type FrameInboundEvent,
  type OutboundMessage,
  type RejectReason,
} from './lib/external/channel';

// ---------------------------------------------------------------- types

export interface FrameChannelContext {
  /** the origin of the frame's source address: the only origin messages are accepted from and posted to */
  frameOrigin: string | null;
  /** messages waiting for the channel to become active, oldest first */
  queue: OutboundMessage[];
  /** ids of the calls waiting for an answer */
  pending: string[];
  /** pings sent so far (numbers the ping ids) */
  pingCount: number;
  /** the wire id of the ping being waited for */
  pingId: string | null;
}

/** What the page and the app send. */
export type FrameChannelCommand =
  /** the page shows a frame with this (absolute) source address; sent again when the address changes */
  | { type: 'frame.attach'; src: string }
  /** the frame is gone */
  | { type: 'frame.detach' }
  /** a notification for the application (e.g. ossUpdateInitialData) */
  | { type: 'channel.notify'; method: string; params?: unknown }
  /** a call; the answer comes back as `call.done` / `call.failed` with this id (unique per call) */
  | { type: 'channel.call'; id: string; method: string; params?: unknown };

/** The delayed event a call raises for itself (CALL_TIMEOUT). */
export type CallTimedOut = { type: 'channel.callTimedOut'; id: string };

export type FrameChannelEvent = FrameChannelCommand | FrameInboundEvent | CallTimedOut;

export type CallFailure = 'timeout' | 'remote' | 'detached';
export type FrameChannelEmitted =
  /**
   * the channel turned active (the application reported ready or answered a ping): after `frame.attach`, the first one
   * says the frame's document is up (the page's load error waits for it); later ones follow a reconnect
   */
  | { type: 'channel.activated' }
  | { type: 'call.done'; id: string; result: unknown }
  | {
      type: 'call.failed';
      id: string;
      reason: CallFailure;
      scope: typeof CHANNEL_SCOPE;
      error: string | null;
      message: string | null;
    }
  /** a notification from the application, e.g. ossChangeUrlHash { changeHash } */
  | { type: 'frame.notification'; method: string; params: unknown }
  /** 'scroll|pixels': scroll the portal window to that offset of the frame */
  | { type: 'frame.scroll'; pixels: number }
  /** 'scroll-to-view|pixels': scroll just enough that that offset of the frame is in view */
  | { type: 'frame.scrollToView'; pixels: number }
  /** 'height|pixels': the application's content height; the frame is sized to it */
  | { type: 'frame.height'; pixels: number }
  /** a message turned away (foreign origin or window, or not this channel's format): development log only */
  | { type: 'message.rejected'; origin: string; reason: RejectReason };

/** Input of the provided `windowChannel` actor. */
export interface WindowChannelInput {
  /** post with this target origin; accept messages from it only */
  frameOrigin: string;
}
/** What the machine tells the `windowChannel` actor: post this message to the frame. */
export type WindowChannelPost = { type: 'post'; message: OutboundMessage };

const CHANNEL_ACTOR_ID = 'windowChannel';
const timeoutId = (id: string) => `call-timeout-${id}`;

// ---------------------------------------------------------------- setup

const frameChannelSetup = setup({
  types: {
    context: {} as FrameChannelContext,
    events: {} as FrameChannelEvent,
    emitted: {} as FrameChannelEmitted,
  },
  delays: {
    /** spec 1 §9: channel health check every 500 ms */
    HEALTH_CHECK: CHANNEL_TIMING.HEALTH_CHECK,
    /** spec 1 §4: a ping times out after 1000 ms */
    PING_TIMEOUT: CHANNEL_TIMING.PING_TIMEOUT,
    /** spec 1 §9: reconnect after 100 ms */
    RECONNECT: CHANNEL_TIMING.RECONNECT,
    /** spec 1 §4: frame calls time out after 120000 ms */
    CALL_TIMEOUT: CHANNEL_TIMING.CALL_TIMEOUT,
  },
  actors: {
    /**
     * The browser side of the channel, alive while the channel is: adds a window `message` listener and hands every
     * message to the machine as `frameMessageToEvent(event, { frameOrigin, frameWindow: iframe.contentWindow })`;
     * posts each `post` it receives with `iframe.contentWindow.postMessage(message, frameOrigin)`; its cleanup removes
     * the listener.
     */
    windowChannel: fromCallback<WindowChannelPost, WindowChannelInput>(() => {
      throw new Error('windowChannel not provided');
    }),
  },
  guards: {
    hasValidSource: (_, p: { src: string }) => frameOriginOf(p.src) !== null,
    isCurrentPing: ({ context }, p: { id: string }) => p.id === context.pingId,
    isPendingCall: ({ context }, p: { id: string }) => context.pending.includes(p.id),
    isPing: (_, p: { method: string }) => p.method === CHANNEL_METHOD.ping,
  },
  actions: {
    rememberFrame: assign((_, p: { src: string }) => ({ frameOrigin: frameOriginOf(p.src), pingId: null })),
    forgetFrame: assign({ frameOrigin: null, queue: [], pingId: null }),
    /** post a ping with a fresh id and wait for its pong */
    sendPing: enqueueActions(({ context, enqueue }) => {
      const n = context.pingCount + 1;
      enqueue.assign({ pingCount: n, pingId: pingWireId(n) });
      enqueue.sendTo(CHANNEL_ACTOR_ID, { type: 'post', message: pingMessage(n) } satisfies WindowChannelPost);
    }),
    forgetPing: assign({ pingId: null }),
    announceActive: emit({ type: 'channel.activated' }),
    queue: assign(({ context }, p: { message: OutboundMessage }) => ({ queue: [...context.queue, p.message] })),
    post: enqueueActions(({ enqueue }, p: { message: OutboundMessage }) => {
      enqueue.sendTo(CHANNEL_ACTOR_ID, { type: 'post', message: p.message } satisfies WindowChannelPost);
    }),
    /** the channel is ready: everything queued goes out, in order */
    flushQueue: enqueueActions(({ context, enqueue }) => {
      for (const message of context.queue) {
        enqueue.sendTo(CHANNEL_ACTOR_ID, { type: 'post', message } satisfies WindowChannelPost);
      }
      enqueue.assign({ queue: [] });
    }),
    /** a call is waiting for its answer from now on, for CALL_TIMEOUT at most */
    awaitAnswer: enqueueActions(({ context, enqueue }, p: { id: string }) => {
      enqueue.assign({ pending: [...context.pending.filter((id) => id !== p.id), p.id] });
      enqueue.cancel(timeoutId(p.id));
      enqueue.raise({ type: 'channel.callTimedOut', id: p.id } satisfies CallTimedOut, {
        delay: 'CALL_TIMEOUT',
        id: timeoutId(p.id),
      });
    }),
    /** the call is over (answered, failed or timed out): no timer, nothing queued for it */
    settleCall: enqueueActions(({ context, enqueue }, p: { id: string }) => {
      enqueue.cancel(timeoutId(p.id));
      enqueue.assign({
        pending: context.pending.filter((id) => id !== p.id),
        queue: context.queue.filter((m) => !('id' in m && m.id === callWireId(p.id))),
      });
    }),
    emitDone: emit((_, p: { id: string; result: unknown }) => ({ type: 'call.done' as const, ...p })),
    emitFailed: emit((_, p: { id: string; reason: CallFailure; error?: string | null; message?: string | null }) => ({
      type: 'call.failed' as const,
      id: p.id,
      reason: p.reason,
      scope: CHANNEL_SCOPE,
      error: p.error ?? null,
      message: p.message ?? null,
    })),
    /** the frame's document is gone: every waiting call fails */
    failPendingCalls: enqueueActions(({ context, enqueue }) => {
      for (const id of context.pending) {
        enqueue.cancel(timeoutId(id));
        enqueue.emit({
          type: 'call.failed',
          id,
          reason: 'detached',
          scope: CHANNEL_SCOPE,
          error: null,
          message: null,
        });
      }
      enqueue.assign({
        pending: [],
        queue: context.queue.filter((m) => !('id' in m)),
      });
    }),
    emitNotification: emit((_, p: { method: string; params: unknown }) => ({
      type: 'frame.notification' as const,
      ...p,
    })),
    emitScroll: emit((_, p: { pixels: number }) => ({ type: 'frame.scroll' as const, ...p })),
    emitScrollToView: emit((_, p: { pixels: number }) => ({ type: 'frame.scrollToView' as const, ...p })),
    emitHeight: emit((_, p: { pixels: number }) => ({ type: 'frame.height' as const, ...p })),
    emitRejected: emit((_, p: { origin: string; reason: RejectReason }) => ({
      type: 'message.rejected' as const,
      ...p,
    })),
  },
});

// ---------------------------------------------------------------- action params taken from the events

type Ev<T extends FrameChannelEvent['type']> = { event: Extract<FrameChannelEvent, { type: T }> };
const srcOf = ({ event }: Ev<'frame.attach'>) => ({ src: event.src });
const idOf = ({ event }: Ev<'channel.pong' | 'channel.answer' | 'channel.failure' | 'channel.callTimedOut'>) => ({
  id: event.id,
});
const callIdOf = ({ event }: Ev<'channel.call'>) => ({ id: event.id });
const notifyMessageOf = ({ event }: Ev<'channel.notify'>) => ({
  message: notificationMessage(event.method, event.params),
});
const callMessageOf = ({ event }: Ev<'channel.call'>) => ({
  message: callMessage(event.id, event.method, event.params),
});
const pongOf = ({ event }: Ev<'channel.called'>): { message: OutboundMessage } => ({
  message: pongMessage(event.id),
});
const unknownMethodOf = ({ event }: Ev<'channel.called'>): { message: OutboundMessage } => ({
  message: unknownMethodMessage(event.id, event.method),
});
const pixelsOf = ({ event }: Ev<'channel.scroll' | 'channel.scrollToView' | 'channel.height'>) => ({
  pixels: event.pixels,
});

// ---------------------------------------------------------------- machine

export const frameChannelMachine = frameChannelSetup.createMachine({
  id: 'frameChannel',
  description:
    'The line of messages between the portal and the application shown in its frame: it checks twice a second that the application answers and reconnects when it does not.',
  context: { frameOrigin: null, queue: [], pending: [], pingCount: 0, pingId: null },
  on: {
    'frame.attach': [
      {
        // a (new) address: a new document, which must report ready again; calls to the old one are lost
        guard: { type: 'hasValidSource', params: srcOf },
        target: '.open',
        reenter: true,
        actions: ['failPendingCalls', { type: 'rememberFrame', params: srcOf }],
        description: 'An application is shown in the frame (or its address changes), if the address is valid',
      },
      {
        target: '.detached',
        actions: ['failPendingCalls', 'forgetFrame'],
        description: 'A frame with an invalid address is shown: the portal does not talk to it',
      },
    ],
    'frame.detach': {
      target: '.detached',
      actions: ['failPendingCalls', 'forgetFrame'],
      description: 'The person leaves the application page: the frame is gone',
    },
    // not active: wait in the queue (calls with their CALL_TIMEOUT running)
    'channel.notify': {
      actions: { type: 'queue', params: notifyMessageOf },
      description: 'The portal has news for the application (for example the address changed); it waits to be sent',
      meta: { bookkeeping: true },
    },
    'channel.call': {
      actions: [
        { type: 'queue', params: callMessageOf },
        { type: 'awaitAnswer', params: callIdOf },
      ],
      description: 'The portal has a question for the application; it waits to be sent',
      meta: { bookkeeping: true },
    },
    'channel.callTimedOut': {
      guard: { type: 'isPendingCall', params: idOf },
      description: 'After 2 minutes without an answer to a question, if it is still open, the question fails',
      meta: { bookkeeping: true },
      actions: [
        { type: 'settleCall', params: idOf },
        { type: 'emitFailed', params: ({ event }) => ({ id: event.id, reason: 'timeout' as const }) },
      ],
    },
  },
  initial: 'detached',
  states: {
    detached: {
      description: 'No application frame is shown; the portal is not talking to any application.',
      tags: ['inactive'],
    },

    open: {
      description: 'An application is shown in the frame and the portal listens to it.',
      invoke: {
        id: CHANNEL_ACTOR_ID,
        src: 'windowChannel',
        input: ({ context }) => ({ frameOrigin: context.frameOrigin ?? '' }),
      },
      on: {
        'channel.answer': {
          guard: { type: 'isPendingCall', params: idOf },
          description: 'The application answers a question, if the question is still open',
          meta: { bookkeeping: true },
          actions: [
            { type: 'settleCall', params: idOf },
            { type: 'emitDone', params: ({ event }) => ({ id: event.id, result: event.result }) },
          ],
        },
        'channel.failure': {
          guard: { type: 'isPendingCall', params: idOf },
          description: 'The application reports a question failed, if the question is still open',
          meta: { bookkeeping: true },
          actions: [
            { type: 'settleCall', params: idOf },
            {
              type: 'emitFailed',
              params: ({ event }) => ({
                id: event.id,
                reason: 'remote' as const,
                error: event.error,
                message: event.message,
              }),
            },
          ],
        },
        'channel.called': [
          {
            guard: { type: 'isPing', params: ({ event }) => ({ method: event.method }) },
            actions: { type: 'post', params: pongOf },
            description: 'The application checks that the portal is there, if it sends a ping: the portal answers',
            meta: { bookkeeping: true },
          },
          {
            actions: { type: 'post', params: unknownMethodOf },
            description: 'The application asks something the portal does not know: the portal says so',
            meta: { bookkeeping: true },
          },
        ],
        'channel.notification': {
          actions: {
            type: 'emitNotification',
            params: ({ event }) => ({ method: event.method, params: event.params }),
          },
          description: 'The application sends news (for example its address changed): the portal passes it on',
          meta: { bookkeeping: true },
        },
        'channel.scroll': {
          actions: { type: 'emitScroll', params: pixelsOf },
          description: 'The application asks to scroll: the page scrolls',
          meta: { bookkeeping: true },
        },
        'channel.scrollToView': {
          actions: { type: 'emitScrollToView', params: pixelsOf },
          description: 'The application asks to bring a part of it into view: the page scrolls to it',
          meta: { bookkeeping: true },
        },
        'channel.height': {
          actions: { type: 'emitHeight', params: pixelsOf },
          description: 'The application reports its height: the frame grows or shrinks to fit',
          meta: { bookkeeping: true },
        },
        'channel.rejected': {
          actions: {
            type: 'emitRejected',
            params: ({ event }) => ({ origin: event.origin, reason: event.reason }),
          },
          description: 'A message from another page or window is ignored (noted for developers)',
          meta: { bookkeeping: true },
        },
      },
      initial: 'inactive',
      states: {
        inactive: {
          description: 'The portal waits for the application to say it is ready; messages for it wait until then.',
          tags: ['inactive'],
          entry: 'sendPing',
          on: {
            'channel.ready': { target: 'active', description: 'The application reports that it is ready' },
            'channel.pong': {
              guard: { type: 'isCurrentPing', params: idOf },
              target: 'active',
              description: "The application answers the portal's check, if it answers the latest one",
            },
          },
          after: {
            PING_TIMEOUT: {
              target: '#frameChannel.destroyed',
              description: 'After 1 second without an answer the portal drops the connection',
            },
          },
        },
        active: {
          description:
            'The application answers: waiting messages are sent in order, new ones at once, and the portal checks on it twice a second.',
          tags: ['active'],
          entry: ['forgetPing', 'flushQueue', 'announceActive'],
          on: {
            'channel.notify': {
              actions: { type: 'post', params: notifyMessageOf },
              description: 'The portal sends news to the application (for example the address changed)',
              meta: { bookkeeping: true },
            },
            'channel.call': {
              actions: [
                { type: 'post', params: callMessageOf },
                { type: 'awaitAnswer', params: callIdOf },
              ],
              description: 'The portal asks the application a question',
              meta: { bookkeeping: true },
            },
          },
          initial: 'healthy',
          states: {
            healthy: {
              description: 'The application answered the last check.',
              after: {
                HEALTH_CHECK: { target: 'pinging', description: 'After half a second the portal checks again' },
              },
            },
            pinging: {
              description: 'The portal has asked the application whether it is still there.',
              entry: 'sendPing',
              on: {
                'channel.pong': {
                  guard: { type: 'isCurrentPing', params: idOf },
                  target: 'healthy',
                  actions: 'forgetPing',
                  description: 'The application answers, if it answers the latest check',
                },
              },
              after: {
                PING_TIMEOUT: {
                  target: '#frameChannel.destroyed',
                  description: 'After 1 second without an answer the portal drops the connection',
                },
              },
            },
          },
        },
      },
    },

    destroyed: {
      description:
        'The application stopped answering; the connection is dropped and messages for it wait until it is back.',
      tags: ['inactive'],
      entry: 'forgetPing',
      after: {
        RECONNECT: { target: 'open', description: 'After 0.1 seconds the portal connects again' },
      },
    },
  },
});

export type FrameChannelActor = ActorRefFrom<typeof frameChannelMachine>;
export type FrameChannelSnapshot = SnapshotFrom<typeof frameChannelMachine>;

/** For views and tests: the channel is active (the application answers). */
export const isChannelActive = (s: FrameChannelSnapshot): boolean => s.hasTag('active');
