/**
 * The flow book's system page: the portal's actor system as one Mermaid flowchart (visualizations/system.mmd),
 * built from what links.ts reads in the machines' source, so it cannot go stale by hand. From the root machine down:
 * every child it invokes or spawns (a page actor: started and stopped with its page), the events each child reports
 * to its parent, the events a parent passes on to a child, and the effects the app provides (the router, the log,
 * the browser) that a parent runs. Deterministic: the machines' definition order throughout.
 */
import type { AnyStateMachine } from 'xstate';
import { allStateNodes } from '../lib/describe';
import { PARENT, type MachineLinks } from './links';
import type { Diagram } from './mermaid';

/** The machine at the top of the portal's actor system (machines/portal.machine.ts, systemId `portal`). */
export const SYSTEM_ROOT = 'portal';
/** the diagram's file stem and the flow book's route */
export const SYSTEM_NAME = 'system';

/** How to read the system diagram, for product owners: the README's list and the flow book's page say it alike. */
export const SYSTEM_HOW_TO_READ_LINES = [
  'Each box is an actor: a part of the portal that runs on its own and keeps its own state. It is named as the actor that started it knows it; its machine (the flow of that name in this book) is in brackets when the name differs.',
  'The blue box on the left is the root, portal. A line joins an actor (left) to one it starts (right). A plain box runs while the actor left of it needs it; a dashed, rounded box starts only when needed: a page actor when its page or dialog shows (it stops when they go), the logout when the person logs out.',
  'A label lists the events that pass along its line: → the actor on the left passes it on to the one on the right; ← the one on the right reports it to the one on the left. Actors never talk to their siblings: a parent hears a report and acts on it, passes it on to another of its actors, or reports it further up.',
  '⚙ on a dotted line to "the app": the effects the actor asks of the app around it (the router, the log, the browser), by name.',
  "All of it is read from the machines' source by npm run viz, so it shows what the code does today.",
];

export interface SystemActor {
  /** the Mermaid node id */
  node: string;
  /** the name its parent knows it by (invoke id or systemId) */
  name: string;
  flow: string;
  /** the parent's node id (undefined: the root) */
  parent?: string;
  /** a page actor: started and stopped with its page, not for the parent's whole life */
  spawned: boolean;
}

export interface SystemDiagram extends Diagram {
  actors: SystemActor[];
  /** how many events of each kind the lines list (an event once per line) */
  counts: { reports: number; sends: number; effects: number };
}

/** the line between a parent and a child (or from an actor to the app): what goes each way */
interface Edge {
  from: string;
  to: string;
  kind: 'child' | 'effect';
  /** passed on to the child (effects: the effects run) */
  down: string[];
  /** reported to the parent */
  up: string[];
}

/** the event types a machine handles anywhere ('*' = all) */
function handled(machine: AnyStateMachine): Set<string> {
  const out = new Set<string>();
  for (const n of allStateNodes(machine)) for (const t of n.transitions.keys()) out.add(t);
  return out;
}

/** event names packed into lines of at most WIDTH characters, each led by `lead` (which way they go) */
function packed(lead: string, names: string[]): string[] {
  const lines: string[] = [];
  for (const name of names) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 3 + name.length <= WIDTH) lines[last] += ` · ${name}`;
    else lines.push(`${lead} ${name}`);
  }
  return lines;
}

/**
 * characters on a line of a label: Mermaid wraps an edge label at 200 px whatever the config says, so the diagram's
 * text is a little smaller (FONT) than the other diagrams' and the longest event name still fits on its line
 */
const WIDTH = 30;
const FONT = '13px';

