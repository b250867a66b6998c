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
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MachineModelSpec, TesterSetup } from '../../tests/support/model/model-spec';
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
  /** who signs in, the address to open and the data the path needs (the spec's `tester`) */
  tester?: Partial<TesterSetup>;
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
    const text = messageWords(d ?? stateLabel(leaf.path.join('.') || leaf.key));
    if (!out.includes(text)) out.push(text);
  }
  return out;
}

/** The spec's words for what is on screen after this event, where the flow's step does not show it (`screens`). */
function screenOf(
  spec: MachineModelSpec,
  event: EventObject,
  after: AnyMachineSnapshot,
  before: AnyMachineSnapshot,
): string[] | undefined {
  const screen = spec.screens?.[event.type];
  const text = typeof screen === 'function' ? screen(event, after, before) : screen;
  return text === undefined ? undefined : [messageWords(text)];
}

/** `meta: { answer: true }`: an event another part of the portal sends (a child's verdict), not the person's act. */
function isAnswer(def: AnyTransitionDefinition | undefined): boolean {
  const meta = (def as { meta?: unknown } | undefined)?.meta;
  return !!meta && typeof meta === 'object' && (meta as { answer?: unknown }).answer === true;
}

function kindOf(event: EventObject): PlainStep['kind'] {
  if (parseAfterEvent(event.type)) return 'waits';
  if (/^xstate\.(done|error)\.actor\./.test(event.type)) return 'answers';
  return 'does';
}

const ROOT = join(import.meta.dirname, '..', '..');

/** The English texts of the portal (locales/en.json), by key: a step shows a message's words, never its key. */
const english = JSON.parse(readFileSync(join(ROOT, 'locales', 'en.json'), 'utf8')) as Record<string, string>;

interface DemoData {
  persons: {
    key: string;
    personalCode: string;
    country: string;
    login: { username: string; password: string } | null;
  }[];
  customers: { regCode: string; name: string }[];
  registry: { regCode: string; name: string }[];
}
const demo = JSON.parse(readFileSync(join(ROOT, 'server', 'db', 'seed', 'portal-demo.json'), 'utf8')) as DemoData;

/** A code in an event's data as a tester knows it: a demo person's username, a company's name with its code. */
function demoName(value: string): string | undefined {
  const person = demo.persons.find((p) => value === p.personalCode || value === `${p.country}${p.personalCode}`);
  if (person) return person.key;
  const company = [...demo.customers, ...demo.registry].find((c) => value === c.regCode || value.endsWith(c.regCode));
  return company ? `${company.name} (${company.regCode})` : undefined;
}

