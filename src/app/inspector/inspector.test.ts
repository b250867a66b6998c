import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createInspectionStore } from './index';

describe('offline inspector store', () => {
  it('lists live actors with systemId, current state and the last 5 events', async () => {
    const store = createInspectionStore();
    const m = createMachine({ id: 'm', initial: 'a', states: { a: { on: { go: 'b' } }, b: { on: { go: 'a' } } } });
    const actor = createActor(m, { systemId: 'session', inspect: store.inspect }).start();
    for (let i = 0; i < 7; i++) actor.send({ type: 'go' });
    await Promise.resolve();
    await Promise.resolve();
    const row = store.getSnapshot().find((r) => r.systemId === 'session');
    expect(row?.state).toBe('b');
    expect(row?.events).toHaveLength(5);
    expect(row?.events[0]).toBe('go');
  });
});
