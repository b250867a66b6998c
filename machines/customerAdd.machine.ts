/**
 * Customer-add: spec 1 §2 "Customer-add modal", §4 customer-add flow steps 1–9, §5 validation, §7 customer-add/*,
 * §8 customer-add messages.
 *
 * The modal's flow, `closed` ⇄ `open`: the person finds the company (the `companyLookup` child, steps 1–3),
 * confirms what they may do with it (the `customerConfirmation` child, steps 2–6, which adds the rights or the
 * customer), or signs a new contract in the signing panel (steps 7–9): this flow offers ID-card, Mobile-ID and
 * Smart-ID, checks the Mobile-ID phone number (§5), and runs one signing attempt at a time (the `signing` child,
 * whose input is the method picked). This flow keeps what outlives a child: the form (through failures and a closed
 * dialog), why the last attempt could not start, and how the flow ended. The form's data entry (e-mail, additional
 * info, the two checkboxes, the phone number) is the settings forms' machine (`details`,
 * machines/settingsForm.machine.ts): it keeps the values, the touched fields and the errors with the confirmation's
 * rules, and reports every edit (`form.changed`), which this flow hands on to the confirmation. It never saves itself
 * (the children send the form with their requests), so it never reaches the conflict state. Leaving `open` (the modal closed, an end
 * status, or stopping the actor) tears down every child with its requests, polling and timers. The modals machine
 * owns whether the dialog is on screen: when this flow ends by itself it reports whether it added something
 * (`customerAdd.finished`), and the portal reloads the person's details and closes the modal; when the modal closes,
 * the flow is told (`customerAdd.close`) and reports nothing back.
 *
 * The effects are the children's actors (defaults throw "<name> not provided"); src/features/customer-add/wire.ts
 * provides them. Messages are i18n keys, reported as `toast.show` (severity + key), never display text.
 */
import { assertEvent, assign, enqueueActions, not, sendTo, setup, type ActorRefFrom } from 'xstate';
import { companyLookupMachine } from './companyLookup.machine';
import { customerConfirmationMachine, type ConfirmationOutput } from './customerConfirmation.machine';
import type { CustomerAddGet } from '../domain/contract';
import * as rules from '../domain/customer-add/rules';
import {
  EMPTY_FORM,
  MESSAGE,
  isPhoneValid,
  signingCustomer,
  validateConfirmation,
  type ConfirmationForm,
  type MessageRef,
} from '../domain/customer-add/rules';
import { report } from '../domain/report';
import type { NavTarget } from '../domain/rights';
import { signingMachine, type SigningMethod, type SigningOutput } from './signing.machine';
import type { ToastRequest } from './toasts.machine';
import { settingsFormMachine, type FormValues, type SettingsFormInput } from './settingsForm.machine';

type CustomerAddEmitted =
  | { type: 'toast.show'; toast: ToastRequest }
  | { type: 'navigation.requested'; target: NavTarget }
  /** `signed`: a contract was signed, and the person sent on to its page in the account service (step 7) */
  | { type: 'customerAdd.finished'; created: boolean; signed: boolean };

interface CustomerAddContext {
  /** from PortalConfig (the input): picks the account service address after a signature (step 7) */
  accountService: rules.AccountServiceConfig;
  /** of the person who opened the modal (customerAdd.open) */
  privileges: string[];
  /** where the account service sends the user back after a signature */
  returnUrl: string;
  /** the company field's text */
  term: string;
  customer: CustomerAddGet | null;
  /** what the user typed, as the form (`details`) last reported it; kept through failures and closing, cleared only
   * after a success */
  form: ConfirmationForm;
  /** the form's rules hold for it (the e-mail, the additional info and both checkboxes) */
  formValid: boolean;
  /** the signing method picked last: the signing attempt's input */
  method: SigningMethod | null;
  /** why the last signing attempt could not start: shown in the signing panel */
  signingNotice: MessageRef | null;
  /** Mobile-ID was picked with a missing or wrong phone number: the phone field shows its error */
  showPhoneError: boolean;
  /** the message the flow ended with (also reported as toast.show) */
  outcome: ToastRequest | null;
  /** the flow runs in the open modal: when it ends by itself, it reports so once */
  wasOpen: boolean;
  /** the contract was signed and the person sent on to the customer's page in the account service (step 7) */
  signed: boolean;
}

/** What a newly opened modal starts from (the form stays). */
const FRESH = {
  privileges: [],
  returnUrl: '',
  term: '',
  customer: null,
  method: null,
  signingNotice: null,
  showPhoneError: false,
  outcome: null,
  wasOpen: false,
  signed: false,
} satisfies Omit<CustomerAddContext, 'accountService' | 'form' | 'formValid'>;

