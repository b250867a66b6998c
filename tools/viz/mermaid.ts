/**
 * Machine definition → Mermaid `stateDiagram-v2` sources, in three views:
 *
 * - **main** (`<flow>.mmd`), for product owners: states to a bounded depth, arrows labelled with what moves the
 *   flow only (`customerAdd.open`, `[isSuccess]`, `after FIRST_CHECK (10 s)`, `done: loadCustomer`), every set of
 *   arrows with the same source and target merged into one arrow listing its triggers one per line. A compound
 *   state that would make the picture too big is drawn as one box (`▸ 4 steps, see <flow>.<path>.svg`).
 * - **region** (`<flow>.<statePath>.mmd`), one per collapsed box: that state's inside (again bounded), with the
 *   transitions leaving it drawn to small exit nodes named after their targets (`→ closed`) and the ones
 *   coming in from outside drawn from entry nodes (`from reviewing`).
 * - **detail** (`<flow>.detail.mmd`), for developers: everything, actions included (`poll.start / resetAttempts`,
 *   `entry / ...`), parallel arrows merged.
 *
 * Deterministic: definition order throughout, no clocks, no randomness.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  actionLabels,
  allStateNodes,
  eventLabel,
  guardLabel,
  invokeSources,
  ownActionLabels,
  srcName,
} from '../lib/describe';
import { isBookkeeping, stateDescription, transitionDescription, wrapWords } from '../model/plain';

export interface ViewOptions {
  /** a diagram shows at most this many state boxes (compound states are opened while they fit) ... */
  maxStates: number;
  /** ... and at most this many levels below the diagram's own level */
  maxDepth: number;
  /** a merged arrow to or from a closed box lists at most this many triggers (the rest: `… N more`) */
  maxLabelLines: number;
  /** compound states with at most this many states inside (all levels) are always drawn open */
  alwaysOpen: number;
  /** layout direction of the diagrams */
  direction: 'LR' | 'TB';
  /** product-owner views wrap a state's description at this many characters ... */
  wrap: number;
  /** ... and an arrow's (mermaid wraps edge labels narrower than boxes) */
  edgeWrap: number;
}

const VIEW_DEFAULTS: ViewOptions = {
  maxStates: 10,
  maxDepth: 2,
  maxLabelLines: 4,
  alwaysOpen: 3,
  direction: 'TB',
  wrap: 34,
  edgeWrap: 21,
};

export interface Diagram {
  /** file stem: `customerAdd`, `customerAdd.open.signing`, `customerAdd.detail` */
  name: string;
  kind: 'main' | 'region' | 'detail';
  /** region diagrams: the state's path, `open.signing` */
  region?: string;
  /** for people: `open › signing` */
  title: string;
  /** region diagrams: how many states the region holds, all levels */
  size?: number;
  mmd: string;
  /**
   * every state box drawn (its Mermaid id, the `data-id` of its SVG group) → the state node id it stands for
   * and, for a group drawn closed, the name of the diagram that shows its inside
   */
  boxes: Record<string, { state: string; sub?: string }>;
}

