import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { FRAME_LOAD_TIMEOUT_MS, frameLoadMachine } from './frameLoad.machine';

describe('frameLoad machine (spec 1 §8 frame load error)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a document that loads but never reports ready fails after exactly FRAME_LOAD_TIMEOUT (20 s)', async () => {
    const actor = createActor(frameLoadMachine).start();
    actor.send({ type: 'frame.loaded' });
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().output).toEqual({ ready: false, documentLoaded: true });
  });

  it('ready in time ends the watch and its timer; a document that never loads is logged as such', async () => {
    const ready = createActor(frameLoadMachine).start();
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1);
    ready.send({ type: 'frame.ready' });
    expect(ready.getSnapshot().output).toEqual({ ready: true, documentLoaded: false });
    expect(vi.getTimerCount()).toBe(0);

    const silent = createActor(frameLoadMachine).start();
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS);
    expect(silent.getSnapshot().output).toEqual({ ready: false, documentLoaded: false });
  });
});
