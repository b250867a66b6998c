/**
 * The line to the application in the frame (spec 1 §4 "Embedded-application channel", "Iframe message channel"; §9:
 * health check every 500 ms, ping timeout 1000 ms, reconnect after 100 ms), a child the frame channel invokes while a
 * frame is shown.
 *
 * The provided `windowChannel` actor listens to the window's `message` events and posts to the frame. The line is up
 * once the application reports `ready` or answers a ping with `pong`; up, it pings every HEALTH_CHECK. A ping left
 * unanswered for PING_TIMEOUT drops the line (the listener is stopped) and it is rebuilt after RECONNECT, pinging
 * again. It answers the application's own pings, and tells it when it asks for a method the portal does not have.
 *
 * It reports to the frame channel `connection.up` and `connection.lost`, and hands on every other message from the
 * application unchanged; it posts what the channel gives it (`connection.post`) while the line is open.
 */
import { assign, enqueueActions, fromCallback, setup } from 'xstate';
import {
  CHANNEL_METHOD,
  CHANNEL_TIMING,
  pingMessage,
  pingWireId,
  pongMessage,
  unknownMethodMessage,
  type FrameInboundEvent,
  type OutboundMessage,
} from '../domain/external/channel';
import { report, reporter } from '../domain/report';

/** Input of the connection and of the provided `windowChannel` actor. */
export interface WindowChannelInput {
  /** post with this target origin; accept messages from it only */
  frameOrigin: string;
}
/** What the connection tells the `windowChannel` actor: post this message to the frame. */
export type WindowChannelPost = { type: 'post'; message: OutboundMessage };

export interface FrameConnectionContext extends WindowChannelInput {
  /** pings sent so far (numbers the ping ids) */
  pingCount: number;
  /** the wire id of the ping being waited for */
  pingId: string | null;
}

/** What the frame channel gives the connection to post. */
export type ConnectionPost = { type: 'connection.post'; message: OutboundMessage };

/** The messages from the application that the connection hands on to the frame channel unchanged. */
export type RelayedMessage = Exclude<FrameInboundEvent, { type: 'channel.ready' | 'channel.pong' | 'channel.called' }>;

export type FrameConnectionEvent = FrameInboundEvent | ConnectionPost;

export type FrameConnectionEmitted =
  /** the application answers: messages may go to it */
  | { type: 'connection.up' }
  /** a ping went unanswered: the line is dropped and being rebuilt */
  | { type: 'connection.lost' }
  | RelayedMessage;

const CHANNEL_ACTOR_ID = 'windowChannel';
const tell = reporter<FrameConnectionContext, FrameConnectionEvent, FrameConnectionEmitted>();

type Ev<T extends FrameConnectionEvent['type']> = { event: Extract<FrameConnectionEvent, { type: T }> };
const pingIdOf = ({ event }: Ev<'channel.pong'>) => ({ id: event.id });
const pongOf = ({ event }: Ev<'channel.called'>) => ({ message: pongMessage(event.id) });
const unknownMethodOf = ({ event }: Ev<'channel.called'>) => ({
  message: unknownMethodMessage(event.id, event.method),
});
/** a message from the application the frame channel deals with: handed on as it came */
const RELAY = {
  actions: { type: 'relay', params: ({ event }: { event: RelayedMessage }) => ({ event }) },
  meta: { bookkeeping: true },
} as const;

