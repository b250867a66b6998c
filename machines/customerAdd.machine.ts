/**
 * Customer-add and contract signing: spec 1 §2 "Customer-add modal", §4 customer-add flow steps 1–9,
 * §5 validation, §7 customer-add/* and sign/*, §8 customer-add messages, §9 polling constants.
 *
 * One long-lived actor (systemId SYSTEM_ID.signing) drives the modal: `closed` ⇄ `open`.
 * The modal is shown while the machine is in `open`; leaving `open` (customerAdd.close, an end status,
 * or stopping the actor) tears down every invoked request and every `after` timer of the flow, because
 * all of them live inside the states they belong to — nothing is kept in context or detached.
 *
 * Effects are actors (defaults throw "<name> not provided"); src/app/actors.ts provides them.
 * Requests get `signal` from fromPromise: abort the fetch with it so a left state cancels its request.
 * Messages are i18n keys, emitted as `toast.show` (severity + key), never display text.
 */
import {
  and,
  assign,
  emit,
  fromPromise,
  not,
  setup,
  type ActorRefFrom,
  type DoneActorEvent,
  type SnapshotFrom,
} from 'xstate';
import { PRIVILEGES, type CustomerAddGet } from './lib/contract';
import {
  EMPTY_FORM,
  MESSAGE,
  accountServiceRedirectUrl,
  cardErrorCode,
  endStatusMessageKey,
  isAutocompleteEmpty,
  isConfirmationValid,
  isInProgressStatus,
  isPhoneValid,
  isSuccessStatus,
  jgidOf,
  signingCustomer,
  type AccountServiceConfig,
  type ConfirmationForm,
  type MessageRef,
} from './lib/customer-add/rules';
import type { ToastRequest } from './toasts.machine';

const ADD_ANY_CUSTOMER: (typeof PRIVILEGES)[number] = 'ADD_ANY_CUSTOMER';

// ---------------------------------------------------------------- types

export interface AutocompleteItem {
  name: string;
  code: string;
}
export type SigningMethod = 'idCard' | 'mobileId' | 'smartId';
/** The closing message, as the toasts machine takes it. */
export type CustomerAddToast = ToastRequest;

export interface CustomerAddInput {
  /** from PortalConfig: picks the account service address after a signature (step 7) */
  accountService: AccountServiceConfig;
}

export interface CustomerAddContext {
  accountService: AccountServiceConfig;
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
  certificate: string | null;
  digest: string | null;
  signature: string | null;
  /** Mobile-ID / Smart-ID verification code (challengeId) */
  challengeId: string | null;
  /** inline message in the signing panel (no ID-card, PIN cancelled): the user can try again */
  notice: MessageRef | null;
  /** the message the flow ended with (also emitted as toast.show) */
  outcome: CustomerAddToast | null;
  /** set on SUCCESS: the account service page the app is sent to */
  redirectUrl: string | null;
}

export type CustomerAddEvent =
  | { type: 'customerAdd.open'; privileges: string[]; representativeId: string; returnUrl: string }
  | { type: 'customerAdd.close' }
  | { type: 'customerAdd.search'; term: string }
  | { type: 'customerAdd.choose'; code: string }
  | { type: 'customerAdd.change'; values: Partial<ConfirmationForm> }
  | { type: 'customerAdd.sign' }
  | { type: 'customerAdd.confirm' }
  | { type: 'signing.start'; method: SigningMethod };

export type CustomerAddEmitted = { type: 'toast.show'; toast: CustomerAddToast };

/** Answers of the API calls, exactly as spec 1 §7 and machines/lib/contract.ts shape them. */
export type StatusAnswer = { status: string };
export type ValueAnswer = { value: string };
export type DigestAnswer = { digest: string | null; status: string };
export type StartAnswer = { status: string; challengeId: string | null };
/** Web eID shape: getSigningCertificate() → { certificate }, sign(certificate, hash, hashFunction) → { signature } */
export type CertificateAnswer = { certificate: string };
export type SignatureAnswer = { signature: string };