/** A message key in a description (`error.server`, quoted or not) becomes its English words in quotes. */
export function messageWords(text: string): string {
  return text.replace(/['‘“`]?\b([a-z][a-zA-Z0-9-]*(?:\.[a-zA-Z0-9_-]+)+)\b['’”`]?/g, (m, key: string) =>
    english[key] === undefined ? m : `“${english[key]}”`,
  );
}

/**
 * The event's top-level text and number values, for a tester to type or pick: `“Testfirma”`. Names, not codes: a
 * personal code becomes the demo person's username; addresses, yes/no flags and upper-case codes (a cause the
 * service sends, which nobody types) are left out.
 */
function dataOf(event: EventObject): string | undefined {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(event)) {
    if (k === 'type') continue;
    if (typeof v === 'string' && v.length <= 40) {
      // an address, a code the service sends, a name in the code, a key made of codes: nobody types these
      if (
        v.startsWith('/') ||
        (/^[A-Z0-9_]+$/.test(v) && !/^\d+$/.test(v)) ||
        /^[a-z]+[A-Z]\w*$/.test(v) ||
        v.includes(':')
      )
        continue;
      parts.push(demoName(v) ?? messageWords(`“${v}”`).replace(/^““(.*)””$/, '“$1”'));
    } else if (typeof v === 'number') parts.push(String(v));
  }
  return parts.length && parts.length <= 3 ? parts.join(', ') : undefined;
}

function defsByKey(machine: AnyStateMachine): Map<string, AnyTransitionDefinition> {
  return new Map(allTransitions(machine).map((t) => [t.key, t.def]));
}

function stepText(keys: string[], defs: Map<string, AnyTransitionDefinition>, fallback: string): string[] {
  const all = keys.map((k) => defs.get(k)).filter((d): d is AnyTransitionDefinition => !!d);
  const spoken = all.filter((d) => !isBookkeeping(d));
  const text = (spoken.length ? spoken : all.slice(0, 1)).map((d) =>
    messageWords(transitionDescription(d) ?? fallback),
  );
  return text.length ? text : [fallback];
}

/** The tester's setup of a path: the spec's, then its named start's, then the scenario's own. */
function testerOf(spec: MachineModelSpec, path: ModelPath): Partial<TesterSetup> | undefined {
  const parts = [
    spec.tester,
    path.start === undefined ? undefined : spec.testerByStart?.[path.start],
    spec.testerFor?.(path.steps.map((s) => s.event)),
    path.scenario?.tester,
  ].filter((t): t is Partial<TesterSetup> => !!t);
  return parts.length ? parts.reduce((all, t) => ({ ...all, ...t }), {}) : undefined;
}

function plainPath(spec: MachineModelSpec, path: ModelPath, defs: Map<string, AnyTransitionDefinition>): PlainPath {
  const machine = spec.machine;
  const visits = new Set(activeStateNodeIds(path.initial));
  const steps = path.steps.map((s, i): PlainStep => {
    const active = activeStateNodeIds(s.snapshot);
    active.forEach((id) => visits.add(id));
    const kind = s.transitions.some((k) => isAnswer(defs.get(k))) ? 'answers' : kindOf(s.event);
    return {
      kind,
      text: stepText(s.transitions, defs, s.event.type),
      ...(kind === 'does' && dataOf(s.event) ? { data: dataOf(s.event) } : {}),
      sees:
        screenOf(spec, s.event, s.snapshot, i ? path.steps[i - 1].snapshot : path.initial) ?? seen(machine, s.snapshot),
      state: stateLabel(valueOf(s.snapshot)),
      active,
    };
  });
  const last = path.steps.length ? path.steps[path.steps.length - 1].snapshot : path.initial;
  const tester = testerOf(spec, path);
  return {
    index: path.index,
    ...(tester ? { tester } : {}),
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
    paths: listed.map((p) => plainPath(spec, p, defs)),
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

/** `- **Who signs in:** …` / `- **Open:** …` / `- **Data:** …`: what a tester needs before the first step. */
export function testerLines(t: Partial<TesterSetup> | undefined): string[] {
  return [
    `- **Who signs in:** ${t?.person ?? '(nobody named)'}`,
    `- **Open:** ${t?.address ?? '(no address)'}`,
    ...(t?.data ? [`- **Data:** ${t.data}`] : []),
  ];
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
    lines.push(...testerLines(p.tester), '');
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

/**
 * Who signs in must be a demo person a tester can sign in as: the line starts with a username of the demo data, with
 * its password; a person without an account is told how to get one (`uku, who has no password yet: the link …`).
 * Every `name (password …)` on the line must be right, so a renamed person or a changed password fails here.
 */
export function demoPersonProblems(line: string): string[] {
  const out: string[] = [];
  const first = /^[a-z]+/.exec(line)?.[0];
  const p = demo.persons.find((x) => x.key === first);
  if (!p) out.push(`"${line.slice(0, 40)}" does not start with a demo person's username`);
  else if (!p.login && !/no password yet|no account yet/.test(line))
    out.push(`${p.key} has no account in the demo data: say how the tester gets one`);
  else if (p.login && !line.includes(`${p.login.username} (password ${p.login.password})`))
    out.push(`${p.key} is named without the password (${p.login.username} (password …)) the demo data gives`);
  for (const m of line.matchAll(/\b([a-z]+) \(password ([^)\s]+)\)/g)) {
    const q = demo.persons.find((x) => x.login?.username === m[1]);
    if (!q) out.push(`${m[1]} is no demo person with a login`);
    else if (q.login!.password !== m[2]) out.push(`${m[1]}'s password is ${q.login!.password}, not ${m[2]}`);
  }
  return out;
}

const words = (t: string) =>
  t
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * See lines that do not say what is on screen: one that only repeats its step's words, one that is a state's name, and
 * (with `screens`, for the flows a tester follows screen by screen) one after the person's act that repeats the See
 * before it, which is the model's step standing still while the screen changes (a child machine took the act: say what
 * shows in the model spec's `screens`).
 */
function seeProblems(body: string, labels: Set<string>, screens: boolean): string[] {
  const out: string[] = [];
  let before = /^At the start: (.*)$/m.exec(body)?.[1];
  for (const m of body.matchAll(/^\d+\. \*\*(Do|Answer|Wait):\*\* (.*)\n {3}- \*\*See:\*\* (.*)$/gm)) {
    const [, lead, step, see] = m;
    const act = step.replace(/ \(“[^)]*\)$/, '');
    if (words(see) === words(act)) out.push(`the See line after "${act.slice(0, 50)}" only repeats the step`);
    for (const part of see.split(' · '))
      if (labels.has(words(part))) out.push(`the See line "${part}" is a state's name, not what is on screen`);
    if (screens && lead === 'Do' && see === before)
      out.push(
        `the See line after "${act.slice(0, 50)}" repeats the one before: say what shows (screens in the model spec)`,
      );
    before = see;
  }
  return out;
}

