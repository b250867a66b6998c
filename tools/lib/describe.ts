/**
 * Reads a machine definition the way a person would: state nodes in document order, every transition
 * with a stable key, and plain labels for events, guards, actions and delays. Shared by the diagram
 * generator (tools/viz) and the model runner (tools/model) so both name things alike.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from 'xstate';

/** Every state node below the root (root first), children in definition order. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    out.push(node);
    for (const child of Object.values(node.states ?? {})) walk(child as AnyStateNode);
  };
  walk(machine.root);
  return out;
}

export interface TransitionInfo {
  /** `<source state id> :: <event label>[ [guard]][ #n]`, e.g. `signing.polling :: after POLL_INTERVAL` */
  key: string;
  /** `<source state id> :: <event type>`: matches every candidate for the event (used by spec.uncovered) */
  baseKey: string;
  source: AnyStateNode;
  eventType: string;
  index: number;
  def: AnyTransitionDefinition;
}

/** The candidates an event type has on a state node ('' = the eventless `always` list). */
function candidates(node: AnyStateNode, eventType: string): AnyTransitionDefinition[] {
  if (eventType === '') return (node.always ?? []) as AnyTransitionDefinition[];
  return (node.transitions.get(eventType) ?? []) as AnyTransitionDefinition[];
}

function keyFor(node: AnyStateNode, eventType: string, index: number, def: AnyTransitionDefinition): string {
  const list = candidates(node, eventType);
  const guard = def.guard ? ` [${guardLabel(def.guard)}]` : '';
  const base = `${node.id} :: ${eventType === '' ? 'always' : eventType}${guard}`;
  // two candidates that read the same (same event, same guard text) get a position suffix
  const same = list.filter(
    (d, i) => i < index && (d.guard ? guardLabel(d.guard) : '') === (def.guard ? guardLabel(def.guard) : ''),
  );
  return same.length ? `${base} #${same.length + 1}` : base;
}

/** All transitions of the definition (on, after, always, invoke onDone/onError, state onDone), stable order. */
export function allTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const out: TransitionInfo[] = [];
  for (const node of allStateNodes(machine)) {
    const types = [...node.transitions.keys()];
    if (node.always?.length) types.push('');
    for (const eventType of types) {
      candidates(node, eventType).forEach((def, index) => {
        out.push({
          key: keyFor(node, eventType, index, def),
          baseKey: `${node.id} :: ${eventType === '' ? 'always' : eventType}`,
          source: node,
          eventType,
          index,
          def,
        });
      });
    }
  }
  return out;
}

/** The key of a transition definition as met at run time (xstate's `@xstate.microstep` `_transitions`). */
export function transitionKey(def: AnyTransitionDefinition): string {
  const node = def.source as AnyStateNode;
  const eventType = def.eventType === undefined ? '' : String(def.eventType);
  const list = candidates(node, eventType);
  let index = list.indexOf(def);
  if (index < 0) {
    // a provided copy of the machine: find the candidate with the same shape
    index = Math.max(
      0,
      list.findIndex((d) => guardName(d.guard) === guardName(def.guard)),
    );
  }
  return keyFor(node, eventType, index, def);
}

type GuardLike = unknown;
function guardName(g: GuardLike): string {
  return g ? guardLabel(g) : '';
}

/** `isMainAdmin`, `!hasRights`, `a && b`, `a || b` — inline anonymous guards read as `guard`. */
export function guardLabel(guard: GuardLike): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const g = guard as { type?: string; guards?: GuardLike[]; name?: string };
    // xstate's not()/and()/or() are functions named so, carrying `guards` (older versions: a `type`)
    const kind = g.type ?? (Array.isArray(g.guards) ? `xstate.${g.name}` : undefined);
    if (kind === 'xstate.not' && g.guards) return `!${wrap(g.guards[0])}`;
    if (kind === 'xstate.and' && g.guards) return g.guards.map(wrap).join(' && ');
    if (kind === 'xstate.or' && g.guards) return g.guards.map(wrap).join(' || ');
    if (g.type === 'xstate.stateIn') return 'in state';
    return g.name && g.name !== 'guard' ? g.name : 'guard';
  }
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return 'guard';
}
function wrap(g: GuardLike): string {
  const s = guardLabel(g);
  return /[ &|]/.test(s) ? `(${s})` : s;
}

