/**
 * Model-based testing for the portal's machines, shared by `npm run test:model` (tools/model/run.ts),
 * `npm run viz:check` (tools/viz) and the Playwright model tests (tests/model/*.spec.ts).
 *
 * - `generatePaths(spec)`: traverses the pure machine with xstate/graph's TestModel (invoked actors never
 *   run, delays never fire: their `xstate.done.actor.*`, `xstate.error.actor.*`, `xstate.after.*` events
 *   come from `spec.events`). The paths cover every transition the traversal can take: the shortest path
 *   to each state, extended by each transition leaving it, plus (small graphs only) the simple paths;
 *   prefixes of longer paths are dropped. Deterministic for a deterministic `spec.events`.
 * - `replayPath(spec, path)`: drives a real actor (`machine.provide(spec.provide)`, SimulatedClock) step by
 *   step and checks it against the path.
 * - `runSpec(spec)`: both, plus transition coverage.
 * - `coveringSet(generated)`: the fewest generated paths that together take every transition (greedy set cover).
 * - `renderPathsMarkdown(...)`: the tester-readable list written to visualizations/paths/<flow>.md (the covering
 *   set only; the runner still replays every generated path).
 */
import { isDeepStrictEqual } from 'node:util';
import { createActor, SimulatedClock } from 'xstate';
import type {
  AnyActorRef,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyTransitionDefinition,
  EventObject,
  StateValue,
} from 'xstate';
import { TestModel, type AdjacencyValue } from 'xstate/graph';
import type { MachineModelSpec, ModelScenario } from '../../tests/support/model/model-spec';
import { providedMachine } from '../../tests/support/model/provided';
import {
  allTransitions,
  delayMs,
  eventLabel,
  formatMs,
  invokeSources,
  parseAfterEvent,
  stateLabel,
  transitionKey,
} from '../lib/describe';
import {
  activeStateNodeIds,
  clockTimers,
  isActorStopped,
  microstepTransitions,
  scheduledEvents,
  transitionScope,
  type AnyActorSystem,
} from './xstate-internals';

export type { MachineModelSpec };

interface ModelStep {
  event: EventObject;
  /** the snapshot the machine is in after the event (from the pure traversal) */
  snapshot: AnyMachineSnapshot;
  /** keys (see allTransitions) of the transitions this step takes, including eventless ones that follow */
  transitions: string[];
}

export interface ModelPath {
  /** 1-based, in the order of the generated list */
  index: number;
  /** `reaches polling › checking` (with the start's name when the spec has several: spec.inputs) */
  title: string;
  /** the input the actor starts with */
  input: unknown;
  /** the name of the start (spec.inputs); none for a spec with one input */
  start?: string;
  /** with a named start: the transitions taken on the way into its initial state, which count for this path */
  startTransitions?: string[];
  initial: AnyMachineSnapshot;
  steps: ModelStep[];
  /** the event types in order, handy for test titles: `poll.start → xstate.done.actor.checkStatus` */
  signature: string;
  /** a path the spec asked for by name (spec.scenarios): listed first, always kept */
  scenario?: ModelScenario;
}

export interface GeneratedPaths {
  paths: ModelPath[];
  /** distinct (serialized) states the traversal found */
  stateCount: number;
  /** transitions taken on the way into the initial state (eventless ones) */
  initialTransitions: string[];
  /** union of the transitions the paths take (static, from the traversal) */
  covered: Set<string>;
  simplePathsIncluded: boolean;
}

export interface GenerateOptions {
  /** traversal bound (adjacency steps); exceeded → a readable error asking for serializeState/stopWhen */
  maxTraversal?: number;
  /** simple paths are added when the graph has at most this many states ... */
  simplePathStateLimit?: number;
  /** ... and at most this many maximal simple paths */
  simplePathLimit?: number;
}

const DEFAULTS: Required<GenerateOptions> = { maxTraversal: 20_000, simplePathStateLimit: 12, simplePathLimit: 40 };

/** A snapshot's state value (AnyMachineSnapshot leaves it untyped). */
const valueOf = (snapshot: AnyMachineSnapshot): StateValue => snapshot.value as StateValue;

