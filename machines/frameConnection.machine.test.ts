import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  frameConnectionMachine,
  type FrameConnectionEmitted,
  type WindowChannelInput,
  type WindowChannelPost,
} from './frameConnection.machine';
import {
  CHANNEL_SCOPE,
  CHANNEL_TIMING,
  type FrameInboundEvent,
  type OutboundMessage,
} from '../domain/external/channel';
import { APPS_ORIGIN } from '../tests/support/fixtures/external';

const { HEALTH_CHECK, PING_TIMEOUT, RECONNECT } = CHANNEL_TIMING;

/** The line with a fake window: what it posts, and a way to hand it messages as the browser adapter would. */
function makeConnection() {
  const posted: OutboundMessage[] = [];
  let fromFrame: (e: FrameInboundEvent) => void = () => {};
  let listening = 0;
  const windowChannel = fromCallback<WindowChannelPost, WindowChannelInput>(({ receive, sendBack }) => {
    listening++;
    fromFrame = (e) => sendBack(e);
    receive(({ message }) => void posted.push(message));
    return () => void listening--;
  });
  const actor = createActor(frameConnectionMachine.provide({ actors: { windowChannel } }), {
    input: { frameOrigin: APPS_ORIGIN },
  });
  const reported: FrameConnectionEmitted[] = [];
  actor.on('*', (e) => reported.push(e));
  actor.start();
  const lastPingId = () => {
    const ping = posted.filter((m) => 'method' in m && m.method === 'ping').at(-1);
    return ping && 'id' in ping ? String(ping.id) : '';
  };
  return {
    actor,
    posted,
    reported,
    send: (e: FrameInboundEvent) => fromFrame(e),
    lastPingId,
    listening: () => listening,
  };
}

describe('frame connection machine (spec 1 §4 channel, §9 timings)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pings on opening, is up on ready or on the pong to its latest ping, and reports it', () => {
    const c = makeConnection();
    expect(c.lastPingId()).toBe('ping-1');
    c.send({ type: 'channel.pong', id: 'ping-0' });
    expect(c.reported).toEqual([]);
    c.send({ type: 'channel.pong', id: c.lastPingId() });
    expect(c.reported).toEqual([{ type: 'connection.up' }]);
    expect(c.actor.getSnapshot().matches({ open: 'active' })).toBe(true);

    const r = makeConnection();
    r.send({ type: 'channel.ready' });
    expect(r.reported).toEqual([{ type: 'connection.up' }]);
  });

  it('up, pings every HEALTH_CHECK; an unanswered ping drops the line after PING_TIMEOUT, rebuilt after RECONNECT', async () => {
    const c = makeConnection();
    c.send({ type: 'channel.ready' });
    await vi.advanceTimersByTimeAsync(HEALTH_CHECK);
    expect(c.lastPingId()).toBe('ping-2');
    c.send({ type: 'channel.pong', id: 'ping-2' });
    await vi.advanceTimersByTimeAsync(HEALTH_CHECK + PING_TIMEOUT - 1);
    expect(c.actor.getSnapshot().matches('open')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.actor.getSnapshot().matches('destroyed')).toBe(true);
    expect(c.reported.at(-1)).toEqual({ type: 'connection.lost' });
    expect(c.listening()).toBe(0);
    await vi.advanceTimersByTimeAsync(RECONNECT);
    expect(c.listening()).toBe(1);
    expect(c.lastPingId()).toBe('ping-4');
  });

  it('posts what it is given, answers the frame’s ping and unknown methods, and hands on the rest unchanged', () => {
    const c = makeConnection();
    c.actor.send({ type: 'connection.post', message: { scope: CHANNEL_SCOPE, method: 'hello' } });
    c.send({ type: 'channel.called', id: 7, method: 'ping', params: undefined });
    c.send({ type: 'channel.called', id: 8, method: 'reboot', params: undefined });
    expect(c.posted.slice(1)).toEqual([
      { scope: CHANNEL_SCOPE, method: 'hello' },
      { scope: CHANNEL_SCOPE, id: 7, result: 'pong' },
      expect.objectContaining({ id: 8, error: 'unknown_method' }),
    ]);
    const relayed: FrameInboundEvent[] = [
      { type: 'channel.answer', id: 'c1', result: 1 },
      { type: 'channel.failure', id: 'c2', error: 'forbidden', message: null },
      { type: 'channel.notification', method: 'ossChangeUrlHash', params: { changeHash: '/x' } },
      { type: 'channel.scroll', pixels: 1 },
      { type: 'channel.scrollToView', pixels: 2 },
      { type: 'channel.height', pixels: 3 },
      { type: 'channel.rejected', origin: 'https://evil.example', reason: 'origin' },
    ];
    relayed.forEach(c.send);
    expect(c.reported).toEqual(relayed);
  });

  it('stopping it leaves no listener and no timer behind', () => {
    const c = makeConnection();
    c.actor.stop();
    expect(c.listening()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
