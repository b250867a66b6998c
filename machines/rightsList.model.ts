/**
 * Model-based test spec of the rights list (machines/rightsList.machine.ts). The parallel loads end one after the
 * other (customer, administrators, OSS, PERIODICALS) with an answer or an error; the modal's end is the synthetic
 * done event of its child. Fakes are inert.
 */
import { fromPromise, type EventObject } from 'xstate';
import type { MachineModelSpec } from './lib/model/model-spec';
import { rightsListMachine, type RightsListSnapshot } from './rightsList.machine';
import { admins, applicationAnswers, JAAN, maasikas, MARI, TODAY } from './lib/fixtures/represented-settings';

type Ev = EventObject & Record<string, unknown>;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('network') });

const LOADS: [region: string, id: string, output: unknown][] = [
  ['customer', 'loadCustomer', maasikas],
  ['admins', 'loadAdmins', admins],
  ['OSS', 'loadOSS', applicationAnswers.OSS],
  ['PERIODICALS', 'loadPERIODICALS', applicationAnswers.PERIODICALS],
];

function events(s: RightsListSnapshot): Ev[] {
  const list: Ev[] = [
    { type: 'rights.search', text: 'tamm' },
    { type: 'rights.filter', filter: 'notActive' },
    { type: 'rights.page', page: 2 },
  ];
  if (s.matches('loading')) {
    const v = (s.value as { loading: Record<string, string> }).loading;
    const next = LOADS.find(([region]) => v[region] === 'loading');
    return next ? [done(next[1], next[2]), fail(next[1]), ...(next[0] === 'customer' ? list : [])] : [];
  }
  if (s.matches({ ready: 'browsing' }))
    return [{ type: 'rights.add' }, { type: 'rights.edit', userId: JAAN }, { type: 'rights.reload' }, ...list];
  if (s.matches({ ready: 'editing' }))
    return [
      done('rightsEdit', { saved: true, failed: [] }),
      done('rightsEdit', { saved: true, failed: ['PERIODICALS'] }),
      done('rightsEdit', { saved: false, failed: [] }),
    ];
  return [];
}

const inert = fromPromise<never, unknown>(() => new Promise<never>(() => {}));

const spec: MachineModelSpec<typeof rightsListMachine> = {
  name: 'rightsList',
  machine: rightsListMachine,
  input: { customerId: maasikas.id, currentUserId: MARI, today: TODAY },
  events,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.customerFailed,
      s.context.adminsFailed,
      Object.values(s.context.apps).map((a) => (a === null ? null : a.ok)),
    ]),
  provide: {
    actors: { loadCustomer: inert, loadAdmins: inert, loadApplication: inert },
  } as MachineModelSpec<typeof rightsListMachine>['provide'],
  states: {
    loading: (s) => {
      if (!s.hasTag('loading')) throw new Error('"Add new user" is disabled while loading');
    },
    'ready.editing': (s) => {
      if (!s.children.rightsEdit) throw new Error('the modal is open');
    },
  },
};

export default spec;
