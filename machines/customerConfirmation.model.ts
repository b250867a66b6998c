/**
 * Model-based test spec of the confirmation and action area (machines/customerConfirmation.machine.ts) for
 * `npm run test:model`.
 *
 * The flow hands over each kind of company (no contract, a contract, a contract the person already administers, a
 * stopped contract) and the staff case (`confirmation.update`); the creation child (machines/customerCreation.model.ts
 * drives its requests) runs with inert requests, and the path's `xstate.done.actor.customerCreation` events stand for
 * its answers: SUCCESS, a refusal, or none.
 *
 * serializeState keeps the context the guards and the ending read (the form complete or not, staff or not), whether
 * an error shows (a confirm after an unanswered request is a path of its own), and adds the event and the previous
 * state, so every transition leads to its own vertex.
 */
import { fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { customerConfirmationMachine } from './customerConfirmation.machine';
import { customerCreationMachine } from './customerCreation.machine';
import type { CustomerAddGet } from '../domain/contract';
import { EMPTY_FORM, MESSAGE, isConfirmationValid } from '../domain/customer-add/rules';
import { testfirma } from '../tests/support/fixtures/customer-add';
import type { MachineModelSpec } from '../tests/support/model/model-spec';

type ConfirmationSnapshot = SnapshotFrom<typeof customerConfirmationMachine>;
type Spec = MachineModelSpec<typeof customerConfirmationMachine>;
/** a model event: a type plus its payload */
type Ev = EventObject & Record<string, unknown>;

const VALID_FORM = { email: 'mary@testfirma.example', additionalInfo: '', terms: true, board: true, phone: '' };

/** Põldmari AS has a contract; mari is its main administrator, not mary */
const poldmari: CustomerAddGet = {
  ...testfirma,
  id: 'EPEE11000026',
  name: 'Põldmari AS',
  regCode: '11000026',
  hasContract: true,
};
const maasikas: CustomerAddGet = { ...poldmari, id: 'EPEE11000015', name: 'Maasikas OÜ', isMainAdministrator: true };
const peatatud: CustomerAddGet = {
  ...poldmari,
  id: 'EPEE11000070',
  name: 'Peatatud Leping OÜ',
  value: 'CONTRACT_STOPPED',
};

const update = (customer: CustomerAddGet, staff = false, form = EMPTY_FORM) => ({
  type: 'confirmation.update',
  customer,
  staff,
  form,
});
const created = (status: string | null) => ({ type: 'xstate.done.actor.customerCreation', output: { status } });

function events(s: ConfirmationSnapshot): Ev[] {
  const { customer, staff } = s.context;
  if (s.matches('starting'))
    return [update(testfirma), update(poldmari), update(maasikas), update(peatatud), update(testfirma, true)];
  if (s.matches('creating')) return [created('SUCCESS'), created('NOT_A_BOARD_MEMBER'), created(null)];
  if (!customer) return [];
  const forms = [update(customer, staff, VALID_FORM), update(customer, staff, { ...VALID_FORM, board: false })];
  if (s.matches('confirmingContract')) return [...forms, { type: 'confirmation.sign' }];
  if (s.matches('confirmingRights')) return [...forms, { type: 'confirmation.confirm' }];
  if (s.matches('confirmingAsStaff')) return [{ type: 'confirmation.confirm' }];
  return [];
}

const serializeState = (s: ConfirmationSnapshot, event?: EventObject, prev?: ConfirmationSnapshot): string =>
  JSON.stringify([
    s.value,
    isConfirmationValid(s.context.form),
    s.context.staff,
    s.context.notice !== null,
    event?.type ?? null,
    prev ? prev.value : null,
  ]);

const inertRequest = <TOut, TIn>() => fromPromise<TOut, TIn>(() => new Promise<TOut>(() => {}));

const spec: Spec = {
  name: 'customerConfirmation',
  tester: {
    person: 'mary (password Suslik123)',
    address:
      "http://localhost:8080/ui/; after signing in, 'Create new business customer contract' in the choice 'Choose, whose main page You want to enter' (or 'Add a new business customer contract' on the main page)",
    data: 'type the name in “Name or registry code of the represented company”: Testfirma OÜ (11000109) has no contract yet, so a board member signs a new one (button Sign); Põldmari AS (11000026) has one, so the person asks for rights (button Confirm); Peatatud Leping OÜ (11000115): its contract is stopped',
  },
  // what shows after the person's act where the flow's own step stays the same
  screens: {
    // the first one hands the company over (the flow's next step says what shows); later ones are the person typing
    'confirmation.update': (_e, after, before) =>
      after.value === before.value ? 'The form shows what was filled in.' : undefined,
    // complete, the flow moves on and its next step says what shows; incomplete, it stays on the form
    'confirmation.sign': (_e, after) =>
      after.matches('confirmingContract')
        ? 'The form stays open; each missing field is marked in red with “… is mandatory” under it (e.g. “E-mail address at the represented is mandatory”).'
        : undefined,
    'confirmation.confirm': (_e, after) =>
      after.matches('confirmingRights')
        ? 'The form stays open; each missing field is marked in red with “… is mandatory” under it (e.g. “E-mail address at the represented is mandatory”).'
        : undefined,
  },
  machine: customerConfirmationMachine,
  events,
  serializeState,
  provide: {
    actors: {
      // the real creation child with inert requests: it never ends by itself, the path's done events do
      customerCreation: customerCreationMachine.provide({
        actors: { createRights: inertRequest(), createCustomer: inertRequest() },
      }),
    },
  },
  states: {
    creating: (s) => {
      if (!s.hasTag('busy')) throw new Error('the buttons are disabled while the request runs');
      if (s.context.notice) throw new Error('a new request clears the last error');
    },
    confirmingAsStaff: (s) => {
      if (!s.context.staff) throw new Error('only staff confirm without the form');
    },
    ended: (s) => {
      const out = s.output;
      if (!out) throw new Error('the area ends with its ending');
      if (out.ending === 'sign' && !isConfirmationValid(s.context.form))
        throw new Error('signing needs a complete form');
      if (out.ending === 'added' && out.messageKey !== (s.context.staff ? MESSAGE.saved : MESSAGE.success))
        throw new Error("staff see 'Saved', a person granted rights the success message");
      if (out.ending === 'refused' && !out.messageKey.startsWith('customer-add.error.'))
        throw new Error('a refusal ends with its message');
    },
  },
};

export default spec;