/** the form: the confirmation's rules, the values kept in this flow, every edit reported */
const DETAILS: SettingsFormInput = {
  subject: '',
  initial: { values: EMPTY_FORM },
  validate: (v: FormValues) => validateConfirmation(v as ConfirmationForm),
  reportsEdits: true,
};

const failure = (messageKey: string): ToastRequest => ({ toastType: 'error', messageKey });

const customerAddSetup = setup({
  types: {
    context: {} as CustomerAddContext,
    events: {} as
      | { type: 'customerAdd.open'; privileges: string[]; representativeId?: string; returnUrl: string }
      /** the modal closed (close button, Escape, logging out): the flow stops and reports nothing back */
      | { type: 'customerAdd.close' }
      /** the back office went down (spec 1 §8: adding a customer is gated): the flow ends, keeping the form */
      | { type: 'customerAdd.backOfficeDown' }
      | { type: 'customerAdd.search'; term: string }
      | { type: 'customerAdd.choose'; code: string }
      | { type: 'customerAdd.change'; values: Partial<ConfirmationForm> }
      /** reported by the form: its values after an edit, and whether its rules hold */
      | { type: 'form.changed'; values: FormValues; valid: boolean }
      | { type: 'customerAdd.sign' }
      | { type: 'customerAdd.confirm' }
      /** look the term up again after a failed lookup */
      | { type: 'customerAdd.retry' }
      /** the method the user picked in the signing panel */
      | { type: 'signing.start'; method: SigningMethod }
      /** reported by the confirmation: 'Sign' or 'Confirm' with the form incomplete */
      | { type: 'confirmation.incomplete' },
    input: {} as { accountService: rules.AccountServiceConfig },
    emitted: {} as CustomerAddEmitted,
    children: {} as {
      details: 'details';
      companyLookup: 'companyLookup';
      customerConfirmation: 'customerConfirmation';
      signing: 'signing';
    },
  },
  actors: {
    /** the form's data entry: the settings forms' machine with the confirmation's rules */
    details: settingsFormMachine,
    /** steps 1–3: find the company and load it */
    companyLookup: companyLookupMachine,
    /** steps 2–6: what the person may do with the company, their confirmation, and the rights or customer added */
    customerConfirmation: customerConfirmationMachine,
    /** steps 7–9: one signing attempt with the method picked */
    signing: signingMachine,
  },
  guards: {
    endedAs: (_, p: { output: ConfirmationOutput; ending: ConfirmationOutput['ending'] }) =>
      p.output.ending === p.ending,
    isConfirmationValid: ({ context }) => context.formValid,
    /** the signing attempt's result */
    signingEndedAs: (_, p: { output: SigningOutput; result: SigningOutput['result'] }) => p.output.result === p.result,
    isMobileIdWithoutPhone: ({ context }, p: { method: SigningMethod }) =>
      p.method === 'mobileId' && !isPhoneValid(context.form.phone),
  },
  actions: {
    openModal: assign(({ event }) => {
      assertEvent(event, 'customerAdd.open');
      return { ...FRESH, privileges: event.privileges, returnUrl: event.returnUrl, wasOpen: true };
    }),
    /** a newly opened dialog points out no mistake yet; what was typed stays */
    freshForm: sendTo('details', { type: 'form.reset' }),
    /** the transient data of one attempt; the form stays */
    forgetAttempt: assign({ customer: null }),
    setTerm: assign(({ event }) => {
      assertEvent(event, 'customerAdd.search');
      return { term: event.term, customer: null };
    }),
    setCustomer: assign((_, p: { customer: CustomerAddGet }) => ({ customer: p.customer })),
    /** a change typed outside the form's own fields (the signing panel's phone number) goes into the form */
    editForm: sendTo('details', ({ event }) => {
      assertEvent(event, 'customerAdd.change');
      return { type: 'form.edit' as const, values: event.values };
    }),
    takeForm: assign((_, p: { values: FormValues; valid: boolean }) => ({
      form: p.values as ConfirmationForm,
      formValid: p.valid,
    })),
    /** the confirmation decides with the company, the person and the form as they are now */
    handOn: sendTo('customerConfirmation', ({ context }) => ({
      type: 'confirmation.update' as const,
      customer: context.customer!,
      staff: context.privileges.includes('ADD_ANY_CUSTOMER'),
      form: context.form,
    })),
    revealErrors: sendTo('details', { type: 'form.reveal' }),
    /** the closing message of the flow: kept in context and reported for the toasts */
    announce: enqueueActions(({ enqueue, self }, p: ToastRequest) => {
      enqueue.assign({ outcome: p });
      report(enqueue, self, { type: 'toast.show', toast: p });
    }),
    /** the modal's flow ended: whether it added something (then the person's details reload before it closes) */
    reportFinished: enqueueActions(({ context, enqueue, self }) => {
      if (!context.wasOpen) return;
      enqueue.assign({ wasOpen: false });
      report(enqueue, self, {
        type: 'customerAdd.finished',
        created: context.outcome?.toastType === 'success',
        signed: context.signed,
      });
    }),
    /** step 7: the account service's customer edit page, with the way back */
    goToAccountService: enqueueActions(({ context: c, enqueue, self }) => {
      const target = rules.accountServiceTarget(c.accountService, rules.jgidOf(c.customer!), c.returnUrl);
      enqueue.assign({ signed: true });
      report(enqueue, self, { type: 'navigation.requested', target });
    }),
    clearForm: enqueueActions(({ enqueue }) => {
      enqueue.assign({ form: EMPTY_FORM, formValid: false });
      enqueue.sendTo('details', { type: 'form.reset', values: EMPTY_FORM });
    }),
    /** the modal closed: the flow did not end by itself, so it reports nothing back */
    forgetModal: assign({ wasOpen: false }),
    revealPhoneError: assign({ showPhoneError: true }),
    startAttempt: assign((_, p: { method: SigningMethod }) => ({
      method: p.method,
      signingNotice: null,
      showPhoneError: false,
    })),
    setSigningNotice: assign((_, p: { key: string }) => ({ signingNotice: { key: p.key } })),
  },
});

