/**
 * Adding the customer or the rights (spec 1 §4 customer-add steps 4 and 6, §7 customer-add/create-rights and
 * customer-add/create-customer): a person under the company's existing contract asks to become its main
 * administrator, or staff with ADD_ANY_CUSTOMER add the company (or update it from the register). The answer is
 * { value: SUCCESS or an error code }; no answer at all (a fault) is told apart, so the flow can keep the modal open.
 *
 * Invoked by the confirmation (machines/customerConfirmation.machine.ts) once the person confirms, which hands it what
 * is asked for (`creation.start`); its output is the status, null when the server did not answer. Effects are actors whose defaults throw; src/features/customer-add/wire.ts provides them.
 */
import { assign, setup } from 'xstate';
import type { z } from 'zod/mini';
import type { CustomerAddGet, StatusValue } from '../domain/contract';
import { notProvided } from '../domain/not-provided';

/** customer-add/create-rights and create-customer answer { value: SUCCESS or an error code } */
type ValueAnswer = z.infer<typeof StatusValue>;

export type CreationRequest =
  { kind: 'rights'; customerId: string; customerName: string; email: string } | { kind: 'customer'; regCode: string };

/** What is asked for: staff add the company by its registry code; anyone else asks for rights under its contract. */
export function creationRequest(staff: boolean, customer: CustomerAddGet, email: string): CreationRequest {
  return staff
    ? { kind: 'customer', regCode: customer.regCode }
    : { kind: 'rights', customerId: customer.id ?? '', customerName: customer.name, email: email.trim() };
}

export interface CreationOutput {
  /** SUCCESS or an error code; null: the server did not answer */
  status: string | null;
}

export type CreationEvent = { type: 'creation.start'; request: CreationRequest };

export const customerCreationMachine = setup({
  types: {
    context: {} as { request: CreationRequest | null; status: string | null },
    events: {} as CreationEvent,
    output: {} as CreationOutput,
  },
  actors: {
    /** POST customer-add/create-rights { customerId, customerName, email } → { value } */
    createRights: notProvided<ValueAnswer, { customerId: string; customerName: string; email: string }>('createRights'),
    /** POST customer-add/create-customer { value: regCode } → { value } */
    createCustomer: notProvided<ValueAnswer, { value: string }>('createCustomer'),
  },
  guards: {
    forRights: ({ event }) => event.request.kind === 'rights',
  },
  actions: {
    takeRequest: assign(({ event }) => ({ request: event.request })),
    takeStatus: assign((_, p: ValueAnswer) => ({ status: p.value })),
  },
}).createMachine({
  id: 'customerCreation',
  description: 'The portal asks for the rights under the contract, or (staff) adds the customer.',
  context: { request: null, status: null },
  initial: 'starting',
  output: ({ context }) => ({ status: context.status }),
  states: {
    starting: {
      description: 'The portal gets what was confirmed.',
      on: {
        'creation.start': [
          {
            guard: 'forRights',
            target: 'creatingRights',
            actions: 'takeRequest',
            description: 'The person asked for rights',
          },
          { target: 'creatingCustomer', actions: 'takeRequest', description: 'Staff add the customer' },
        ],
      },
    },
    creatingRights: {
      description: "The portal asks for the rights under the company's contract.",
      invoke: {
        id: 'createRights',
        src: 'createRights',
        input: ({ context }) => {
          const r = context.request;
          return r?.kind === 'rights'
            ? { customerId: r.customerId, customerName: r.customerName, email: r.email }
            : { customerId: '', customerName: '', email: '' };
        },
        onDone: {
          target: 'answered',
          actions: { type: 'takeStatus', params: ({ event }) => event.output },
          description: 'The server answers with SUCCESS or an error code',
        },
        onError: { target: 'answered', description: 'The server does not answer' },
      },
    },
    creatingCustomer: {
      description: 'The portal adds the customer (or updates its data from the register).',
      invoke: {
        id: 'createCustomer',
        src: 'createCustomer',
        input: ({ context }) => ({ value: context.request?.kind === 'customer' ? context.request.regCode : '' }),
        onDone: {
          target: 'answered',
          actions: { type: 'takeStatus', params: ({ event }) => event.output },
          description: 'The server answers with SUCCESS or an error code',
        },
        onError: { target: 'answered', description: 'The server does not answer' },
      },
    },
    answered: { type: 'final', description: 'The answer (or its absence) is known.' },
  },
});
