/**
 * How a machine tells the actor above it what happened (architecture guide: "what one machine tells another is a
 * transition, not a subscription"). A reported event goes to the parent with xstate's `sendParent`, and the parent's
 * own transition decides what it means for the other actors (the root `portal` machine, or a page machine). It is
 * emitted as well: a machine run on its own (its tests, the model paths) has no parent, and a view's DOM bridge may
 * listen to what it emits.
 *
 *   const tell = reporter<SessionContext, SessionEvent, SessionEmitted>();
 *   ... actions: { announceLogout: tell(() => ({ type: 'session.loggedOut' })) }
 */
import { enqueueActions, type EventObject, type MachineContext, type ParameterizedObject } from 'xstate';

/** What `report` uses of an enqueueActions' `enqueue`: the event is one its machine emits. */
interface Enqueue<E extends EventObject> {
  emit(event: E): void;
  sendParent(event: E): void;
}

/** The actor a machine runs as: its own id and its session's. */
interface Self {
  id: string;
  sessionId: string;
}

/**
 * Whether the actor runs under a parent. xstate names an actor made with `createActor` and no id by its session id;
 * every actor of this project that runs under a parent has an id of its own (an invoke's or a spawn's id), so an
 * actor named by its session id runs on its own, and `sendParent` (which fails without a parent, xstate issue 5120)
 * is not used. domain/report.test.ts holds both cases.
 */
export function hasParent(self: Self): boolean {
  return self.id !== self.sessionId;
}

/** Emits `event` and sends it to the actor's parent, when it has one. */
export function report<Q extends Enqueue<never>>(enqueue: Q, self: Self, event: Parameters<Q['emit']>[0]): void {
  enqueue.emit(event);
  if (hasParent(self)) enqueue.sendParent(event);
}

/**
 * A factory of reporting actions for one machine's types: `tell((args, params) => event)` is an action that reports
 * the event it makes. (Typed once per machine: xstate cannot infer an enqueueActions' types inside `setup` when the
 * machine also has parameterised actions of its own.)
 */
export function reporter<TContext extends MachineContext, TEvent extends EventObject, TEmitted extends EventObject>() {
  return <TParams extends ParameterizedObject['params'] | undefined = undefined>(
    make: (args: { context: TContext; event: TEvent }, params: TParams) => TEmitted,
  ) =>
    enqueueActions<TContext, TEvent, TParams, TEvent, never, never, never, never, TEmitted>(
      ({ context, event, enqueue, self }, params) => report(enqueue, self, make({ context, event }, params)),
    );
}

/**
 * A spawned child's own id (see hasParent), spread into the spawn's options beside its systemId. xstate's types leave
 * the id out when the logic is an object rather than a name in `setup({ actors })`, so that the parent's `children`
 * stay typed by name; the id is still the actor's at run time.
 */
export function ownId(id: string): object {
  return { id };
}
