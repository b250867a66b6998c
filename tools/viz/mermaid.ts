/**
 * Machine definition → Mermaid `stateDiagram-v2` source that reads like prose:
 * `poll.start / resetAttempts`, `done: checkStatus [isComplete]`, `after POLL_INTERVAL (5 s)`, `always [hasUrl]`,
 * invoked actors as `invoke checkStatus` on their state. Deterministic: definition order throughout.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { actionLabels, allStateNodes, eventLabel, guardLabel, invokeSources, ownActionLabels, srcName } from '../lib/describe';

/** Mermaid entity codes for characters its parser treats specially in labels. */
export function escapeLabel(text: string): string {
  const codes: Record<string, string> = { '#': '#35;', ':': '#58;', ';': '#59;', '"': '#quot;', '\n': ' ' };
  return text.replace(/[#:;"\n]/g, (ch) => codes[ch]);
}

function idMap(machine: AnyStateMachine): Map<AnyStateNode, string> {
  const ids = new Map<AnyStateNode, string>();
  const used = new Set<string>();
  for (const node of allStateNodes(machine)) {
    let id = 's_' + node.id.replace(/[^A-Za-z0-9_]/g, '_');
    while (used.has(id)) id += '_';
    used.add(id);
    ids.set(node, id);
  }
  return ids;
}

function stateTitle(node: AnyStateNode): string {
  if (node.type === 'history') return node.history === 'deep' ? `${node.key} (deep history)` : `${node.key} (history)`;
  return node.key;
}

export function toMermaid(machine: AnyStateMachine): string {
  const ids = idMap(machine);
  const sources = invokeSources(machine);
  const out: string[] = ['---', `title: ${machine.id}`, '---', 'stateDiagram-v2', '  direction LR'];
  const root = machine.root as AnyStateNode;
  const rootIsBox = root.type === 'parallel' || root.transitions.size > 0 || (root.always?.length ?? 0) > 0 || root.invoke.length > 0;

  const declare = (node: AnyStateNode, indent: string) => {
    const id = ids.get(node)!;
    const children = Object.values(node.states ?? {}) as AnyStateNode[];
    const invokes = (node.invoke ?? []).map((i) => `invoke ${srcName(i.src)}`);
    if (children.length) {
      const title = [stateTitle(node), ...invokes].join(' · ');
      out.push(`${indent}state "${escapeLabel(title)}" as ${id}`);
      out.push(`${indent}state ${id} {`);
      body(node, indent + '  ');
      out.push(`${indent}}`);
    } else {
      out.push(`${indent}state "${escapeLabel(stateTitle(node))}" as ${id}`);
      const lines = [...invokes];
      const entry = ownActionLabels(node.entry);
      const exit = ownActionLabels(node.exit);
      if (entry.length) lines.push(`entry / ${entry.join(', ')}`);
      if (exit.length) lines.push(`exit / ${exit.join(', ')}`);
      for (const l of lines) out.push(`${indent}${id} : ${escapeLabel(l)}`);
    }
  };

  const body = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states ?? {}) as AnyStateNode[];
    if (node.type === 'parallel') {
      children.forEach((c, i) => {
        if (i > 0) out.push(`${indent}--`);
        declare(c, indent);
      });
      return;
    }
    for (const c of children) declare(c, indent);
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial) out.push(`${indent}[*] --> ${ids.get(initial)}`);
    for (const c of children) if (c.type === 'final') out.push(`${indent}${ids.get(c)} --> [*]`);
  };

  if (rootIsBox) {
    const invokes = root.invoke.map((i) => `invoke ${srcName(i.src)}`);
    out.push(`  state "${escapeLabel([machine.id, ...invokes].join(' · '))}" as ${ids.get(root)}`);
    out.push(`  state ${ids.get(root)} {`);
    body(root, '    ');
    out.push('  }');
    out.push(`  [*] --> ${ids.get(root)}`);
  } else {
    body(root, '  ');
  }

  // transitions last, at top level: they may cross composite states
  const edges: string[] = [];
  for (const node of allStateNodes(machine)) {
    const from = ids.get(node)!;
    const types = [...node.transitions.keys()];
    if (node.always?.length) types.push('');
    for (const type of types) {
      const defs = type === '' ? node.always! : node.transitions.get(type)!;
      for (const def of defs) {
        let label = eventLabel(machine, type, sources);
        if (def.guard) label += ` [${guardLabel(def.guard)}]`;
        const actions = actionLabels(def.actions);
        if (actions.length) label += ` / ${actions.join(', ')}`;
        const targets = (def.target as AnyStateNode[] | undefined)?.length ? (def.target as AnyStateNode[]) : [node];
        for (const t of targets) edges.push(`  ${from} --> ${ids.get(t)} : ${escapeLabel(label)}`);
      }
    }
  }
  out.push(...edges);
  return out.join('\n') + '\n';
}
