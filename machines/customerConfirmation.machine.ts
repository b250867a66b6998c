/**
 * The confirmation and action area of the customer-add dialog (spec 1 §4 customer-add steps 1–6, §5 the confirmation
 * rule): the company's contract and the person's privileges decide between signing a new contract, asking for rights
 * under the existing contract, only the note that the rights exist, and (staff with ADD_ANY_CUSTOMER) adding the
 * customer without the form. Signing and asking for rights need a complete confirmation form first; a confirmed
 * request runs as the `customerCreation` child.
 *
 * Invoked by the customer-add flow (machines/customerAdd.machine.ts, actor id `customerConfirmation`) once the company
 * has loaded. The flow keeps the form, because what was typed outlives this area (it stays through a failure and a
 * closed dialog): it hands over the company, the person and the form as the area opens, and again with each change
 * (`confirmation.update`), and passes on 'Sign' and 'Confirm' (`confirmation.sign`, `confirmation.confirm`). A try
 * with the form incomplete is reported (domain/report.ts: `confirmation.incomplete`), and the flow marks the
 * missing fields.
 * The area ends with how it ended (its output): `sign` (the signing panel takes over), `added` or `refused`, with the
 * message to show. A request the server did not answer keeps the area open with an error; the person may try again.
 */
import { assertEvent, assign, sendTo, setup } from 'xstate';
import { creationRequest, customerCreationMachine, type CreationOutput } from './customerCreation.machine';
import type { CustomerAddGet } from '../domain/contract';
import {
  EMPTY_FORM,
  MESSAGE,
  endStatusMessageKey,
  isConfirmationValid,
  isSuccessStatus,
  type ConfirmationForm,
  type MessageRef,
} from '../domain/customer-add/rules';
import { reporter } from '../domain/report';

/** what the confirmation decides on */
export interface ConfirmationFacts {
  customer: CustomerAddGet;
  /** the person may add any customer (ADD_ANY_CUSTOMER): no form, a direct confirm */
  staff: boolean;
  form: ConfirmationForm;
}

export interface ConfirmationOutput {
  /** sign: the signing panel opens; added: the rights or the customer were added; refused: they cannot be */
  ending: 'sign' | 'added' | 'refused';
  /** the message the dialog closes with (added, refused); '' for sign */
  messageKey: string;
}

interface ConfirmationContext extends Omit<ConfirmationFacts, 'customer'> {
  customer: CustomerAddGet | null;
  /** the server did not answer the request: shown in the dialog, the person may confirm again */
  notice: MessageRef | null;
  ending: ConfirmationOutput | null;
}

export type ConfirmationEvent =
  | ({ type: 'confirmation.update' } & ConfirmationFacts)
  | { type: 'confirmation.sign' }
  | { type: 'confirmation.confirm' };

export type ConfirmationReport = { type: 'confirmation.incomplete' };

const tell = reporter<ConfirmationContext, ConfirmationEvent, ConfirmationReport>();