const notProvided = <TOut, TIn>(name: string) =>
  fromPromise<TOut, TIn>(async () => {
    throw new Error(`${name} not provided`);
  });

const statusOf = (output: Partial<StatusAnswer & ValueAnswer> | undefined): string =>
  output?.status ?? output?.value ?? '';

// ---------------------------------------------------------------- setup

const customerAddSetup = setup({
  types: {
    context: {} as CustomerAddContext,
    events: {} as CustomerAddEvent,
    input: {} as CustomerAddInput,
    emitted: {} as CustomerAddEmitted,
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
    /** ID-card adapter (Web eID): getSigningCertificate() */
    getCertificate: notProvided<CertificateAnswer, void>('getCertificate'),
    /** POST sign/digest { cert, customer } → { digest, status } */
    prepareDigest: notProvided<DigestAnswer, { cert: string; customer: ReturnType<typeof signingCustomer> }>(
      'prepareDigest',
    ),
    /** ID-card adapter (Web eID): sign(certificate, hash, 'SHA-256') */
    signHash: notProvided<SignatureAnswer, { certificate: string; hash: string; hashFunction: 'SHA-256' }>('signHash'),
    /** POST sign/finalize { value: signature } → { status } */
    finalizeSignature: notProvided<StatusAnswer, { value: string }>('finalizeSignature'),
    /** POST sign/mobile/start { mobileNr, customer } → { status, challengeId } */
    startMobileId: notProvided<StartAnswer, { mobileNr: string; customer: ReturnType<typeof signingCustomer> }>(
      'startMobileId',
    ),
    /** GET sign/mobile/check → { status } */
    checkMobileIdStatus: notProvided<StatusAnswer, void>('checkMobileIdStatus'),
    /** POST sign/smart_id/start { customer } → { status, challengeId } */
    startSmartId: notProvided<StartAnswer, { customer: ReturnType<typeof signingCustomer> }>('startSmartId'),
    /** GET sign/smart_id/check → { status } */
    checkSmartIdStatus: notProvided<StatusAnswer, void>('checkSmartIdStatus'),
    /** leave for the account service's customer edit page (step 7) */
    redirectToAccountService: notProvided<void, { url: string }>('redirectToAccountService'),
  },
  delays: {
    /** autocomplete waits for a pause in typing (value not in the spec) */
    AUTOCOMPLETE_DEBOUNCE: 300,
    /** spec 1 §9: first Mobile-ID / Smart-ID status check after 10 s */
    FIRST_CHECK: 10_000,
    /** spec 1 §9: then every 5 s */
    POLL_INTERVAL: 5_000,
    /** spec 1 §7: sign/mobile/check and sign/smart_id/check time out after 60000 ms */
    STATUS_TIMEOUT: 60_000,
  },
  guards: {
    hasSearchTerm: ({ context }) => context.term.trim().length > 0,
    isAutocompleteEmpty: (_, p: { term: string; results: readonly unknown[] }) =>
      isAutocompleteEmpty(p.term, p.results),
    isContractStopped: ({ context }) => context.customer?.value === 'CONTRACT_STOPPED',
    canAddAnyCustomer: ({ context }) => context.privileges.includes(ADD_ANY_CUSTOMER),
    hasContract: ({ context }) => context.customer?.hasContract === true,
    isMainAdmin: ({ context }) => context.customer?.mainAdministrators.includes(context.representativeId) === true,
    isConfirmationValid: ({ context }) => isConfirmationValid(context.form),
    isPhoneValid: ({ context }) => isPhoneValid(context.form.phone),
    choseIdCard: ({ event }) => event.type === 'signing.start' && event.method === 'idCard',
    choseMobileId: ({ event }) => event.type === 'signing.start' && event.method === 'mobileId',
    choseSmartId: ({ event }) => event.type === 'signing.start' && event.method === 'smartId',
    isSuccess: (_, p: { status: string }) => isSuccessStatus(p.status),
    isInProgress: (_, p: { status: string }) => isInProgressStatus(p.status),
    isDigestReady: (_, p: DigestAnswer) => isSuccessStatus(p.status) && !!p.digest,
  },
  actions: {
    openModal: assign(({ event }) => {
      if (event.type !== 'customerAdd.open') return {};
      return {
        privileges: event.privileges,
        representativeId: event.representativeId,
        returnUrl: event.returnUrl,
        term: '',
        suggestions: [],
        customer: null,
        showErrors: false,
        showPhoneError: false,
        notice: null,
        outcome: null,
        redirectUrl: null,
      };
    }),
    /** the transient data of one attempt; the form stays */
    forgetAttempt: assign({
      suggestions: [],
      customer: null,
      certificate: null,
      digest: null,
      signature: null,
      challengeId: null,
      notice: null,
    }),
    setTerm: assign(({ event }) =>
      event.type === 'customerAdd.search' ? { term: event.term, suggestions: [], customer: null } : {},
    ),
    setSuggestions: assign((_, p: { suggestions: AutocompleteItem[] }) => ({ suggestions: p.suggestions })),
    setCustomer: assign((_, p: { customer: CustomerAddGet }) => ({ customer: p.customer })),
    updateForm: assign(({ context, event }) =>
      event.type === 'customerAdd.change' ? { form: { ...context.form, ...event.values } } : {},
    ),
    revealErrors: assign({ showErrors: true }),
    revealPhoneError: assign({ showPhoneError: true }),
    startAttempt: assign({
      notice: null,
      certificate: null,
      digest: null,
      signature: null,
      challengeId: null,
      showPhoneError: false,
    }),
    setCertificate: assign((_, p: { certificate: string }) => ({ certificate: p.certificate })),
    setDigest: assign((_, p: { digest: string }) => ({ digest: p.digest })),
    setSignature: assign((_, p: { signature: string }) => ({ signature: p.signature })),
    setChallenge: assign((_, p: { challengeId: string | null }) => ({ challengeId: p.challengeId })),
    /** ID-card adapter failure: say why in the panel and let the user try again (card inserted, PIN re-entered) */
    setCardNotice: assign((_, p: { error: unknown }) => {
      const code = cardErrorCode(p.error);
      return { notice: { key: code ? endStatusMessageKey(code) : MESSAGE.clientError } };
    }),
    /** the closing message of the flow: kept in context and emitted for the toasts */
    announce: assign((_, p: CustomerAddToast) => ({ outcome: p })),
    /** announce the error end status in the answer of the request that just finished (the done event's { status } or { value }) */
    announceEndStatus: assign(({ event }) => {
      const { output } = event as unknown as DoneActorEvent<Partial<StatusAnswer & ValueAnswer>>;
      return { outcome: { toastType: 'error', messageKey: endStatusMessageKey(statusOf(output)) } };
    }),
    /** announce a request that failed or timed out (error.server) */
    announceServerError: assign({ outcome: { toastType: 'error', messageKey: MESSAGE.serverError } }),
    emitOutcome: emit(({ context }) => ({ type: 'toast.show' as const, toast: context.outcome! })),
    prepareRedirect: assign(({ context }) => ({
      redirectUrl: context.customer
        ? accountServiceRedirectUrl(context.accountService, jgidOf(context.customer), context.returnUrl)
        : null,
    })),
    clearForm: assign({ form: EMPTY_FORM, showErrors: false }),
  },
});

