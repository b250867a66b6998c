/**
 * The one place in tools/ that reads xstate's internals: fields outside its documented API (the `_`-prefixed
 * ones, and SimulatedClock's TypeScript-private timer map). The model runner (tools/model/lib.ts) needs them
 * to see which transition definitions a step takes, which timer belongs to which delayed event, and whether
 * every actor a run created has stopped. xstate may change any of them in a minor release, so each accessor
 * checks what it reads and throws an error naming the internal when it is gone or changed shape, and
 * `xstateInternalsProblems()` (run by xstate-internals.test.ts and at the start of `npm run test:model`) tries
 * every one of them on a tiny machine.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  createActor,
  createEmptyActor,
  createMachine,
  SimulatedClock,
  type AnyActorRef,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
} from 'xstate';

/** xstate's actor system type (the package does not export its `AnyActorSystem` alias). */
export type AnyActorSystem = AnyActorRef['system'];
/** The actor scope a pure `machine.transition` / `machine.getInitialSnapshot` call takes. */
type MachineScope = Parameters<AnyStateMachine['transition']>[2];

/** The installed xstate version, for the error messages. */
export const XSTATE_VERSION: string = (() => {
  try {
    const file = createRequire(import.meta.url).resolve('xstate/package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
})();

class XstateInternalError extends Error {
  constructor(
    readonly internal: string,
    detail: string,
  ) {
    super(
      `xstate internal \`${internal}\` ${detail} (installed xstate ${XSTATE_VERSION}); ` +
        'the model runner depends on it: update tools/model/xstate-internals.ts for this xstate version',
    );
    this.name = 'XstateInternalError';
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
/** A field that xstate's types do not declare (or declare private). */
const field = (obj: object, key: string): unknown => Reflect.get(obj, key) as unknown;

// ---------------------------------------------------------------------------------------------------
// `system._sendInspectionEvent` and the `_transitions` of `@xstate.microstep` inspection events

/**
 * The transition definitions of a `@xstate.microstep` inspection event (its `_transitions`); undefined for
 * every other inspection event.
 */
export function microstepTransitions(event: InspectionEvent): AnyTransitionDefinition[] | undefined {
  if (event.type !== '@xstate.microstep') return undefined;
  const transitions = field(event, '_transitions');
  if (!Array.isArray(transitions))
    throw new XstateInternalError('_transitions', 'is no longer an array on @xstate.microstep inspection events');
  return transitions as AnyTransitionDefinition[];
}

/**
 * An actor scope for pure `machine.transition(snapshot, event, scope)` and `machine.getInitialSnapshot(scope)`
 * calls that hands the transition definitions of each microstep to `onTransitions`. xstate reports microsteps
 * through `system._sendInspectionEvent`, which this scope's system overrides.
 */
export function transitionScope(onTransitions: (defs: AnyTransitionDefinition[]) => void): MachineScope {
  const empty = createEmptyActor();
  if (typeof field(empty.system, '_sendInspectionEvent') !== 'function')
    throw new XstateInternalError('system._sendInspectionEvent', 'is no longer a function on the actor system');
  // the empty actor's system, with the inspection hook replaced for this scope only
  const system: AnyActorSystem = Object.assign(Object.create(empty.system) as AnyActorSystem, {
    _sendInspectionEvent: (e: InspectionEvent) => {
      const defs = microstepTransitions(e);
      if (defs) onTransitions(defs);
    },
  });
  const scope: AnyActorScope = {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'model',
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
  return scope as MachineScope;
}

// ---------------------------------------------------------------------------------------------------
// `system.getSnapshot()._scheduledEvents`

export interface ScheduledEvent {
  event: EventObject;
  target: AnyActorRef;
  delay: number;
}

/** The events the system's scheduler holds (delayed sends and `after` timers), by scheduler key, oldest first. */
export function scheduledEvents(system: AnyActorSystem): Record<string, ScheduledEvent> {
  const snapshot: unknown = system.getSnapshot();
  const events = isRecord(snapshot) ? snapshot._scheduledEvents : undefined;
  if (!isRecord(events))
    throw new XstateInternalError(
      'system.getSnapshot()._scheduledEvents',
      'is no longer an object of scheduled events',
    );
  for (const [key, value] of Object.entries(events)) {
    if (!isRecord(value) || !isRecord(value.event) || !('target' in value))
      throw new XstateInternalError(
        'system.getSnapshot()._scheduledEvents',
        `holds an entry without event and target (${key})`,
      );
  }
  return events as Record<string, ScheduledEvent>;
}

// ---------------------------------------------------------------------------------------------------
// `snapshot._nodes`

/** The ids of the state nodes a machine snapshot is in (all active nodes, root and ancestors included). */
export function activeStateNodeIds(snapshot: AnyMachineSnapshot): string[] {
  const nodes = field(snapshot, '_nodes');
  if (!Array.isArray(nodes) || nodes.some((n) => !isRecord(n) || typeof n.id !== 'string'))
    throw new XstateInternalError('snapshot._nodes', 'is no longer an array of state nodes with ids');
  return (nodes as { id: string }[]).map((n) => n.id);
}

// ---------------------------------------------------------------------------------------------------
// `actorRef._processingStatus`

/** xstate's ProcessingStatus.Stopped (not exported by the package). */
const STOPPED = 2;

/** Whether the actor has stopped (xstate's `_processingStatus`; a snapshot's status says nothing for stopped children). */
export function isActorStopped(actor: AnyActorRef): boolean {
  const status = field(actor, '_processingStatus');
  if (typeof status !== 'number')
    throw new XstateInternalError('actorRef._processingStatus', 'is no longer a number on actor refs');
  return status === STOPPED;
}

// ---------------------------------------------------------------------------------------------------
// SimulatedClock's private `timeouts`

export interface ClockTimer {
  start: number;
  timeout: number;
  fn: () => void;
}

/** The pending timers of a SimulatedClock, by timer id (its TypeScript-private `timeouts` map). */
export function clockTimers(clock: SimulatedClock): Map<number, ClockTimer> {
  const timers = field(clock, 'timeouts');
  if (!(timers instanceof Map))
    throw new XstateInternalError('SimulatedClock.timeouts', 'is no longer a Map of pending timers');
  return timers as Map<number, ClockTimer>;
}

// ---------------------------------------------------------------------------------------------------
// Self-check

/**
 * Tries every internal above on a tiny machine with the installed xstate; one message per internal that is
 * gone or behaves differently (empty when all is well).
 */
export function xstateInternalsProblems(): string[] {
  const problems: string[] = [];
  const probe = (internal: string, fn: () => string | undefined) => {
    try {
      const wrong = fn();
      if (wrong) problems.push(new XstateInternalError(internal, wrong).message);
    } catch (err) {
      problems.push(
        err instanceof XstateInternalError
          ? err.message
          : new XstateInternalError(internal, `could not be read: ${String(err)}`).message,
      );
    }
  };
  const machine: AnyStateMachine = createMachine({
    id: 'probe',
    initial: 'idle',
    states: {
      idle: { on: { go: 'waiting' } },
      waiting: { after: { 1000: 'done' } },
      done: {},
    },
  });

  probe('system._sendInspectionEvent', () => {
    const seen: AnyTransitionDefinition[] = [];
    const scope = transitionScope((defs) => seen.push(...defs));
    const initial = machine.getInitialSnapshot(scope);
    machine.transition(initial, { type: 'go' }, scope);
    return seen.some((d) => d.eventType === 'go')
      ? undefined
      : 'is no longer called with the microsteps of a pure machine.transition';
  });

  probe('snapshot._nodes', () => {
    const ids = activeStateNodeIds(machine.getInitialSnapshot(transitionScope(() => {})));
    return ids.includes('probe.idle') ? undefined : `does not list the active state (got ${JSON.stringify(ids)})`;
  });

  probe('_transitions', () => {
    const seen: string[] = [];
    const clock = new SimulatedClock();
    const actor = createActor(machine, {
      clock,
      inspect: (e) => {
        for (const d of microstepTransitions(e) ?? []) seen.push(String(d.eventType));
      },
    });
    actor.start();
    actor.send({ type: 'go' });
    actor.stop();
    return seen.includes('go') ? undefined : 'is missing on the @xstate.microstep inspection event of a real actor';
  });

  probe('system.getSnapshot()._scheduledEvents', () => {
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock });
    actor.start();
    actor.send({ type: 'go' });
    const events = Object.values(scheduledEvents(actor.system));
    actor.stop();
    return events.length === 1 && events[0].target === actor && events[0].event.type.startsWith('xstate.after.')
      ? undefined
      : `does not hold the pending \`after\` timer (got ${events.length} entries)`;
  });

  probe('SimulatedClock.timeouts', () => {
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock });
    actor.start();
    actor.send({ type: 'go' });
    const [timer] = [...clockTimers(clock).values()];
    actor.stop();
    const after = clockTimers(clock).size;
    if (!timer || typeof timer.start !== 'number' || timer.timeout !== 1000 || typeof timer.fn !== 'function')
      return 'does not hold the pending timer as { start, timeout, fn }';
    return after === 0 ? undefined : 'still holds the timer after the actor stopped';
  });

  probe('actorRef._processingStatus', () => {
    const actor = createActor(machine);
    actor.start();
    const runningBefore = !isActorStopped(actor);
    actor.stop();
    return runningBefore && isActorStopped(actor) ? undefined : 'does not tell a running actor from a stopped one';
  });

  return problems;
}

/** Throws one error listing every internal that is gone (see xstateInternalsProblems). */
export function assertXstateInternals(): void {
  const problems = xstateInternalsProblems();
  if (problems.length) throw new Error(problems.join('\n'));
}
