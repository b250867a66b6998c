/**
 * The signing panel of the customer-add dialog (spec 1 §4 customer-add steps 7–9, §5 the Mobile-ID phone rule): the
 * person picks ID-card, Mobile-ID (with the phone number) or Smart-ID, and each pick that may go ahead starts one
 * signing attempt (machines/signing.machine.ts, actor id `signing`). An attempt that could not start (no ID-card, a
 * cancelled PIN, no answer) leaves the panel open with the reason, and the person may try again; any other ending
 * ends the panel.
 *
 * Invoked by the customer-add flow (machines/customerAdd.machine.ts, actor id `signingPanel`) while the panel shows.
 * The flow keeps the form and hands each pick on with the form as it is then (`panel.start`). The panel reports
 * (machines/lib/report.ts) when an attempt starts and when it could not start (`signingPanel.attemptStarted`,
 * `signingPanel.attemptFailed`), because the flow locks the company field and the form meanwhile. Its output is how
 * signing ended: `signed`, or `ended` with the message the dialog closes with.
 */
import { assertEvent, assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { CustomerAddGet } from './lib/contract';
import {
  EMPTY_FORM,
  MESSAGE,
  isPhoneValid,
  signingCustomer,
  type ConfirmationForm,
  type MessageRef,
} from './lib/customer-add/rules';
import { reporter } from './lib/report';
import { signingMachine, type SigningMethod, type SigningOutput } from './signing.machine';

export interface SigningPanelInput {
  /** the company the contract is signed for */
  customer: CustomerAddGet;
}

export interface SigningPanelOutput {
  result: 'signed' | 'ended';
  /** ended: the message the dialog closes with (an i18n key) */
  messageKey: string;
}

interface SigningPanelContext extends SigningPanelInput {
  /** the form as it was at the last pick: what is signed, and the Mobile-ID phone number */
  form: ConfirmationForm;
  /** why the last attempt could not start: shown in the panel */
  notice: MessageRef | null;
  /** Mobile-ID was picked with a missing or wrong phone number: the phone field shows its error */
  showPhoneError: boolean;
  outcome: SigningPanelOutput | null;
}

export type SigningPanelEvent = { type: 'panel.start'; method: SigningMethod; form: ConfirmationForm };

export type SigningPanelReport = { type: 'signingPanel.attemptStarted' } | { type: 'signingPanel.attemptFailed' };

const tell = reporter<SigningPanelContext, SigningPanelEvent, SigningPanelReport>();

export const signingPanelMachine = setup({
  types: {
    context: {} as SigningPanelContext,
    events: {} as SigningPanelEvent,
    input: {} as SigningPanelInput,
    output: {} as SigningPanelOutput,
    emitted: {} as SigningPanelReport,
    children: {} as { signing: 'signing' },
  },
  actors: {
    /** steps 7–8: one signing attempt (its own requests are provided to it) */
    signing: signingMachine,
  },
  guards: {
    isMobileIdWithoutPhone: ({ event }) => event.method === 'mobileId' && !isPhoneValid(event.form.phone),
    /** the signing attempt's result */
    endedAs: (_, p: { output: SigningOutput; result: SigningOutput['result'] }) => p.output.result === p.result,
  },
  actions: {
    revealPhoneError: assign({ showPhoneError: true }),
    startAttempt: assign(({ event }) => ({ form: event.form, notice: null, showPhoneError: false })),
    /** the pick goes on to the signing machine invoked on entry */
    startSigning: sendTo('signing', ({ event }) => {
      assertEvent(event, 'panel.start');
      return { type: 'signing.start' as const, method: event.method };
    }),
    setNotice: assign((_, p: { key: string }) => ({ notice: { key: p.key } })),
    end: assign((_, outcome: SigningPanelOutput) => ({ outcome })),
    reportStarted: tell(() => ({ type: 'signingPanel.attemptStarted' })),
    reportFailed: tell(() => ({ type: 'signingPanel.attemptFailed' })),
  },
}).createMachine({
  id: 'signingPanel',
  description:
    'The person signs the new contract in the signing panel: picks a method, and tries again when signing could not start.',
  context: ({ input }) => ({ ...input, form: EMPTY_FORM, notice: null, showPhoneError: false, outcome: null }),
  initial: 'choosingMethod',
  // the final state is entered with the outcome
  output: ({ context }) => context.outcome!,
  states: {
    choosingMethod: {
      description: 'The panel offers ID-card, Mobile-ID and Smart-ID; the person picks one.',
      on: {
        'panel.start': [
          {
            guard: 'isMobileIdWithoutPhone',
            actions: 'revealPhoneError',
            description: 'Clicks Mobile-ID with a missing or wrong phone number: the phone field is marked',
          },
          {
            target: 'attempting',
            actions: 'startAttempt',
            description: 'Clicks ID-card, Smart-ID, or Mobile-ID with a valid phone number',
          },
        ],
      },
    },
    attempting: {
      description: 'The person signs with the chosen method; the buttons are disabled.',
      tags: ['busy'],
      entry: ['reportStarted', 'startSigning'],
      invoke: {
        id: 'signing',
        src: 'signing',
        input: ({ context }) => ({
          customer: signingCustomer(context.customer, context.form),
          mobileNr: context.form.phone.trim(),
        }),
        onDone: [
          {
            guard: { type: 'endedAs', params: ({ event }) => ({ output: event.output, result: 'signed' }) },
            target: 'ended',
            actions: { type: 'end', params: { result: 'signed', messageKey: MESSAGE.success } },
            description: 'The contract is signed',
          },
          {
            guard: { type: 'endedAs', params: ({ event }) => ({ output: event.output, result: 'retry' }) },
            target: 'choosingMethod',
            actions: [{ type: 'setNotice', params: ({ event }) => ({ key: event.output.messageKey }) }, 'reportFailed'],
            description:
              'Signing could not start (no ID-card, PIN cancelled, no answer): the panel says why and the person may try again',
          },
          {
            target: 'ended',
            actions: {
              type: 'end',
              params: ({ event }) => ({ result: 'ended', messageKey: event.output.messageKey }),
            },
            description: 'Signing ends without a signature, with its reason',
          },
        ],
        onError: {
          target: 'ended',
          actions: { type: 'end', params: { result: 'ended', messageKey: MESSAGE.serverError } },
          description: 'Signing breaks down unexpectedly',
        },
      },
    },
    ended: {
      type: 'final',
      description: 'Signing is over: signed, or ended with its reason.',
    },
  },
});

export type SigningPanelActor = ActorRefFrom<typeof signingPanelMachine>;