/** Default traversal key: state value + context (ActorRefs serialize to their id). */
function defaultSerialize(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({ value: valueOf(snapshot), context: snapshot.context as unknown, status: snapshot.status });
}

function keysOf(defs: AnyTransitionDefinition[], known: Set<string>): string[] {
  const out: string[] = [];
  for (const d of defs) {
    if (!d.source || d.eventType === undefined) continue; // xstate's synthetic initial transition
    const k = transitionKey(d);
    if (known.has(k) && !out.includes(k)) out.push(k);
  }
  return out;
}

/** The transitions a pure step takes (empty = the event is ignored in that state). */
function transitionsOfStep(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
  known = new Set(allTransitions(machine).map((t) => t.key)),
): string[] {
  const defs: AnyTransitionDefinition[] = [];
  machine.transition(
    snapshot,
    event,
    transitionScope((d) => defs.push(...d)),
  );
  return keysOf(defs, known);
}

interface Edge {
  from: string;
  to: string;
  event: EventObject;
  snapshot: AnyMachineSnapshot;
  transitions: string[];
}

interface Start {
  name?: string;
  input: unknown;
}

/** The starts of a spec: each of its named inputs, or its one input. */
function startsOf(spec: MachineModelSpec): Start[] {
  return spec.inputs
    ? Object.entries(spec.inputs).map(([name, input]) => ({ name, input: input as unknown }))
    : [{ input: spec.input }];
}

/**
 * The paths of every start of the spec (spec.inputs: each traversed on its own, the paths numbered one after the
 * other and covering together).
 */
export function generatePaths(spec: MachineModelSpec, options: GenerateOptions = {}): GeneratedPaths {
  const parts = startsOf(spec).map((start, i) => generateFrom(spec, start, options, i === 0));
  if (parts.length === 1) return parts[0];
  return {
    paths: parts.flatMap((p) => p.paths).map((p, i) => ({ ...p, index: i + 1 })),
    stateCount: parts.reduce((n, p) => n + p.stateCount, 0),
    initialTransitions: [...new Set(parts.flatMap((p) => p.initialTransitions))],
    covered: new Set(parts.flatMap((p) => [...p.covered])),
    simplePathsIncluded: parts.every((p) => p.simplePathsIncluded),
  };
}

