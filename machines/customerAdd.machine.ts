/**
 * Customer-add: spec 1 §2 "Customer-add modal", §4 customer-add flow steps 1–9, §5 validation, §7 customer-add/*,
 * §8 customer-add messages.
 *
 * One long-lived actor (systemId SYSTEM_ID.customerAdd) drives the modal: `closed` ⇄ `open`. In `open` the user
 * looks the company up, fills the confirmation form, and confirms (rights, or staff adding the customer) or signs:
 * each signing attempt is the invoked `signing` machine (machines/signing.machine.ts). Leaving `open`
 * (customerAdd.close, an end status, or stopping the actor) tears down every invoked request, the signing child
 * with its polling, and every `after` timer, because all of them live inside the states they belong to.
 *
 * Effects are actors (defaults throw "<name> not provided"); src/features/customer-add/actors.ts provides them.
 * Messages are i18n keys, emitted as `toast.show` (severity + key), never display text.
 */
import { and, assertEvent, assign, enqueueActions, fromPromise, not, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { DoneActorEvent } from 'xstate';
import type { z } from 'zod';
import type { AutocompleteItem as AutocompleteItemSchema, CustomerAddGet, StatusValue } from './lib/contract';
import * as rules from './lib/customer-add/rules';
import { EMPTY_FORM, MESSAGE, endStatusMessageKey, type ConfirmationForm } from './lib/customer-add/rules';
import { signingMachine, type SigningMethod, type SigningOutput } from './signing.machine';
import type { ToastRequest } from './toasts.machine';

/** The autocomplete waits for a pause in typing (value not in the spec). */
export const AUTOCOMPLETE_DEBOUNCE = 300;

type AutocompleteItem = z.infer<typeof AutocompleteItemSchema>;
/** customer-add/create-rights and create-customer answer { value: SUCCESS or an error code } */
type ValueAnswer = z.infer<typeof StatusValue>;

interface CustomerAddContext {
  /** from PortalConfig (the input): picks the account service address after a signature (step 7) */
  accountService: rules.AccountServiceConfig;
  /** of the person who opened the modal (customerAdd.open) */
  privileges: string[];
  representativeId: string;
  /** where the account service sends the user back after a signature */
  returnUrl: string;
  term: string;
  suggestions: AutocompleteItem[];
  customer: CustomerAddGet | null;
  /** what the user typed; kept through failures and closing, cleared only after a success */
  form: ConfirmationForm;
  /** the user tried to go on with an invalid form: show the field errors */
  showErrors: boolean;
  showPhoneError: boolean;
  /** inline message in the signing panel (no ID-card, PIN cancelled): the user can try again */
  notice: rules.MessageRef | null;
  /** the message the flow ended with (also emitted as toast.show) */
  outcome: ToastRequest | null;
  /** set on SUCCESS: the account service page the app is sent to */
  redirectUrl: string | null;
}

/** What a newly opened modal starts from (the form stays). */
const FRESH = {
  privileges: [],
  representativeId: '',
  returnUrl: '',
  term: '',
  suggestions: [],
  customer: null,
  showErrors: false,
  showPhoneError: false,
  notice: null,
  outcome: null,
  redirectUrl: null,
} satisfies Omit<CustomerAddContext, 'accountService' | 'form'>;

const notProvided = <TOut, TIn>(name: string) =>
  fromPromise<TOut, TIn>(() => Promise.reject(new Error(`${name} not provided`)));

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
      /** the method the user picked in the signing panel, handed on to the signing machine */
      | { type: 'signing.start'; method: SigningMethod },
    input: {} as { accountService: rules.AccountServiceConfig },
    emitted: {} as { type: 'toast.show'; toast: ToastRequest },
    children: {} as { signing: 'signing' },
  },
  actors: {
    /** GET customer-add/find?term= → AutocompleteItem[] */
    findCompanies: notProvided<AutocompleteItem[], { term: string }>('findCompanies'),
    /** GET customer-add/get/{code} → CustomerAddGet */
    loadCustomer: notProvided<CustomerAddGet, { code: string }>('loadCustomer'),
    /** POST customer-add/create-rights { customerId, customerName, email } → { value } */
    createRights: notProvided<ValueAnswer, { customerId: string; customerName: string; email: string }>('createRights'),
    /** POST customer-add/create-customer { value: regCode } → { value } */
    createCustomer: notProvided<ValueAnswer, { value: string }>('createCustomer'),
    /** steps 7–8: one signing attempt (its own requests are provided to it) */
    signing: signingMachine,
    /** leave for the account service's customer edit page (step 7) */
    redirectToAccountService: notProvided<void, { url: string }>('redirectToAccountService'),
  },
  delays: { AUTOCOMPLETE_DEBOUNCE },
  guards: {
    hasSearchTerm: ({ context }) => context.term.trim().length > 0,
    isAutocompleteEmpty: ({ context }, p: { results: unknown[] }) => rules.isAutocompleteEmpty(context.term, p.results),
    isContractStopped: ({ context }) => context.customer?.value === 'CONTRACT_STOPPED',
    canAddAnyCustomer: ({ context }) => context.privileges.includes('ADD_ANY_CUSTOMER'),
    hasContract: ({ context }) => context.customer?.hasContract === true,
    isMainAdmin: ({ context }) => context.customer?.isMainAdministrator === true,
    isConfirmationValid: ({ context }) => rules.isConfirmationValid(context.form),
    isPhoneValid: ({ context }) => rules.isPhoneValid(context.form.phone),
    choseMobileId: ({ event }) => event.type === 'signing.start' && event.method === 'mobileId',
    isSuccess: (_, p: ValueAnswer) => rules.isSuccessStatus(p.value),
    /** the signing machine's end result */
    isSigned: (_, p: SigningOutput) => p.result === 'signed',
    canRetry: (_, p: SigningOutput) => p.result === 'retry',
  },
  actions: {
    openModal: assign(({ event }) => {
      assertEvent(event, 'customerAdd.open');
      const { privileges, representativeId, returnUrl } = event;
      return { ...FRESH, privileges, representativeId, returnUrl };
    }),
    /** the transient data of one attempt; the form stays */
    forgetAttempt: assign({ suggestions: [], customer: null, notice: null }),
    setTerm: assign(({ event }) => {
      assertEvent(event, 'customerAdd.search');
      return { term: event.term, suggestions: [], customer: null };
    }),
    setSuggestions: assign((_, p: { suggestions: AutocompleteItem[] }) => ({ suggestions: p.suggestions })),
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
    /** the closing message of the flow: kept in context (the wiring reads it) and emitted for the toasts */
    announce: enqueueActions(({ enqueue }, p: ToastRequest) => {
      enqueue.assign({ outcome: p });
      enqueue.emit({ type: 'toast.show', toast: p });
    }),
    prepareRedirect: assign(({ context }) => ({
      redirectUrl: context.customer
        ? rules.accountServiceRedirectUrl(context.accountService, rules.jgidOf(context.customer), context.returnUrl)
        : null,
    })),
    clearForm: assign({ form: EMPTY_FORM, showErrors: false }),
  },
});

