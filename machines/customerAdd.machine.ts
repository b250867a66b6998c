/**
 * Customer-add: spec 1 §2 "Customer-add modal", §4 customer-add flow steps 1–9, §5 validation, §7 customer-add/*,
 * §8 customer-add messages.
 *
 * The modal's flow: `closed` ⇄ `open`. In `open` the person finds the company (the `companyLookup` child), fills the
 * confirmation form, and asks for rights or (staff) adds the customer (the `customerCreation` child), or signs a
 * new contract (one `signing` child per attempt). Leaving `open` (customerAdd.close, an end status, or stopping the
 * actor) tears down every request, the signing child with its polling, and every timer, because all of them live
 * inside the states they belong to. When the modal's flow ends it reports whether it added something
 * (`customerAdd.finished`): the portal then reloads the person's details before the modal closes.
 *
 * Effects are actors (defaults throw "<name> not provided"); src/features/customer-add/wire.ts provides them.
 * Messages are i18n keys, reported as `toast.show` (severity + key), never display text.
 */
import { and, assertEvent, assign, enqueueActions, not, sendTo, setup, type ActorRefFrom } from 'xstate';
import { companyLookupMachine } from './companyLookup.machine';
import { customerCreationMachine, type CreationOutput } from './customerCreation.machine';
import type { CustomerAddGet } from './lib/contract';
import * as rules from './lib/customer-add/rules';
import { EMPTY_FORM, MESSAGE, endStatusMessageKey, type ConfirmationForm } from './lib/customer-add/rules';
import { notProvided } from './lib/not-provided';
import { report } from './lib/report';
import type { NavTarget } from './lib/rights';
import { signingMachine, type SigningMethod, type SigningOutput } from './signing.machine';
import type { ToastRequest } from './toasts.machine';

type CustomerAddEmitted =
  | { type: 'toast.show'; toast: ToastRequest }
  | { type: 'navigation.requested'; target: NavTarget }
  | { type: 'customerAdd.finished'; created: boolean };

interface CustomerAddContext {
  /** from PortalConfig (the input): picks the account service address after a signature (step 7) */
  accountService: rules.AccountServiceConfig;
  /** of the person who opened the modal (customerAdd.open) */
  privileges: string[];
  representativeId: string;
  /** where the account service sends the user back after a signature */
  returnUrl: string;
  /** the company field's text */
  term: string;
  customer: CustomerAddGet | null;
  /** what the user typed; kept through failures and closing, cleared only after a success */
  form: ConfirmationForm;
  /** the user tried to go on with an invalid form: show the field errors */
  showErrors: boolean;
  showPhoneError: boolean;
  /** inline message in the dialog (no ID-card, PIN cancelled, no answer): the user can try again */
  notice: rules.MessageRef | null;
  /** the message the flow ended with (also reported as toast.show) */
  outcome: ToastRequest | null;
  /** set on SUCCESS: the account service page the app is sent to */
  redirectUrl: string | null;
  /** the modal was open since it last closed: its end is reported once */
  wasOpen: boolean;
}

/** What a newly opened modal starts from (the form stays). */
const FRESH = {
  privileges: [],
  representativeId: '',
  returnUrl: '',
  term: '',
  customer: null,
  showErrors: false,
  showPhoneError: false,
  notice: null,
  outcome: null,
  redirectUrl: null,
  wasOpen: false,
} satisfies Omit<CustomerAddContext, 'accountService' | 'form'>;

const failure = (messageKey: string): ToastRequest => ({ toastType: 'error', messageKey });

