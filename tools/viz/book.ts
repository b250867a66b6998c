/**
 * visualizations/index.html, the flow book: one static page that opens from the file system with no server and no
 * network. The product-owner diagrams are inlined (so their boxes can be clicked), the engineer views are
 * referenced as the .svg files beside it, and the page script (book-client.ts, transpiled here) and the data
 * (flows, boxes, plain test paths) are inlined. Deterministic: the same machines and SVG files give the same page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import ts from 'typescript';
import type { AnyStateMachine } from 'xstate';
import { allStateNodes, allTransitions } from '../lib/describe';
import type { PlainPaths } from '../model/plain-paths';
import { joinText } from '../model/plain-paths';
import { stateDescription, transitionDescription } from '../model/plain';
import type { BookData, BookFlow, BookHandOff, BookSystem } from './book-client';
import { DEPARTURES, FLOW_PLACES, GLOSSARY, JOURNEYS, LEGEND } from './journeys';
import type { MachineLinks } from './links';
import type { Diagram } from './mermaid';
import { SYSTEM_HOW_TO_READ_LINES, type SystemDiagram } from './system';
import { bookScreens } from './screens';
import { SCREENS_CSS } from './screens-client';

export interface BookInput {
  flows: {
    flow: string;
    machine: AnyStateMachine;
    description?: string;
    diagrams: Diagram[];
    plain?: PlainPaths;
  }[];
  /** the system page: the actors and what passes between them, and what each machine does */
  system?: { diagram: SystemDiagram; descriptions: Record<string, string> };
  /** the folder the SVG files are in (and index.html goes into) */
  outDir: string;
  /** what each machine starts (links.ts): the hand-offs between flows, shown on both flows' pages */
  links?: Map<string, MachineLinks>;
  /** docs/spec-departures.md's departures by their number: the spec's words and what the portal does */
  departures?: Map<string, DepartureRow>;
}

/** A row of docs/spec-departures.md: the spec's words, what the portal does, and the rest of the row (where it is). */
export interface DepartureRow {
  spec: string;
  portal: string;
  /** the whole row, for the machines and steps it names */
  text: string;
}