/** Mermaid entity codes for characters its parser treats specially in labels. */
function escapeLabel(text: string): string {
  const codes: Record<string, string> = {
    '#': '#35;',
    ':': '#58;',
    ';': '#59;',
    '"': '#quot;',
    '\n': ' ',
    '<': '#lt;',
    '>': '#gt;',
  };
  return text.replace(/[#:;"\n<>]/g, (ch) => codes[ch]);
}

interface RawEdge {
  source: AnyStateNode;
  target: AnyStateNode;
  /** no target: the state stays where it is (actions only) */
  targetless: boolean;
  /** `customerAdd.sign [isConfirmationValid]` */
  trigger: string;
  actions: string[];
  /** the transition's description, else the trigger (until every transition has one) */
  plain: string;
  bookkeeping: boolean;
}

const children = (n: AnyStateNode) => Object.values(n.states ?? {}) as AnyStateNode[];
const isCompound = (n: AnyStateNode) => children(n).length > 0;
/** n is a or below a */
const within = (n: AnyStateNode, a: AnyStateNode) =>
  a.path.length <= n.path.length && a.path.every((k, i) => n.path[i] === k);
const countBelow = (n: AnyStateNode): number => children(n).reduce((s, c) => s + 1 + countBelow(c), 0);

function rawEdges(machine: AnyStateMachine): RawEdge[] {
  const sources = invokeSources(machine);
  const out: RawEdge[] = [];
  for (const node of allStateNodes(machine)) {
    const types = [...node.transitions.keys()];
    if (node.always?.length) types.push('');
    for (const type of types) {
      const defs = type === '' ? node.always! : node.transitions.get(type)!;
      for (const def of defs) {
        const trigger = eventLabel(machine, type, sources) + (def.guard ? ` [${guardLabel(def.guard)}]` : '');
        const targets = (def.target as AnyStateNode[] | undefined) ?? [];
        const actions = actionLabels(def.actions);
        const plain = transitionDescription(def) ?? trigger;
        const bookkeeping = isBookkeeping(def);
        const base = { source: node, trigger, actions, plain, bookkeeping };
        if (!targets.length) out.push({ ...base, target: node, targetless: true });
        for (const t of targets) out.push({ ...base, target: t, targetless: false });
      }
    }
  }
  return out;
}

/**
 * The compound states opened in a view of `region`: the region itself, then level by level the compound
 * states below it: small ones (≤ alwaysOpen states inside) always, the others all together while the diagram
 * stays within maxStates boxes and maxDepth levels. Everything else compound is drawn closed.
 */
function openStates(region: AnyStateNode, opts: ViewOptions, all = false): Set<AnyStateNode> {
  const open = new Set<AnyStateNode>([region]);
  let shown = children(region).length;
  let level = children(region).filter(isCompound);
  for (let depth = 1; level.length; depth++) {
    const next: AnyStateNode[] = [];
    // small ones always; the others all together (siblings drawn alike) or not at all
    const small = level.filter((n) => all || countBelow(n) <= opts.alwaysOpen);
    const big = level.filter((n) => !small.includes(n));
    for (const n of small) {
      open.add(n);
      shown += children(n).length;
    }
    const more = big.reduce((sum, n) => sum + children(n).length, 0);
    if (big.length && depth < opts.maxDepth && shown + more <= opts.maxStates) {
      for (const n of big) open.add(n);
      shown += more;
    }
    for (const n of level) if (open.has(n)) next.push(...children(n).filter(isCompound));
    level = next;
  }
  return open;
}

/**
 * A region whose steps branch out (one step leads to 3+ of its siblings: a choice of methods, a decision) and
 * that holds no open group reads (and fits) better left to right; chains and nested groups top to bottom.
 */
function fansOut(region: AnyStateNode, open: Set<AnyStateNode>): boolean {
  if (children(region).some((c) => open.has(c) && isCompound(c))) return false;
  return children(region).some((c) => {
    const targets = new Set<AnyStateNode>();
    for (const defs of [...c.transitions.values(), c.always ?? []]) {
      for (const d of defs)
        for (const t of (d.target as AnyStateNode[] | undefined) ?? [])
          if (t !== c && t.parent === region) targets.add(t);
    }
    return targets.size >= 3;
  });
}

function idOf(node: AnyStateNode): string {
  return 's_' + node.id.replace(/[^A-Za-z0-9_]/g, '_');
}

/** `selectingCompany › typing`: the path of `target` below the closest state it shares with `from` */
function relativeName(target: AnyStateNode, from: AnyStateNode): string {
  let i = 0;
  while (i < target.path.length && i < from.path.length && target.path[i] === from.path[i]) i++;
  const rest = target.path.slice(i);
  return rest.length ? rest.join(' › ') : (target.key ?? target.id);
}

function stateTitle(node: AnyStateNode): string {
  if (node.type === 'history') return node.history === 'deep' ? `${node.key} (deep history)` : `${node.key} (history)`;
  return node.key;
}

function regionStem(flow: string, node: AnyStateNode): string {
  return node.path.length ? `${flow}.${node.path.join('.')}` : flow;
}

interface RenderInput {
  machine: AnyStateMachine;
  flow: string;
  region: AnyStateNode;
  kind: Diagram['kind'];
  opts: ViewOptions;
}

/** `loadingContext` → `loading context`, `mobileId` → `mobile id`: a state's key as words */
function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
}

interface RenderOutput {
  mmd: string;
  closed: AnyStateNode[];
  boxes: Diagram['boxes'];
}

function renderView({ machine, flow, region, kind, opts }: RenderInput): RenderOutput {
  const detail = kind === 'detail';
  /** the product-owner view: descriptions instead of names, bookkeeping folded, no action or actor names */
  const plain = !detail;
  const root = machine.root as AnyStateNode;
  const open = openStates(region, opts, detail);
  const closed: AnyStateNode[] = [];
  const boxes: Diagram['boxes'] = {};
  const title =
    kind === 'main'
      ? machine.id
      : kind === 'detail'
        ? `${machine.id} (detail, with events, guards, actors and actions)`
        : `${machine.id} › ${region.path.join(' › ')}`;
  const direction = kind === 'region' && fansOut(region, open) ? 'LR' : opts.direction;
  // ELK lays the boxes out with room for every label (mermaid's default layout lets labels fall on each other)
  const out: string[] = [
    '---',
    `title: ${title}`,
    'config:',
    '  layout: elk',
    '---',
    'stateDiagram-v2',
    `  direction ${direction}`,
  ];
  if (kind === 'region')
    out.push(
      '  classDef exit fill:#f3f3f3,stroke:#888,stroke-dasharray:4 3,color:#333',
      '  classDef entry fill:#f3f3f3,stroke:#888,stroke-dasharray:4 3,color:#333',
    );
  out.push('  classDef closedBox fill:#fff8e6,stroke:#c9a227,color:#222');
  out.push('  classDef anyStep fill:#f7f7f7,stroke:#aaa,stroke-dasharray:2 2,color:#333');

  /** the box a state is drawn in: itself, or the closed compound state that hides it */
  const rep = (n: AnyStateNode): AnyStateNode => {
    const chain: AnyStateNode[] = [];
    for (let x: AnyStateNode | undefined = n; x && x !== region; x = x.parent) chain.unshift(x);
    for (const x of chain) if (!open.has(x)) return x;
    return n;
  };
  const invokesOf = (n: AnyStateNode) =>
    plain ? [] : (n.invoke ?? []).map((i) => (detail ? `invoke ${srcName(i.src)}` : `calls ${srcName(i.src)}`));
  const closedBoxes: string[] = [];
  const wrapped = (text: string) => wrapWords(text, opts.wrap);

  // arrows: every transition, mapped onto the boxes drawn, merged per (from, to)
  const extra = new Map<string, string>(); // exit/entry node id → declaration
  const exitNode = (t: AnyStateNode) => {
    const id = `exit_${idOf(t)}`;
    if (!extra.has(id)) {
      const name = plain ? words(relativeName(t, region)) : relativeName(t, region);
      extra.set(id, `  state "${escapeLabel(`→ ${name}`)}" as ${id}\n  class ${id} exit`);
      boxes[id] = { state: t.id };
    }
    return id;
  };
  const entryNode = (s: AnyStateNode) => {
    const id = `entry_${idOf(s)}`;
    if (!extra.has(id)) {
      const name = plain ? words(relativeName(s, region)) : relativeName(s, region);
      extra.set(id, `  state "${escapeLabel(`from ${name}`)}" as ${id}\n  class ${id} entry`);
      boxes[id] = { state: s.id };
    }
    return id;
  };
  /**
   * ELK cannot draw an arrow between a group and a box inside it: what a group does in any of its steps starts
   * at a small "in any step" box drawn inside the group, and what it does without leaving is listed in that box
   */
  const anySteps = new Map<AnyStateNode, string[]>();
  const anyNode = (group: AnyStateNode) => {
    if (!anySteps.has(group)) anySteps.set(group, []);
    return `any_${idOf(group)}`;
  };
  const merged = new Map<string, { lines: string[]; summarize: boolean }>();
  const add = (from: string, to: string, line: string, summarize: boolean) => {
    const key = `${from} --> ${to}`;
    const m = merged.get(key) ?? { lines: [], summarize: false };
    if (line && !m.lines.includes(line)) m.lines.push(line);
    m.summarize ||= summarize;
    merged.set(key, m);
  };
  const isOpenGroup = (n: AnyStateNode) => isCompound(n) && open.has(n);
  /** an arrow from box `from` to box `to` (both drawn), or its replacement when ELK could not draw it */
  const arrow = (from: AnyStateNode, to: AnyStateNode, line: string, summarize: boolean, stays: boolean) => {
    if (isOpenGroup(from) && (stays || within(to, from))) {
      const any = anyNode(from);
      if (stays || to === from) {
        if (line) anySteps.get(from)!.push(`↺ ${line}`);
      } else add(any, idOf(to), line, summarize);
      return;
    }
    if (isOpenGroup(to) && within(from, to) && from !== to) {
      // back to the start of an enclosing group: drawn to its first step
      const first = to.initial?.target?.[0] as AnyStateNode | undefined;
      if (first) return arrow(from, rep(first), line, summarize, false);
    }
    add(idOf(from), idOf(to), line, summarize);
  };
  for (const e of rawEdges(machine)) {
    if (plain && e.bookkeeping && (e.targetless || e.target === e.source)) continue; // folded: changes nothing a person sees
    const line = plain
      ? e.bookkeeping
        ? ''
        : e.plain
      : e.actions.length
        ? `${e.trigger} / ${e.actions.join(', ')}`
        : e.trigger;
    const srcIn = within(e.source, region);
    const tgtIn = within(e.target, region);
    if (srcIn) {
      const from = rep(e.source);
      if (tgtIn) {
        const to = rep(e.target);
        if (from === to && !(from === e.source && (e.targetless || e.target === e.source))) continue; // inside a closed box
        arrow(from, to, line, (!open.has(from) && isCompound(from)) || (!open.has(to) && isCompound(to)), e.targetless);
      } else {
        add(idOf(from), exitNode(e.target), line, !open.has(from) && isCompound(from));
      }
    } else if (within(region, e.source)) {
      // a transition of an enclosing state: it applies in every step of this region too
      if (e.targetless) continue;
      if (tgtIn) arrow(region, rep(e.target), line, false, false);
      else add(idOf(region), exitNode(e.target), line, false);
    } else if (tgtIn) {
      const to = rep(e.target);
      add(entryNode(e.source), idOf(to), line, !open.has(to) && isCompound(to));
    }
  }
  const declareAny = (node: AnyStateNode, indent: string) => {
    const lines = anySteps.get(node);
    if (!lines) return;
    const id = `any_${idOf(node)}`;
    out.push(
      `${indent}state "${escapeLabel(plain ? 'in any of these steps' : `in any step of ${node.key}`)}" as ${id}`,
    );
    for (const l of lines) for (const w of plain ? wrapped(l) : [l]) out.push(`${indent}${id} : ${escapeLabel(w)}`);
    out.push(`${indent}class ${id} anyStep`);
    boxes[id] = { state: node.id };
  };
  const declare = (node: AnyStateNode, indent: string) => {
    const id = idOf(node);
    boxes[id] = { state: node.id };
    if (isCompound(node) && open.has(node)) {
      const t = [plain ? words(node.key) : stateTitle(node), ...invokesOf(node)].join(' · ');
      out.push(`${indent}state "${escapeLabel(t)}" as ${id}`);
      out.push(`${indent}state ${id} {`);
      body(node, indent + '  ');
      out.push(`${indent}}`);
      return;
    }
    out.push(`${indent}state "${escapeLabel(plain ? words(stateTitle(node)) : stateTitle(node))}" as ${id}`);
    const lines: string[] = [];
    if (plain) {
      const d = stateDescription(node);
      if (d) lines.push(...wrapped(d));
    }
    lines.push(...invokesOf(node));
    // events handled without leaving the box read better inside it than as loops around it
    const self = merged.get(`${id} --> ${id}`);
    if (self) {
      merged.delete(`${id} --> ${id}`);
      for (const l of self.lines) lines.push(...(plain ? wrapped(`↺ ${l}`) : [`↺ ${l}`]));
    }
    if (detail) {
      const entry = ownActionLabels(node.entry);
      const exit = ownActionLabels(node.exit);
      if (entry.length) lines.push(`entry / ${entry.join(', ')}`);
      if (exit.length) lines.push(`exit / ${exit.join(', ')}`);
    }
    if (isCompound(node)) {
      closed.push(node);
      closedBoxes.push(id);
      boxes[id].sub = regionStem(flow, node);
      const n = children(node).length;
      const what = node.type === 'parallel' ? `${n} parallel parts` : `${n} steps`;
      lines.push(`▸ ${what}, see`, `${regionStem(flow, node)}.svg`);
    }
    for (const l of lines) out.push(`${indent}${id} : ${escapeLabel(l)}`);
  };

  const body = (node: AnyStateNode, indent: string) => {
    const kids = children(node);
    if (node.type === 'parallel') {
      declareAny(node, indent);
      kids.forEach((c, i) => {
        if (i > 0) out.push(`${indent}--`);
        declare(c, indent);
      });
      return;
    }
    for (const c of kids) declare(c, indent);
    declareAny(node, indent);
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial) out.push(`${indent}[*] --> ${idOf(initial)}`);
    for (const c of kids) if (c.type === 'final') out.push(`${indent}${idOf(c)} --> [*]`);
  };

  const rootIsBox =
    root.type === 'parallel' || root.transitions.size > 0 || (root.always?.length ?? 0) > 0 || root.invoke.length > 0;
  if (region !== root || rootIsBox) {
    declare(region, '  ');
    if (region === root) out.push(`  [*] --> ${idOf(root)}`);
  } else {
    body(root, '  ');
  }

  for (const decl of extra.values()) out.push(decl);
  for (const id of closedBoxes) out.push(`  class ${id} closedBox`);
  for (const [key, { lines, summarize }] of merged) {
    let shown = lines;
    if (!detail && summarize && lines.length > opts.maxLabelLines) {
      shown = [...lines.slice(0, opts.maxLabelLines - 1), `… ${lines.length - opts.maxLabelLines + 1} more`];
    }
    const text = (plain ? shown.flatMap((l) => wrapWords(l, opts.edgeWrap)) : shown).map(escapeLabel).join('<br/>');
    out.push(text ? `  ${key} : ${text}` : `  ${key}`);
  }
  return { mmd: out.join('\n') + '\n', closed, boxes };
}

