/**
 * A stand-in for a child actor in a parent's model spec: it keeps every event it is told, so a path can check what
 * the parent passed on, and reports to its parent only when a scenario asks it to (`fake.report`), so the fake stays
 * inert on every generated path. Test support: no production code imports it.
 */
import { assign, sendParent, setup, type AnyActorRef, type EventObject } from 'xstate';

export const recorderMachine = setup({
  types: {
    context: {} as { got: EventObject[] },
    events: {} as EventObject,
  },
}).createMachine({
  id: 'recorder',
  description: 'A stand-in for a child actor: it keeps what it is told.',
  context: { got: [] },
  on: {
    'fake.report': {
      actions: sendParent(({ event }) => (event as EventObject & { event: EventObject }).event),
      description: 'A scenario makes the stand-in report an event to its parent',
    },
    '*': {
      actions: assign({ got: ({ context, event }) => [...context.got, event] }),
      description: 'The stand-in is told something: it keeps it',
    },
  },
});

/** The events of one type an actor (a recorder) was told, oldest first. */
export function told(actor: AnyActorRef | undefined, type: string): EventObject[] {
  const got = (actor?.getSnapshot() as { context?: { got?: EventObject[] } } | undefined)?.context?.got ?? [];
  return got.filter((e) => e.type === type);
}

/** Makes a recorder report `event` to its parent, as the real child would. */
export function reportFrom<E extends EventObject>(actor: AnyActorRef | undefined, event: E): void {
  if (!actor) throw new Error(`no actor to report ${event.type}`);
  actor.send({ type: 'fake.report', event });
}