const customerAddSetup = setup({
  types: {
    context: {} as CustomerAddContext,
    events: {} as
      | { type: 'customerAdd.open'; privileges: string[]; representativeId: string; returnUrl: string }
      | { type: 'customerAdd.close' }
      | { type: 'customerAdd.search'; term: string }
      | { type: 'customerAdd.choose'; code: string }
      | { type: 'customerAdd.change'; values: Partial<ConfirmationForm> }
      | { type: 'customerAdd.sign' }
      | { type: 'customerAdd.confirm' }
      /** look the term up again after a failed lookup */
      | { type: 'customerAdd.retry' }
      /** the method the user picked in the signing panel, handed on to the signing machine */
      | { type: 'signing.start'; method: SigningMethod },
    input: {} as { accountService: rules.AccountServiceConfig },
    emitted: {} as CustomerAddEmitted,
    children: {} as { companyLookup: 'companyLookup'; customerCreation: 'customerCreation'; signing: 'signing' },
  },
  actors: {
    /** steps 1–3: find the company and load it */
    companyLookup: companyLookupMachine,
    /** steps 4 and 6: the rights under the contract, or staff adding the customer */
    customerCreation: customerCreationMachine,
    /** steps 7–8: one signing attempt (its own requests are provided to it) */
    signing: signingMachine,
    /**
     * leave for the account service's customer edit page (step 7): a page of this portal (the reference setup) is
     * an in-app path for the router; any other address is a full page load that never comes back
     */
    redirectToAccountService: notProvided<{ path: string }, { url: string }>('redirectToAccountService'),
  },
  guards: {
    isContractStopped: ({ context }) => context.customer?.value === 'CONTRACT_STOPPED',
    canAddAnyCustomer: ({ context }) => context.privileges.includes('ADD_ANY_CUSTOMER'),
    hasContract: ({ context }) => context.customer?.hasContract === true,
    isMainAdmin: ({ context }) => context.customer?.isMainAdministrator === true,
    isConfirmationValid: ({ context }) => rules.isConfirmationValid(context.form),
    isPhoneValid: ({ context }) => rules.isPhoneValid(context.form.phone),
    choseMobileId: ({ event }) => event.type === 'signing.start' && event.method === 'mobileId',
    isSuccess: (_, p: CreationOutput) => p.status !== null && rules.isSuccessStatus(p.status),
    unanswered: (_, p: CreationOutput) => p.status === null,
    rightsGranted: ({ context }, p: CreationOutput) =>
      !context.privileges.includes('ADD_ANY_CUSTOMER') && p.status !== null && rules.isSuccessStatus(p.status),
    /** the signing machine's end result */
    isSigned: (_, p: SigningOutput) => p.result === 'signed',
    canRetry: (_, p: SigningOutput) => p.result === 'retry',
  },
  actions: {
    openModal: assign(({ event }) => {
      assertEvent(event, 'customerAdd.open');
      const { privileges, representativeId, returnUrl } = event;
      return { ...FRESH, privileges, representativeId, returnUrl, wasOpen: true };
    }),
    /** the transient data of one attempt; the form stays */
    forgetAttempt: assign({ customer: null, notice: null }),
    setTerm: assign(({ event }) => {
      assertEvent(event, 'customerAdd.search');
      return { term: event.term, customer: null, notice: null };
    }),
    setCustomer: assign((_, p: { customer: CustomerAddGet }) => ({ customer: p.customer })),
    updateForm: assign(({ context, event }) => {
      assertEvent(event, 'customerAdd.change');
      return { form: { ...context.form, ...event.values } };
    }),
    revealErrors: assign({ showErrors: true }),
    revealPhoneError: assign({ showPhoneError: true }),
    startAttempt: assign({ notice: null, showPhoneError: false }),
    /** the method the user picked goes to the signing machine invoked on entry */
    startSigning: sendTo('signing', ({ event }) => {
      assertEvent(event, 'signing.start');
      return { type: 'signing.start' as const, method: event.method };
    }),
    setNotice: assign((_, p: { key: string }) => ({ notice: { key: p.key } })),
    forgetNotice: assign({ notice: null }),
    /** the closing message of the flow: kept in context and reported for the toasts */
    announce: enqueueActions(({ enqueue, self }, p: ToastRequest) => {
      enqueue.assign({ outcome: p });
      report(enqueue, self, { type: 'toast.show', toast: p });
    }),
    /** the modal's flow ended: whether it added something (then the person's details reload before it closes) */
    reportFinished: enqueueActions(({ context, enqueue, self }) => {
      if (!context.wasOpen) return;
      enqueue.assign({ wasOpen: false });
      report(enqueue, self, { type: 'customerAdd.finished', created: context.outcome?.toastType === 'success' });
    }),
    goInApp: enqueueActions(({ enqueue, self }, p: { path: string }) =>
      report(enqueue, self, { type: 'navigation.requested', target: { kind: 'path', path: p.path } }),
    ),
    prepareRedirect: assign(({ context }) => ({
      redirectUrl: context.customer
        ? rules.accountServiceRedirectUrl(context.accountService, rules.jgidOf(context.customer), context.returnUrl)
        : null,
    })),
    clearForm: assign({ form: EMPTY_FORM, showErrors: false }),
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
  context: ({ input }) => ({ ...FRESH, accountService: input.accountService, form: EMPTY_FORM }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The Add customer dialog is not shown.',
      entry: ['reportFinished', 'forgetAttempt'],
      on: {
        'customerAdd.open': {
          target: 'open',
          actions: 'openModal',
          description: "Clicks 'Add new customer' (or 'Enter into a business customer contract')",
        },
      },
    },

    open: {
      // closing it (or leaving the page) stops every request and timer below
      description: 'The Add customer dialog is shown.',
      on: {
        'customerAdd.close': { target: 'closed', description: 'Closes the dialog' },
        'customerAdd.change': {
          actions: 'updateForm',
          description: 'Fills in the e-mail, additional info, phone number or the two checkboxes',
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
              target: 'reviewing',
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

        reviewing: {
          description:
            'The chosen company is shown with its registry code and address, and the action that fits its contract and the person.',
          on: { 'customerAdd.search': SEARCH_AGAIN },
          initial: 'deciding',
          states: {
            deciding: {
              description: 'The portal decides what the person may do with this company.',
              always: [
                {
                  guard: 'isContractStopped',
                  target: '#customerAdd.closed',
                  actions: { type: 'announce', params: failure(endStatusMessageKey('CONTRACT_STOPPED')) },
                  description: "The company's contract is stopped: the message shows and the dialog closes",
                },
                {
                  guard: 'canAddAnyCustomer',
                  target: 'confirmingAsStaff',
                  description: 'The person is staff allowed to add any customer',
                },
                {
                  guard: and(['hasContract', 'isMainAdmin']),
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
              description:
                "The confirmation form (e-mail, additional info, terms and board checkboxes) with a 'Sign' button.",
              on: {
                'customerAdd.sign': [
                  {
                    guard: 'isConfirmationValid',
                    target: '#customerAdd.open.signing',
                    description: "Clicks 'Sign', if the confirmation is complete: the signing panel opens",
                  },
                  {
                    actions: 'revealErrors',
                    description: "Clicks 'Sign' with the confirmation incomplete: the missing fields are marked",
                  },
                ],
              },
            },
            confirmingRights: {
              description: "The confirmation form with a 'Confirm' button that asks for rights under the contract.",
              on: {
                'customerAdd.confirm': [
                  {
                    guard: 'isConfirmationValid',
                    target: '#customerAdd.open.creating',
                    description: "Clicks 'Confirm', if the confirmation is complete",
                  },
                  {
                    actions: 'revealErrors',
                    description: "Clicks 'Confirm' with the confirmation incomplete: the missing fields are marked",
                  },
                ],
              },
            },
            rightsAlreadyExist: {
              description: "Only the note 'representation rights already exist' is shown.",
            },
            confirmingAsStaff: {
              description:
                "No form; a button 'Confirm adding new customer' (or 'Confirm complete update of customer data').",
              on: {
                'customerAdd.confirm': {
                  target: '#customerAdd.open.creating',
                  description: 'Clicks the confirm button',
                },
              },
            },
          },
        },

        creating: {
          description: 'The portal asks for the rights, or adds the customer; the buttons are disabled.',
          tags: ['busy'],
          entry: 'forgetNotice',
          invoke: {
            id: 'customerCreation',
            src: 'customerCreation',
            input: ({ context }) =>
              context.privileges.includes('ADD_ANY_CUSTOMER')
                ? { kind: 'customer' as const, regCode: context.customer?.regCode ?? '' }
                : {
                    kind: 'rights' as const,
                    customerId: context.customer?.id ?? '',
                    customerName: context.customer?.name ?? '',
                    email: context.form.email.trim(),
                  },
            onDone: [
              {
                guard: { type: 'rightsGranted', params: ({ event }) => event.output },
                target: '#customerAdd.closed',
                actions: [
                  { type: 'announce', params: { toastType: 'success', messageKey: MESSAGE.success } },
                  'clearForm',
                ],
                description: 'The server grants the rights: a success message shows and the dialog closes',
              },
              {
                guard: { type: 'isSuccess', params: ({ event }) => event.output },
                target: '#customerAdd.closed',
                actions: { type: 'announce', params: { toastType: 'success', messageKey: MESSAGE.saved } },
                description: "The server adds the customer: 'Saved' shows and the dialog closes",
              },
              {
                guard: { type: 'unanswered', params: ({ event }) => event.output },
                target: 'reviewing',
                actions: { type: 'setNotice', params: { key: MESSAGE.serverError } },
                description: 'The server does not answer: an error shows in the dialog and what was typed stays',
              },
              {
                target: '#customerAdd.closed',
                actions: {
                  type: 'announce',
                  params: ({ event }) => failure(endStatusMessageKey(event.output.status ?? '')),
                },
                description:
                  'The server refuses (for example the contract is stopped): its message shows and the dialog closes',
              },
            ],
          },
        },

        signing: {
          description: 'The signing panel with ID-card, Mobile-ID and Smart-ID is shown under the form.',
          tags: ['signingPanel'],
          initial: 'choosingMethod',
          states: {
            choosingMethod: {
              description: 'The person picks a signing method.',
              always: {
                guard: not('isConfirmationValid'),
                target: '#customerAdd.open.reviewing.confirmingContract',
                actions: 'revealErrors',
                description: 'The person made the confirmation incomplete again: the signing panel hides',
              },
              on: {
                'customerAdd.search': SEARCH_AGAIN,
                'signing.start': [
                  {
                    guard: and(['choseMobileId', not('isPhoneValid')]),
                    actions: 'revealPhoneError',
                    description: 'Clicks Mobile-ID with a missing or wrong phone number: the phone field is marked',
                  },
                  {
                    target: 'signingWithMethod',
                    actions: 'startAttempt',
                    description: 'Clicks ID-card, Smart-ID, or Mobile-ID with a valid phone number',
                  },
                ],
              },
            },
            signingWithMethod: {
              description: 'The person signs with the chosen method; the form and the buttons are disabled.',
              tags: ['busy'],
              entry: 'startSigning',
              invoke: {
                id: 'signing',
                src: 'signing',
                input: ({ context }) => ({
                  customer: rules.signingCustomer(context.customer!, context.form),
                  mobileNr: context.form.phone.trim(),
                }),
                onDone: [
                  {
                    guard: { type: 'isSigned', params: ({ event }) => event.output },
                    target: '#customerAdd.redirecting',
                    description: 'The contract is signed',
                  },
                  {
                    guard: { type: 'canRetry', params: ({ event }) => event.output },
                    target: 'choosingMethod',
                    actions: { type: 'setNotice', params: ({ event }) => ({ key: event.output.messageKey }) },
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

    redirecting: {
      description:
        "The contract is signed: a success message shows, the dialog closes and the browser goes to the customer's page in the account service.",
      tags: ['busy'],
      entry: [
        { type: 'announce', params: { toastType: 'success', messageKey: MESSAGE.success } },
        'prepareRedirect',
        'clearForm',
      ],
      invoke: {
        id: 'redirectToAccountService',
        src: 'redirectToAccountService',
        input: ({ context }) => ({ url: context.redirectUrl ?? '' }),
        onDone: {
          target: 'closed',
          actions: { type: 'goInApp', params: ({ event }) => event.output },
          description: "The customer's settings page of the portal opens",
        },
        onError: {
          target: 'closed',
          description: 'The account service page cannot be opened: the person stays in the portal',
        },
      },
    },
  },
});

export type CustomerAddActor = ActorRefFrom<typeof customerAddMachine>;