const failure = (messageKey: string): ToastRequest => ({ toastType: 'error', messageKey });
/** close the modal with this message */
const closeWith = (toast: ToastRequest) =>
  ({
    target: '#customerAdd.closed',
    actions: { type: 'announce', params: toast },
  }) as const;

/** customer-add/create-*: SUCCESS closes with `success`, an error code with its message, a failed request with error.server */
function closeOnAnswer(success: ToastRequest, ...after: 'clearForm'[]) {
  type Done = { event: DoneActorEvent<ValueAnswer> };
  return {
    onDone: [
      {
        guard: { type: 'isSuccess', params: ({ event }: Done) => event.output },
        target: '#customerAdd.closed',
        actions: [{ type: 'announce', params: success }, ...after],
      },
      {
        target: '#customerAdd.closed',
        actions: { type: 'announce', params: ({ event }: Done) => failure(endStatusMessageKey(event.output.value)) },
      },
    ],
    onError: closeWith(failure(MESSAGE.serverError)),
  } as const;
}

export const customerAddMachine = customerAddSetup.createMachine({
  id: 'customerAdd',
  context: ({ input }) => ({ ...FRESH, accountService: input.accountService, form: EMPTY_FORM }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The customer-add modal is not shown. Nothing runs.',
      entry: 'forgetAttempt',
      on: { 'customerAdd.open': { target: 'open', actions: 'openModal' } },
    },

    open: {
      description: 'The modal is shown. Closing it (or leaving the page) stops every request and timer below.',
      on: { 'customerAdd.close': { target: 'closed' }, 'customerAdd.change': { actions: 'updateForm' } },
      initial: 'selectingCompany',
      states: {
        selectingCompany: {
          description: 'Step 1: the user searches the business register by company name or registry code.',
          on: { 'customerAdd.search': { target: '.typing', reenter: true, actions: 'setTerm' } },
          initial: 'waitingForInput',
          states: {
            waitingForInput: {},
            typing: {
              after: {
                AUTOCOMPLETE_DEBOUNCE: [{ guard: 'hasSearchTerm', target: 'lookingUp' }, { target: 'waitingForInput' }],
              },
            },
            lookingUp: {
              tags: ['loading'],
              invoke: {
                id: 'findCompanies',
                src: 'findCompanies',
                input: ({ context }) => ({ term: context.term.trim() }),
                onDone: [
                  {
                    guard: { type: 'isAutocompleteEmpty', params: ({ event }) => ({ results: event.output }) },
                    target: 'companyNotFound',
                  },
                  {
                    target: 'showingSuggestions',
                    actions: { type: 'setSuggestions', params: ({ event }) => ({ suggestions: event.output }) },
                  },
                ],
                onError: closeWith(failure(MESSAGE.clientError)),
              },
            },
            showingSuggestions: { on: { 'customerAdd.choose': { target: '#customerAdd.open.loadingCustomer' } } },
            companyNotFound: {
              description: "Spec 1 §5: no results and the term is not a 1–7 digit number: 'Company not found'.",
            },
          },
        },

        loadingCustomer: {
          description: 'Step 1: the chosen company is loaded (customer-add/get).',
          tags: ['loading'],
          invoke: {
            id: 'loadCustomer',
            src: 'loadCustomer',
            input: ({ event }) => ({ code: event.type === 'customerAdd.choose' ? event.code : '' }),
            onDone: {
              target: 'reviewing',
              actions: { type: 'setCustomer', params: ({ event }) => ({ customer: event.output }) },
            },
            onError: closeWith(failure(MESSAGE.serverError)),
          },
        },

        reviewing: {
          description: 'Steps 2–6: the chosen company with the action that fits its contract and the user.',
          on: { 'customerAdd.search': { target: 'selectingCompany.typing', actions: 'setTerm' } },
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                { guard: 'isContractStopped', ...closeWith(failure(endStatusMessageKey('CONTRACT_STOPPED'))) },
                { guard: 'canAddAnyCustomer', target: 'confirmingAsStaff' },
                { guard: and(['hasContract', 'isMainAdmin']), target: 'rightsAlreadyExist' },
                { guard: 'hasContract', target: 'confirmingRights' },
                { target: 'confirmingContract' },
              ],
            },
            confirmingContract: {
              description: "Step 3: no contract yet. The confirmation form; a valid 'Sign' shows the signing panel.",
              on: {
                'customerAdd.sign': [
                  { guard: 'isConfirmationValid', target: '#customerAdd.open.signing' },
                  { actions: 'revealErrors' },
                ],
              },
            },
            confirmingRights: {
              description: "Step 4: a contract, and the user is not its main admin. 'Confirm' creates the rights.",
              on: {
                'customerAdd.confirm': [
                  { guard: 'isConfirmationValid', target: '#customerAdd.open.creatingRights' },
                  { actions: 'revealErrors' },
                ],
              },
            },
            rightsAlreadyExist: {
              description: "Step 5: the user is already a main admin: only the note 'rights already exist'.",
            },
            confirmingAsStaff: {
              description: "Step 6 (ADD_ANY_CUSTOMER): no form; 'Confirm adding' or 'Confirm complete update'.",
              on: { 'customerAdd.confirm': { target: '#customerAdd.open.creatingCustomer' } },
            },
          },
        },

        creatingRights: {
          description: 'Step 4: customer-add/create-rights.',
          tags: ['busy'],
          invoke: {
            id: 'createRights',
            src: 'createRights',
            input: ({ context }) => ({
              customerId: context.customer?.id ?? '',
              customerName: context.customer?.name ?? '',
              email: context.form.email.trim(),
            }),
            ...closeOnAnswer({ toastType: 'success', messageKey: MESSAGE.success }, 'clearForm'),
          },
        },

        creatingCustomer: {
          description: 'Step 6: customer-add/create-customer, then the generic save message.',
          tags: ['busy'],
          invoke: {
            id: 'createCustomer',
            src: 'createCustomer',
            input: ({ context }) => ({ value: context.customer?.regCode ?? '' }),
            ...closeOnAnswer({ toastType: 'success', messageKey: MESSAGE.saved }),
          },
        },

        signing: {
          description: 'Steps 7–9: the signing panel with ID-card, Mobile-ID and Smart-ID.',
          tags: ['signingPanel'],
          initial: 'choosingMethod',
          states: {
            choosingMethod: {
              description: 'The user picks a signing method. A form made invalid again hides the panel.',
              always: {
                guard: not('isConfirmationValid'),
                target: '#customerAdd.open.reviewing.confirmingContract',
                actions: 'revealErrors',
              },
              on: {
                'customerAdd.search': { target: '#customerAdd.open.selectingCompany.typing', actions: 'setTerm' },
                'signing.start': [
                  { guard: and(['choseMobileId', not('isPhoneValid')]), actions: 'revealPhoneError' },
                  { target: 'signingWithMethod', actions: 'startAttempt' },
                ],
              },
            },
            signingWithMethod: {
              description: 'The signing machine signs with the chosen method; the form and the buttons are disabled.',
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
                  },
                  {
                    guard: { type: 'canRetry', params: ({ event }) => event.output },
                    target: 'choosingMethod',
                    actions: { type: 'setNotice', params: ({ event }) => ({ key: event.output.messageKey }) },
                  },
                  {
                    target: '#customerAdd.closed',
                    actions: { type: 'announce', params: ({ event }) => failure(event.output.messageKey) },
                  },
                ],
                onError: closeWith(failure(MESSAGE.serverError)),
              },
            },
          },
        },
      },
    },

    redirecting: {
      description:
        'Step 7 SUCCESS: rights added (credit usable in about five minutes, log out and in again); the modal is closed and the app goes to the account service customer edit page.',
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
        onDone: { target: 'closed' },
        onError: { target: 'closed' },
      },
    },
  },
});

export type CustomerAddActor = ActorRefFrom<typeof customerAddMachine>;