/** Every diagram of a machine: main first, then one per closed box (depth first, definition order), then the detail view. */
export function machineDiagrams(machine: AnyStateMachine, flow: string, options: Partial<ViewOptions> = {}): Diagram[] {
  const opts = { ...VIEW_DEFAULTS, ...options };
  const root = machine.root as AnyStateNode;
  const diagrams: Diagram[] = [];
  const visit = (region: AnyStateNode) => {
    const kind = region === root ? 'main' : 'region';
    const { mmd, closed, boxes } = renderView({ machine, flow, region, kind, opts });
    diagrams.push({
      name: regionStem(flow, region),
      kind,
      ...(kind === 'region' ? { region: region.path.join('.'), size: countBelow(region) } : {}),
      title: kind === 'main' ? machine.id : region.path.join(' › '),
      mmd,
      boxes,
    });
    closed.forEach(visit);
  };
  visit(root);
  const { mmd, boxes } = renderView({ machine, flow, region: root, kind: 'detail', opts });
  diagrams.push({ name: `${flow}.detail`, kind: 'detail', title: `${machine.id} (detail)`, mmd, boxes });
  return diagrams;
}

/** The main diagram's Mermaid source. */
export function toMermaid(machine: AnyStateMachine, options: Partial<ViewOptions> = {}): string {
  return machineDiagrams(machine, machine.id, options)[0].mmd;
}

/** The detail diagram's Mermaid source (everything, actions included). */
export function toMermaidDetail(machine: AnyStateMachine): string {
  return renderView({
    machine,
    flow: machine.id,
    region: machine.root as AnyStateNode,
    kind: 'detail',
    opts: VIEW_DEFAULTS,
  }).mmd;
}
