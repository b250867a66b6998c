import { describe, expect, it } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import type { MachineModelSpec } from '../../machines/lib/model-spec';
import { validateSpec } from '../lib/machines';
import pollSpec from './fixtures/poll.model';
import { computeCoverage, generatePaths, renderPathsMarkdown, replayPath, runSpec, staticCoverage } from './lib';

const spec = pollSpec as unknown as MachineModelSpec;

describe('generatePaths', () => {
  it('covers every transition of the fixture, deterministically', () => {
    const a = generatePaths(spec);
    const b = generatePaths(spec);
    expect(a.paths.map((p) => p.signature)).toEqual(b.paths.map((p) => p.signature));
    expect(staticCoverage(spec, a).missing).toEqual([]);
    expect(staticCoverage(spec, a).total).toBe(9);
    // no path is a prefix of another
    const sigs = a.paths.map((p) => p.steps.map((s) => JSON.stringify(s.event)).join('|'));
    for (const s of sigs) expect(sigs.filter((o) => o !== s && o.startsWith(s + '|'))).toEqual([]);
  });

  it('writes step lists a tester can follow', () => {
    const generated = generatePaths(spec);
    const md = renderPathsMarkdown({ spec, generated, specFile: 'tools/model/fixtures/poll.model.ts' });
    expect(md).toContain('1. send `poll.start` → `polling › checking`');
    expect(md).toContain('wait POLL_INTERVAL (5 s) → `polling › checking`');
    expect(md).toContain('`checkStatus` fails (status service down) → `failed`');
    expect(md).toMatch(/## Path 1: reaches /);
    expect(renderPathsMarkdown({ spec, generated: generatePaths(spec), specFile: 'tools/model/fixtures/poll.model.ts' })).toBe(md);
  });
});

describe('replayPath', () => {
  it('replays a generated path on a real actor, timers run on the simulated clock', async () => {
    const { paths } = generatePaths(spec);
    const withTimer = paths.find((p) => p.steps.some((s) => s.event.type.startsWith('xstate.after.POLL_INTERVAL')))!;
    const result = await replayPath(spec, withTimer);
    expect(result.error).toBeUndefined();
    expect(result.ok).toBe(true);
    expect(result.transitions.has('poll.polling.waiting :: xstate.after.POLL_INTERVAL.poll.polling.waiting')).toBe(true);
  });

  it('fails when a fake actor is not inert, and says why', async () => {
    const eager = { ...spec, provide: { actors: { checkStatus: fromPromise(async () => ({ done: true })) } } } as MachineModelSpec;
    const path = generatePaths(eager).paths.find((p) => p.steps.length >= 2 && p.steps[1].event.type === 'xstate.error.actor.checkStatus')!;
    const result = await replayPath(eager, path);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/must be inert/);
  });

  it('fails when the path waits for a timer the actor does not have', async () => {
    const { paths } = generatePaths(spec);
    const base = paths.find((p) => p.steps[0]?.event.type === 'poll.start')!;
    const bogus = { ...base, steps: [{ ...base.steps[0], event: { type: 'xstate.after.GIVE_UP.poll.polling' } as EventObject }] };
    const result = await replayPath(spec, bogus);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/no such timer pending/);
  });

  it('runs spec.states checks', async () => {
    const strict = { ...spec, states: { failed: () => { throw new Error('nope'); } } } as MachineModelSpec;
    const result = await runSpec(strict);
    expect(result.ok).toBe(false);
    expect(result.failures.join('\n')).toMatch(/spec\.states\["failed"\] failed: nope/);
  });
});

describe('runSpec and coverage', () => {
  it('passes the fixture with 100% transition coverage', async () => {
    const result = await runSpec(spec);
    expect(result.failures).toEqual([]);
    expect(result.coverage.covered.length).toBe(9);
    expect(result.coverage.ratio).toBe(1);
    expect(result.replays.every((r) => r.ok)).toBe(true);
  });

  it('fails when a transition is not covered, naming it', async () => {
    const partial = {
      ...spec,
      events: (s: never) => spec.events(s).filter((e) => e.type !== 'xstate.error.actor.checkStatus'),
    } as MachineModelSpec;
    const result = await runSpec(partial);
    expect(result.ok).toBe(false);
    expect(result.coverage.missing).toEqual(['poll.polling.checking :: xstate.error.actor.checkStatus', 'poll.failed :: poll.retry [canRetry]', 'poll.failed :: poll.cancel']);
    expect(result.failures[0]).toMatch(/below the target 100%/);

    const excused = { ...partial, uncovered: { 'poll.polling.checking :: xstate.error.actor.checkStatus': 'the status service cannot fail in this fixture', 'poll.failed :: poll.retry': 'unreachable here', 'poll.failed :: poll.cancel': 'unreachable here' } } as MachineModelSpec;
    const again = await runSpec(excused);
    expect(again.failures).toEqual([]);
    expect(Object.keys(again.coverage.excused)).toHaveLength(3);
  });

  it('accepts a lower coverageTarget, rejects excuses without a reason or for unknown transitions', () => {
    expect(computeCoverage({ ...spec, uncovered: { 'poll.nowhere :: x': 'typo' } } as MachineModelSpec, []).unknownExcuses).toEqual(['poll.nowhere :: x']);
    expect(() => validateSpec({ ...spec, uncovered: { 'poll.idle :: poll.start': '' } }, 'poll')).toThrow(/needs a reason/);
    expect(() => validateSpec({ ...spec, name: 'other' }, 'poll')).toThrow(/expected "poll"/);
  });
});
