/**
 * Transition coverage of a MachineModelSpec (the machine tests use it to prove the model reaches 100 % of the
 * transitions; `npm run test:model` / tools/model/run.ts is the full runner that also replays the paths).
 *
 * Like the runner, the generated paths are the shortest path to each traversed state extended by each event tried
 * there, so a transition counts as covered when some traversed (state, event) pair selects it
 * (`machine.getTransitionData`). Every transition of every state node is counted, delayed (`after`) and invoke
 * `onDone`/`onError` ones included.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { MachineModelSpec } from './model-spec';

export interface CoverageReport {
  covered: number;
  total: number;
  missing: string[];
  paths: number;
  states: number;
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((n) => allStateNodes(n as AnyStateNode))];
}

function transitionKey(t: {
  source: AnyStateNode;
  eventType: string;
  guard?: unknown;
  target?: readonly AnyStateNode[] | undefined;
}): string {
  const guard = t.guard
    ? ` [${typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'guard')}]`
    : '';
  const target = t.target?.length ? ` → ${t.target.map((n) => n.id).join(',')}` : '';
  return `${t.source.id} :: ${t.eventType}${guard}${target}`;
}

/** The traversal options of each start: the spec's named inputs, or its one input. */
function traversalOptions<M extends AnyStateMachine>(spec: MachineModelSpec<M>) {
  // one-argument serializer, as the runner uses it
  const serialize = spec.serializeState;
  const common = {
    events: spec.events as never,
    ...(serialize ? { serializeState: ((s: never) => serialize(s)) as never } : {}),
    ...(spec.stopWhen ? { stopWhen: spec.stopWhen as never } : {}),
  };
  const inputs = spec.inputs ? Object.values(spec.inputs) : [spec.input];
  return inputs.map((input) => ({ ...common, ...(input !== undefined ? { input } : {}) }));
}

/** Shortest paths to every state (xstate/graph on the machine itself: createTestModel refuses `after`). */
function generatePaths<M extends AnyStateMachine>(spec: MachineModelSpec<M>) {
  return traversalOptions(spec).flatMap((options) => getShortestPaths(spec.machine, options));
}

export function transitionCoverage<M extends AnyStateMachine>(spec: MachineModelSpec<M>): CoverageReport {
  const machine = spec.machine;
  const all = allStateNodes(machine.root).flatMap((n) => [...n.transitions.values()].flat().concat(n.always ?? []));
  const seen = new Set<unknown>();
  let states = 0;
  for (const options of traversalOptions(spec)) {
    const adjacency = getAdjacencyMap(machine, options);
    states += Object.keys(adjacency).length;
    for (const node of Object.values(adjacency) as Array<{
      state: unknown;
      transitions: Record<string, { event: unknown }>;
    }>) {
      for (const { event } of Object.values(node.transitions)) {
        for (const t of machine.getTransitionData(node.state as never, event)) seen.add(t);
      }
    }
  }
  const paths = generatePaths(spec);
  const missing = all.filter((t) => !seen.has(t)).map((t) => transitionKey(t as never));
  const uncovered = spec.uncovered ?? {};
  const counted = missing.filter((k) => !Object.keys(uncovered).some((u) => k.startsWith(u)));
  return {
    covered: all.length - missing.length,
    total: all.length,
    missing: counted,
    paths: paths.length,
    states,
  };
}