export const customerConfirmationMachine = setup({
  types: {
    context: {} as ConfirmationContext,
    events: {} as ConfirmationEvent,
    output: {} as ConfirmationOutput,
    emitted: {} as ConfirmationReport,
    children: {} as { customerCreation: 'customerCreation' },
  },
  actors: {
    /** steps 4 and 6: the rights under the contract, or staff adding the customer */
    customerCreation: customerCreationMachine,
  },
  guards: {
    isContractStopped: ({ context }) => context.customer?.value === 'CONTRACT_STOPPED',
    isStaff: ({ context }) => context.staff,
    hasContract: ({ context }) => context.customer?.hasContract === true,
    isMainAdmin: ({ context }) => context.customer?.hasContract === true && context.customer.isMainAdministrator,
    isConfirmationValid: ({ context }) => isConfirmationValid(context.form),
    isSuccess: (_, p: CreationOutput) => p.status !== null && isSuccessStatus(p.status),
    unanswered: (_, p: CreationOutput) => p.status === null,
  },
  actions: {
    take: assign(({ event }) => {
      assertEvent(event, 'confirmation.update');
      return { customer: event.customer, staff: event.staff, form: event.form };
    }),
    end: assign((_, ending: ConfirmationOutput) => ({ ending })),
    setNotice: assign((_, p: { key: string }) => ({ notice: { key: p.key } })),
    forgetNotice: assign({ notice: null }),
    /** what was confirmed goes to the creation invoked on entry */
    startCreation: sendTo('customerCreation', ({ context }) => ({
      type: 'creation.start' as const,
      request: creationRequest(context.staff, context.customer!, context.form.email),
    })),
    reportIncomplete: tell(() => ({ type: 'confirmation.incomplete' })),
  },
}).createMachine({
  id: 'customerConfirmation',
  description:
    'The portal decides what the person may do with the chosen company; the person confirms, and the rights or the customer are added, or the signing of a new contract begins.',
  context: { customer: null, staff: false, form: EMPTY_FORM, notice: null, ending: null },
  initial: 'starting',
  // every transition into the final state sets the ending
  output: ({ context }) => context.ending!,
  on: {
    'confirmation.update': { actions: 'take', description: 'The confirmation form changes' },
  },
  states: {
    starting: {
      description: 'The dialog hands over the chosen company.',
      on: {
        'confirmation.update': {
          target: 'deciding',
          actions: 'take',
          description: 'The company, the person and the form are handed over',
        },
      },
    },
    deciding: {
      description: 'The portal looks at the contract of the company and at the person.',
      always: [
        {
          guard: 'isContractStopped',
          target: 'ended',
          actions: { type: 'end', params: { ending: 'refused', messageKey: endStatusMessageKey('CONTRACT_STOPPED') } },
          description: "The company's contract is stopped",
        },
        {
          guard: 'isStaff',
          target: 'confirmingAsStaff',
          description: 'The person is staff allowed to add any customer',
        },
        {
          guard: 'isMainAdmin',
          target: 'rightsAlreadyExist',
          description: 'The company has a contract and the person is already its main administrator',
        },
        {
          guard: 'hasContract',
          target: 'confirmingRights',
          description: 'The company has a contract and the person is not its main administrator',
        },
        { target: 'confirmingContract', description: 'The company has no contract yet' },
      ],
    },
    confirmingContract: {
      description: "The confirmation form (e-mail, additional info, terms and board checkboxes) with a 'Sign' button.",
      on: {
        'confirmation.sign': [
          {
            guard: 'isConfirmationValid',
            target: 'ended',
            actions: { type: 'end', params: { ending: 'sign', messageKey: '' } },
            description: "Clicks 'Sign' with the confirmation complete: the signing panel opens",
          },
          {
            actions: 'reportIncomplete',
            description: "Clicks 'Sign' with the confirmation incomplete: the missing fields are marked",
          },
        ],
      },
    },
    confirmingRights: {
      description: "The confirmation form with a 'Confirm' button that asks for rights under the contract.",
      on: {
        'confirmation.confirm': [
          {
            guard: 'isConfirmationValid',
            target: 'creating',
            description: "Clicks 'Confirm' with the confirmation complete",
          },
          {
            actions: 'reportIncomplete',
            description: "Clicks 'Confirm' with the confirmation incomplete: the missing fields are marked",
          },
        ],
      },
    },
    rightsAlreadyExist: {
      description: "Only the note 'representation rights already exist' is shown; there is nothing to confirm.",
    },
    confirmingAsStaff: {
      description: "No form; a button 'Confirm adding new customer' (or 'Confirm complete update of customer data').",
      on: {
        'confirmation.confirm': { target: 'creating', description: 'Clicks the confirm button' },
      },
    },
    creating: {
      description: 'The portal asks for the rights, or adds the customer; the buttons are disabled.',
      tags: ['busy'],
      entry: ['forgetNotice', 'startCreation'],
      invoke: {
        id: 'customerCreation',
        src: 'customerCreation',

        onDone: [
          {
            guard: { type: 'isSuccess', params: ({ event }) => event.output },
            target: 'ended',
            actions: {
              type: 'end',
              params: ({ context }) => ({
                ending: 'added',
                messageKey: context.staff ? MESSAGE.saved : MESSAGE.success,
              }),
            },
            description: "The server grants the rights, or adds the customer ('Saved')",
          },
          {
            guard: { type: 'unanswered', params: ({ event }) => event.output },
            target: 'deciding',
            actions: { type: 'setNotice', params: { key: MESSAGE.serverError } },
            description: 'The server does not answer: an error shows in the dialog and what was typed stays',
          },
          {
            target: 'ended',
            actions: {
              type: 'end',
              params: ({ event }) => ({ ending: 'refused', messageKey: endStatusMessageKey(event.output.status) }),
            },
            description: 'The server refuses (for example the person is not a board member) with its message',
          },
        ],
      },
    },
    ended: {
      type: 'final',
      description: 'The person goes on to sign, or the dialog closes with the message.',
    },
  },
});