/** `withScenarios`: the spec's named paths start from the first start only */
function generateFrom(
  spec: MachineModelSpec,
  start: Start,
  options: GenerateOptions,
  withScenarios: boolean,
): GeneratedPaths {
  const opts = { ...DEFAULTS, ...options };
  const machine = spec.machine;
  const serialize = (s: AnyMachineSnapshot) => (spec.serializeState ?? defaultSerialize)(s as never);
  const known = new Set(allTransitions(machine).map((t) => t.key));

  const stopWhen = spec.stopWhen;
  // each step in an actor system of its own: xstate/graph reuses one for the whole traversal, where an actor
  // spawned with a systemId on one branch would clash with the same one spawned on another
  const stepwise = Object.create(machine) as AnyStateMachine;
  stepwise.transition = (snapshot, event) =>
    machine.transition(
      snapshot,
      event,
      transitionScope(() => {}),
    );
  const model = new TestModel<AnyMachineSnapshot, EventObject, unknown>(stepwise, {
    events: (s) => spec.events(s),
    serializeState: (s) => serialize(s),
    stopWhen: stopWhen ? (s) => !!stopWhen(s) : undefined,
    input: start.input,
    limit: opts.maxTraversal,
  });

  let adjacency: ReturnType<typeof model.getAdjacencyMap>;
  try {
    adjacency = model.getAdjacencyMap();
  } catch (err) {
    if (err instanceof Error && /Traversal limit exceeded/.test(err.message)) {
      throw new Error(
        `the state space is larger than ${opts.maxTraversal} steps: give the spec a serializeState that ignores ` +
          `unbounded context (counters, timestamps) or a stopWhen`,
        { cause: err },
      );
    }
    throw err;
  }

  const initialDefs: AnyTransitionDefinition[] = [];
  const initial = machine.getInitialSnapshot(
    transitionScope((d) => initialDefs.push(...d)),
    start.input,
  ) as AnyMachineSnapshot;
  if (initial.status === 'error') throw new Error(`the machine fails to start: ${String(initial.error)}`);
  const initialSerial = serialize(initial);
  const initialTransitions = keysOf(initialDefs, known);

  // effective edges (an event the state ignores is no step worth testing), in traversal order
  const edgesFrom = new Map<string, Edge[]>();
  // xstate/graph keys both maps by branded strings, which Object.entries cannot read through
  const states = adjacency as Record<string, AdjacencyValue<AnyMachineSnapshot, EventObject>>;
  for (const [from, value] of Object.entries(states)) {
    const list: Edge[] = [];
    const steps = value.transitions as Record<string, { event: EventObject; state: AnyMachineSnapshot }>;
    for (const { event, state: snapshot } of Object.values(steps)) {
      const transitions = transitionsOfStep(machine, value.state, event, known);
      if (!transitions.length) continue;
      list.push({ from, to: serialize(snapshot), event, snapshot, transitions });
    }
    edgesFrom.set(from, list);
  }

  // breadth-first tree: the shortest way into each state
  const via = new Map<string, Edge | null>([[initialSerial, null]]);
  const order = [initialSerial];
  for (let i = 0; i < order.length; i++) {
    for (const e of edgesFrom.get(order[i]) ?? []) {
      if (!via.has(e.to)) {
        via.set(e.to, e);
        order.push(e.to);
      }
    }
  }
  const pathTo = (serial: string): Edge[] => {
    const out: Edge[] = [];
    for (let e = via.get(serial); e; e = via.get(e.from)) out.unshift(e);
    return out;
  };

  const candidates: Edge[][] = [];
  for (const serial of order) {
    const head = pathTo(serial);
    candidates.push(head); // the shortest path to the state itself
    for (const e of edgesFrom.get(serial) ?? []) candidates.push([...head, e]); // ... and each way out of it
  }

  // simple paths (no state twice), maximal ones only, when the graph is small
  let simplePathsIncluded = false;
  if (spec.simplePaths !== false && order.length <= opts.simplePathStateLimit) {
    const simple: Edge[][] = [];
    let overflow = false;
    const seen = new Set<string>([initialSerial]);
    const stack: Edge[] = [];
    const dfs = (serial: string) => {
      if (overflow) return;
      let extended = false;
      for (const e of edgesFrom.get(serial) ?? []) {
        if (seen.has(e.to)) continue;
        extended = true;
        seen.add(e.to);
        stack.push(e);
        dfs(e.to);
        stack.pop();
        seen.delete(e.to);
      }
      if (!extended && stack.length) {
        simple.push([...stack]);
        if (simple.length > opts.simplePathLimit) overflow = true;
      }
    };
    dfs(initialSerial);
    if (!overflow) {
      candidates.push(...simple);
      simplePathsIncluded = true;
    }
  }

  // drop duplicates and paths that are a prefix of a longer one
  const sig = (p: Edge[]) => p.map((e) => JSON.stringify(e.event));
  const sorted = candidates
    .filter((p) => p.length > 0)
    .map((p) => ({ p, s: sig(p) }))
    .sort((a, b) => b.s.length - a.s.length || cmp(a.s.join('\n'), b.s.join('\n')));
  const kept: { p: Edge[]; s: string[] }[] = [];
  for (const c of sorted) {
    if (kept.some((k) => c.s.every((x, i) => k.s[i] === x))) continue;
    kept.push(c);
  }
  kept.sort((a, b) => a.s.length - b.s.length || cmp(a.s.join('\n'), b.s.join('\n')));

  const covered = new Set<string>(initialTransitions);
  const paths: ModelPath[] = kept.map(({ p }, i) => {
    for (const e of p) e.transitions.forEach((t) => covered.add(t));
    const last = p[p.length - 1].snapshot;
    return {
      index: i + 1,
      title: `reaches ${stateLabel(valueOf(last))}`,
      input: start.input,
      ...(start.name === undefined ? {} : { start: start.name, startTransitions: initialTransitions }),
      initial,
      steps: p.map((e) => ({ event: e.event, snapshot: e.snapshot, transitions: e.transitions })),
      signature: p.map((e) => e.event.type).join(' → '),
    };
  });
  // the spec's named paths come first, numbered from 1; the generated ones follow
  const named = (withScenarios ? (spec.scenarios ?? []) : []).map((scenario, i) =>
    scenarioPath(spec, scenario, start.input, initial, known, i + 1),
  );
  for (const p of named) p.steps.forEach((s) => s.transitions.forEach((t) => covered.add(t)));
  paths.forEach((p) => (p.index += named.length));
  paths.unshift(...named);
  // same end state twice: say how the path gets there
  const titles = new Map<string, number>();
  for (const p of paths) titles.set(p.title, (titles.get(p.title) ?? 0) + 1);
  const sources = invokeSources(machine);
  for (const p of paths) {
    if (!p.scenario && (titles.get(p.title) ?? 0) > 1)
      p.title += `, last step ${eventLabel(machine, p.steps[p.steps.length - 1].event.type, sources)}`;
  }
  if (!paths.length && ((initialTransitions.length === 0 && order.length === 1) || start.name !== undefined)) {
    // a machine with nothing to do from its initial state (or a start with no step to take: it decides at once)
    // still gets one (empty) path so it is replayed
    paths.push({
      index: 1,
      title: `starts in ${stateLabel(valueOf(initial))}`,
      input: start.input,
      ...(start.name === undefined ? {} : { start: start.name, startTransitions: initialTransitions }),
      initial,
      steps: [],
      signature: '',
    });
  }
  if (start.name !== undefined) for (const p of paths) p.title += `, given ${start.name}`;
  return { paths, stateCount: order.length, initialTransitions, covered, simplePathsIncluded };
}