/** Words a path may use that look like code: brand spellings. */
const CAMEL_WORDS = new Set(['eIDAS', 'iOS']);

/**
 * What keeps a tester from running the plain paths of a flow without reading code, one line per problem: a path
 * with no person or no address, a message key instead of its words, a code name (a state id of the machine, a
 * camelCase identifier, an arrow), a personal code, an upper-case code in the data. Empty = every path reads.
 */
export function testerPathProblems(
  plain: PlainPaths,
  markdown: string,
  stateIds: string[],
  { screens = false }: { screens?: boolean } = {},
): string[] {
  const problems: string[] = [];
  const ids = new Set(
    stateIds.flatMap((id) => [id, id.split('.').slice(1).join('.')]).filter((id) => id.includes('.')),
  );
  // a state's name in words (`selecting company`): what a See line says when the step has no description
  const labels = new Set(stateIds.map((id) => words(id.split('.').pop() ?? id)));
  const sections = markdown.split(/^(?=## Path )/m).slice(1);
  for (const section of sections) {
    const name = section.slice(3, section.indexOf('\n'));
    const report = (...what: string[]) => what.forEach((w) => problems.push(`${plain.flow} ${name}: ${w}`));
    const person = /^- \*\*Who signs in:\*\* (.+)$/m.exec(section)?.[1];
    const address = /^- \*\*Open:\*\* (.+)$/m.exec(section)?.[1];
    if (!person || person.startsWith('(nobody')) report('names nobody who signs in (tester.person in the model spec)');
    else report(...demoPersonProblems(person));
    if (/\bno demo person\b|\bnot reachable with the demo data\b/i.test(section))
      report('says no demo person reaches it: give the ending a demo person (server/db/seed/portal-demo.json)');
    if (!address || !address.includes('http://localhost:8080/ui/'))
      report('has no address under http://localhost:8080/ui/ (tester.address in the model spec)');
    const body = section.slice(section.indexOf('\n'));
    for (const m of body.matchAll(/\b[a-z][a-zA-Z0-9-]*(?:\.[a-zA-Z0-9_-]+)+\b/g)) {
      if (english[m[0]] !== undefined) report(`shows the message key ${m[0]}, not its words`);
      else if (ids.has(m[0])) report(`names the state ${m[0]}`);
    }
    if (/\b(its|the) message shows\b/i.test(body)) report('says "the message shows": give its words');
    for (const m of body.matchAll(/\*\*Answer:\*\* ((?:Clicks|Picks|Types|Fills|Chooses|Enters|Ticks) [^\n]*)/g))
      report(`labels the person's step "${m[1].slice(0, 40)}" an Answer`);
    for (const m of body.matchAll(/(?<![\w/.-])([a-z]+[A-Z][a-zA-Z0-9]*)\b/g))
      if (!CAMEL_WORDS.has(m[1])) report(`names the code name ${m[1]}`);
    for (const m of body.matchAll(/→|->|=>|#[a-z][\w.]*/g)) report(`has code: ${m[0]}`);
    // a personal code the tester types is data; anywhere else the person is named by username
    const told = body.replace(/^- \*\*Data:\*\* .*$/m, '');
    for (const m of told.matchAll(/(?<![+\d])\b(?:EE|LV|LT)?\d{11}\b/g))
      report(`names the personal code ${m[0]}: name the person`);
    for (const m of body.matchAll(/“[A-Z][A-Z0-9_]+”/g)) report(`names the code ${m[0]}`);
    report(...seeProblems(body, labels, screens));
  }
  return [...new Set(problems)];
}
