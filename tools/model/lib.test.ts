import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import type { MachineModelSpec } from '../../tests/support/model/model-spec';
import { validateSpec } from '../lib/machines';
import pollSpec from './fixtures/poll.model';
import {
  computeCoverage,
  coveringSet,
  generatePaths,
  renderPathsMarkdown,
  replayPath,
  runSpec,
  staticCoverage,
  type GeneratedPaths,
  type ModelPath,
} from './lib';

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
    expect(md).toMatch(/## Path \d+: reaches /);
    expect(
      renderPathsMarkdown({ spec, generated: generatePaths(spec), specFile: 'tools/model/fixtures/poll.model.ts' }),
    ).toBe(md);
  });

  it('lists only a covering set, and says how many paths were generated and replayed', () => {
    const generated = generatePaths(spec);
    const listed = coveringSet(generated);
    const md = renderPathsMarkdown({ spec, generated, specFile: 'tools/model/fixtures/poll.model.ts' });
    expect(listed.length).toBeLessThan(generated.paths.length);
    expect(md.match(/^## Path /gm)).toHaveLength(listed.length);
    expect(md).toContain(`generates and replays ${generated.paths.length} paths`);
    expect(md).toContain(`The ${listed.length} paths below`);
    expect(md).toContain('together they take 9/9 transitions (that is every transition of the machine)');
  });
});

describe('coveringSet', () => {
  const fake = (index: number, ...perStep: string[][]) =>
    ({
      index,
      title: `p${index}`,
      initial: {},
      signature: '',
      steps: perStep.map((transitions) => ({ event: { type: 'x' }, snapshot: {}, transitions })),
    }) as unknown as ModelPath;
  const of = (paths: ModelPath[]) =>
    ({
      paths,
      covered: new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.transitions))),
      initialTransitions: [],
      stateCount: 0,
      simplePathsIncluded: false,
    }) as GeneratedPaths;

  it('takes every transition the generated paths take, with fewer paths', () => {
    const generated = generatePaths(spec);
    const listed = coveringSet(generated);
    const taken = new Set([
      ...generated.initialTransitions,
      ...listed.flatMap((p) => p.steps.flatMap((s) => s.transitions)),
    ]);
    expect([...taken].sort()).toEqual([...generated.covered].sort());
    expect(listed.length).toBeLessThan(generated.paths.length);
    expect(coveringSet(generatePaths(spec)).map((p) => p.index)).toEqual(listed.map((p) => p.index));
  });

  it('picks greedily (most new transitions first), breaks ties by fewer steps then lower number, drops paths made redundant', () => {
    const paths = [
      fake(1, ['a'], ['b']),
      fake(2, ['c']),
      fake(3, ['a', 'b'], ['c'], ['d']), // most new: picked first
      fake(4, ['e'], ['f']),
      fake(5, ['e', 'f']), // same gain as 4, fewer steps
      fake(6, ['e', 'f']),
    ];
    expect(coveringSet(of(paths)).map((p) => p.index)).toEqual([3, 5]);
    // 1 is picked first (a, b, c), then 2 (d) and 3 (e): 1 is then redundant
    const redundant = [fake(1, ['a', 'b', 'c']), fake(2, ['a', 'b', 'd']), fake(3, ['c', 'e'])];
    expect(coveringSet(of(redundant)).map((p) => p.index)).toEqual([2, 3]);
  });

  it('keeps one path for a machine with nothing to cover', () => {
    expect(coveringSet(of([fake(1)])).map((p) => p.index)).toEqual([1]);
  });
});

