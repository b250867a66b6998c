/**
 * Model-based test spec of the rights model load (machines/rightsLoad.machine.ts). The parallel loads end one after
 * the other (customer, administrators, OSS, PERIODICALS, FINANCE) with an answer or an error; the load is done when all have.
 * Fakes are inert; run on its own, the load has no parent to report to.
 */
import { fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { rightsLoadMachine } from './rightsLoad.machine';
import { admins, applicationAnswers, maasikas } from '../tests/support/fixtures/represented-settings';

type Ev = EventObject & Record<string, unknown>;
type Spec = MachineModelSpec<typeof rightsLoadMachine>;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('network') });

const LOADS: [region: string, id: string, output: unknown][] = [
  ['customer', 'loadCustomer', maasikas],
  ['admins', 'loadAdmins', admins],
  ['OSS', 'loadOSS', applicationAnswers.OSS],
  ['PERIODICALS', 'loadPERIODICALS', applicationAnswers.PERIODICALS],
  ['FINANCE', 'loadFINANCE', applicationAnswers.FINANCE],
];

function events(s: SnapshotFrom<typeof rightsLoadMachine>): Ev[] {
  const v = s.value as Record<string, string>;
  const next = LOADS.find(([region]) => v[region] === 'loading');
  return next ? [done(next[1], next[2]), fail(next[1])] : [];
}

const inertRequest = <TOut, TIn>() => fromPromise<TOut, TIn>(() => new Promise<TOut>(() => {}));

const spec: Spec = {
  name: 'rightsLoad',
  tester: {
    person: 'mari (password Maasikas1)',
    address:
      "http://localhost:8080/ui/, choose Maasikas OÜ, then Settings › 'Rights' (http://localhost:8080/ui/settings/rights)",
    data: 'Maasikas OÜ, where mari is main administrator',
  },
  machine: rightsLoadMachine,
  input: { customerId: maasikas.id },
  events,
  serializeState: (s) => JSON.stringify([s.value, s.status]),
  provide: {
    actors: { loadCustomer: inertRequest(), loadAdmins: inertRequest(), loadApplication: inertRequest() },
  },
  states: {
    '*': (s) => {
      const v = s.value as Record<string, string>;
      const ended = Object.values(v).every((region) => region !== 'loading');
      if (ended !== (s.status === 'done')) throw new Error('the load is done exactly when every load has ended');
    },
  },
};

export default spec;