/** The rows of docs/spec-departures.md's tables (`| D4 | the spec's words | what the portal does | why |`). */
export function readDepartures(markdown: string): Map<string, DepartureRow> {
  const out = new Map<string, DepartureRow>();
  for (const line of markdown.split('\n')) {
    const m = /^\| ([A-Z]\d+) \| (.*) \|\s*$/.exec(line);
    if (!m) continue;
    const cells = m[2].split(' | ').map((c) => c.replace(/`/g, '').trim());
    out.set(m[1], { spec: cells[0] ?? '', portal: cells[1] ?? '', text: m[2] });
  }
  return out;
}

const STOP = new Set(
  'a an and are as at be by for from in into is it its no of on or the their them then they this to was were what when while with'.split(
    ' ',
  ),
);
/** the words of a text that carry its meaning, a plural or third person's `s` left off */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w)).map((w) => w.replace(/s$/, ''));
}

/**
 * What the book says at a marked step: the step's description and its arrows' (inside it too); for a whole flow,
 * every description of the flow and the titles of its "what happens if" paths.
 */
function wordsAt(f: BookInput['flows'][number], state: string): string {
  const whole = !state.includes('.');
  const inside = (id: string) => whole || id === state || id.startsWith(`${state}.`);
  const texts = [
    ...(whole ? [f.description ?? ''] : []),
    ...allStateNodes(f.machine)
      .filter((n) => inside(n.id))
      .map((n) => stateDescription(n) ?? ''),
    ...allTransitions(f.machine)
      .filter((t) => inside(t.source.id))
      .map((t) => transitionDescription(t.def) ?? ''),
    ...(whole ? (f.plain?.paths ?? []).flatMap((p) => (p.scenario ? [p.scenario] : [])) : []),
  ];
  return texts.join(' ');
}

/**
 * Where the book and docs/spec-departures.md would contradict each other:
 * - a mark on a step its machine does not have, or on a row the document does not have;
 * - a mark whose row does not name the flow's machine (`machines/<flow>.machine.ts`), or (on a step) the step;
 * - a row of the Departures table that names a machine, or a step of one, the book does not mark there;
 * - a mark whose title has a word the row's "what the portal does" does not say, or the book does not say at the step.
 */
export function departureProblems(input: BookInput): string[] {
  if (!input.departures) return [];
  const rows = input.departures;
  const out: string[] = [];
  for (const d of DEPARTURES) {
    const f = input.flows.find((x) => x.flow === d.flow);
    const row = rows.get(d.row);
    if (!f) out.push(`${d.row}: no flow ${d.flow}`);
    else if (!(d.state in stateNames(f.machine))) out.push(`${d.row}: ${d.flow} has no step ${d.state}`);
    if (!row) out.push(`${d.row} (${d.flow}): docs/spec-departures.md has no such row`);
    if (!f || !row) continue;
    if (!row.text.includes(`machines/${d.flow}.machine.ts`))
      out.push(`${d.row} does not name machines/${d.flow}.machine.ts, which the book marks: link it in the row`);
    const key = d.state.split('.').pop()!;
    if (d.state.includes('.') && !row.text.includes(`\`${key}\``))
      out.push(`${d.row} does not name the step \`${key}\` of ${d.flow}, which the book marks`);
    const said = new Set(contentWords(row.portal));
    const missing = contentWords(d.title).filter((w) => !said.has(w));
    if (missing.length)
      out.push(
        `${d.row}: the book's title “${d.title}” says ${missing.join(', ')}; the row's “what the portal does” does not`,
      );
    const atStep = new Set(contentWords(wordsAt(f, d.state)));
    const unsaid = contentWords(d.title).filter((w) => !atStep.has(w));
    if (unsaid.length)
      out.push(
        `${d.row}: ${d.state} does not say ${unsaid.join(', ')} of “${d.title}” (its description, arrows or paths)`,
      );
  }
  // the other way: each machine (and step) a departure row names is marked there
  for (const [id, row] of rows) {
    if (!id.startsWith('D')) continue;
    for (const m of row.text.matchAll(/machines\/([a-zA-Z]+)\.machine\.ts/g)) {
      const f = input.flows.find((x) => x.flow === m[1]);
      if (!f) continue;
      const marks = DEPARTURES.filter((d) => d.row === id && d.flow === m[1]);
      if (!marks.length)
        out.push(`${id} names machines/${m[1]}.machine.ts, but the book marks no step of ${m[1]} with it`);
      const keys = new Map(Object.keys(stateNames(f.machine)).map((s) => [s.split('.').pop()!, s]));
      for (const n of row.text.matchAll(/`([a-zA-Z]+)`/g)) {
        const state = keys.get(n[1]);
        if (state && state.includes('.') && !marks.some((d) => d.state === state))
          out.push(`${id} names the step \`${n[1]}\` of ${m[1]}, but the book does not mark it there`);
      }
    }
  }
  return out;
}

function systemData({ diagram, descriptions }: NonNullable<BookInput['system']>): BookSystem {
  const byNode = new Map(diagram.actors.map((a) => [a.node, a]));
  return {
    name: diagram.name,
    title: diagram.title,
    howToRead: SYSTEM_HOW_TO_READ_LINES,
    actors: diagram.actors.map((a) => ({
      node: a.node,
      name: a.name,
      flow: a.flow,
      ...(a.parent ? { parent: byNode.get(a.parent)!.name } : {}),
      spawned: a.spawned,
      description: descriptions[a.flow] ?? '',
    })),
  };
}

let clientJs: string | undefined;
/** book-client.ts and screens-client.ts as plain JavaScript (types stripped, ES2020) in one script, once per process */
function client(): string {
  if (clientJs === undefined) {
    clientJs = ['./screens-client.ts', './book-client.ts']
      .map((file) => readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8'))
      .map(
        (source) =>
          ts.transpileModule(source, {
            compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext, removeComments: true },
          }).outputText,
      )
      // one script: the imports between the two are its own names
      .map((js) => js.replace(/^import .*$/gm, ''))
      .join('\n');
  }
  return clientJs;
}

