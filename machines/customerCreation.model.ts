/**
 * Model-based test spec of adding the rights or the customer (machines/customerCreation.machine.ts) for
 * `npm run test:model`. The requests are inert fakes: the path's `xstate.done.actor.*` / `xstate.error.actor.*`
 * events stand for their answers.
 */
import { fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { creationRequest, customerCreationMachine } from './customerCreation.machine';
import { testfirma } from '../tests/support/fixtures/customer-add';
import type { MachineModelSpec } from '../tests/support/model/model-spec';

type CreationSnapshot = SnapshotFrom<typeof customerCreationMachine>;
type Spec = MachineModelSpec<typeof customerCreationMachine>;
/** a model event: a type plus its payload */
type Ev = EventObject & Record<string, unknown>;

const start = (staff: boolean) => ({
  type: 'creation.start',
  request: creationRequest(staff, { ...testfirma, id: 'EPEE11000109' }, ' mary@testfirma.example '),
});

/** the server's answers: SUCCESS, an error code, or none */
const answers = (id: 'createRights' | 'createCustomer'): Ev[] => [
  { type: `xstate.done.actor.${id}`, output: { value: 'SUCCESS' } },
  { type: `xstate.done.actor.${id}`, output: { value: 'ENTERPRISE_NOT_ACTIVE' } },
  { type: `xstate.error.actor.${id}`, error: new Error('network') },
];

function events(s: CreationSnapshot): Ev[] {
  if (s.matches('starting')) return [start(false), start(true)];
  if (s.matches('creatingRights')) return answers('createRights');
  if (s.matches('creatingCustomer')) return answers('createCustomer');
  return [];
}

const inertRequest = <TOut, TIn>() => fromPromise<TOut, TIn>(() => new Promise<TOut>(() => {}));

const spec: Spec = {
  name: 'customerCreation',
  tester: {
    person: 'mary (password Suslik123)',
    address:
      "http://localhost:8080/ui/; after signing in, 'Create new business customer contract' in the choice 'Choose, whose main page You want to enter' (or 'Add a new business customer contract' on the main page)",
    data: 'Põldmari AS (11000026), which has a contract; staff: kristi (password Kask12345) adds Testfirma OÜ (11000109) directly',
  },
  machine: customerCreationMachine,
  events,
  serializeState: (s, event?: EventObject, prev?: CreationSnapshot) =>
    JSON.stringify([s.value, event?.type ?? null, prev ? prev.value : null]),
  provide: { actors: { createRights: inertRequest(), createCustomer: inertRequest() } },
  states: {
    creatingRights: (s) => {
      if (s.context.request?.kind !== 'rights' || s.context.request.email !== 'mary@testfirma.example')
        throw new Error('the rights are asked for with the trimmed e-mail');
    },
    creatingCustomer: (s) => {
      if (s.context.request?.kind !== 'customer') throw new Error('staff add the customer by its registry code');
    },
    answered: (s) => {
      if (s.output?.status === undefined) throw new Error('the answer (or null) is the output');
    },
  },
};

export default spec;
