import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { UserContext } from '../domain/contract';
import {
  DEAD_APP_POLL,
  deadApplicationPollMachine,
  type DeadApplicationPollEmitted,
} from './deadApplicationPoll.machine';
import { mariAsMaasikas } from '../tests/support/fixtures/shell';
import { isAxaptaDead } from '../domain/rights';
import { transitionCoverage } from '../tests/support/model/transition-coverage';
import model from './deadApplicationPoll.model';

describe('deadApplicationPoll machine (spec 1 §4 context changes)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(answers: Array<UserContext | null | Error>) {
    const calls: number[] = [];
    const machine = deadApplicationPollMachine.provide({
      actors: {
        checkDeadApplications: fromPromise<UserContext | null>(() => {
          calls.push(Date.now());
          const a = answers.shift() ?? null;
          return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
        }),
      },
    });
    const actor = createActor(machine).start();
    const emitted: DeadApplicationPollEmitted[] = [];
    const warnings: DeadApplicationPollEmitted[] = [];
    actor.on('*', (e) => (e.type === 'warning' ? warnings : emitted).push(e));
    return { actor, calls, emitted, warnings };
  }

  it('does nothing until started', async () => {
    const { calls } = start([]);
    await vi.advanceTimersByTimeAsync(4 * DEAD_APP_POLL);
    expect(calls).toHaveLength(0);
  });

  it('polls at the spec interval of 30000 ms (spec 1 §9)', () => {
    expect(DEAD_APP_POLL).toBe(30_000);
  });

  it('checks every DEAD_APP_POLL while signed in', async () => {
    const { actor, calls } = start([null, null, null]);
    actor.send({ type: 'poll.start' });
    await vi.advanceTimersByTimeAsync(DEAD_APP_POLL - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2 * DEAD_APP_POLL);
    expect(calls).toHaveLength(3);
  });

  it('hands a returned context on and fires REPRESENTEE-CHANGE with cause SC', async () => {
    const dead = mariAsMaasikas({ deadApplications: ['AXAPTA'] });
    const { actor, emitted } = start([dead]);
    actor.send({ type: 'poll.start' });
    await vi.advanceTimersByTimeAsync(DEAD_APP_POLL);
    expect(emitted).toEqual([
      { type: 'context.replaced', context: dead, cause: 'SC' },
      { type: 'REPRESENTEE-CHANGE', cause: 'SC' },
    ]);
    expect(emitted[0]?.type === 'context.replaced' && isAxaptaDead(emitted[0].context)).toBe(true);
    expect(actor.getSnapshot().matches({ running: 'waiting' })).toBe(true);
  });

  it('emits nothing when nothing changed', async () => {
    const { actor, emitted } = start([null]);
    actor.send({ type: 'poll.start' });
    await vi.advanceTimersByTimeAsync(DEAD_APP_POLL);
    expect(emitted).toEqual([]);
  });

  it('only reports a failed check as a warning for the log, and keeps polling', async () => {
    const failure = new Error('503');
    const { actor, calls, warnings, emitted } = start([failure, mariAsMaasikas()]);
    actor.send({ type: 'poll.start' });
    await vi.advanceTimersByTimeAsync(DEAD_APP_POLL);
    expect(warnings).toEqual([{ type: 'warning', code: 'checkDeadApplications.failed', detail: failure }]);
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().hasTag('polling')).toBe(true);
    await vi.advanceTimersByTimeAsync(DEAD_APP_POLL);
    expect(calls).toHaveLength(2);
    expect(emitted.map((e) => e.type)).toEqual(['context.replaced', 'REPRESENTEE-CHANGE']);
  });

  it('stops on logout, also mid-check', async () => {
    const { actor, calls, emitted } = start([mariAsMaasikas()]);
    actor.send({ type: 'poll.start' });
    await vi.advanceTimersByTimeAsync(DEAD_APP_POLL);
    actor.send({ type: 'poll.stop' });
    await vi.advanceTimersByTimeAsync(3 * DEAD_APP_POLL);
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