/** a look for another company, from wherever the company is shown */
const SEARCH_AGAIN = {
  target: '#customerAdd.open.selectingCompany',
  actions: 'setTerm',
  description: 'Types in the company field again to look for another company',
} as const;

export const customerAddMachine = customerAddSetup.createMachine({
  id: 'customerAdd',
  description:
    'A person adds a business customer: finds the company in the business register, then signs a new contract, asks for rights under an existing one, or (staff) adds the customer directly.',
  context: ({ input }) => ({ ...FRESH, accountService: input.accountService, form: EMPTY_FORM, formValid: false }),
  // the form lives as long as the flow: what was typed outlasts a closed dialog and a failed attempt
  invoke: { id: 'details', src: 'details', input: DETAILS },
  initial: 'closed',
  states: {
    closed: {
      description: 'The Add customer dialog is not shown.',
      entry: ['reportFinished', 'forgetAttempt'],
      on: {
        'customerAdd.open': {
          target: 'open',
          actions: ['openModal', 'freshForm'],
          description:
            "Clicks 'Create new business customer contract' in the choice of whom to represent, 'Add a new business customer contract' on the main page, or (staff) 'Add new customer'",
        },
      },
    },

    open: {
      // closing it (or leaving the page) stops every request and timer below
      description: 'The Add customer dialog is shown.',
      on: {
        'customerAdd.close': {
          target: 'closed',
          actions: 'forgetModal',
          description: 'Closes the dialog (its close button or Escape), or the portal closes it',
        },
        'customerAdd.backOfficeDown': {
          target: 'closed',
          description:
            'The back office goes down (“Back office system is not available”): the dialog closes and what was typed is kept',
        },
        'customerAdd.change': {
          actions: 'editForm',
          description: 'Types the phone number for Mobile-ID',
        },
        'form.changed': {
          actions: { type: 'takeForm', params: ({ event }) => event },
          description: 'Fills in the e-mail, additional info or the two checkboxes',
        },
      },
      initial: 'selectingCompany',
      states: {
        selectingCompany: {
          description: 'The person looks for the company by name or registry code in the company field.',
          invoke: {
            id: 'companyLookup',
            src: 'companyLookup',
            input: ({ context }) => ({ term: context.term }),
            onDone: {
              target: 'confirming',
              actions: { type: 'setCustomer', params: ({ event }) => ({ customer: event.output }) },
              description: 'The company is chosen and its details have loaded',
            },
          },
          on: {
            'customerAdd.search': {
              actions: ['setTerm', sendTo('companyLookup', ({ event }) => ({ type: 'lookup.type', term: event.term }))],
              description: 'Types in the company field',
            },
            'customerAdd.choose': {
              actions: sendTo('companyLookup', ({ event }) => ({ type: 'lookup.choose', code: event.code })),
              description: 'Picks a company from the list',
            },
            'customerAdd.retry': {
              actions: sendTo('companyLookup', { type: 'lookup.retry' }),
              description: 'Clicks Try again after a failed search',
            },
          },
        },

        confirming: {
          description:
            'The chosen company is shown with its registry code and address, and the action that fits its contract and the person.',
          entry: 'handOn',
          invoke: {
            id: 'customerConfirmation',
            src: 'customerConfirmation',
            onDone: [
              {
                guard: { type: 'endedAs', params: ({ event }) => ({ output: event.output, ending: 'sign' }) },
                target: 'signing',
                description: "After 'Sign' with the confirmation complete: the signing panel opens",
              },
              {
                guard: { type: 'endedAs', params: ({ event }) => ({ output: event.output, ending: 'added' }) },
                target: '#customerAdd.closed',
                actions: [
                  {
                    type: 'announce',
                    params: ({ event }) => ({ toastType: 'success', messageKey: event.output.messageKey }),
                  },
                  'clearForm',
                ],
                description:
                  "After 'Confirm': the rights are granted (“Representation rights were added. The credit can be used in about 5 minutes. Please log out and log in again.”), or (staff) the customer is added, and the dialog closes",
              },
              {
                target: '#customerAdd.closed',
                actions: { type: 'announce', params: ({ event }) => failure(event.output.messageKey) },
                description:
                  "The company's contract is stopped, or the server refuses: the message says why (for a stopped contract “Please contact your account manager”) and the dialog closes",
              },
            ],
          },
          on: {
            'customerAdd.search': SEARCH_AGAIN,
            'form.changed': {
              actions: [{ type: 'takeForm', params: ({ event }) => event }, 'handOn'],
              description: 'Fills in the e-mail, additional info or the two checkboxes: the action shown may change',
            },
            'customerAdd.sign': {
              actions: sendTo('customerConfirmation', { type: 'confirmation.sign' }),
              description: "Clicks 'Sign'",
            },
            'customerAdd.confirm': {
              actions: sendTo('customerConfirmation', { type: 'confirmation.confirm' }),
              description: "Clicks 'Confirm'",
            },
            'confirmation.incomplete': {
              actions: 'revealErrors',
              description: "After 'Sign' or 'Confirm' with a field missing: the missing fields are marked",
              meta: { answer: true },
            },
          },
        },

        signing: {
          description: 'The signing panel with ID-card, Mobile-ID and Smart-ID is shown under the form.',
          tags: ['signingPanel'],
          initial: 'choosingMethod',
          states: {
            choosingMethod: {
              description: 'The panel offers ID-card, Mobile-ID and Smart-ID; the person picks one.',
              always: {
                guard: not('isConfirmationValid'),
                target: '#customerAdd.open.confirming',
                actions: 'revealErrors',
                description: 'The person made the confirmation incomplete again: the signing panel hides',
              },
              on: {
                'customerAdd.search': SEARCH_AGAIN,
                'signing.start': [
                  {
                    guard: { type: 'isMobileIdWithoutPhone', params: ({ event }) => event },
                    actions: 'revealPhoneError',
                    description: 'Clicks Mobile-ID with a missing or wrong phone number: the phone field is marked',
                  },
                  {
                    target: 'attempting',
                    actions: { type: 'startAttempt', params: ({ event }) => event },
                    description: 'Clicks ID-card, Smart-ID, or Mobile-ID with a valid phone number',
                  },
                ],
              },
            },
            attempting: {
              description:
                'The person signs with the chosen method; the buttons, the company field and the form are locked.',
              tags: ['busy'],
              invoke: {
                id: 'signing',
                src: 'signing',
                input: ({ context }) => ({
                  method: context.method!,
                  customer: signingCustomer(context.customer!, context.form),
                  mobileNr: context.form.phone.trim(),
                }),
                onDone: [
                  {
                    guard: {
                      type: 'signingEndedAs',
                      params: ({ event }) => ({ output: event.output, result: 'signed' }),
                    },
                    target: '#customerAdd.closed',
                    actions: [
                      { type: 'announce', params: { toastType: 'success', messageKey: MESSAGE.success } },
                      'goToAccountService',
                      'clearForm',
                    ],
                    description:
                      "The contract is signed: a success message shows, the dialog closes and the customer's page in the account service opens",
                  },
                  {
                    guard: {
                      type: 'signingEndedAs',
                      params: ({ event }) => ({ output: event.output, result: 'retry' }),
                    },
                    target: 'choosingMethod',
                    actions: { type: 'setSigningNotice', params: ({ event }) => ({ key: event.output.messageKey }) },
                    description:
                      'Signing could not start (no ID-card, PIN cancelled, no answer): the panel says why and the person may try again',
                  },
                  {
                    target: '#customerAdd.closed',
                    actions: { type: 'announce', params: ({ event }) => failure(event.output.messageKey) },
                    description: 'Signing ends without a signature: the reason shows and the dialog closes',
                  },
                ],
                onError: {
                  target: '#customerAdd.closed',
                  actions: { type: 'announce', params: failure(MESSAGE.serverError) },
                  description: 'Signing breaks down unexpectedly: an error shows and the dialog closes',
                },
              },
            },
          },
        },
      },
    },
  },
});

export type CustomerAddActor = ActorRefFrom<typeof customerAddMachine>;
