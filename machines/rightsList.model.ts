/**
 * Model-based test spec of the rights list (machines/rightsList.machine.ts). The load child
 * (machines/rightsLoad.model.ts drives its parallel loads) reports each answer or failure, then ends; the modal's end
 * is the synthetic done event of its child. Fakes are inert.
 */
import { fromPromise, type EventObject } from 'xstate';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { rightsListMachine, type RightsListSnapshot } from './rightsList.machine';
import { rightsLoadMachine } from './rightsLoad.machine';
import {
  admins,
  applicationAnswers,
  JAAN,
  maasikas,
  MARI,
  TODAY,
} from '../tests/support/fixtures/represented-settings';

type Ev = EventObject & Record<string, unknown>;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });

/** the load reports its answers or failures one after the other (customer, administrators, OSS, PERIODICALS, FINANCE) */
function nextReports(c: RightsListSnapshot['context']): Ev[] | null {
  if (c.customer === null && !c.customerFailed)
    return [{ type: 'rights.customerLoaded', customer: maasikas }, { type: 'rights.customerFailed' }];
  if (c.admins.length === 0 && !c.adminsFailed)
    return [{ type: 'rights.adminsLoaded', admins }, { type: 'rights.adminsFailed' }];
  for (const application of ['OSS', 'PERIODICALS', 'FINANCE'] as const)
    if (c.apps[application] === null)
      return [
        { type: 'rights.applicationLoaded', application, loaded: applicationAnswers[application] },
        { type: 'rights.applicationFailed', application },
      ];
  return null;
}

function events(s: RightsListSnapshot): Ev[] {
  const list: Ev[] = [
    { type: 'rights.search', text: 'tamm' },
    { type: 'rights.filter', filter: 'notActive' },
    { type: 'rights.page', page: 2 },
  ];
  if (s.matches('loading')) {
    const first = s.context.customer === null && !s.context.customerFailed;
    // a reload keeps the earlier answers: the load then ends at once
    return [...(nextReports(s.context) ?? [done('rightsLoad', undefined)]), ...(first ? list : [])];
  }
  if (s.matches({ ready: 'browsing' }))
    return [{ type: 'rights.add' }, { type: 'rights.edit', userId: JAAN }, { type: 'rights.reload' }, ...list];
  if (s.matches({ ready: 'editing' }))
    return [
      // the dialog's own message (e.g. the person lookup failed), passed on to the portal
      { type: 'toast.show', toast: { toastType: 'error', messageKey: 'error.server' } },
      done('rightsEdit', { saved: true, failed: [] }),
      done('rightsEdit', { saved: true, failed: ['PERIODICALS'] }),
      done('rightsEdit', { saved: false, failed: [] }),
    ];
  return [];
}

const inertRequest = <TOut, TIn>() => fromPromise<TOut, TIn>(() => new Promise<TOut>(() => {}));

const spec: MachineModelSpec<typeof rightsListMachine> = {
  name: 'rightsList',
  tester: {
    person: 'mari (password Maasikas1)',
    address:
      "http://localhost:8080/ui/, choose Maasikas OÜ, then Settings › 'Rights' (http://localhost:8080/ui/settings/rights)",
    data: 'Maasikas OÜ, where mari is main administrator; for a customer without an invoicing package, Põldmari AS',
  },
  machine: rightsListMachine,
  input: { customerId: maasikas.id, currentUserId: MARI, today: TODAY },
  events,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.customer !== null,
      s.context.customerFailed,
      s.context.admins.length > 0,
      s.context.adminsFailed,
      Object.values(s.context.apps).map((a) => (a === null ? null : a.ok)),
    ]),
  provide: {
    actors: {
      // the real load with inert requests: it never reports or ends by itself, the path's events do
      rightsLoad: rightsLoadMachine.provide({
        actors: { loadCustomer: inertRequest(), loadAdmins: inertRequest(), loadApplication: inertRequest() },
      }),
    },
  },
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