// ---------------------------------------------------------------- shared parts of the machine

/** guard params: the status in the answer of the request that just finished */
const outputStatus = ({ event }: { event: DoneActorEvent<{ status: string }> }) => ({ status: event.output.status });
/** guard params: the same for the customer-add requests, which answer { status } or { value } */
const answerStatus = ({ event }: { event: DoneActorEvent<Partial<StatusAnswer & ValueAnswer>> }) => ({
  status: statusOf(event.output),
});

type StartInput<TInput> = (args: { context: CustomerAddContext }) => TInput;
/** the two phone methods: which requests start and check a signature, and what the start sends */
type PhoneMethod =
  | {
      start: 'startMobileId';
      check: 'checkMobileIdStatus';
      startInput: StartInput<{ mobileNr: string; customer: ReturnType<typeof signingCustomer> }>;
    }
  | {
      start: 'startSmartId';
      check: 'checkSmartIdStatus';
      startInput: StartInput<{ customer: ReturnType<typeof signingCustomer> }>;
    };

/**
 * Step 7, Mobile-ID and Smart-ID alike: start (SUCCESS → the verification code is shown), first status check
 * after FIRST_CHECK, then every POLL_INTERVAL while in progress; SUCCESS redirects, any other answer, a failed
 * request or a check slower than STATUS_TIMEOUT closes the modal with its message.
 */
