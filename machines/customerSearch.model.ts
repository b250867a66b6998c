/**
 * Model-based test spec of the customer and user search page (machines/customerSearch.machine.ts).
 * Requests are driven by synthetic done/error events; the fakes are inert.
 */
import { fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { customerSearchMachine } from './customerSearch.machine';
import { isSearchTermValid } from '../domain/customer-search/rules';

type CustomerSearchSnapshot = SnapshotFrom<typeof customerSearchMachine>;

/** a model event: a type plus its payload */
type Ev = EventObject & Record<string, unknown>;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('network') });

const customers = [{ id: 'EPEE11000015', name: 'Maasikas OÜ', regCode: '11000015', axaCode: 'K0001', country: 'EE' }];
const users = [
  {
    id: 'EE48709050218',
    firstName: 'Mari',
    lastName: 'Maasikas',
    personalCode: '48709050218',
    personalCodeCountry: 'EE',
    notActive: false,
  },
];

type Part = 'customers' | 'users';
/** how far a part has come: fresh (no valid term), typed (valid term), found (rows shown); it only moves on */
const stage = (s: CustomerSearchSnapshot, part: Part) =>
  s.context[part].rows.length ? 'found' : isSearchTermValid(s.context[part].term) ? 'typed' : 'fresh';

/**
 * The three parts are independent, so the model exercises one at a time (the others untouched): a part
 * gets its events only while the other parts are fresh and idle. That keeps the paths few and readable.
 */
function events(s: CustomerSearchSnapshot): Ev[] {
  const v = s.value as Record<string, string>;
  const busy = (part: string, searchId: string, checkId: string, rows: unknown[]): Ev[] | null => {
    if (v[part] === 'checkingAccounting') return [done(checkId, true), done(checkId, false), fail(checkId)];
    if (v[part] === 'searching') return [done(searchId, { value: rows }), fail(searchId)];
    return null;
  };
  const running =
    busy('customers', 'searchCustomers', 'checkAccountingForCustomers', customers) ??
    busy('users', 'searchUsers', 'checkAccountingForUsers', users) ??
    (v.adding === 'checkingAccounting'
      ? [
          done('checkAccountingForAdding', true),
          done('checkAccountingForAdding', false),
          fail('checkAccountingForAdding'),
        ]
      : null);
  if (running) return running;

  const part = (name: Part, rows: { id: string }[], sortKey: string): Ev[] => {
    const st = stage(s, name);
    if (st === 'fresh') return [{ type: `${name}.type`, term: 'Maasikas' }];
    if (st === 'typed') return [{ type: `${name}.search` }];
    return [
      { type: `${name}.page`, page: 1 },
      { type: `${name}.sort`, key: sortKey },
      { type: `${name}.pick`, id: rows[0].id },
      { type: `${name}.search` },
    ];
  };
  const out: Ev[] = [];
  if (stage(s, 'users') === 'fresh') out.push(...part('customers', customers, 'regCode'));
  if (stage(s, 'customers') === 'fresh') out.push(...part('users', users, 'firstName'));
  if (stage(s, 'customers') === 'fresh' && stage(s, 'users') === 'fresh') out.push({ type: 'customerSearch.add' });
  return out;
}

const inert = fromPromise<never, unknown>(() => new Promise<never>(() => {}));

const spec: MachineModelSpec<typeof customerSearchMachine> = {
  name: 'customerSearch',
  tester: {
    person: 'kristi (password Kask12345)',
    address: 'http://localhost:8080/ui/customer-search',
    data: 'search “Maasikas” finds Maasikas OÜ; the accounting switch at http://localhost:8080/sim/ takes the accounting system down',
  },
  machine: customerSearchMachine,
  events,
  serializeState: (s) => JSON.stringify([s.value, stage(s, 'customers'), stage(s, 'users')]),
  provide: { actors: { checkAccountingAlive: inert, searchCustomers: inert, searchUsers: inert } } as MachineModelSpec<
    typeof customerSearchMachine
  >['provide'],
  states: {
    'customers.searching': (s) => {
      if (!s.hasTag('customersBusy')) throw new Error('the customer search button shows it is busy');
    },
    'users.searching': (s) => {
      if (!s.hasTag('usersBusy')) throw new Error('the user search button shows it is busy');
    },
  },
};

export default spec;
