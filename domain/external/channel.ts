/**
 * The wire protocol of the embedded-application channel (spec 1 §4 "Embedded-application channel", "Iframe message
 * channel", "OSS hash sync"; §9 timings) and the rule that decides which window messages the portal listens to.
 *
 * Messages are posted (by the view, through the browser's postMessage) as structured-clone objects, jschannel style, all with
 * `scope: 'ClientApplication'`:
 *
 * | direction      | shape                                                          | meaning                              |
 * |----------------|----------------------------------------------------------------|--------------------------------------|
 * | frame → portal | `{ scope, method: 'ready' }`                                   | the application is ready             |
 * | portal → frame | `{ scope, id: 'ping-<n>', method: 'ping' }`                    | health check (answer within 1000 ms) |
 * | frame → portal | `{ scope, id: 'ping-<n>', result: 'pong' }`                    | the answer to a ping                 |
 * | frame → portal | `{ scope, id, method: 'ping' }`                                | the frame pings the portal ...       |
 * | portal → frame | `{ scope, id, result: 'pong' }`                                | ... and gets its pong                |
 * | portal → frame | `{ scope, id: 'call-<id>', method, params }`                   | a call (answer within 120000 ms)     |
 * | frame → portal | `{ scope, id, result }` / `{ scope, id, error, message? }`     | its answer / its failure             |
 * | both ways      | `{ scope, method, params }` (no id)                            | a notification, e.g. OSS hash sync   |
 *
 * Besides, the application posts plain strings (spec 1 §4 "Messages from the external application"):
 * `'scroll|<pixels>'` (scroll the portal window to that offset of the frame), `'scroll-to-view|<pixels>'` (scroll just
 * enough that that offset of the frame is in view), and — our own, because spec 1 §2 has the frame
 * "auto-resized to its content" without saying how — `'height|<pixels>'`: the height of the application's content,
 * which the portal gives the frame. The application posts it on load and whenever its content height changes.
 *
 * Pure module: the browser adapter (src/app) calls `frameMessageToEvent` for every `message` event of the window and
 * sends the result to the frame's connection (machines/frameConnection.machine.ts).
 */
import { z } from 'zod/mini';

export const CHANNEL_SCOPE = 'ClientApplication';
/** Method names on the channel. */
export const CHANNEL_METHOD = {
  ready: 'ready',
  ping: 'ping',
  /** frame → portal notification, params `{ changeHash }` (spec 1 §4 OSS hash sync) */
  ossChangeUrlHash: 'ossChangeUrlHash',
  /** portal → frame notification, params `{ customerId, language, domain, urlHash }` */
  ossUpdateInitialData: 'ossUpdateInitialData',
} as const;
export const PONG = 'pong';

/** Spec 1 §9 channel timings, in ms (the frameConnection and callRegistry machines name them as delays). */
export const CHANNEL_TIMING = {
  HEALTH_CHECK: 500,
  PING_TIMEOUT: 1000,
  RECONNECT: 100,
  CALL_TIMEOUT: 120_000,
} as const;

const PING_PREFIX = 'ping-';
const CALL_PREFIX = 'call-';
/** The wire id of the n-th ping. */
export const pingWireId = (n: number): string => `${PING_PREFIX}${n}`;
/** The wire id of a call the app made with its own id (kept apart from ping ids). */
export const callWireId = (id: string): string => `${CALL_PREFIX}${id}`;

// ---------------------------------------------------------------- outbound (portal → frame)

export type WireId = string | number;
export interface ChannelCall {
  scope: typeof CHANNEL_SCOPE;
  id: string;
  method: string;
  params?: unknown;
}
export interface ChannelNotification {
  scope: typeof CHANNEL_SCOPE;
  method: string;
  params?: unknown;
}
export interface ChannelAnswer {
  scope: typeof CHANNEL_SCOPE;
  id: WireId;
  result: unknown;
}
export interface ChannelFailure {
  scope: typeof CHANNEL_SCOPE;
  id: WireId;
  error: string;
  message?: string;
}
/** Everything the portal posts to the frame. */
export type OutboundMessage = ChannelCall | ChannelNotification | ChannelAnswer | ChannelFailure;

export const pingMessage = (n: number): ChannelCall => ({
  scope: CHANNEL_SCOPE,
  id: pingWireId(n),
  method: CHANNEL_METHOD.ping,
});
export const callMessage = (id: string, method: string, params?: unknown): ChannelCall =>
  params === undefined
    ? { scope: CHANNEL_SCOPE, id: callWireId(id), method }
    : { scope: CHANNEL_SCOPE, id: callWireId(id), method, params };
export const notificationMessage = (method: string, params?: unknown): ChannelNotification =>
  params === undefined ? { scope: CHANNEL_SCOPE, method } : { scope: CHANNEL_SCOPE, method, params };
export const pongMessage = (id: WireId): ChannelAnswer => ({ scope: CHANNEL_SCOPE, id, result: PONG });
export const unknownMethodMessage = (id: WireId, method: string): ChannelFailure => ({
  scope: CHANNEL_SCOPE,
  id,
  error: 'unknown_method',
  message: `the portal has no method '${method}'`,
});

// ---------------------------------------------------------------- inbound (frame → portal)