function phoneSigningState({
  description,
  confirmDescription,
  ...method
}: PhoneMethod & { description: string; confirmDescription: string }) {
  return customerAddSetup.createStateConfig({
    description,
    tags: ['busy'],
    initial: 'starting',
    states: {
      starting: {
        invoke: {
          id: method.start,
          src: method.start,
          // PhoneMethod pairs start with its startInput and checks it at the call site; TypeScript cannot follow
          // that pairing through the union here, so the (already checked) input is only passed on
          input: method.startInput as StartInput<never>,
          onDone: [
            {
              guard: { type: 'isSuccess', params: outputStatus },
              target: 'awaitingConfirmation',
              actions: { type: 'setChallenge', params: ({ event }) => ({ challengeId: event.output.challengeId }) },
            },
            { target: '#customerAdd.closed', actions: ['announceEndStatus', 'emitOutcome'] },
          ],
          onError: { target: '#customerAdd.closed', actions: ['announceServerError', 'emitOutcome'] },
        },
      },
      awaitingConfirmation: {
        description: confirmDescription,
        tags: ['verificationCode'],
        initial: 'waitingForFirstCheck',
        states: {
          waitingForFirstCheck: { after: { FIRST_CHECK: 'checkingStatus' } },
          checkingStatus: {
            invoke: {
              id: method.check,
              src: method.check,
              onDone: [
                { guard: { type: 'isInProgress', params: outputStatus }, target: 'waitingForNextCheck' },
                { guard: { type: 'isSuccess', params: outputStatus }, target: '#customerAdd.redirecting' },
                { target: '#customerAdd.closed', actions: ['announceEndStatus', 'emitOutcome'] },
              ],
              onError: { target: '#customerAdd.closed', actions: ['announceServerError', 'emitOutcome'] },
            },
            after: {
              STATUS_TIMEOUT: { target: '#customerAdd.closed', actions: ['announceServerError', 'emitOutcome'] },
            },
          },
          waitingForNextCheck: { after: { POLL_INTERVAL: 'checkingStatus' } },
        },
      },
    },
  });
}

// ---------------------------------------------------------------- machine

