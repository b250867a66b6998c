import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type AnyActorLogic, type AnyActorRef, type EventObject } from 'xstate';
import { reporter, ownId } from './report';

type Said = { type: 'child.said'; n: number };
const tell = reporter<object, { type: 'say' }, Said>();
const child = setup({
  types: { events: {} as { type: 'say' }, emitted: {} as Said },
  actions: { say: tell(() => ({ type: 'child.said', n: 1 })) },
}).createMachine({ on: { say: { actions: 'say' } } });

const parent = setup({
  types: {
    context: {} as { heard: EventObject[]; spawned: unknown },
    events: {} as Said | { type: 'spawn'; logic: AnyActorLogic },
  },
  actors: { child },
}).createMachine({
  context: { heard: [], spawned: null },
  invoke: { id: 'invoked', src: 'child' },
  on: {
    'child.said': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) },
    spawn: {
      actions: assign({
        spawned: ({ spawn, event }) => spawn(event.logic, { systemId: 'spawned', ...ownId('spawned') }),
      }),
    },
  },
});

describe('report', () => {
  it('a machine on its own emits what it reports and stays active (no parent to send it to)', () => {
    const actor = createActor(child).start();
    const emitted: EventObject[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.send({ type: 'say' });
    expect(emitted).toEqual([{ type: 'child.said', n: 1 }]);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('an invoked child and a child spawned with ownId report to their parent', () => {
    const actor = createActor(parent).start();
    actor.getSnapshot().children.invoked!.send({ type: 'say' });
    actor.send({ type: 'spawn', logic: child });
    const spawned = actor.getSnapshot().context.spawned as AnyActorRef;
    spawned.send({ type: 'say' });
    expect(actor.getSnapshot().context.heard).toHaveLength(2);
  });

  it('every spawn of a logic object in machines/ gives the child an id (ownId)', () => {
    const dir = join(__dirname, '..');
    const bare = readdirSync(dir)
      .filter((f) => f.endsWith('.machine.ts'))
      .flatMap((f) =>
        [...readFileSync(join(dir, f), 'utf8').matchAll(/spawn\(([^,)]+)(,\s*(\{[^}]*\}))?\)/g)]
          .filter((m) => !m[1].startsWith("'") && !(m[3] ?? '').includes('...ownId('))
          .map((m) => `${f}: ${m[0]}`),
      );
    expect(bare).toEqual([]);
  });
});