export const frameConnectionMachine = setup({
  types: {
    context: {} as FrameConnectionContext,
    events: {} as FrameConnectionEvent,
    input: {} as WindowChannelInput,
    emitted: {} as FrameConnectionEmitted,
  },
  delays: {
    /** spec 1 §9: channel health check every 500 ms */
    HEALTH_CHECK: CHANNEL_TIMING.HEALTH_CHECK,
    /** spec 1 §4: a ping times out after 1000 ms */
    PING_TIMEOUT: CHANNEL_TIMING.PING_TIMEOUT,
    /** spec 1 §9: reconnect after 100 ms */
    RECONNECT: CHANNEL_TIMING.RECONNECT,
  },
  actors: {
    /**
     * The browser side of the line, alive while it is open: adds a window `message` listener and hands every message
     * to the machine as `frameMessageToEvent(event, { frameOrigin, frameWindow: iframe.contentWindow })`; posts each
     * `post` it receives with `iframe.contentWindow.postMessage(message, frameOrigin)`; its cleanup removes the
     * listener.
     */
    windowChannel: fromCallback<WindowChannelPost, WindowChannelInput>(() => {
      throw new Error('windowChannel not provided');
    }),
  },
  guards: {
    isCurrentPing: ({ context }, p: { id: string }) => p.id === context.pingId,
    isPing: (_, p: { method: string }) => p.method === CHANNEL_METHOD.ping,
  },
  actions: {
    /** post a ping with a fresh id and wait for its pong */
    sendPing: enqueueActions(({ context, enqueue }) => {
      const n = context.pingCount + 1;
      enqueue.assign({ pingCount: n, pingId: pingWireId(n) });
      enqueue.sendTo(CHANNEL_ACTOR_ID, { type: 'post', message: pingMessage(n) } satisfies WindowChannelPost);
    }),
    forgetPing: assign({ pingId: null }),
    post: enqueueActions(({ enqueue }, p: { message: OutboundMessage }) => {
      enqueue.sendTo(CHANNEL_ACTOR_ID, { type: 'post', message: p.message } satisfies WindowChannelPost);
    }),
    reportUp: tell(() => ({ type: 'connection.up' })),
    reportLost: tell(() => ({ type: 'connection.lost' })),
    relay: enqueueActions(({ enqueue, self }, { event }: { event: RelayedMessage }) => report(enqueue, self, event)),
  },
}).createMachine({
  id: 'frameConnection',
  description:
    'The line to the application in the frame: the portal checks twice a second that the application answers, and reconnects when it does not.',
  context: ({ input }) => ({ frameOrigin: input.frameOrigin, pingCount: 0, pingId: null }),
  initial: 'open',
  states: {
    open: {
      description: 'The portal listens to the application in the frame.',
      invoke: {
        id: CHANNEL_ACTOR_ID,
        src: 'windowChannel',
        input: ({ context }) => ({ frameOrigin: context.frameOrigin }),
      },
      on: {
        'connection.post': {
          actions: { type: 'post', params: ({ event }) => ({ message: event.message }) },
          description: 'The portal sends the application a message',
          meta: { bookkeeping: true },
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
        'channel.answer': { ...RELAY, description: 'The application answers a question: it goes on to the channel' },
        'channel.failure': { ...RELAY, description: 'The application reports a question failed: it goes on' },
        'channel.notification': { ...RELAY, description: 'The application sends news: it goes on to the channel' },
        'channel.scroll': { ...RELAY, description: 'The application asks to scroll: it goes on to the channel' },
        'channel.scrollToView': { ...RELAY, description: 'The application asks to show a part: it goes on' },
        'channel.height': { ...RELAY, description: 'The application reports its height: it goes on to the channel' },
        'channel.rejected': { ...RELAY, description: 'A message from another page or window: it goes on to be noted' },
      },
      initial: 'inactive',
      states: {
        inactive: {
          description: 'The portal waits for the application to say it is ready.',
          entry: 'sendPing',
          on: {
            'channel.ready': { target: 'active', description: 'The application reports that it is ready' },
            'channel.pong': {
              guard: { type: 'isCurrentPing', params: pingIdOf },
              target: 'active',
              description: "The application answers the portal's check, if it answers the latest one",
            },
          },
          after: {
            PING_TIMEOUT: {
              target: '#frameConnection.destroyed',
              description: 'After 1 second without an answer the portal drops the connection',
            },
          },
        },
        active: {
          description: 'The application answers, and the portal checks on it twice a second.',
          entry: ['forgetPing', 'reportUp'],
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
                  guard: { type: 'isCurrentPing', params: pingIdOf },
                  target: 'healthy',
                  actions: 'forgetPing',
                  description: 'The application answers, if it answers the latest check',
                },
              },
              after: {
                PING_TIMEOUT: {
                  target: '#frameConnection.destroyed',
                  actions: 'reportLost',
                  description: 'After 1 second without an answer the portal drops the connection',
                },
              },
            },
          },
        },
      },
    },
    destroyed: {
      description: 'The application stopped answering; the connection is dropped until it is rebuilt.',
      entry: 'forgetPing',
      after: {
        RECONNECT: { target: 'open', description: 'After 0.1 seconds the portal connects again' },
      },
    },
  },
});
