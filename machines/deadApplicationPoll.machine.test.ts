import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { UserContext } from './lib/contract';
import { deadApplicationPollMachine, type DeadApplicationPollEmitted } from './deadApplicationPoll.machine';
import { mariAsMaasikas } from './lib/fixtures/shell';
import { isAxaptaDead } from './lib/rights';
import { transitionCoverage } from './lib/model/transition-coverage';
import model from './deadApplicationPoll.model';

describe('deadApplicationPoll machine (spec 1 §4 context changes)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(answers: Array<UserContext | null | Error>) {
    const calls: number[] = [];
    const logged: unknown[] = [];
    const machine = deadApplicationPollMachine.provide({
      actors: {
        checkDeadApplications: fromPromise<UserContext | null>(async () => {
          calls.push(Date.now());
          const a = answers.shift() ?? null;
          if (a instanceof Error) throw a;
          return a;
        }),
      },
      actions: { logCheckFailure: ({ event }) => logged.push((event as { error?: unknown }).error) },
    });
    const actor = createActor(machine).start();
    const emitted: DeadApplicationPollEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as DeadApplicationPollEmitted));
    return { actor, calls, emitted, logged };
  }

  it('does nothing until started', async () => {
    const { calls } = start([]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(0);
  });

  it('checks every 30 s while signed in', async () => {
    const { actor, calls } = start([null, null, null]);
    actor.send({ type: 'poll.start' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(3);
  });

  it('hands a returned context on and fires REPRESENTEE-CHANGE with cause SC', async () => {
    const dead = mariAsMaasikas({ deadApplications: ['AXAPTA'] });
    const { actor, emitted } = start([dead]);
    actor.send({ type: 'poll.start' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(emitted).toEqual([
      { type: 'context.replaced', context: dead, cause: 'SC' },
      { type: 'REPRESENTEE-CHANGE', cause: 'SC' },
    ]);
    expect(isAxaptaDead((emitted[0] as { context: UserContext }).context)).toBe(true);
    expect(actor.getSnapshot().matches({ running: 'waiting' })).toBe(true);
  });

  it('emits nothing when nothing changed', async () => {
    const { actor, emitted } = start([null]);
    actor.send({ type: 'poll.start' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(emitted).toEqual([]);
  });

  it('only logs a failed check and keeps polling', async () => {
    const { actor, calls, logged, emitted } = start([new Error('503'), mariAsMaasikas()]);
    actor.send({ type: 'poll.start' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(logged).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('polling')).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(2);
    expect(emitted.map((e) => e.type)).toEqual(['context.replaced', 'REPRESENTEE-CHANGE']);
  });

  it('stops on logout, also mid-check', async () => {
    const { actor, calls, emitted } = start([mariAsMaasikas()]);
    actor.send({ type: 'poll.start' });
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'poll.stop' });
    await vi.advanceTimersByTimeAsync(90_000);
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().matches('stopped')).toBe(true);
    expect(emitted).toHaveLength(2);
  });

  it('model: generated shortest paths reach every transition', () => {
    const report = transitionCoverage(model);
    expect(report.missing).toEqual([]);
    expect(report.covered).toBe(report.total);
  });
});