const BUILTIN_ACTIONS: Record<string, string> = {
  'xstate.assign': 'assign',
  'xstate.raise': 'raise',
  'xstate.sendTo': 'sendTo',
  'xstate.sendParent': 'sendParent',
  'xstate.log': 'log',
  'xstate.cancel': 'cancel',
  'xstate.stopChild': 'stop',
  'xstate.spawnChild': 'spawn',
  'xstate.emit': 'emit',
  'xstate.enqueueActions': 'enqueueActions',
};

/** Action names as written in `setup({ actions })`; built-ins by their short name. */
export function actionLabels(actions: readonly unknown[] | undefined): string[] {
  const out: string[] = [];
  for (const a of actions ?? []) {
    if (typeof a === 'string') out.push(a);
    else if (typeof a === 'function') {
      const t = (a as { type?: string }).type;
      out.push(t ? (BUILTIN_ACTIONS[t] ?? t) : 'inline action');
    } else if (a && typeof a === 'object' && 'type' in a) out.push(String((a as { type: string }).type));
  }
  return out;
}

/** Entry/exit actions minus the raise/cancel pairs xstate adds for `after` timers. */
export function ownActionLabels(actions: readonly unknown[] | undefined): string[] {
  return actionLabels(
    (actions ?? []).filter((a) => {
      if (typeof a !== 'function') return true;
      // xstate's own after-timer plumbing: raise(afterEvent, { id, delay }) on entry, cancel(id) on exit
      const f = a as { type?: string; id?: unknown; sendId?: unknown };
      const id = f.type === 'xstate.raise' ? f.id : f.type === 'xstate.cancel' ? f.sendId : undefined;
      if (typeof id === 'string' && id.startsWith('xstate.after.')) return false;
      return true;
    }),
  );
}

/** invoke id → actor source name, over the whole machine */
export function invokeSources(machine: AnyStateMachine): Map<string, string> {
  const map = new Map<string, string>();
  for (const node of allStateNodes(machine)) {
    for (const inv of node.invoke ?? []) map.set(inv.id, srcName(inv.src));
  }
  return map;
}

export function srcName(src: unknown): string {
  if (typeof src === 'string') return src;
  const s = src as { config?: unknown; id?: string } | undefined;
  if (s?.id) return s.id;
  return 'inline actor';
}

/** ms of a named delay when it is a plain number */
export function delayMs(machine: AnyStateMachine, delay: string | number): number | undefined {
  if (typeof delay === 'number') return delay;
  if (/^\d+$/.test(delay)) return Number(delay);
  const d = (machine.implementations.delays as Record<string, unknown> | undefined)?.[delay];
  return typeof d === 'number' ? d : undefined;
}

/** `10 s`, `500 ms`, `2 min` */
export function formatMs(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/** `xstate.after.FIRST_CHECK.signing.polling` → { delay: 'FIRST_CHECK', stateId: 'signing.polling' } */
export function parseAfterEvent(type: string): { delay: string; stateId: string } | undefined {
  const m = /^xstate\.after\.([^.]+)\.(.+)$/.exec(type);
  return m ? { delay: m[1], stateId: m[2] } : undefined;
}

/** How an event type reads on a diagram edge: `after POLL_INTERVAL (5 s)`, `done: loadContext`, `always`. */
export function eventLabel(machine: AnyStateMachine, eventType: string, sources = invokeSources(machine)): string {
  if (eventType === '') return 'always';
  if (eventType === '*') return 'any event';
  const after = parseAfterEvent(eventType);
  if (after) {
    const ms = delayMs(machine, after.delay);
    if (/^\d+$/.test(after.delay)) return `after ${after.delay}ms`;
    return ms === undefined ? `after ${after.delay}` : `after ${after.delay} (${formatMs(ms)})`;
  }
  let m = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (m) return `done: ${sources.get(m[1]) ?? m[1]}`;
  m = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (m) return `error: ${sources.get(m[1]) ?? m[1]}`;
  m = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (m) return 'when finished';
  return eventType;
}

/** `signing › mobileId › polling`; parallel regions joined with ` + ` */
export function stateLabel(value: StateValue): string {
  const leaves: string[] = [];
  const walk = (v: StateValue, prefix: string[]) => {
    if (typeof v === 'string') {
      leaves.push([...prefix, v].join(' › '));
      return;
    }
    const keys = Object.keys(v);
    if (!keys.length) leaves.push(prefix.join(' › '));
    for (const k of keys) walk(v[k] as StateValue, [...prefix, k]);
  };
  walk(value, []);
  return leaves.join(' + ');
}
