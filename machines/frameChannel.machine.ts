/**
 * The frame channel: the portal's end of the message channel to the embedded application (spec 1 §4
 * "Embedded-application channel", "Iframe message channel"; §9 timings).
 *
 * `frame.attach { src }` (the page shows a frame, or its address changed) attaches the channel to the frame's origin:
 * the `connection` child (machines/frameConnection.machine.ts) keeps the line to it up — it listens and posts through
 * the provided `windowChannel`, pings, drops and rebuilds the line — and reports `connection.up` / `connection.lost`.
 * The channel is active while the line is up. Notifications and calls made while it is not active (also before a frame
 * is shown) are queued and posted in order once it is active. The calls waiting for an answer are the `calls` child's
 * (machines/callRegistry.machine.ts: ids, CALL_TIMEOUT, answers); the channel emits how each ended (`call.done`,
 * `call.failed`) for the views. `frame.detach` (the frame is gone) closes the line, fails the waiting calls and drops
 * the queue. The wire format is in lib/external/channel.ts.
 *
 * The origin and window checks run in the browser adapter (`frameMessageToEvent`); the machine only sees their result,
 * and reports a `warning` (code frameChannel.messageRejected) for the log when a message was turned away. It reports
 * `channel.activated` too: its parent (the pages actor) tells the application's page that the frame is up; and the
 * application's notifications (`channel.notification`), which the pages actor hands to that page.
 *
 * systemId: SYSTEM_ID.frameChannel.
 */
