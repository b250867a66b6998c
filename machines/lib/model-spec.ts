/**
 * The shape of a machine's model-based test spec: `machines/<flow>.model.ts` default-exports one.
 * `npm run test:model` (tools/model/run.ts) finds every such file, generates paths with xstate/graph's
 * TestModel (traversing the pure machine: invoked actors never run, delays never fire, so their
 * `xstate.done.actor.*`, `xstate.error.actor.*` and `xstate.after.*` events are listed in `events`),
 * replays each path against a real actor made with `machine.provide(fakes)` on a SimulatedClock,
 * asserts every step, writes `visualizations/paths/<name>.md`, and reports transition coverage.
 *
 * Types only: machines stay pure.
 */
import type { AnyStateMachine, EventObject, SnapshotFrom, InputFrom } from 'xstate';

export interface MachineModelSpec<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** file-stem name, e.g. 'session' for machines/session.machine.ts */
  name: string;
  machine: TMachine;
  input?: InputFrom<TMachine>;
  /**
   * The events to try in each state. Include the synthetic events of invoked actors and delays,
   * e.g. { type: 'xstate.done.actor.loadContext', output: {...} }, { type: 'xstate.after.FIRST_CHECK.signing.polling' }.
   */
  events: (snapshot: SnapshotFrom<TMachine>) => EventObject[];
  /** fake implementations handed to machine.provide when a path is replayed on a real actor */
  provide?: Parameters<TMachine['provide']>[0];
  /** optional checks per state value key (dot path, e.g. 'signing.mobileId.polling') */
  states?: Record<string, (snapshot: SnapshotFrom<TMachine>) => void>;
  /** a snapshot serializer for traversal when context would otherwise blow up the state space */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** stop traversing from states matching this (bounds the state space) */
  stopWhen?: (snapshot: SnapshotFrom<TMachine>) => boolean;
  /** required share of transitions covered by the generated paths, 0..1; default 1 (100 %) */
  coverageTarget?: number;
  /** transitions left out of coverage on purpose, with the reason; key `stateId :: eventType` */
  uncovered?: Record<string, string>;
}
