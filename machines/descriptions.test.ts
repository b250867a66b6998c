/**
 * Every state and every transition of every machine carries a plain-English `description`: the flow
 * book labels its product-owner diagrams and its tester paths with them, and Stately's tools show them too.
 *
 * The machines are found, not listed: every module under machines/ (tests aside) is imported and each exported
 * state machine is walked, so a new machine cannot skip its descriptions. Transitions are read from the state
 * node definitions xstate builds (`on` with each guarded candidate, `always`, `after`, invoke `onDone` /
 * `onError` / `onSnapshot`, state `onDone`), the same ones the diagrams and the model runner use.
 */
import { describe, expect, it } from 'vitest';
import {
  assign,
  createMachine,
  fromCallback,
  fromPromise,
  setup,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
} from 'xstate';

const isStateMachine = (value: unknown): value is AnyStateMachine =>
  !!value &&
  typeof value === 'object' &&
  'root' in value &&
  'config' in value &&
  'provide' in value &&
  typeof value.provide === 'function';

/** `xstate.after.DELAY.id` → `after DELAY`, `xstate.done.actor.x` → `done: x`, ... (as the diagrams say it). */
function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  // `xstate.after.<delay>.<state id>`: delay names have no dots
  if (eventType.startsWith('xstate.after.')) return `after ${eventType.slice('xstate.after.'.length).split('.')[0]}`;
  if (eventType.startsWith('xstate.done.actor.')) return `done: ${eventType.slice('xstate.done.actor.'.length)}`;
  if (eventType.startsWith('xstate.error.actor.')) return `error: ${eventType.slice('xstate.error.actor.'.length)}`;
  if (eventType.startsWith('xstate.snapshot.')) return `snapshot: ${eventType.slice('xstate.snapshot.'.length)}`;
  if (eventType.startsWith('xstate.done.state.')) return 'onDone';
  return eventType;
}

function guardLabel(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return ` [${guard.type}]`;
  return ' [inline guard]';
}

const hasText = (d: unknown): boolean => typeof d === 'string' && d.trim().length > 0;

/**
 * The states and transitions of a machine without a description, one line each:
 * `customerAdd.open.searching` (a state) or `customerAdd.open.searching :: search.type [longEnough] #1`.
 */
export function missingDescriptions(machine: AnyStateMachine): string[] {
  const missing: string[] = [];
  const walk = (node: AnyStateNode) => {
    if (!hasText(node.description)) missing.push(`state ${node.id}`);
    const lists: Array<[string, readonly AnyTransitionDefinition[]]> = [...node.transitions.entries()];
    if (node.always?.length) lists.push(['', node.always]);
    for (const [eventType, defs] of lists) {
      defs.forEach((def, i) => {
        if (hasText(def.description)) return;
        const position = defs.length > 1 ? ` #${i + 1}` : '';
        missing.push(`transition ${node.id} :: ${eventLabel(eventType)}${guardLabel(def.guard)}${position}`);
      });
    }
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return missing;
}

/** Every module under machines/ but the tests (the model specs and lib/ included: a machine may live anywhere). */
const modules = import.meta.glob<Record<string, unknown>>(['./**/*.ts', '!./**/*.test.ts'], { eager: true });

/** Each machine definition once (a `.provide()`d copy shares its config), with the module and export naming it. */
function discoverMachines(): Array<{ name: string; machine: AnyStateMachine }> {
  const seen = new Set<unknown>();
  const found: Array<{ name: string; machine: AnyStateMachine }> = [];
  for (const [file, mod] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [exportName, value] of Object.entries(mod)) {
      if (!isStateMachine(value) || seen.has(value.config)) continue;
      seen.add(value.config);
      found.push({ name: `${file.replace(/^\.\//, 'machines/')} ${exportName}`, machine: value });
    }
  }
  return found;
}

const machines = discoverMachines();

