/**
 * The generated test paths in plain words, for testers: each step says what the person does (or what answers, or
 * which wait runs out), from the transition's description, and what they should see then, from the description
 * of every step the flow is in afterwards. Written to visualizations/paths/<flow>.plain.md and into the flow book;
 * the machine-level list (paths/<flow>.md) stays for engineers. Same covering set, same numbers.
 *
 * `missingPlainText` lists every transition and state the generated paths meet without a description:
 * `npm run test:model` fails on it, so every step a tester reads has its words.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { allTransitions, parseAfterEvent, stateLabel } from '../lib/describe';
import type { MachineModelSpec } from '../../tests/support/model/model-spec';
import { coveringSet, type GeneratedPaths, type ModelPath } from './lib';
import { isBookkeeping, stateDescription, transitionDescription } from './plain';
import { activeStateNodeIds } from './xstate-internals';

export interface PlainStep {
  /** what happens: the person acts, a service answers, a wait runs out */
  kind: 'does' | 'answers' | 'waits';
  /** the descriptions of the transitions the step takes, in order (bookkeeping ones left out when others speak) */
  text: string[];
  /** what the person enters, from the event's simple values: `term “Testfirma”` (none: undefined) */
  data?: string;
  /** what the person sees then: the descriptions of the innermost steps the flow is in */
  sees: string[];
  /** the machine's words, for engineers: `signedIn › ready` */
  state: string;
  /** every state node id active after the step (ancestors included) */
  active: string[];
}

export interface PlainPath {
  index: number;
  /** the title of a path the spec asks for by name */
  scenario?: string;
  /** the state the path ends in, its names as words: `signed in › ready` */
  ends: string;
  /** what the path is given at the start (the name of the spec's input, when it has several) */
  given?: string;
  /** what the person sees before the first step */
  start: string[];
  steps: PlainStep[];
  /** every state node id the path passes through, start included */
  visits: string[];
}

export interface PlainPaths {
  flow: string;
  /** the state ids active at the start */
  startActive: string[];
  paths: PlainPath[];
}

const valueOf = (s: AnyMachineSnapshot) => s.value as Parameters<typeof stateLabel>[0];

/** The innermost active state nodes (the leaves), in document order. */
function leaves(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): AnyStateNode[] {
  const ids = new Set(activeStateNodeIds(snapshot));
  const nodes = [...ids].map((id) => machine.getStateNodeById(id) as AnyStateNode);
  return nodes.filter((n) => !Object.values(n.states ?? {}).some((c) => ids.has((c as AnyStateNode).id)));
}

/** What a person sees in a snapshot: the description of each innermost step (the closest described ancestor). */
function seen(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string[] {
  const out: string[] = [];
  for (const leaf of leaves(machine, snapshot)) {
    let d: string | undefined;
    for (let n: AnyStateNode | undefined = leaf; n && !d; n = n.parent) d = stateDescription(n);
    const text = d ?? stateLabel(leaf.path.join('.') || leaf.key);
    if (!out.includes(text)) out.push(text);
  }
  return out;
}

function kindOf(event: EventObject): PlainStep['kind'] {
  if (parseAfterEvent(event.type)) return 'waits';
  if (/^xstate\.(done|error)\.actor\./.test(event.type)) return 'answers';
  return 'does';
}

/** The event's top-level text, number and yes/no values, for a tester to type or pick: `term “Testfirma”`. */
function dataOf(event: EventObject): string | undefined {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(event)) {
    if (k === 'type') continue;
    if (typeof v === 'string' && v.length <= 40) parts.push(`${k} “${v}”`);
    else if (typeof v === 'number' || typeof v === 'boolean') parts.push(`${k} ${String(v)}`);
  }
  return parts.length && parts.length <= 3 ? parts.join(', ') : undefined;
}

function defsByKey(machine: AnyStateMachine): Map<string, AnyTransitionDefinition> {
  return new Map(allTransitions(machine).map((t) => [t.key, t.def]));
}

function stepText(keys: string[], defs: Map<string, AnyTransitionDefinition>, fallback: string): string[] {
  const all = keys.map((k) => defs.get(k)).filter((d): d is AnyTransitionDefinition => !!d);
  const spoken = all.filter((d) => !isBookkeeping(d));
  const text = (spoken.length ? spoken : all.slice(0, 1)).map((d) => transitionDescription(d) ?? fallback);
  return text.length ? text : [fallback];
}