/** JSON safe inside a <script> element */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function stateNames(machine: AnyStateMachine): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of allStateNodes(machine))
    out[n.id] = stateDescription(n) ?? (n.path.length ? n.path.join(' › ') : machine.id);
  return out;
}

/** Each flow's hand-offs, both ways: the flows it starts (from which step) and the flows that start it. */
function handOffs(
  flows: BookInput['flows'],
  links: Map<string, MachineLinks> | undefined,
): Map<string, { startedBy: BookHandOff[]; handsOff: BookHandOff[] }> {
  const out = new Map(flows.map((f) => [f.flow, { startedBy: [] as BookHandOff[], handsOff: [] as BookHandOff[] }]));
  const names = new Map(flows.map((f) => [f.flow, stateNames(f.machine)]));
  for (const [parent, l] of links ?? []) {
    for (const c of l.children) {
      const from = out.get(parent);
      const to = out.get(c.flow);
      if (!from || !to) continue;
      // a child run by the machine itself (not by one of its steps) has no step to name
      const step = c.state.includes('.') ? (names.get(parent)?.[c.state] ?? c.state) : '';
      const hand = { state: c.state, step, name: c.id, spawned: c.spawned };
      if (!from.handsOff.some((h) => h.flow === c.flow && h.state === c.state))
        from.handsOff.push({ flow: c.flow, ...hand });
      if (!to.startedBy.some((h) => h.flow === parent && h.state === c.state))
        to.startedBy.push({ flow: parent, ...hand });
    }
  }
  return out;
}

/**
 * Hand-offs the book does not link both ways: every child a machine starts (read from the source) must appear on the
 * parent's page as "continues in" and on the child's page as "started by". Empty = every link is there.
 */
export function missingHandOffs(data: BookData, links: Map<string, MachineLinks> | undefined): string[] {
  const byFlow = new Map(data.flows.map((f) => [f.flow, f]));
  const out: string[] = [];
  for (const [parent, l] of links ?? []) {
    for (const c of l.children) {
      const p = byFlow.get(parent);
      const ch = byFlow.get(c.flow);
      if (!p) continue;
      if (!ch) {
        out.push(`${parent} starts ${c.flow} (${c.id}), which has no page in the book`);
        continue;
      }
      if (!p.handsOff.some((h) => h.flow === c.flow && h.state === c.state))
        out.push(`${parent}'s page does not link to ${c.flow}, which it starts in ${c.state}`);
      if (!ch.startedBy.some((h) => h.flow === parent && h.state === c.state))
        out.push(`${c.flow}'s page does not link back to ${parent}, which starts it in ${c.state}`);
    }
  }
  return out;
}

/** The flow book's data: what the page script reads. */
export function bookData({ flows, system, links, departures, outDir }: BookInput): BookData {
  const hands = handOffs(flows, links);
  const screens = bookScreens(outDir);
  return {
    ...(screens ? { screens } : {}),
    ...(system ? { system: systemData(system) } : {}),
    journeys: JOURNEYS,
    legend: LEGEND,
    glossary: GLOSSARY,
    flows: flows.map((f): BookFlow => ({
      flow: f.flow,
      title: FLOW_PLACES[f.flow]?.title ?? f.flow,
      journey: FLOW_PLACES[f.flow]?.journey ?? 'parts',
      ...hands.get(f.flow)!,
      departures: DEPARTURES.filter((d) => d.flow === f.flow && departures?.has(d.row)).map((d) => ({
        row: d.row,
        state: d.state,
        title: d.title,
        spec: departures!.get(d.row)!.spec,
        portal: departures!.get(d.row)!.portal,
      })),
      machineId: f.machine.id,
      description: f.description ?? '',
      diagrams: f.diagrams.map((d) => ({ name: d.name, kind: d.kind, title: d.title, boxes: d.boxes })),
      states: stateNames(f.machine),
      paths: (f.plain?.paths ?? []).map((p) => ({
        index: p.index,
        ...(p.scenario ? { scenario: p.scenario } : {}),
        ends: p.ends,
        ...(p.tester ? { tester: p.tester } : {}),
        start: (p.given === undefined ? '' : `(${p.given}) `) + p.start.join(' · '),
        visits: p.visits,
        steps: p.steps.map((s) => ({
          kind: s.kind,
          text: joinText(s.text) + (s.data ? ` (${s.data})` : ''),
          sees: s.sees.join(' · '),
          state: s.state,
        })),
      })),
    })),
  };
}