import { assign, emit, enqueueActions, forwardTo, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { callRegistryMachine, type CallEnded, type CallRegistryEvent } from './callRegistry.machine';
import { frameConnectionMachine, type ConnectionPost, type FrameConnectionEmitted } from './frameConnection.machine';
import {
  callMessage,
  callWireId,
  frameOriginOf,
  notificationMessage,
  type OutboundMessage,
} from '../domain/external/channel';
import { reporter } from '../domain/report';
import type { Warning } from '../domain/shell-events';

// ---------------------------------------------------------------- types

export interface FrameChannelContext {
  /** the origin of the frame's source address: the only origin messages are accepted from and posted to */
  frameOrigin: string | null;
  /** messages waiting for the channel to become active, oldest first */
  queue: OutboundMessage[];
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

/** What the channel hears: commands, and what its children report (the application's messages among them). */
export type FrameChannelEvent = FrameChannelCommand | FrameConnectionEmitted | CallEnded;

/**
 * What the channel reports to its parent: the pages actor turns the first into `frame.ready`, hands the second to
 * the external application page, logs the third.
 */
export type FrameChannelReported =
  /**
   * the channel turned active (the application reported ready or answered a ping): after `frame.attach`, the first one
   * says the frame's document is up (the page's load error waits for it); later ones follow a reconnect
   */
  | { type: 'channel.activated' }
  /** a notification from the application, e.g. ossChangeUrlHash { changeHash } */
  | { type: 'channel.notification'; method: string; params: unknown }
  /** a message turned away (foreign origin or window, or not this channel's format): detail { reason, origin } */
  | Warning;

export type FrameChannelEmitted =
  | FrameChannelReported
  /** how a call ended, for the view that made it */
  | CallEnded
  /** 'scroll|pixels': scroll the portal window to that offset of the frame */
  | { type: 'frame.scroll'; pixels: number }
  /** 'scroll-to-view|pixels': scroll just enough that that offset of the frame is in view */
  | { type: 'frame.scrollToView'; pixels: number }
  /** 'height|pixels': the application's content height; the frame is sized to it */
  | { type: 'frame.height'; pixels: number };

const CONNECTION_ID = 'connection';
const CALLS_ID = 'calls';

const tell = reporter<FrameChannelContext, FrameChannelEvent, FrameChannelEmitted>();

// ---------------------------------------------------------------- setup

const frameChannelSetup = setup({
  types: {
    context: {} as FrameChannelContext,
    events: {} as FrameChannelEvent,
    emitted: {} as FrameChannelEmitted,
  },
  actors: {
    /** the line to the frame (its `windowChannel` is provided to it) */
    connection: frameConnectionMachine,
    /** the calls waiting for an answer (no effects of its own) */
    callRegistry: callRegistryMachine,
  },
  guards: {
    hasValidSource: (_, p: { src: string }) => frameOriginOf(p.src) !== null,
  },
  actions: {
    rememberFrame: assign((_, p: { src: string }) => ({ frameOrigin: frameOriginOf(p.src) })),
    forgetFrame: assign({ frameOrigin: null, queue: [] }),
    announceActive: tell(() => ({ type: 'channel.activated' })),
    queue: assign(({ context }, p: { message: OutboundMessage }) => ({ queue: [...context.queue, p.message] })),
    post: sendTo(CONNECTION_ID, (_, p: { message: OutboundMessage }) => ({
      type: 'connection.post' as const,
      message: p.message,
    })),
    /** the channel is active: everything queued goes out, in order */
    flushQueue: enqueueActions(({ context, enqueue }) => {
      for (const message of context.queue) {
        enqueue.sendTo(CONNECTION_ID, { type: 'connection.post', message } satisfies ConnectionPost);
      }
      enqueue.assign({ queue: [] });
    }),
    /** the `calls` child waits for this call's answer from now on */
    trackCall: sendTo(
      CALLS_ID,
      (_, p: { id: string }) => ({ type: 'calls.track', id: p.id }) satisfies CallRegistryEvent,
    ),
    /** the frame's document is gone: the `calls` child fails every waiting call */
    abandonCalls: sendTo(CALLS_ID, { type: 'calls.abandon' } satisfies CallRegistryEvent),
    handOnAnswer: forwardTo(CALLS_ID),
    /** how a call ended goes to the views, and a call still queued is not posted any more */
    passOnCallEnd: enqueueActions(({ context, enqueue }, { ended }: { ended: CallEnded }) => {
      enqueue.emit(ended);
      enqueue.assign({ queue: context.queue.filter((m) => !('id' in m && m.id === callWireId(ended.id))) });
    }),
    /** its parent (the pages actor) hands it to the external application page */
    reportNotification: tell((_, p: { method: string; params: unknown }) => ({
      type: 'channel.notification',
      ...p,
    })),
    emitScroll: emit((_, p: { pixels: number }) => ({ type: 'frame.scroll' as const, ...p })),
    emitScrollToView: emit((_, p: { pixels: number }) => ({ type: 'frame.scrollToView' as const, ...p })),
    emitHeight: emit((_, p: { pixels: number }) => ({ type: 'frame.height' as const, ...p })),
    warnRejected: tell((_, p: { origin: string; reason: string }) => ({
      type: 'warning',
      code: 'frameChannel.messageRejected',
      detail: { reason: p.reason, origin: p.origin },
    })),
  },
});

// ---------------------------------------------------------------- action params taken from the events

type Ev<T extends FrameChannelEvent['type']> = { event: Extract<FrameChannelEvent, { type: T }> };
const srcOf = ({ event }: Ev<'frame.attach'>) => ({ src: event.src });
const callIdOf = ({ event }: Ev<'channel.call'>) => ({ id: event.id });
const notifyMessageOf = ({ event }: Ev<'channel.notify'>) => ({
  message: notificationMessage(event.method, event.params),
});
const callMessageOf = ({ event }: Ev<'channel.call'>) => ({
  message: callMessage(event.id, event.method, event.params),
});
const pixelsOf = ({ event }: Ev<'channel.scroll' | 'channel.scrollToView' | 'channel.height'>) => ({
  pixels: event.pixels,
});
const endedOf = ({ event }: { event: CallEnded }) => ({ ended: event });

// ---------------------------------------------------------------- machine

export const frameChannelMachine = frameChannelSetup.createMachine({
  id: 'frameChannel',
  description:
    'The line of messages between the portal and the application shown in its frame: messages wait until the application answers, questions until they are answered.',
  context: { frameOrigin: null, queue: [] },
  invoke: { id: CALLS_ID, src: 'callRegistry' },
  on: {
    'frame.attach': [
      {
        // a (new) address: a new document, which must report ready again; calls to the old one are lost
        guard: { type: 'hasValidSource', params: srcOf },
        target: '.attached',
        actions: ['abandonCalls', { type: 'rememberFrame', params: srcOf }],
        description: 'An application is shown in the frame (or its address changes), if the address is valid',
      },
      {
        target: '.detached',
        actions: ['abandonCalls', 'forgetFrame'],
        description: 'A frame with an invalid address is shown: the portal does not talk to it',
      },
    ],
    'frame.detach': {
      target: '.detached',
      actions: ['abandonCalls', 'forgetFrame'],
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
        { type: 'trackCall', params: callIdOf },
      ],
      description: 'The portal has a question for the application; it waits to be sent',
      meta: { bookkeeping: true },
    },
    'call.done': {
      actions: { type: 'passOnCallEnd', params: endedOf },
      description: 'A question to the application is answered: the answer goes to whoever asked',
      meta: { bookkeeping: true },
    },
    'call.failed': {
      actions: { type: 'passOnCallEnd', params: endedOf },
      description: 'A question to the application failed (or timed out): whoever asked hears of it',
      meta: { bookkeeping: true },
    },
  },
  initial: 'detached',
  states: {
    detached: {
      description: 'No application frame is shown; the portal is not talking to any application.',
      tags: ['inactive'],
    },

    attached: {
      description: 'An application is shown in the frame; the portal keeps a line to it.',
      invoke: {
        id: CONNECTION_ID,
        src: 'connection',
        input: ({ context }) => ({ frameOrigin: context.frameOrigin ?? '' }),
      },
      on: {
        'channel.answer': {
          actions: 'handOnAnswer',
          description: 'The application answers a question: the waiting questions take it',
          meta: { bookkeeping: true },
        },
        'channel.failure': {
          actions: 'handOnAnswer',
          description: 'The application reports a question failed: the waiting questions take it',
          meta: { bookkeeping: true },
        },
        'channel.notification': {
          actions: {
            type: 'reportNotification',
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
          actions: { type: 'warnRejected', params: ({ event }) => ({ origin: event.origin, reason: event.reason }) },
          description: 'A message from another page or window is ignored (noted in the log)',
          meta: { bookkeeping: true },
        },
      },
      initial: 'inactive',
      states: {
        inactive: {
          description: 'The portal waits for the application to answer; messages for it wait until then.',
          tags: ['inactive'],
          on: {
            'connection.up': { target: 'active', description: 'The application answers: the line is up' },
          },
        },
        active: {
          description: 'The application answers: waiting messages are sent in order, new ones at once.',
          tags: ['active'],
          entry: ['flushQueue', 'announceActive'],
          on: {
            'channel.notify': {
              actions: { type: 'post', params: notifyMessageOf },
              description: 'The portal sends news to the application (for example the address changed)',
              meta: { bookkeeping: true },
            },
            'channel.call': {
              actions: [
                { type: 'post', params: callMessageOf },
                { type: 'trackCall', params: callIdOf },
              ],
              description: 'The portal asks the application a question',
              meta: { bookkeeping: true },
            },
            'connection.lost': {
              target: 'inactive',
              description: 'The application stopped answering: messages wait until the line is rebuilt',
            },
          },
        },
      },
    },
  },
});

export type FrameChannelActor = ActorRefFrom<typeof frameChannelMachine>;
export type FrameChannelSnapshot = SnapshotFrom<typeof frameChannelMachine>;

/** For views and tests: the channel is active (the application answers). */
export const isChannelActive = (s: FrameChannelSnapshot): boolean => s.hasTag('active');