describe('plain-English descriptions in every machine', () => {
  it('finds every machines/<flow>.machine.ts machine', () => {
    const flowFiles = Object.keys(modules).filter((f) => /^\.\/[^/]+\.machine\.ts$/.test(f));
    expect(flowFiles.length).toBeGreaterThan(0);
    const withoutMachine = flowFiles.filter((f) => !Object.values(modules[f]).some(isStateMachine));
    expect(withoutMachine, 'machine files that export no state machine').toEqual([]);
  });

  it.each(machines.map((m) => [m.name, m.machine] as const))(
    '%s describes every state and transition',
    (_name, machine) => {
      expect(
        missingDescriptions(machine),
        'add a `description` (what the person does or sees; a guard as a plain condition) to each of these',
      ).toEqual([]);
    },
  );

  // meta.answer: true marks an event another part sends (a child's verdict), a service's answer in the plain paths
  it('marks transitions with meta.bookkeeping: true or meta.answer: true and nothing else', () => {
    const wrong: string[] = [];
    for (const { name, machine } of machines) {
      const walk = (node: AnyStateNode) => {
        const defs = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
        for (const def of defs) {
          const meta: unknown = def.meta;
          if (meta === undefined) continue;
          const marks = typeof meta === 'object' && meta !== null ? Object.entries(meta) : [];
          const right =
            marks.length > 0 && marks.every(([k, v]) => (k === 'bookkeeping' || k === 'answer') && v === true);
          if (!right) wrong.push(`${name}: ${node.id} :: ${eventLabel(String(def.eventType))}`);
        }
        for (const child of Object.values(node.states)) walk(child);
      };
      walk(machine.root);
    }
    expect(wrong).toEqual([]);
  });
});

describe('missingDescriptions (the check itself)', () => {
  it('lists every kind of transition and every state that lacks a description', () => {
    const machine = setup({
      types: { events: {} as { type: 'form.type'; text: string } | { type: 'form.close' } },
      actors: {
        lookUp: fromPromise(() => Promise.resolve(1)),
        listen: fromCallback(() => () => {}),
      },
      guards: { longEnough: () => true },
      delays: { SLOW: 2_000 },
    }).createMachine({
      id: 'sample',
      initial: 'typing',
      states: {
        typing: {
          on: {
            'form.type': [{ guard: 'longEnough', target: 'looking' }, { actions: assign({}) }],
            'form.close': 'done',
          },
        },
        looking: {
          invoke: [
            { src: 'lookUp', id: 'lookUp', onDone: 'steps', onError: 'typing' },
            { src: 'listen', id: 'listen', onSnapshot: { actions: assign({}) } },
          ],
          after: { SLOW: 'typing' },
        },
        steps: {
          initial: 'one',
          states: { one: { always: 'two' }, two: { type: 'final' } },
          onDone: 'done',
        },
        done: { type: 'final' },
      },
    });
    expect(missingDescriptions(machine)).toEqual([
      'state sample',
      'state sample.typing',
      'transition sample.typing :: form.type [longEnough] #1',
      'transition sample.typing :: form.type #2',
      'transition sample.typing :: form.close',
      'state sample.looking',
      'transition sample.looking :: done: lookUp',
      'transition sample.looking :: error: lookUp',
      'transition sample.looking :: snapshot: listen',
      'transition sample.looking :: after SLOW',
      'state sample.steps',
      'transition sample.steps :: onDone',
      'state sample.steps.one',
      'transition sample.steps.one :: always',
      'state sample.steps.two',
      'state sample.done',
    ]);
  });

  it('passes a machine that describes everything', () => {
    const machine = createMachine({
      id: 'described',
      description: 'A tiny flow.',
      initial: 'a',
      states: {
        a: {
          description: 'The first screen is shown.',
          on: { next: { target: 'b', description: 'Presses Next.' } },
        },
        b: { description: 'The second screen is shown.', always: { target: 'a', description: 'Goes straight back.' } },
      },
    });
    expect(missingDescriptions(machine)).toEqual([]);
  });
});