/** The whole page, or undefined while an SVG it inlines is missing (render first). */
export function renderBook(input: BookInput): string | undefined {
  const templates: string[] = [];
  if (input.system) {
    const file = join(input.outDir, `${input.system.diagram.name}.svg`);
    if (!existsSync(file)) return undefined;
    const svg = readFileSync(file, 'utf8').replace(/^<!--[^>]*-->\n/, '');
    templates.push(`<template id="svg-${escapeHtml(input.system.diagram.name)}">${svg.trim()}</template>`);
  }
  for (const f of input.flows) {
    for (const d of f.diagrams) {
      if (d.kind === 'detail') continue; // the engineer view is the .svg file beside the page
      const file = join(input.outDir, `${d.name}.svg`);
      if (!existsSync(file)) return undefined;
      const svg = readFileSync(file, 'utf8').replace(/^<!--[^>]*-->\n/, '');
      templates.push(`<template id="svg-${escapeHtml(d.name)}">${svg.trim()}</template>`);
    }
  }
  const data = bookData(input);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Flow book</title>',
    `<style>${CSS}${SCREENS_CSS}</style>`,
    '</head>',
    '<body>',
    '<!-- Generated by `npm run viz` from machines/*.machine.ts and their model specs; do not edit. -->',
    '<main id="app"></main>',
    ...templates,
    `<script type="application/json" id="book-data">${scriptJson(data)}</script>`,
    '<script type="module">',
    client().trim(),
    "const data = JSON.parse(document.getElementById('book-data').textContent);",
    'const live = /^https?:$/.test(location.protocol) && /\\/dev\\/flows\\/?$/.test(location.pathname);',
    'startFlowBook(data, live);',
    '</script>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

const CSS = `
:root { font-family: system-ui, "Segoe UI", Roboto, sans-serif; color: #222; background: #fff; }
body { margin: 0; }
#app { padding: 1rem 1.5rem 3rem; max-width: 110rem; }
h1 { font-size: 1.6rem; margin: .4rem 0; }
h2 { font-size: 1.15rem; margin: .6rem 0; }
a { color: #0b57a4; }
.lead { color: #444; max-width: 60rem; }
.flows { list-style: none; padding: 0; }
.flows li { padding: .35rem 0; border-bottom: 1px solid #eee; }
.flow-link { font-weight: 600; }
.crumbs { font-size: .95rem; }
.views { font-size: .95rem; }
.side-by-side { display: flex; gap: 1.5rem; align-items: flex-start; flex-wrap: wrap; }
.diagram { flex: 3 1 40rem; margin: 0; min-width: 0; overflow: auto; border: 1px solid #ddd; padding: .5rem; }
.diagram img { max-width: 100%; height: auto; }
.diagram .viewport { overflow: auto; cursor: grab; border-top: 1px solid #eee; }
.diagram .viewport.dragging { cursor: grabbing; user-select: none; }
.diagram .viewport:focus-visible { outline: 2px solid #0b57a4; }
.diagram .viewport svg { display: block; max-width: none; }
.zoom-bar { display: flex; gap: .3rem; align-items: center; margin-bottom: .3rem; font-size: .9rem; }
.zoom-bar button { min-width: 2.2rem; padding: .15rem .5rem; font-size: .95rem; }
.zoom-level { min-width: 3.5rem; text-align: center; }
.diagram figcaption { font-size: .85rem; color: #555; }
.paths { flex: 1 1 24rem; min-width: 20rem; max-width: 40rem; overflow-wrap: anywhere; }
.path { border: 1px solid #ddd; border-radius: 4px; padding: .3rem .6rem; margin: .4rem 0; }
.path summary { cursor: pointer; font-weight: 600; }
.path ol { padding-left: 1.4rem; }
.path li { margin: .35rem 0; }
.sees { color: #2d4d2d; }
.machine-state { color: #888; font-size: .75rem; font-family: ui-monospace, monospace; }
.more { font-size: .85rem; color: #555; }
.system-link { font-size: 1.05rem; }
.how-to-read { max-width: 60rem; padding-left: 1.2rem; }
.how-to-read li { margin: .3rem 0; }
.actors { border-collapse: collapse; margin: 1rem 0; max-width: 80rem; }
.actors th, .actors td { text-align: left; vertical-align: top; padding: .3rem .6rem; border-bottom: 1px solid #eee; }
g.clickable { cursor: pointer; }
g.clickable:hover rect, g.clickable:focus rect { stroke: #0b57a4 !important; stroke-width: 2px !important; }
g.is-selected rect { stroke: #0b57a4 !important; stroke-width: 3px !important; }
g.is-current rect { fill: #d9f2d9 !important; stroke: #1e7b1e !important; stroke-width: 3px !important; }
#live { position: fixed; right: 0; top: 0; bottom: 0; width: 22rem; overflow: auto; background: #fafafa;
  border-left: 1px solid #ddd; padding: .5rem 1rem; font-size: .9rem; }
.is-live #app { margin-right: 24rem; }
.trail li { margin: .3rem 0; }
.code-name { color: #777; font-size: .8rem; font-family: ui-monospace, monospace; }
.flow-line { color: #333; }
.toc { margin: .6rem 0 1rem; }
.search input { font-size: 1rem; padding: .3rem .5rem; width: min(30rem, 90%); }
.journey { margin-top: 1.6rem; }
.questions li { margin: .3rem 0; }
.hand-offs { margin: .3rem 0; }
.hand-offs ul { display: inline; padding: 0; margin: 0; list-style: none; }
.hand-offs li { display: inline; }
.hand-offs li + li::before { content: " · "; }
.hand-off { background: #eef4fb; padding: .3rem .5rem; }
.path.is-asked { border-color: #0b57a4; border-width: 2px; }
g.hands-off > rect, g.hands-off > g > rect.label-container { stroke: #0b57a4 !important; stroke-dasharray: 6 3; stroke-width: 2px !important; }
.departures { background: #fff6e5; border-left: 4px solid #c77700; padding: .3rem .6rem; margin: .4rem 0; }
.departures ul { margin: .2rem 0; padding-left: 1.2rem; }
g.departs > rect, g.departs > g > rect.label-container { stroke: #c77700 !important; stroke-width: 3px !important; }
.glossary { max-width: 60rem; }
.glossary dt { font-weight: 600; margin-top: .6rem; }
.glossary dd { margin-left: 1.2rem; }
@media print {
  #app { padding: 0; max-width: none; }
  a { color: inherit; text-decoration: none; }
  .search, .toc, .views, .more, .zoom-bar, #live, .machine-state, figcaption { display: none !important; }
  .side-by-side { display: block; }
  .diagram, .diagram.system { border: 0; overflow: visible; max-height: none; height: auto !important; }
  .diagram .viewport { height: auto !important; overflow: visible !important; }
  .diagram svg { max-width: 100% !important; width: auto !important; height: auto !important; transform: none !important; }
  .paths { max-width: none; }
  details.path { break-inside: avoid; }
  details.path > :not(summary) { display: block; }
  h1, h2 { break-after: avoid; }
  .journey { break-inside: avoid-page; }
}
`;
