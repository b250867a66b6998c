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
import type { ActorRefFrom, AnyActorLogic, AnyStateMachine, EventObject, SnapshotFrom, InputFrom } from 'xstate';

/**
 * A named path the spec asks for, besides the generated ones: a flow the product promises, told as the events the
 * machine receives. The runner takes it through the pure machine for the expected states and the transitions it
 * covers, lists it first in the path files under its title, and replays it on a real actor like the others.
 */
/**
 * What a tester needs before a path's first step, as the plain test paths print it: who signs in, the address to open
 * (under http://localhost:8080/ui/, as `npm start` serves), and the data the path needs, named from the demo data
 * (README.md, "Demo people"). The machine cannot know these; the spec says them.
 */
export interface TesterSetup {
  /** a demo person's username and password, or how to get one: `mari (password Maasikas1)` */
  person: string;
  /** the address to open: `http://localhost:8080/ui/dashboard` (or where to click to get there) */
  address: string;
  /** the data the path needs: `Testfirma OÜ (11000109), a company with no contract yet` */
  data?: string;
}

export interface ModelScenario<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** what the path shows, in plain words: its title in the path lists */
  title: string;
  /** this path's person, address or data, where they differ from the spec's `tester` */
  tester?: Partial<TesterSetup>;
  steps: {
    event: EventObject;
    /**
     * How the event comes about in the replay, instead of sending it: what a view or another actor does (e.g. a
     * child reports it). The actor must then receive exactly this event type, and nothing else, in the step.
     */
    by?: (actor: ActorRefFrom<TMachine>) => void;
  }[];
  /** on the started actor, before the first step: what the views do first (start a page's actor) */
  setup?: (actor: ActorRefFrom<TMachine>) => void;
  /** after the last step, before the actor stops: what the other actors were told; throw to fail */
  check?: (actor: ActorRefFrom<TMachine>) => void | Promise<void>;
}

export interface MachineModelSpec<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** file-stem name, e.g. 'session' for machines/session.machine.ts */
  name: string;
  machine: TMachine;
  input?: InputFrom<TMachine>;
  /**
   * Several starts, by a name a tester can read ('shipment registration for Maasikas OÜ'), instead of `input`: for a
   * machine that decides on its input alone (an invoked child whose parent hands it the load's data), whose choices no
   * event can reach from one start. Each start is traversed on its own; the paths of all of them count together.
   */
  inputs?: Record<string, InputFrom<TMachine>>;
  /**
   * The events to try in each state. Include the synthetic events of invoked actors and delays,
   * e.g. { type: 'xstate.done.actor.loadContext', output: {...} }, { type: 'xstate.after.FIRST_CHECK.signing.polling' }.
   */
  events: (snapshot: SnapshotFrom<TMachine>) => EventObject[];
  /** fake implementations handed to machine.provide when a path is replayed on a real actor */
  provide?: Parameters<TMachine['provide']>[0];
  /**
   * Stand-ins for invoked children, by their src, added to `provide.actors` when a path is replayed: actors of
   * another type than the child's (e.g. recorder.ts beside this file, which keeps what it is told), for a parent whose
   * paths check what it passes to its children rather than what the children do with it.
   */
  standIns?: Record<string, AnyActorLogic>;
  /**
   * Optional checks run after every step whose snapshot matches the key: a dot path
   * ('signing.mobileId.polling', via snapshot.matches), a state id ('#signing.failed'), or '*' (when no
   * other key matched). Throw (or use expect) to fail the path.
   */
  states?: Record<string, (snapshot: SnapshotFrom<TMachine>) => void | Promise<void>>;
  /** a snapshot serializer for traversal when context would otherwise blow up the state space */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** stop traversing from states matching this (bounds the state space) */
  stopWhen?: (snapshot: SnapshotFrom<TMachine>) => boolean;
  /** required share of transitions covered by the generated paths, 0..1; default 1 (100 %) */
  coverageTarget?: number;
  /**
   * Transitions left out of coverage on purpose, each with the reason. Key `stateId :: eventType` (every
   * candidate of that event) or the exact key the runner prints: `stateId :: eventType [guard]`,
   * `stateId :: always`, ... e.g. `{ 'session.loading :: xstate.error.actor.loadContext': 'covered by session.machine.test.ts' }`.
   */
  uncovered?: Record<string, string>;
  /**
   * Add the simple paths (no state visited twice) to the generated ones when the graph is small
   * (≤ 12 states, ≤ 40 such paths). Default true; set false to keep only the transition-covering paths
   * (e.g. when a Playwright model test replays every path through the UI).
   */
  simplePaths?: boolean;
  /** paths the spec asks for by name (see ModelScenario); they count toward coverage like the generated ones */
  scenarios?: ModelScenario<TMachine>[];
  /** who signs in, where, with which data, for every plain test path of the flow (see TesterSetup) */
  tester?: TesterSetup;
  /**
   * Per path, from the events it takes (in order): its person, address or data, where they differ from `tester`,
   * e.g. the demo person whose Smart-ID signing times out for a path that ends in a time-out.
   */
  testerFor?: (events: EventObject[]) => Partial<TesterSetup> | undefined;
  /**
   * What is on screen after a step, by the step's event type, where the flow's own step does not show it: a child
   * machine handles the person's act, or the step answers in place. The plain path's See line says this instead of
   * repeating the description of the step the flow stays in. A function (of the event and the snapshots after and before it) may return undefined: the
   * step's description.
   */
  screens?: Record<
    string,
    string | ((event: EventObject, after: SnapshotFrom<TMachine>, before: SnapshotFrom<TMachine>) => string | undefined)
  >;
  /** per named start (`inputs`): its person, address or data, where they differ from `tester` */
  testerByStart?: Record<string, Partial<TesterSetup>>;
}