function plainPath(machine: AnyStateMachine, path: ModelPath, defs: Map<string, AnyTransitionDefinition>): PlainPath {
  const visits = new Set(activeStateNodeIds(path.initial));
  const steps = path.steps.map((s): PlainStep => {
    const active = activeStateNodeIds(s.snapshot);
    active.forEach((id) => visits.add(id));
    const kind = kindOf(s.event);
    return {
      kind,
      text: stepText(s.transitions, defs, s.event.type),
      ...(kind === 'does' && dataOf(s.event) ? { data: dataOf(s.event) } : {}),
      sees: seen(machine, s.snapshot),
      state: stateLabel(valueOf(s.snapshot)),
      active,
    };
  });
  const last = path.steps.length ? path.steps[path.steps.length - 1].snapshot : path.initial;
  return {
    index: path.index,
    ...(path.scenario ? { scenario: path.scenario.title } : {}),
    ends: stateLabel(valueOf(last))
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase(),
    ...(path.start === undefined ? {} : { given: path.start }),
    start: seen(machine, path.initial),
    steps,
    visits: [...visits],
  };
}

/** The covering set of the generated paths (the same paths as paths/<flow>.md), in plain words. */
export function plainPaths(spec: MachineModelSpec, generated: GeneratedPaths): PlainPaths {
  const defs = defsByKey(spec.machine);
  const listed = coveringSet(generated);
  const first = generated.paths[0]?.initial;
  return {
    flow: spec.name,
    startActive: first ? activeStateNodeIds(first) : [],
    paths: listed.map((p) => plainPath(spec.machine, p, defs)),
  };
}

/**
 * Every transition taken and every innermost state reached by the generated paths that has no description yet,
 * as `transition <key>` / `state <id>`, sorted. Empty = every step of every path reads in plain words.
 */
export function missingPlainText(spec: MachineModelSpec, generated: GeneratedPaths): string[] {
  const defs = defsByKey(spec.machine);
  const missing = new Set<string>();
  const checkState = (snapshot: AnyMachineSnapshot) => {
    for (const leaf of leaves(spec.machine, snapshot))
      if (!stateDescription(leaf)) missing.add(`state ${leaf.id} has no description`);
  };
  for (const p of generated.paths) {
    checkState(p.initial);
    for (const s of p.steps) {
      for (const k of s.transitions) {
        const d = defs.get(k);
        if (d && !transitionDescription(d)) missing.add(`transition ${k} has no description`);
      }
      checkState(s.snapshot);
    }
  }
  return [...missing].sort();
}

/** `A; then b` for the transitions one step takes (an answer, then the decision it leads to) */
export function joinText(text: string[]): string {
  const lower = (t: string) =>
    /^[A-Z][a-z ]/.test(t) && !/^[A-Z][a-z]+-[A-Z]/.test(t) ? t[0].toLowerCase() + t.slice(1) : t;
  return text.map((t, i) => (i ? `then ${lower(t)}` : t)).join('; ');
}

const LEAD: Record<PlainStep['kind'], string> = { does: 'Do', answers: 'Answer', waits: 'Wait' };

/** visualizations/paths/<flow>.plain.md: numbered steps a tester can follow without knowing the code. */
export function renderPlainPathsMarkdown(plain: PlainPaths, description?: string): string {
  const lines = [
    `# ${plain.flow}: test paths in plain words`,
    '',
    `Generated from the machine's descriptions by \`npm run test:model\`; do not edit. The same paths as ` +
      `[${plain.flow}.md](${plain.flow}.md) (for engineers, with event names and data), with the same numbers.`,
    '',
  ];
  if (description) lines.push(description, '');
  lines.push(
    'Each path starts afresh. Every step says what the person does (**Do**), what answers them (**Answer**: a ' +
      'service of the portal or another system) or which wait runs out (**Wait**), then what they should see (**See**).',
    '',
  );
  for (const p of plain.paths) {
    lines.push(p.scenario ? `## Path ${p.index}: ${p.scenario}` : `## Path ${p.index} (ends in ${p.ends})`, '');
    if (p.given !== undefined) lines.push(`Given: ${p.given}`, '');
    lines.push(`At the start: ${p.start.join(' · ')}`, '');
    if (!p.steps.length) lines.push('1. (no step: check the start)');
    p.steps.forEach((s, i) => {
      lines.push(`${i + 1}. **${LEAD[s.kind]}:** ${joinText(s.text)}${s.data ? ` (${s.data})` : ''}`);
      lines.push(`   - **See:** ${s.sees.join(' · ')}`);
    });
    lines.push('');
  }
  return lines.join('\n');
}