/** A named path taken through the pure machine: its steps, states and transitions. */
function scenarioPath(
  spec: MachineModelSpec,
  scenario: ModelScenario,
  input: unknown,
  initial: AnyMachineSnapshot,
  known: Set<string>,
  index: number,
): ModelPath {
  let snapshot = initial;
  const steps = scenario.steps.map(({ event }, i) => {
    const transitions = transitionsOfStep(spec.machine, snapshot, event, known);
    if (!transitions.length)
      throw new Error(`scenario "${scenario.title}", step ${i + 1}: the machine ignores \`${event.type}\` there`);
    snapshot = spec.machine.transition(
      snapshot,
      event,
      transitionScope(() => {}),
    ) as AnyMachineSnapshot;
    return { event, snapshot, transitions };
  });
  return {
    index,
    title: scenario.title,
    input,
    initial,
    steps,
    signature: steps.map((s) => s.event.type).join(' → '),
    scenario,
  };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------------
// Plain-words rendering

function short(value: unknown, max = 70): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** `send \`signing.start\``, `wait POLL_INTERVAL (5 s)`, `\`loadContext\` succeeds with …` */
export function describeEvent(machine: AnyStateMachine, event: EventObject, sources = invokeSources(machine)): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  const after = parseAfterEvent(type);
  if (after) {
    const ms = delayMs(machine, after.delay);
    const name = /^\d+$/.test(after.delay)
      ? formatMs(Number(after.delay))
      : ms === undefined
        ? after.delay
        : `${after.delay} (${formatMs(ms)})`;
    return `wait ${name}`;
  }
  let m = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (m) {
    const src = sources.get(m[1]) ?? m[1];
    return 'output' in rest && rest.output !== undefined
      ? `\`${src}\` succeeds with \`${short(rest.output)}\``
      : `\`${src}\` succeeds`;
  }
  m = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (m) {
    const src = sources.get(m[1]) ?? m[1];
    const err = rest.error;
    const msg = err instanceof Error ? err.message : err !== undefined ? short(err) : '';
    return msg ? `\`${src}\` fails (${msg})` : `\`${src}\` fails`;
  }
  const payload = Object.keys(rest).length ? ` with \`${short(rest)}\`` : '';
  return `send \`${type}\`${payload}`;
}

