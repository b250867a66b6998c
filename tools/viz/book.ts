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
import { allStateNodes } from '../lib/describe';
import type { PlainPaths } from '../model/plain-paths';
import { joinText } from '../model/plain-paths';
import { stateDescription } from '../model/plain';
import type { BookData, BookFlow, BookSystem } from './book-client';
import type { Diagram } from './mermaid';
import { SYSTEM_HOW_TO_READ_LINES, type SystemDiagram } from './system';

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
/** book-client.ts as plain JavaScript (types stripped, ES2020), once per process */
function client(): string {
  if (clientJs === undefined) {
    const source = readFileSync(fileURLToPath(new URL('./book-client.ts', import.meta.url)), 'utf8');
    clientJs = ts.transpileModule(source, {
      compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext, removeComments: true },
    }).outputText;
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

/** The flow book's data: what the page script reads. */
export function bookData({ flows, system }: BookInput): BookData {
  return {
    ...(system ? { system: systemData(system) } : {}),
    flows: flows.map((f): BookFlow => ({
      flow: f.flow,
      machineId: f.machine.id,
      description: f.description ?? '',
      diagrams: f.diagrams.map((d) => ({ name: d.name, kind: d.kind, title: d.title, boxes: d.boxes })),
      states: stateNames(f.machine),
      paths: (f.plain?.paths ?? []).map((p) => ({
        index: p.index,
        ...(p.scenario ? { scenario: p.scenario } : {}),
        ends: p.ends,
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
    `<style>${CSS}</style>`,
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
.diagram svg, .diagram img { max-width: 100%; height: auto; }
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
.diagram.system { overflow: auto; max-height: 80vh; }
.diagram.system svg { max-width: none; }
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
`;
