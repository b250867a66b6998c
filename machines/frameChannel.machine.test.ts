import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type ActorRefFrom } from 'xstate';
import {
  frameChannelMachine,
  isChannelActive,
  type FrameChannelActor,
  type FrameChannelEmitted,
} from './frameChannel.machine';
import { frameConnectionMachine, type WindowChannelInput, type WindowChannelPost } from './frameConnection.machine';
import { CHANNEL_SCOPE, CHANNEL_TIMING, frameMessageToEvent, type OutboundMessage } from '../domain/external';
import { transitionCoverage } from '../tests/support/model/transition-coverage';
import model from './frameChannel.model';
import { APPS_ORIGIN, OSS_FRAME_SRC } from '../tests/support/fixtures/external';

/**
 * A fake browser around the machine: a window whose `message` listeners the provided windowChannel registers (as the
 * real adapter does, through frameMessageToEvent), and a fake application in the frame that answers pings (or not)
 * on the next microtask.
 */
function harness(options: { answersPings?: boolean; readyOnLoad?: boolean } = {}) {
  type MessageEvent = { origin: string; source: object | null; data: unknown };
  const listeners = new Set<(e: MessageEvent) => void>();
  const frameWindow = { name: 'oss-iframe' };
  const app = { answersPings: options.answersPings ?? true, received: [] as OutboundMessage[] };
  const opened: string[] = [];
  const fromApp = (data: unknown, origin = APPS_ORIGIN, source: object | null = frameWindow) =>
    listeners.forEach((l) => l({ origin, source, data }));

  const windowChannel = fromCallback<WindowChannelPost, WindowChannelInput>(({ input, receive, sendBack }) => {
    opened.push(input.frameOrigin);
    const listener = (e: MessageEvent) =>
      sendBack(frameMessageToEvent(e, { frameOrigin: input.frameOrigin, frameWindow }));
    listeners.add(listener);
    receive(({ message }) => {
      app.received.push(message);
      if (app.answersPings && 'method' in message && message.method === 'ping' && 'id' in message) {
        queueMicrotask(() => fromApp({ scope: CHANNEL_SCOPE, id: message.id, result: 'pong' }));
      }
    });
    return () => listeners.delete(listener);
  });
  const machine = frameChannelMachine.provide({
    actors: { connection: frameConnectionMachine.provide({ actors: { windowChannel } }) },
  });
  const actor = createActor(machine).start();
  const emitted: FrameChannelEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  const pings = () => app.received.filter((m) => 'method' in m && m.method === 'ping');
  const notes = () =>
    app.received.filter((m) => 'method' in m && !('id' in m)).map((m) => ('params' in m ? m.params : null));
  return { actor, app, emitted, listeners, opened, fromApp, pings, notes };
}

const { HEALTH_CHECK, PING_TIMEOUT, RECONNECT, CALL_TIMEOUT } = CHANNEL_TIMING;
const REJECTED = 'frameChannel.messageRejected';
/** The line to the frame, while one is attached. */
const connectionOf = (actor: FrameChannelActor) =>
  (actor.getSnapshot().children as { connection?: ActorRefFrom<typeof frameConnectionMachine> }).connection!;

