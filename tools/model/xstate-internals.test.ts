/**
 * The xstate internals the model runner reads (tools/model/xstate-internals.ts) still exist in the installed
 * xstate and still mean what the runner assumes. When an xstate upgrade changes one, this test names it.
 */
import { describe, expect, it } from 'vitest';
import {
  createActor,
  createEmptyActor,
  createMachine,
  SimulatedClock,
  type AnyActorRef,
  type AnyStateMachine,
} from 'xstate';
import {
  activeStateNodeIds,
  assertXstateInternals,
  clockTimers,
  isActorStopped,
  microstepTransitions,
  scheduledEvents,
  transitionScope,
  XSTATE_VERSION,
  xstateInternalsProblems,
} from './xstate-internals';

describe('the xstate internals of the model runner', () => {
  it(`are all present and behave as assumed in the installed xstate (${XSTATE_VERSION})`, () => {
    // each entry names the internal that is gone, e.g. "xstate internal `snapshot._nodes` is no longer ..."
    expect(xstateInternalsProblems()).toEqual([]);
    expect(() => assertXstateInternals()).not.toThrow();
  });

  it('report the active state nodes, scheduled timers and stopped actors of a real actor', () => {
    const machine = createMachine({
      id: 'm',
      initial: 'a',
      states: { a: { on: { go: 'b' } }, b: { initial: 'c', states: { c: { after: { 500: 'd' } }, d: {} } } },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock });
    actor.start();
    actor.send({ type: 'go' });
    expect(activeStateNodeIds(actor.getSnapshot())).toEqual(expect.arrayContaining(['m', 'm.b', 'm.b.c']));
    const events = Object.values(scheduledEvents(actor.system));
    expect(events.map((e) => [e.event.type, e.delay])).toEqual([['xstate.after.500.m.b.c', 500]]);
    expect([...clockTimers(clock).values()].map((t) => t.timeout)).toEqual([500]);
    expect(isActorStopped(actor)).toBe(false);
    actor.stop();
    expect(isActorStopped(actor)).toBe(true);
    expect(clockTimers(clock).size).toBe(0);
  });

  it('hand the transitions of a pure step to the scope', () => {
    const machine: AnyStateMachine = createMachine({ initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } });
    const seen: string[] = [];
    const scope = transitionScope((defs) => seen.push(...defs.map((d) => String(d.eventType))));
    machine.transition(machine.getInitialSnapshot(scope), { type: 'go' }, scope);
    expect(seen).toContain('go');
  });

  it('fail loudly, naming the internal, when xstate no longer has it', () => {
    const message = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err instanceof Error ? err.message : String(err);
      }
      return 'did not throw';
    };
    const gone = /installed xstate .*update tools\/model\/xstate-internals\.ts/;
    const actorWithout = { sessionId: 'x', id: 'x' } as unknown as AnyActorRef;
    expect(message(() => isActorStopped(actorWithout))).toMatch(/`actorRef\._processingStatus`/);
    expect(message(() => isActorStopped(actorWithout))).toMatch(gone);
    expect(message(() => activeStateNodeIds({ value: 'a' } as never))).toMatch(/`snapshot\._nodes`/);
    const systemWithout = { ...createEmptyActor().system, getSnapshot: () => ({}) };
    expect(message(() => scheduledEvents(systemWithout as never))).toMatch(
      /`system\.getSnapshot\(\)\._scheduledEvents`/,
    );
    expect(message(() => clockTimers({} as SimulatedClock))).toMatch(/`SimulatedClock\.timeouts`/);
    expect(
      message(() => microstepTransitions({ type: '@xstate.microstep', rootId: 'x', actorRef: actorWithout } as never)),
    ).toMatch(/`_transitions`/);
  });
});