describe('replayPath', () => {
  it('replays a generated path on a real actor, timers run on the simulated clock', async () => {
    const { paths } = generatePaths(spec);
    const withTimer = paths.find((p) => p.steps.some((s) => s.event.type.startsWith('xstate.after.POLL_INTERVAL')))!;
    const result = await replayPath(spec, withTimer);
    expect(result.error).toBeUndefined();
    expect(result.ok).toBe(true);
    expect(result.transitions.has('poll.polling.waiting :: xstate.after.POLL_INTERVAL.poll.polling.waiting')).toBe(
      true,
    );
  });

  it('fails when a fake actor is not inert, and says why', async () => {
    const eager = {
      ...spec,
      provide: { actors: { checkStatus: fromPromise(() => Promise.resolve({ done: true })) } },
    } as MachineModelSpec;
    const path = generatePaths(eager).paths.find(
      (p) => p.steps.length >= 2 && p.steps[1].event.type === 'xstate.error.actor.checkStatus',
    )!;
    const result = await replayPath(eager, path);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/must be inert/);
  });

  it('fails when the path waits for a timer the actor does not have', async () => {
    const { paths } = generatePaths(spec);
    const base = paths.find((p) => p.steps[0]?.event.type === 'poll.start')!;
    const bogus = {
      ...base,
      steps: [{ ...base.steps[0], event: { type: 'xstate.after.GIVE_UP.poll.polling' } }],
    };
    const result = await replayPath(spec, bogus);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/no such timer pending/);
  });

  it('runs spec.states checks', async () => {
    const strict = {
      ...spec,
      states: {
        failed: () => {
          throw new Error('nope');
        },
      },
    } as MachineModelSpec;
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
    expect(result.coverage.missing).toEqual([
      'poll.polling.checking :: xstate.error.actor.checkStatus',
      'poll.failed :: poll.retry [canRetry]',
      'poll.failed :: poll.cancel',
    ]);
    expect(result.failures[0]).toMatch(/below the target 100%/);

    const excused = {
      ...partial,
      uncovered: {
        'poll.polling.checking :: xstate.error.actor.checkStatus': 'the status service cannot fail in this fixture',
        'poll.failed :: poll.retry': 'unreachable here',
        'poll.failed :: poll.cancel': 'unreachable here',
      },
    } as MachineModelSpec;
    const again = await runSpec(excused);
    expect(again.failures).toEqual([]);
    expect(Object.keys(again.coverage.excused)).toHaveLength(3);
  });

  it('accepts a lower coverageTarget, rejects excuses without a reason or for unknown transitions', () => {
    expect(
      computeCoverage({ ...spec, uncovered: { 'poll.nowhere :: x': 'typo' } } as MachineModelSpec, []).unknownExcuses,
    ).toEqual(['poll.nowhere :: x']);
    expect(() => validateSpec({ ...spec, uncovered: { 'poll.idle :: poll.start': '' } }, 'poll')).toThrow(
      /needs a reason/,
    );
    expect(() => validateSpec({ ...spec, name: 'other' }, 'poll')).toThrow(/expected "poll"/);
  });
});

describe('several starts (spec.inputs)', () => {
  // a child that decides on its input alone: no event of one start reaches the other's choice
  const pick = setup({
    types: { input: {} as { kind: 'a' | 'b' }, context: {} as { kind: 'a' | 'b' } },
    guards: { isA: ({ context }) => context.kind === 'a' },
  }).createMachine({
    id: 'pick',
    context: ({ input }) => input,
    initial: 'deciding',
    states: {
      deciding: {
        description: 'Decides.',
        always: [
          { guard: 'isA', target: 'a', description: 'It is an a' },
          { target: 'b', description: 'It is a b' },
        ],
      },
      a: { description: 'An a.', on: { 'pick.go': { target: 'gone', description: 'Goes' } } },
      b: { description: 'A b.' },
      gone: { description: 'Gone.' },
    },
  });
  const seen: string[] = [];
  const one = {
    name: 'pick',
    machine: pick,
    input: { kind: 'a' },
    events: () => [{ type: 'pick.go' }],
    states: { b: (s: { context: { kind: string } }) => void seen.push(s.context.kind) },
  } as unknown as MachineModelSpec;
  const both = {
    ...one,
    input: undefined,
    inputs: { 'an a': { kind: 'a' }, 'a b': { kind: 'b' } },
  } as MachineModelSpec;

  it('one input cannot reach the other choice; both starts cover every transition, each path replayed with its input', async () => {
    expect((await runSpec(one)).coverage.missing).toEqual(['pick.deciding :: always']);
    const result = await runSpec(both);
    expect(result.failures).toEqual([]);
    expect(result.coverage.ratio).toBe(1);
    expect(result.generated.paths.map((p) => p.title)).toEqual(['reaches gone, given an a', 'starts in b, given a b']);
    expect(seen).toEqual(['b']);
  });

  it('lists each path with its start; a spec gives input or inputs, not both', () => {
    const generated = generatePaths(both);
    const md = renderPathsMarkdown({ spec: both, generated, specFile: 'pick.model.ts' });
    expect(md).toContain('given the input its title names (2 inputs, in the spec file)');
    expect(md).toContain('## Path 2: starts in b, given a b\n\nStarts in `b`.');
    expect(md).toContain('together they take 3/3 transitions');
    expect(() => validateSpec({ ...both, input: { kind: 'a' } }, 'pick')).toThrow(/one or the other/);
  });
});