describe('frameChannel machine (spec 1 §4 embedded-application channel, §9 timings)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the spec timings: health check 500 ms, ping timeout 1000 ms, reconnect 100 ms, call timeout 120000 ms', () => {
    expect(CHANNEL_TIMING).toEqual({ HEALTH_CHECK: 500, PING_TIMEOUT: 1000, RECONNECT: 100, CALL_TIMEOUT: 120_000 });
  });

  it('without a frame nothing listens; a call waits for a frame, and fails when it never comes', async () => {
    const h = harness();
    h.actor.send({ type: 'channel.call', id: 'c1', method: 'getState' });
    expect(h.listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT);
    expect(h.emitted).toEqual([
      { type: 'call.failed', id: 'c1', reason: 'timeout', scope: CHANNEL_SCOPE, error: null, message: null },
    ]);
  });

  it('notifications made before the frame is shown reach it once it is ready', async () => {
    const h = harness();
    h.actor.send({ type: 'channel.notify', method: 'ossUpdateInitialData', params: { urlHash: 'a' } });
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    expect(h.notes()).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.notes()).toEqual([{ urlHash: 'a' }]);
  });

  it('ignores a frame address without an origin', () => {
    const h = harness();
    h.actor.send({ type: 'frame.attach', src: 'about:blank' });
    expect(h.actor.getSnapshot().matches('detached')).toBe(true);
  });

  it('listens to the frame origin, pings, and becomes active when the frame reports ready', async () => {
    const h = harness({ answersPings: false });
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    expect(h.opened).toEqual([APPS_ORIGIN]);
    expect(h.pings()).toHaveLength(1);
    expect(isChannelActive(h.actor.getSnapshot())).toBe(false);
    expect(h.emitted).toEqual([]);
    h.fromApp({ scope: CHANNEL_SCOPE, method: 'ready' });
    await vi.advanceTimersByTimeAsync(0);
    expect(isChannelActive(h.actor.getSnapshot())).toBe(true);
    // the page hears it once (the frame load error waits for it); health-check pongs do not repeat it
    expect(h.emitted).toEqual([{ type: 'channel.activated' }]);
    h.app.answersPings = true;
    await vi.advanceTimersByTimeAsync(HEALTH_CHECK * 4);
    expect(h.pings().length).toBeGreaterThan(2);
    expect(h.emitted).toEqual([{ type: 'channel.activated' }]);
    // a new document in the frame must report ready again
    h.app.answersPings = false;
    h.actor.send({ type: 'frame.attach', src: `${OSS_FRAME_SRC}&x=1` });
    await vi.advanceTimersByTimeAsync(0);
    expect(isChannelActive(h.actor.getSnapshot())).toBe(false);
    h.fromApp({ scope: CHANNEL_SCOPE, method: 'ready' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.emitted).toEqual([{ type: 'channel.activated' }, { type: 'channel.activated' }]);
  });

  it('becomes active after its ping is answered with pong', async () => {
    const h = harness();
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    await vi.advanceTimersByTimeAsync(0);
    expect(isChannelActive(h.actor.getSnapshot())).toBe(true);
  });

  it('HEALTH_CHECK: once active it pings every HEALTH_CHECK', async () => {
    const h = harness();
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.pings()).toHaveLength(1); // the handshake ping
    await vi.advanceTimersByTimeAsync(HEALTH_CHECK - 1);
    expect(h.pings()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.pings()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(HEALTH_CHECK);
    expect(h.pings()).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(10 * HEALTH_CHECK);
    expect(h.pings()).toHaveLength(13);
    expect(isChannelActive(h.actor.getSnapshot())).toBe(true);
  });

  it('PING_TIMEOUT and RECONNECT: an unanswered ping destroys the channel after PING_TIMEOUT, rebuilt RECONNECT later', async () => {
    const h = harness();
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    await vi.advanceTimersByTimeAsync(0);
    h.app.answersPings = false;
    await vi.advanceTimersByTimeAsync(HEALTH_CHECK); // the health check ping goes unanswered
    expect(h.pings()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(PING_TIMEOUT - 1);
    expect(isChannelActive(h.actor.getSnapshot())).toBe(true);
    expect(h.listeners.size).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(connectionOf(h.actor).getSnapshot().matches('destroyed')).toBe(true);
    expect(h.listeners.size).toBe(0); // destroyed: the window listener is gone
    await vi.advanceTimersByTimeAsync(RECONNECT - 1);
    expect(h.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.opened).toHaveLength(2); // rebuilt
    expect(h.listeners.size).toBe(1);
    expect(h.pings()).toHaveLength(3); // and pinging again
    expect(isChannelActive(h.actor.getSnapshot())).toBe(false);
    // still silent: the same again, PING_TIMEOUT then RECONNECT
    await vi.advanceTimersByTimeAsync(PING_TIMEOUT + RECONNECT);
    expect(h.opened).toHaveLength(3);
    h.app.answersPings = true;
    await vi.advanceTimersByTimeAsync(PING_TIMEOUT + RECONNECT);
    expect(isChannelActive(h.actor.getSnapshot())).toBe(true);
  });

  it('queues notifications while inactive and delivers them in order once ready', async () => {
    const h = harness({ answersPings: false });
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    h.actor.send({ type: 'channel.notify', method: 'ossUpdateInitialData', params: { urlHash: 'a' } });
    await vi.advanceTimersByTimeAsync(PING_TIMEOUT + RECONNECT / 2); // destroyed meanwhile: still queued
    h.actor.send({ type: 'channel.notify', method: 'ossUpdateInitialData', params: { urlHash: 'b' } });
    await vi.advanceTimersByTimeAsync(RECONNECT / 2); // rebuilt
    h.actor.send({ type: 'channel.notify', method: 'ossUpdateInitialData', params: { urlHash: 'c' } });
    expect(h.notes()).toEqual([]);
    h.app.answersPings = true;
    h.fromApp({ scope: CHANNEL_SCOPE, method: 'ready' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.notes()).toEqual([{ urlHash: 'a' }, { urlHash: 'b' }, { urlHash: 'c' }]);
    h.actor.send({ type: 'channel.notify', method: 'ossUpdateInitialData', params: { urlHash: 'd' } });
    expect(h.notes()).toEqual([{ urlHash: 'a' }, { urlHash: 'b' }, { urlHash: 'c' }, { urlHash: 'd' }]);
  });

  it('CALL_TIMEOUT: a call not answered within CALL_TIMEOUT fails with scope ClientApplication', async () => {
    const h = harness();
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    await vi.advanceTimersByTimeAsync(0);
    h.actor.send({ type: 'channel.call', id: 'c1', method: 'getShipment', params: { id: 42 } });
    expect(h.app.received).toContainEqual({
      scope: CHANNEL_SCOPE,
      id: 'call-c1',
      method: 'getShipment',
      params: { id: 42 },
    });
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT - 1);
    expect(h.emitted.filter((e) => e.type === 'call.failed')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.emitted.filter((e) => e.type === 'call.failed')).toEqual([
      { type: 'call.failed', id: 'c1', reason: 'timeout', scope: 'ClientApplication', error: null, message: null },
    ]);
    // a late answer is ignored
    h.fromApp({ scope: CHANNEL_SCOPE, id: 'call-c1', result: { id: 42 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.emitted.filter((e) => e.type === 'call.done')).toEqual([]);
  });

  it('an answered call is done, its timeout cancelled; a failure answer fails it', async () => {
    const h = harness();
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    await vi.advanceTimersByTimeAsync(0);
    h.actor.send({ type: 'channel.call', id: 'c1', method: 'getShipment' });
    h.actor.send({ type: 'channel.call', id: 'c2', method: 'deleteShipment' });
    h.fromApp({ scope: CHANNEL_SCOPE, id: 'call-c1', result: { id: 42 } });
    h.fromApp({ scope: CHANNEL_SCOPE, id: 'call-c2', error: 'forbidden', message: 'no rights' });
    await vi.advanceTimersByTimeAsync(2 * CALL_TIMEOUT);
    expect(h.emitted.filter((e) => e.type.startsWith('call.'))).toEqual([
      { type: 'call.done', id: 'c1', result: { id: 42 } },
      {
        type: 'call.failed',
        id: 'c2',
        reason: 'remote',
        scope: CHANNEL_SCOPE,
        error: 'forbidden',
        message: 'no rights',
      },
    ]);
  });

  it('calls made while inactive are posted once ready; their timeout runs from the call', async () => {
    const h = harness({ answersPings: false });
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    h.actor.send({ type: 'channel.call', id: 'c1', method: 'getShipment' });
    expect(h.app.received.filter((m) => 'id' in m && m.id === 'call-c1')).toEqual([]);
    h.fromApp({ scope: CHANNEL_SCOPE, method: 'ready' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.app.received.filter((m) => 'id' in m && m.id === 'call-c1')).toHaveLength(1);
  });

  it('answers the frame’s own ping with pong and an unknown method with an error', async () => {
    const h = harness();
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    await vi.advanceTimersByTimeAsync(0);
    h.fromApp({ scope: CHANNEL_SCOPE, id: 7, method: 'ping' });
    h.fromApp({ scope: CHANNEL_SCOPE, id: 8, method: 'reboot' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.app.received).toContainEqual({ scope: CHANNEL_SCOPE, id: 7, result: 'pong' });
    expect(h.app.received).toContainEqual(expect.objectContaining({ id: 8, error: 'unknown_method' }));
  });

  it('hands on scroll, scroll-to-view, height and notifications; rejects foreign messages', async () => {
    const h = harness();
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    await vi.advanceTimersByTimeAsync(0);
    h.fromApp('scroll|120');
    h.fromApp('scroll-to-view|640');
    h.fromApp('height|1780');
    h.fromApp({ scope: CHANNEL_SCOPE, method: 'ossChangeUrlHash', params: { changeHash: '/shipments/42' } });
    // forged: another origin, the right origin from another window, and noise from the frame itself
    h.fromApp(
      { scope: CHANNEL_SCOPE, method: 'ossChangeUrlHash', params: { changeHash: '/x' } },
      'https://evil.example',
    );
    h.fromApp('scroll|9999', APPS_ORIGIN, { name: 'another window' });
    h.fromApp({ hello: 'world' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.emitted).toEqual([
      { type: 'channel.activated' },
      { type: 'frame.scroll', pixels: 120 },
      { type: 'frame.scrollToView', pixels: 640 },
      { type: 'frame.height', pixels: 1780 },
      { type: 'channel.notification', method: 'ossChangeUrlHash', params: { changeHash: '/shipments/42' } },
      { type: 'warning', code: REJECTED, detail: { origin: 'https://evil.example', reason: 'origin' } },
      { type: 'warning', code: REJECTED, detail: { origin: APPS_ORIGIN, reason: 'source' } },
      { type: 'warning', code: REJECTED, detail: { origin: APPS_ORIGIN, reason: 'format' } },
    ]);
  });

  it('a forged ready from a foreign origin does not activate the channel', async () => {
    const h = harness({ answersPings: false });
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    h.fromApp({ scope: CHANNEL_SCOPE, method: 'ready' }, 'https://evil.example');
    await vi.advanceTimersByTimeAsync(0);
    expect(isChannelActive(h.actor.getSnapshot())).toBe(false);
  });

  it('detach stops listening and pinging, fails waiting calls and drops the queue', async () => {
    const h = harness({ answersPings: false });
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    h.actor.send({ type: 'channel.notify', method: 'ossUpdateInitialData', params: { urlHash: 'a' } });
    h.actor.send({ type: 'channel.call', id: 'c1', method: 'getShipment' });
    h.actor.send({ type: 'frame.detach' });
    expect(h.listeners.size).toBe(0);
    expect(h.emitted).toEqual([
      { type: 'call.failed', id: 'c1', reason: 'detached', scope: CHANNEL_SCOPE, error: null, message: null },
    ]);
    const sent = h.app.received.length;
    await vi.advanceTimersByTimeAsync(2 * CALL_TIMEOUT);
    expect(h.app.received).toHaveLength(sent);
    expect(h.emitted).toHaveLength(1); // no timeout for the failed call
    expect(h.actor.getSnapshot().context.queue).toEqual([]);
  });

  it('a new frame address rebuilds the channel on its origin and keeps queued notifications', async () => {
    const h = harness({ answersPings: false });
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    h.actor.send({ type: 'channel.notify', method: 'ossUpdateInitialData', params: { urlHash: 'a' } });
    h.actor.send({ type: 'frame.attach', src: 'https://other.example/app?x=1' });
    expect(h.opened).toEqual([APPS_ORIGIN, 'https://other.example']);
    expect(h.listeners.size).toBe(1);
    h.fromApp({ scope: CHANNEL_SCOPE, method: 'ready' }, 'https://other.example');
    await vi.advanceTimersByTimeAsync(0);
    expect(isChannelActive(h.actor.getSnapshot())).toBe(true);
    expect(h.notes()).toEqual([{ urlHash: 'a' }]);
  });

  it('stopping the actor leaves no listener and no timer behind', async () => {
    const h = harness();
    h.actor.send({ type: 'frame.attach', src: OSS_FRAME_SRC });
    await vi.advanceTimersByTimeAsync(0);
    h.actor.send({ type: 'channel.call', id: 'c1', method: 'getShipment' });
    h.actor.stop();
    expect(h.listeners.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('model: generated shortest paths reach every transition', () => {
    const report = transitionCoverage(model);
    expect(report.missing).toEqual([]);
    expect(report.covered).toBe(report.total);
  });
});