/**
 * The fewest generated paths that together take every transition the generated paths take (greedy set cover:
 * repeatedly the path taking the most transitions not yet taken; ties: fewer steps, then the lower number;
 * then paths made redundant by later picks are dropped). In generation order, numbers kept.
 * This is what testers get in visualizations/paths/<flow>.md; `npm run test:model` still replays every path.
 */
export function coveringSet(generated: GeneratedPaths): ModelPath[] {
  const sets = generated.paths.map((p) => ({
    p,
    t: new Set([...(p.startTransitions ?? []), ...p.steps.flatMap((s) => s.transitions)]),
  }));
  const uncovered = new Set(sets.flatMap((x) => [...x.t]));
  if (!uncovered.size) return generated.paths.slice(0, 1);
  // the spec's named paths are always listed; the generated ones cover what they leave
  const named = sets.filter((x) => x.p.scenario);
  for (const x of named) for (const t of x.t) uncovered.delete(t);
  const chosen: typeof sets = [];
  while (uncovered.size) {
    let best: (typeof sets)[number] | undefined;
    let bestGain = 0;
    for (const x of sets) {
      let gain = 0;
      for (const t of x.t) if (uncovered.has(t)) gain++;
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && x.p.steps.length < best.p.steps.length)) {
        best = x;
        bestGain = gain;
      }
    }
    if (!best) break;
    chosen.push(best);
    for (const t of best.t) uncovered.delete(t);
  }
  // a path picked early may be covered by the later picks together: drop it (latest-picked kept first)
  for (let i = 0; i < chosen.length; i++) {
    const others = new Set([...named, ...chosen.filter((_, j) => j !== i)].flatMap((x) => [...x.t]));
    if ([...chosen[i].t].every((t) => others.has(t))) chosen.splice(i--, 1);
  }
  return [...named, ...chosen].map((x) => x.p).sort((a, b) => a.index - b.index);
}

export interface PathsDocInput {
  spec: MachineModelSpec;
  generated: GeneratedPaths;
  /** for the header, e.g. machines/poll.model.ts */
  specFile: string;
  description?: string;
}

/**
 * visualizations/paths/<flow>.md: numbered steps a tester can follow, for the covering set of the generated
 * paths only (see coveringSet); the header says how many were generated and replayed. Deterministic.
 */