export const customerAddMachine = customerAddSetup.createMachine({
  id: 'customerAdd',
  context: ({ input }) => ({
    accountService: input.accountService,
    privileges: [],
    representativeId: '',
    returnUrl: '',
    term: '',
    suggestions: [],
    customer: null,
    form: EMPTY_FORM,
    showErrors: false,
    showPhoneError: false,
    certificate: null,
    digest: null,
    signature: null,
    challengeId: null,
    notice: null,
    outcome: null,
    redirectUrl: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The customer-add modal is not shown. Nothing runs.',
      entry: 'forgetAttempt',
      on: { 'customerAdd.open': { target: 'open', actions: 'openModal' } },
    },

    open: {
      description:
        'The customer-add modal is shown. Closing it (or leaving the page) stops every request and timer below.',
      on: {
        'customerAdd.close': { target: 'closed' },
        'customerAdd.change': { actions: 'updateForm' },
      },
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
                    guard: {
                      type: 'isAutocompleteEmpty',
                      params: ({ context, event }) => ({ term: context.term, results: event.output }),
                    },
                    target: 'companyNotFound',
                  },
                  {
                    target: 'showingSuggestions',
                    actions: { type: 'setSuggestions', params: ({ event }) => ({ suggestions: event.output }) },
                  },
                ],
                onError: {
                  target: '#customerAdd.closed',
                  actions: [
                    { type: 'announce', params: { toastType: 'error', messageKey: MESSAGE.clientError } },
                    'emitOutcome',
                  ],
                },
              },
            },
            showingSuggestions: {
              on: { 'customerAdd.choose': { target: '#customerAdd.open.loadingCustomer' } },
            },
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
            onError: { target: '#customerAdd.closed', actions: ['announceServerError', 'emitOutcome'] },
          },
        },

        reviewing: {
          description: 'Steps 2–6: the chosen company with the action that fits its contract and the user.',
          on: { 'customerAdd.search': { target: 'selectingCompany.typing', actions: 'setTerm' } },
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                {
                  guard: 'isContractStopped',
                  target: '#customerAdd.closed',
                  actions: [
                    {
                      type: 'announce',
                      params: { toastType: 'error', messageKey: endStatusMessageKey('CONTRACT_STOPPED') },
                    },
                    'emitOutcome',
                  ],
                },
                { guard: 'canAddAnyCustomer', target: 'confirmingAsStaff' },
                { guard: and(['hasContract', 'isMainAdmin']), target: 'rightsAlreadyExist' },
                { guard: 'hasContract', target: 'confirmingRights' },
                { target: 'confirmingContract' },
              ],
            },
            confirmingContract: {
              description:
                "Step 3: no contract yet. The confirmation form; 'Sign' (enabled when valid) reveals the signing panel.",
              on: {
                'customerAdd.sign': [
                  { guard: 'isConfirmationValid', target: '#customerAdd.open.signing' },
                  { actions: 'revealErrors' },
                ],
              },
            },
            confirmingRights: {
              description:
                "Step 4: the company has a contract and the user is not its main administrator. 'Confirm' creates the rights.",
              on: {
                'customerAdd.confirm': [
                  { guard: 'isConfirmationValid', target: '#customerAdd.open.creatingRights' },
                  { actions: 'revealErrors' },
                ],
              },
            },
            rightsAlreadyExist: {
              description:
                "Step 5: the user is already a main administrator: only the note 'representation rights already exist'.",
            },
            confirmingAsStaff: {
              description:
                "Step 6 (ADD_ANY_CUSTOMER): no confirmation form; 'Confirm adding new customer' or 'Confirm complete update of customer data'.",
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
              customerId: context.customer!.id ?? '',
              customerName: context.customer!.name,
              email: context.form.email.trim(),
            }),
            onDone: [
              {
                guard: { type: 'isSuccess', params: answerStatus },
                target: '#customerAdd.closed',
                actions: [
                  { type: 'announce', params: { toastType: 'success', messageKey: MESSAGE.success } },
                  'emitOutcome',
                  'clearForm',
                ],
              },
              { target: '#customerAdd.closed', actions: ['announceEndStatus', 'emitOutcome'] },
            ],
            onError: { target: '#customerAdd.closed', actions: ['announceServerError', 'emitOutcome'] },
          },
        },

        creatingCustomer: {
          description: 'Step 6: customer-add/create-customer, then the generic save message.',
          tags: ['busy'],
          invoke: {
            id: 'createCustomer',
            src: 'createCustomer',
            input: ({ context }) => ({ value: context.customer!.regCode }),
            onDone: [
              {
                guard: { type: 'isSuccess', params: answerStatus },
                target: '#customerAdd.closed',
                actions: [
                  { type: 'announce', params: { toastType: 'success', messageKey: MESSAGE.saved } },
                  'emitOutcome',
                ],
              },
              { target: '#customerAdd.closed', actions: ['announceEndStatus', 'emitOutcome'] },
            ],
            onError: { target: '#customerAdd.closed', actions: ['announceServerError', 'emitOutcome'] },
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
                  { guard: 'choseIdCard', target: 'idCard', actions: 'startAttempt' },
                  { guard: and(['choseMobileId', 'isPhoneValid']), target: 'mobileId', actions: 'startAttempt' },
                  { guard: 'choseMobileId', actions: 'revealPhoneError' },
                  { guard: 'choseSmartId', target: 'smartId', actions: 'startAttempt' },
                ],
              },
            },

            idCard: {
              description:
                'Step 8: certificate from the card, digest (must be SUCCESS), signature on the card, finalize.',
              tags: ['busy'],
              initial: 'readingCertificate',
              states: {
                readingCertificate: {
                  invoke: {
                    id: 'getCertificate',
                    src: 'getCertificate',
                    onDone: {
                      target: 'preparingDigest',
                      actions: {
                        type: 'setCertificate',
                        params: ({ event }) => ({ certificate: event.output.certificate }),
                      },
                    },
                    onError: {
                      target: '#customerAdd.open.signing.choosingMethod',
                      actions: { type: 'setCardNotice', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
                preparingDigest: {
                  invoke: {
                    id: 'prepareDigest',
                    src: 'prepareDigest',
                    input: ({ context }) => ({
                      cert: context.certificate!,
                      customer: signingCustomer(context.customer!, context.form),
                    }),
                    onDone: [
                      {
                        guard: { type: 'isDigestReady', params: ({ event }) => event.output },
                        target: 'signingHash',
                        actions: { type: 'setDigest', params: ({ event }) => ({ digest: event.output.digest! }) },
                      },
                      { target: '#customerAdd.closed', actions: ['announceEndStatus', 'emitOutcome'] },
                    ],
                    onError: { target: '#customerAdd.closed', actions: ['announceServerError', 'emitOutcome'] },
                  },
                },
                signingHash: {
                  invoke: {
                    id: 'signHash',
                    src: 'signHash',
                    input: ({ context }) => ({
                      certificate: context.certificate!,
                      hash: context.digest!,
                      hashFunction: 'SHA-256' as const,
                    }),
                    onDone: {
                      target: 'finalizing',
                      actions: { type: 'setSignature', params: ({ event }) => ({ signature: event.output.signature }) },
                    },
                    onError: {
                      target: '#customerAdd.open.signing.choosingMethod',
                      actions: { type: 'setCardNotice', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
                finalizing: {
                  invoke: {
                    id: 'finalizeSignature',
                    src: 'finalizeSignature',
                    input: ({ context }) => ({ value: context.signature! }),
                    onDone: [
                      { guard: { type: 'isSuccess', params: outputStatus }, target: '#customerAdd.redirecting' },
                      { target: '#customerAdd.closed', actions: ['announceEndStatus', 'emitOutcome'] },
                    ],
                    onError: { target: '#customerAdd.closed', actions: ['announceServerError', 'emitOutcome'] },
                  },
                },
              },
            },

            mobileId: phoneSigningState({
              description: 'Step 7: Mobile-ID. Start, show the verification code, check after 10 s, then every 5 s.',
              confirmDescription: 'The verification code is shown while the user confirms on the phone.',
              start: 'startMobileId',
              startInput: ({ context }) => ({
                mobileNr: context.form.phone.trim(),
                customer: signingCustomer(context.customer!, context.form),
              }),
              check: 'checkMobileIdStatus',
            }),

            smartId: phoneSigningState({
              description: 'Step 7: Smart-ID. Start, show the verification code, check after 10 s, then every 5 s.',
              confirmDescription: 'The verification code is shown while the user confirms in the Smart-ID app.',
              start: 'startSmartId',
              startInput: ({ context }) => ({ customer: signingCustomer(context.customer!, context.form) }),
              check: 'checkSmartIdStatus',
            }),
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
        'emitOutcome',
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
export type CustomerAddSnapshot = SnapshotFrom<typeof customerAddMachine>;

/** For the view: is the modal shown? */
export const isModalOpen = (s: CustomerAddSnapshot): boolean => s.matches('open');
