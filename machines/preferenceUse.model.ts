/**
 * Model-based test spec of "Save and use" (machines/preferenceUse.machine.ts): with a preferred party and without
 * one. The search is an inert fake: the path's `xstate.done.actor.findService` / `xstate.error.actor.findService`
 * stand for its answer, and `form.partySwitched` / `form.partySwitchFailed` for the portal's answer to the switch.
 */
import { fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import type { NavTarget } from '../domain/rights';
import { preferenceUseMachine, type ServiceRequest } from './preferenceUse.machine';

type PreferenceUseSnapshot = SnapshotFrom<typeof preferenceUseMachine>;

type Ev = EventObject & Record<string, unknown>;
const PARTY = 'EE10000001';

const use = (party: string | null): Ev => ({
  type: 'preferences.use',
  subject: 'EE48709050218',
  values: { service: 'LOGISTICS', represented: party ?? 'NOPREFERENCE' },
  party,
});

function events(s: PreferenceUseSnapshot): Ev[] {
  if (s.matches('idle')) return [use(PARTY), use(null)];
  if (s.matches('switchingParty'))
    return [
      { type: 'form.partySwitched', gid: PARTY },
      { type: 'form.partySwitchFailed', gid: PARTY },
      // the person switched to another party meanwhile: not the answer awaited
      { type: 'form.partySwitched', gid: 'EE10000002' },
    ];
  return [
    { type: 'xstate.done.actor.findService', output: { kind: 'path', path: '/business/EE/et/LOGISTICS' } },
    { type: 'xstate.error.actor.findService', error: new Error('no package-private service URL') },
  ];
}

const spec: MachineModelSpec<typeof preferenceUseMachine> = {
  name: 'preferenceUse',
  tester: {
    person: 'jaan (password Tamm12345)',
    address: "http://localhost:8080/ui/user-settings/preferences, then 'Save and use'",
    data: 'jaan may represent twelve parties; pick one and a start-up service',
  },
  machine: preferenceUseMachine,
  events,
  provide: {
    actors: { findService: fromPromise<NavTarget, ServiceRequest>(() => new Promise<never>(() => {})) },
  },
  // the party decides the way; who and what was saved does not
  serializeState: (s) => JSON.stringify([s.value, s.context.party !== null]),
  states: {
    switchingParty: (s) => {
      if (s.context.party === null) throw new Error('a switch names the party');
    },
  },
};

export default spec;
