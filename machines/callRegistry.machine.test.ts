import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { callRegistryMachine, type CallEnded } from './callRegistry.machine';
import { CHANNEL_SCOPE, CHANNEL_TIMING } from '../domain/external/channel';

const { CALL_TIMEOUT } = CHANNEL_TIMING;
const failed = (id: string, reason: string, error: string | null = null, message: string | null = null) => ({
  type: 'call.failed',
  id,
  reason,
  scope: CHANNEL_SCOPE,
  error,
  message,
});

function makeRegistry() {
  const actor = createActor(callRegistryMachine);
  const reported: CallEnded[] = [];
  actor.on('*', (e) => reported.push(e));
  actor.start();
  return { actor, reported };
}

describe('call registry machine (spec 1 §4: a call not answered within 120000 ms fails)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports an answered call done and a failure answer failed, once each; other answers are ignored', async () => {
    const { actor, reported } = makeRegistry();
    actor.send({ type: 'calls.track', id: 'c1' });
    actor.send({ type: 'calls.track', id: 'c2' });
    actor.send({ type: 'channel.answer', id: 'c1', result: { id: 42 } });
    actor.send({ type: 'channel.answer', id: 'c1', result: 'again' });
    actor.send({ type: 'channel.answer', id: 'never-made', result: null });
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    actor.send({ type: 'channel.failure', id: 'c2', error: 'forbidden', message: 'no rights' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    await vi.advanceTimersByTimeAsync(2 * CALL_TIMEOUT);
    expect(reported).toEqual([
      { type: 'call.done', id: 'c1', result: { id: 42 } },
      failed('c2', 'remote', 'forbidden', 'no rights'),
    ]);
  });

  it('fails a call after CALL_TIMEOUT, counted from its last tracking', async () => {
    const { actor, reported } = makeRegistry();
    actor.send({ type: 'calls.track', id: 'c1' });
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT / 2);
    actor.send({ type: 'calls.track', id: 'c1' }); // the same id again: it starts over
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT - 1);
    expect(reported).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reported).toEqual([failed('c1', 'timeout')]);
    actor.send({ type: 'channel.answer', id: 'c1', result: 'late' });
    expect(reported).toHaveLength(1);
  });

  it('fails every waiting call, oldest first, when the frame is gone, and leaves no timer', () => {
    const { actor, reported } = makeRegistry();
    actor.send({ type: 'calls.track', id: 'c1' });
    actor.send({ type: 'calls.track', id: 'c2' });
    actor.send({ type: 'calls.abandon' });
    expect(reported).toEqual([failed('c1', 'detached'), failed('c2', 'detached')]);
    expect(vi.getTimerCount()).toBe(0);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('sends what it reports to its parent', () => {
    const heard: string[] = [];
    const parent = createMachine({
      invoke: { id: 'calls', src: callRegistryMachine },
      on: { '*': { actions: ({ event }) => void heard.push(event.type) } },
    });
    const actor = createActor(parent).start();
    const calls = actor.getSnapshot().children.calls;
    calls.send({ type: 'calls.track', id: 'c1' });
    calls.send({ type: 'channel.answer', id: 'c1', result: 1 });
    expect(heard).toEqual(['call.done']);
  });
});