const quote = (s: string) => s.replace(/"/g, '#quot;');

/**
 * The system diagram from the links of every machine (links.ts) and the loaded machines, or an error naming what
 * is missing (a machine in the tree whose links could not be read).
 */
export function systemDiagram(
  links: Map<string, MachineLinks>,
  machines: Map<string, AnyStateMachine>,
  root = SYSTEM_ROOT,
): SystemDiagram {
  const actors: SystemActor[] = [];
  const edges: Edge[] = [];
  const nodeIds = new Set<string>();
  const nodeId = (path: string[]) => {
    const base = `a_${path.join('_').replace(/[^A-Za-z0-9_]/g, '_')}`;
    let id = base;
    for (let i = 2; nodeIds.has(id); i++) id = `${base}_${i}`;
    nodeIds.add(id);
    return id;
  };
  const edgeTo = (from: string, to: string, kind: Edge['kind']) => {
    let e = edges.find((x) => x.from === from && x.to === to);
    if (!e) edges.push((e = { from, to, kind, down: [], up: [] }));
    return e;
  };
  const addAll = (list: string[], events: string[]) => {
    for (const ev of events) if (!list.includes(ev)) list.push(ev);
  };

  const visit = (flow: string, name: string, path: string[], parent: string | undefined, spawned: boolean) => {
    const own = links.get(flow);
    if (!own) throw new Error(`what ${flow} passes on could not be read (see the error above)`);
    const node = nodeId(path);
    actors.push({ node, name, flow, parent, spawned });
    if (parent) addAll(edgeTo(parent, node, 'child').up, own.reports);
    const kids = new Map<string, string>();
    const kidFlows = new Map<string, string>();
    for (const c of own.children) {
      if (path.length > 12) throw new Error(`${path.join(' › ')}: the actors run each other in a circle`);
      const childNode = visit(c.flow, c.id, [...path, c.id], node, c.spawned);
      kids.set(c.id, childNode);
      if (c.systemId) kids.set(c.systemId, childNode);
      kidFlows.set(childNode, c.flow);
    }
    const effects: string[] = [];
    for (const t of own.transitions)
      for (const p of t.passes) {
        if ('effect' in p) {
          if (!effects.includes(p.effect)) effects.push(p.effect);
          continue;
        }
        if (p.to === PARENT) continue; // its reports, drawn from the parent's side above
        const to = kids.get(p.to);
        if (!to) continue; // a call or callback the app provides, not an actor of the system
        // a send to a child that never listens for the event is dropped by xstate: not drawn
        // (a send to `context.pages[id]` is read for every page the id may name)
        const listens = handled(machines.get(kidFlows.get(to)!)!);
        const events = listens.has('*') ? p.events : p.events.filter((e) => listens.has(e));
        addAll(edgeTo(node, to, 'child').down, events);
      }
    if (effects.length) addAll(edgeTo(node, APP, 'effect').down, effects);
    return node;
  };
  visit(root, root, [root], undefined, false);

  const lines = [
    '---',
    `title: The portal's actors and what passes between them`,
    'config:',
    '  layout: elk',
    '  elk:',
    '    nodePlacementStrategy: NETWORK_SIMPLEX',
    '  themeVariables:',
    `    fontSize: ${FONT}`,
    '---',
    'flowchart LR',
  ];
  for (const a of actors) {
    const label = a.name === a.flow ? a.name : `${a.name}<br/>(${a.flow})`;
    lines.push(`  ${a.node}${a.spawned ? '(["' : '["'}${quote(label)}${a.spawned ? '"])' : '"]'}`);
  }
  const usesApp = edges.some((e) => e.kind === 'effect');
  if (usesApp) lines.push(`  ${APP}[["the app: router, log, browser"]]`);
  const effectLinks: number[] = [];
  edges.forEach((e, i) => {
    const label = [...packed(e.kind === 'effect' ? '⚙' : '→', e.down), ...packed('←', e.up)];
    const arrow = e.kind === 'effect' ? '-.->' : '-->';
    lines.push(`  ${e.from} ${arrow}${label.length ? `|"${quote(label.join('<br/>'))}"|` : ''} ${e.to}`);
    if (e.kind === 'effect') effectLinks.push(i);
  });
  lines.push(`  classDef root fill:#e8f0fe,stroke:#0b57a4,stroke-width:2px`);
  lines.push(`  classDef page fill:#fff,stroke:#666,stroke-dasharray:5 3`);
  lines.push(`  classDef app fill:#f4f4f4,stroke:#999`);
  lines.push(`  class ${actors[0].node} root`);
  const pages = actors.filter((a) => a.spawned).map((a) => a.node);
  if (pages.length) lines.push(`  class ${pages.join(',')} page`);
  if (usesApp) lines.push(`  class ${APP} app`);
  if (effectLinks.length) lines.push(`  linkStyle ${effectLinks.join(',')} stroke:#888`);
  const child = edges.filter((e) => e.kind === 'child');
  const counts = {
    reports: child.reduce((n, e) => n + e.up.length, 0),
    sends: child.reduce((n, e) => n + e.down.length, 0),
    effects: edges.filter((e) => e.kind === 'effect').reduce((n, e) => n + e.down.length, 0),
  };
  return {
    name: SYSTEM_NAME,
    kind: 'main',
    title: 'The system',
    mmd: `${lines.join('\n')}\n`,
    boxes: Object.fromEntries(actors.map((a) => [a.node, { state: a.flow }])),
    actors,
    counts,
  };
}

const APP = 'app_effects';
