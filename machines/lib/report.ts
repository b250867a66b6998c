/**
 * How a machine tells the actor above it what happened (architecture guide: "what one machine tells another is a
 * transition, not a subscription"). A reported event goes to the parent, whose own transition decides what it means
 * for the other actors (the root `portal` machine, or a page machine), and is emitted as well: a machine run on its
 * own (its tests, the model paths) has no parent, and a view's DOM bridge may listen to what it emits.
 *
 *   const tell = reporter<SessionContext, SessionEvent, SessionEmitted>();
 *   ... actions: { announceLogout: tell(() => ({ type: 'session.loggedOut' })) }
 */
import {
  enqueueActions,
  type AnyActorRef,
  type EventObject,
  type MachineContext,
  type ParameterizedObject,
} from 'xstate';

interface Enqueue<E extends EventObject> {
  emit(event: E): void;
  sendTo(actor: AnyActorRef, event: E): void;
}

/** Emits `event` and sends it to the actor's parent, when it has one. */
export function report<E extends EventObject>(enqueue: Enqueue<E>, self: { _parent?: AnyActorRef }, event: E): void {
  enqueue.emit(event);
  if (self._parent) enqueue.sendTo(self._parent, event);
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