export function renderPathsMarkdown({ spec, generated, specFile, description }: PathsDocInput): string {
  const machine = spec.machine;
  const sources = invokeSources(machine);
  const start = stateLabel(
    valueOf(
      generated.paths[0]?.initial ??
        machine.getInitialSnapshot(
          transitionScope(() => {}),
          spec.input,
        ),
    ),
  );
  const stepsTotal = generated.paths.reduce((n, p) => n + p.steps.length, 0);
  const listed = coveringSet(generated);
  const listedSteps = listed.reduce((n, p) => n + p.steps.length, 0);
  const taken = new Set([
    ...(spec.inputs ? [] : generated.initialTransitions),
    ...listed.flatMap((p) => [...(p.startTransitions ?? []), ...p.steps.flatMap((s) => s.transitions)]),
  ]);
  const reach = generated.covered.size;
  const coverage = staticCoverage(spec, generated);
  const lines: string[] = [
    `# ${spec.name}: test paths`,
    '',
    `Generated from \`${specFile}\` by \`npm run test:model\`; do not edit (\`npm run viz:check\` fails when this file is stale).`,
    '',
  ];
  if (description) lines.push(description, '');
  const machineNote =
    coverage.total === reach
      ? `that is every transition of the machine`
      : `the machine has ${coverage.total}` +
        (Object.keys(coverage.excused).length
          ? `; ${Object.keys(coverage.excused).length} are left out on purpose in the model spec`
          : '') +
        (coverage.missing.length ? `; ${coverage.missing.length} are not reached` : '');
  lines.push(
    `\`npm run test:model\` generates and replays ${generated.paths.length} paths (${stepsTotal} steps) on the machine. ` +
      `The ${listed.length} ${listed.length === 1 ? 'path' : 'paths'} below (${listedSteps} steps) are a covering set picked greedily from them ` +
      `(fewest paths that still take every transition): together they take ${taken.size}/${reach} transitions (${machineNote}). ` +
      'Their numbers are those the runner reports.',
    '',
    (spec.inputs
      ? `Each path starts from a fresh \`${spec.name}\` given the input its title names (${Object.keys(spec.inputs).length} inputs, in the spec file). `
      : `Each path starts from a fresh \`${spec.name}\` in \`${start}\`. `) +
      '"send" is what the user does (or another part of the portal ' +
      'announces), "wait" means the named timer runs out, "succeeds"/"fails" is the answer of the named service; ' +
      'after the arrow: the step the flow is in then.',
    '',
  );
  for (const p of listed) {
    lines.push(`## Path ${p.index}: ${p.title}`, '');
    if (p.start !== undefined) lines.push(`Starts in \`${stateLabel(valueOf(p.initial))}\`.`, '');
    if (!p.steps.length) lines.push('1. (no step: check the start state)');
    let prev = valueOf(p.initial);
    p.steps.forEach((s, i) => {
      const value = valueOf(s.snapshot);
      const same = isDeepStrictEqual(prev, value);
      const where = same ? `stays in \`${stateLabel(value)}\`` : `\`${stateLabel(value)}\``;
      lines.push(`${i + 1}. ${describeEvent(machine, s.event, sources)} → ${where}`);
      prev = value;
    });
    lines.push('');
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Replay against a real actor

/** SimulatedClock that remembers which scheduled event each timer belongs to. */
class TrackingClock extends SimulatedClock {
  system?: AnyActorSystem;
  owners = new Map<number, string>();
  get timers() {
    return clockTimers(this);
  }
  override setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id = super.setTimeout(fn, timeout);
    // xstate's scheduler records the event just before asking the clock for the timer
    const keys = this.system ? Object.keys(scheduledEvents(this.system)) : [];
    if (keys.length) this.owners.set(id, keys[keys.length - 1]);
    return id;
  }
  get pending(): number {
    return this.timers.size;
  }
  /**
   * Let exactly this timer run out: time advances by its remaining delay, other pending timers keep the
   * remaining time they had (the path decides the order of events, not the wall clock).
   */
  fire(timerId: number) {
    const t = this.timers.get(timerId)!;
    const remaining = Math.max(0, t.start + t.timeout - this.now());
    for (const [id, other] of this.timers) if (id !== timerId) other.start += remaining;
    this.increment(remaining);
  }
}

export interface ReplayResult {
  ok: boolean;
  /** first failure, with the step it happened at */
  error?: string;
  /** transitions the real actor took (keys of allTransitions) */
  transitions: Set<string>;
}

const flush = () => new Promise<void>((r) => setImmediate(r));

function stateCheckKeys(spec: MachineModelSpec, snapshot: AnyMachineSnapshot): string[] {
  const keys = Object.keys(spec.states ?? {});
  const matched = keys.filter((k) => {
    if (k === '*') return false;
    if (k.startsWith('#')) return activeStateNodeIds(snapshot).some((id) => `#${id}` === k);
    return snapshot.matches(k);
  });
  if (!matched.length && keys.includes('*')) matched.push('*');
  return matched;
}

/**
 * Replays one path on `spec.machine.provide(spec.provide)` with a SimulatedClock.
 * Per step: a pending timer for the event (an `after` delay or a delayed send) is run out on the clock;
 * any other event (user events, `xstate.done.actor.*`, `xstate.error.actor.*`) is sent. Then the state value
 * must equal the path's, and `spec.states` checks run. At the end the actor is stopped: no timer may remain
 * on the clock and every actor the run created (invoked or spawned) must be stopped.
 */
export async function replayPath(spec: MachineModelSpec, path: ModelPath): Promise<ReplayResult> {
  const transitions = new Set<string>();
  const known = new Set(allTransitions(spec.machine).map((t) => t.key));
  const clock = new TrackingClock();
  const created: AnyActorRef[] = [];
  const actorErrors: unknown[] = [];
  /** events that reached the root actor during the current step */
  let received: string[] = [];
  const sources = invokeSources(spec.machine);
  let where = 'start';
  const fail = (msg: string): ReplayResult => ({
    ok: false,
    error: `Path ${path.index} (${path.title}), ${where}: ${msg}`,
    transitions,
  });

  const machine = providedMachine(spec);
  const actor = createActor(machine, {
    input: path.input,
    clock,
    inspect: (e) => {
      // the inspection types call it ActorRefLike; `@xstate.actor` always carries the full actor ref
      if (e.type === '@xstate.actor') created.push(e.actorRef as AnyActorRef);
      if (e.actorRef.sessionId !== e.rootId) return; // only what happens to the root actor counts below
      if (e.type === '@xstate.event') received.push(e.event.type);
      const defs = microstepTransitions(e);
      if (defs) keysOf(defs, known).forEach((k) => transitions.add(k));
    },
  });
  clock.system = actor.system;
  actor.subscribe({ error: (err) => actorErrors.push(err) });

  const check = async (expected: AnyMachineSnapshot, sent?: string): Promise<string | undefined> => {
    await flush();
    const extra = received.filter((t) => t !== sent && t !== 'xstate.init');
    const hint = extra.length
      ? `; meanwhile the actor received ${[...new Set(extra)].map((t) => `\`${t}\``).join(', ')}, which the path did not send: ` +
        'fake actors in spec.provide must be inert (e.g. fromPromise(() => new Promise(() => {})), callbacks that never send), so only the path drives the machine'
      : '';
    const snap = actor.getSnapshot() as AnyMachineSnapshot;
    if (snap.status === 'error' || actorErrors.length) {
      return `the actor crashed: ${String(snap.error ?? actorErrors[0])} (does spec.provide give an inert fake for every actor?)${hint}`;
    }
    if (!isDeepStrictEqual(snap.value, expected.value)) {
      return `expected state \`${stateLabel(valueOf(expected))}\` but the actor is in \`${stateLabel(valueOf(snap))}\` (${JSON.stringify(valueOf(snap))})${hint}`;
    }
    for (const key of stateCheckKeys(spec, snap)) {
      try {
        await spec.states![key](snap as never);
      } catch (err) {
        return `check spec.states[${JSON.stringify(key)}] failed: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
    return undefined;
  };

  const scenario = path.scenario;
  try {
    actor.start();
    let problem = await check(path.initial, 'xstate.init');
    if (problem) return fail(problem);
    if (scenario?.setup) {
      where = 'the scenario setup';
      received = [];
      scenario.setup(actor);
      problem = await check(path.initial);
      if (problem) return fail(problem);
    }
    for (let i = 0; i < path.steps.length; i++) {
      const step = path.steps[i];
      received = [];
      where = `step ${i + 1} (${describeEvent(spec.machine, step.event, sources)})`;
      const scheduled = Object.entries(scheduledEvents(actor.system)).find(
        ([, s]) => s.target === actor && s.event.type === step.event.type,
      );
      if (scheduled) {
        const timerId = [...clock.owners].find(([id, key]) => key === scheduled[0] && clock.timers.has(id))?.[0];
        if (timerId === undefined) return fail('the timer for this event is not on the simulated clock');
        clock.fire(timerId);
      } else if (parseAfterEvent(step.event.type)) {
        return fail('the path waits for this delay, but the actor has no such timer pending');
      } else if (scenario?.steps[i].by) {
        scenario.steps[i].by!(actor);
        await flush();
        if (!received.includes(step.event.type))
          return fail(`the step should bring \`${step.event.type}\` to the actor, but it never arrived`);
      } else {
        actor.send(step.event);
      }
      problem = await check(step.snapshot, step.event.type);
      if (problem) return fail(problem);
    }
    where = 'after the last step';
    if (scenario?.check) await scenario.check(actor);
  } catch (err) {
    return fail(`threw ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    actor.stop();
  }
  // "stops every timer and request": nothing may outlive the actor
  await flush();
  if (clock.pending) return fail(`${clock.pending} timer(s) still scheduled on the clock after the actor stopped`);
  const running = created.filter((a) => !isActorStopped(a));
  if (running.length)
    return fail(`actor(s) still running after the parent stopped: ${running.map((a) => a.id).join(', ')}`);
  return { ok: true, transitions };
}

// ---------------------------------------------------------------------------------------------------
// Coverage

export interface Coverage {
  total: number;
  covered: string[];
  /** uncovered on purpose (spec.uncovered), key → reason */
  excused: Record<string, string>;
  /** uncovered with no reason given: these fail the run */
  missing: string[];
  /** spec.uncovered keys that match no transition of the machine */
  unknownExcuses: string[];
  /** covered / total */
  ratio: number;
  /** (covered + excused) / total, compared with spec.coverageTarget */
  effectiveRatio: number;
}

export function computeCoverage(spec: MachineModelSpec, taken: Iterable<string>): Coverage {
  const all = allTransitions(spec.machine);
  const takenSet = new Set(taken);
  const excuses = spec.uncovered ?? {};
  const covered: string[] = [];
  const excused: Record<string, string> = {};
  const missing: string[] = [];
  for (const t of all) {
    if (takenSet.has(t.key)) covered.push(t.key);
    else if (excuses[t.key] !== undefined) excused[t.key] = excuses[t.key];
    else if (excuses[t.baseKey] !== undefined) excused[t.key] = excuses[t.baseKey];
    else missing.push(t.key);
  }
  const keys = new Set(all.flatMap((t) => [t.key, t.baseKey]));
  const unknownExcuses = Object.keys(excuses).filter((k) => !keys.has(k));
  const total = all.length;
  return {
    total,
    covered,
    excused,
    missing,
    unknownExcuses,
    ratio: total ? covered.length / total : 1,
    effectiveRatio: total ? (covered.length + Object.keys(excused).length) / total : 1,
  };
}

/** Coverage of a set of paths without running them (from the pure traversal). */
export function staticCoverage(spec: MachineModelSpec, generated: GeneratedPaths): Coverage {
  return computeCoverage(spec, generated.covered);
}

export interface SpecResult {
  name: string;
  generated: GeneratedPaths;
  replays: ReplayResult[];
  coverage: Coverage;
  steps: number;
  failures: string[];
  ok: boolean;
}

/** Generate, replay every path, measure coverage from what the real actor did. */
export async function runSpec(spec: MachineModelSpec, options?: GenerateOptions): Promise<SpecResult> {
  const generated = generatePaths(spec, options);
  const replays: ReplayResult[] = [];
  const taken = new Set<string>(generated.initialTransitions);
  for (const path of generated.paths) {
    const r = await replayPath(spec, path);
    replays.push(r);
    r.transitions.forEach((t) => taken.add(t));
  }
  const coverage = computeCoverage(spec, taken);
  const failures: string[] = [];
  const target = spec.coverageTarget ?? 1;
  if (coverage.effectiveRatio + 1e-9 < target) {
    failures.push(
      `transition coverage ${(coverage.ratio * 100).toFixed(1)}% is below the target ${(target * 100).toFixed(0)}%; not covered:\n` +
        coverage.missing.map((k) => `      - ${k}`).join('\n') +
        '\n    (add the missing events to spec.events, or list the transition in spec.uncovered with a reason)',
    );
  }
  for (const k of coverage.unknownExcuses)
    failures.push(`spec.uncovered names ${JSON.stringify(k)}, which is no transition of the machine`);
  failures.push(...replays.filter((r) => !r.ok).map((r) => r.error!));
  return {
    name: spec.name,
    generated,
    replays,
    coverage,
    steps: generated.paths.reduce((n, p) => n + p.steps.length, 0),
    failures,
    ok: failures.length === 0,
  };
}