/** What the browser adapter hands the frame's connection for one window message. */
export type FrameInboundEvent =
  | { type: 'channel.ready' }
  | { type: 'channel.pong'; id: string }
  | { type: 'channel.answer'; id: string; result: unknown }
  | { type: 'channel.failure'; id: string; error: string; message: string | null }
  | { type: 'channel.called'; id: WireId; method: string; params: unknown }
  | { type: 'channel.notification'; method: string; params: unknown }
  | { type: 'channel.scroll'; pixels: number }
  | { type: 'channel.scrollToView'; pixels: number }
  | { type: 'channel.height'; pixels: number }
  | { type: 'channel.rejected'; origin: string; reason: RejectReason };

/** origin: not the frame's origin; source: not the frame's window; format: not a message of this channel. */
export type RejectReason = 'origin' | 'source' | 'format';

export type MessageVerdict = { accepted: true } | { accepted: false; reason: 'origin' | 'source' };

/**
 * Spec 1 §4 "Iframe message channel": the portal accepts a message only when its origin equals the origin of the
 * frame's source address and its sender is that frame itself. Generic over the sender's type, so no browser type is needed here.
 */
export function acceptMessage<W>(
  message: { origin: string; source: W | null },
  frame: { frameOrigin: string | null; frameWindow: W | null },
): MessageVerdict {
  // an opaque origin ('null', e.g. a sandboxed or data: frame) can never be told apart from any other
  if (!frame.frameOrigin || frame.frameOrigin === 'null' || message.origin !== frame.frameOrigin)
    return { accepted: false, reason: 'origin' };
  if (frame.frameWindow === null || message.source !== frame.frameWindow) return { accepted: false, reason: 'source' };
  return { accepted: true };
}

/** The origin of a frame's source address (absolute, as `iframe.src` reads), or null when it has none. */
export function frameOriginOf(src: string, base?: string): string | null {
  try {
    const origin = new URL(src, base).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

const Id = z.union([z.string(), z.number()]);
const Scoped = z.object({ scope: z.literal(CHANNEL_SCOPE) });
const Notification = z.extend(Scoped, { method: z.string().check(z.minLength(1)), params: z.optional(z.unknown()) });
const Call = z.extend(Notification, { id: Id });
const Answer = z.extend(Scoped, { id: Id, result: z.unknown() });
const Failure = z.extend(Scoped, { id: Id, error: z.string(), message: z.optional(z.string()) });
const PIXEL_MESSAGE = /^(scroll|scroll-to-view|height)\|(-?\d+(?:\.\d+)?)$/;

/** One window message's data as a channel event, or null when it is nothing this channel speaks. */
export function parseFrameMessage(data: unknown): Exclude<FrameInboundEvent, { type: 'channel.rejected' }> | null {
  if (typeof data === 'string') {
    const m = PIXEL_MESSAGE.exec(data.trim());
    if (!m) return null;
    const pixels = Number(m[2]);
    if (m[1] === 'scroll') return { type: 'channel.scroll', pixels };
    if (m[1] === 'scroll-to-view') return { type: 'channel.scrollToView', pixels };
    return pixels >= 0 ? { type: 'channel.height', pixels } : null;
  }
  if (!data || typeof data !== 'object') return null;
  const has = (key: string) => Object.prototype.hasOwnProperty.call(data, key);
  if (has('method')) {
    const call = Call.safeParse(data);
    if (call.success)
      return { type: 'channel.called', id: call.data.id, method: call.data.method, params: call.data.params };
    const note = Notification.safeParse(data);
    if (!note.success) return null;
    if (note.data.method === CHANNEL_METHOD.ready) return { type: 'channel.ready' };
    return { type: 'channel.notification', method: note.data.method, params: note.data.params };
  }
  if (has('error')) {
    const failure = Failure.safeParse(data);
    if (!failure.success) return null;
    const id = String(failure.data.id);
    // a failed ping is no pong: the ping times out and the channel is rebuilt
    if (!id.startsWith(CALL_PREFIX)) return null;
    return {
      type: 'channel.failure',
      id: id.slice(CALL_PREFIX.length),
      error: failure.data.error,
      message: failure.data.message ?? null,
    };
  }
  if (has('result')) {
    const answer = Answer.safeParse(data);
    if (!answer.success) return null;
    const id = String(answer.data.id);
    if (id.startsWith(PING_PREFIX)) return answer.data.result === PONG ? { type: 'channel.pong', id } : null;
    if (id.startsWith(CALL_PREFIX))
      return { type: 'channel.answer', id: id.slice(CALL_PREFIX.length), result: answer.data.result };
  }
  return null;
}

/**
 * The whole inbound rule for the browser adapter: a window `message` event (origin, source, data) and the frame it
 * should come from → the event for the frame's connection (machines/frameConnection.machine.ts). Rejected messages
 * become `channel.rejected`, which the frame channel reports as a `warning` for the log; nothing else happens with
 * them.
 */
export function frameMessageToEvent<W>(
  message: { origin: string; source: W | null; data: unknown },
  frame: { frameOrigin: string | null; frameWindow: W | null },
): FrameInboundEvent {
  const verdict = acceptMessage(message, frame);
  if (!verdict.accepted) return { type: 'channel.rejected', origin: message.origin, reason: verdict.reason };
  return parseFrameMessage(message.data) ?? { type: 'channel.rejected', origin: message.origin, reason: 'format' };
}
