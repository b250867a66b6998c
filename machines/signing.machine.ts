/**
 * Signing a new contract: spec 1 §4 customer-add steps 7–9, §7 sign/*, §8 customer-add messages, §9 polling.
 *
 * One signing attempt. The customer-add flow (machines/customerAdd.machine.ts) invokes it (actor id `signing`) when
 * the person picks a method in the signing panel; the input is the method and what is signed. Mobile-ID and
 * Smart-ID run here (start, verification code, status polling); the ID-card's own exchange is the invoked
 * machines/idCardSigning.machine.ts, whose ending this machine turns into its own. The attempt ends with a
 * SigningOutput: `signed` (SUCCESS), `retry` (the ID-card adapter failed: no card, PIN cancelled; or a start,
 * digest or finalize request got no answer; the panel says why and the user may try again) or `ended` (an end status
 * or a failed status check; the modal closes with it).
 * Closing the modal stops this actor, and with it every request and timer below: they all live in its states.
 *
 * Effects are actors (defaults throw "<name> not provided"); src/features/customer-add/wire.ts provides them
 * through provideSigning. Messages are i18n keys, never display text.
 */
import { assign, setup } from 'xstate';
import type { z } from 'zod/mini';
import type { SignStartResponse, SigningCustomer } from '../domain/contract';
import { MESSAGE, endStatusMessageKey, isInProgressStatus, isSuccessStatus } from '../domain/customer-add/rules';
import { notProvided } from '../domain/not-provided';
import { idCardSigningMachine, type IdCardSigningOutput, type StatusAnswer } from './idCardSigning.machine';

/** spec 1 §9: the first Mobile-ID / Smart-ID status check 10 s after the start */
export const FIRST_CHECK = 10_000;
/** spec 1 §9: then every 5 s */
export const POLL_INTERVAL = 5_000;
/** spec 1 §7: sign/mobile/check and sign/smart_id/check time out after 60000 ms */
export const STATUS_TIMEOUT = 60_000;

export type SigningMethod = 'idCard' | 'mobileId' | 'smartId';

/** The answer of sign/mobile/start and sign/smart_id/start, as domain/contract.ts shapes it (spec 1 §7). */
export type StartAnswer = z.infer<typeof SignStartResponse>;

/** What a Mobile-ID or Smart-ID start sends. */
export interface SigningRequest {
  /** what is signed: the company and the confirmation (sign/digest, sign/mobile/start, sign/smart_id/start) */
  customer: SigningCustomer;
  /** the Mobile-ID phone number, trimmed */
  mobileNr: string;
}

export interface SigningInput extends SigningRequest {
  /** the method the person picked in the signing panel */
  method: SigningMethod;
}

export interface SigningOutput {
  result: 'signed' | 'retry' | 'ended';
  /** signed: the success message; retry: the notice in the panel; ended: the error message (i18n keys) */
  messageKey: string;
}

interface SigningContext extends SigningInput {
  /** Mobile-ID / Smart-ID verification code (challengeId) */
  challengeId: string | null;
  outcome: SigningOutput | null;
}

const signingSetup = setup({
  types: {
    context: {} as SigningContext,
    input: {} as SigningInput,
    output: {} as SigningOutput,
  },
  actors: {
    /** step 8: certificate, digest, PIN and finalize with the ID-card */
    idCardSigning: idCardSigningMachine,
    /** POST sign/mobile/start { mobileNr, customer } → { status, challengeId } */
    startMobileId: notProvided<StartAnswer, SigningRequest>('startMobileId'),
    /** GET sign/mobile/check → { status } */
    checkMobileIdStatus: notProvided<StatusAnswer, void>('checkMobileIdStatus'),
    /** POST sign/smart_id/start { customer } → { status, challengeId } (the phone number is not sent) */
    startSmartId: notProvided<StartAnswer, SigningRequest>('startSmartId'),
    /** GET sign/smart_id/check → { status } */
    checkSmartIdStatus: notProvided<StatusAnswer, void>('checkSmartIdStatus'),
  },
  delays: { FIRST_CHECK, POLL_INTERVAL, STATUS_TIMEOUT },
  guards: {
    choseIdCard: ({ context }) => context.method === 'idCard',
    choseMobileId: ({ context }) => context.method === 'mobileId',
    isSuccess: (_, p: { status: string }) => isSuccessStatus(p.status),
    isInProgress: (_, p: { status: string }) => isInProgressStatus(p.status),
    idCardEndedAs: (_, p: { output: IdCardSigningOutput; ending: IdCardSigningOutput['ending'] }) =>
      p.output.ending === p.ending,
  },
  actions: {
    setChallenge: assign((_, p: { challengeId: string | null }) => ({ challengeId: p.challengeId })),
    /** the result the attempt ends with (the machine's output) */
    end: assign((_, p: SigningOutput) => ({ outcome: p })),
  },
});

/** transition parts every request shares: an error status in its answer, or the request failed or timed out */
const endWith = (status: string) => ({ result: 'ended', messageKey: endStatusMessageKey(status) }) as const;
const SERVER_ERROR = { result: 'ended', messageKey: MESSAGE.serverError } as const;
/**
 * A start, digest or finalize request that got no answer or a server error: nothing is signed yet, so the panel says
 * error.server and the user may try again once the API is back; the modal and the form stay.
 */
const REQUEST_FAILED = { result: 'retry', messageKey: MESSAGE.serverError } as const;

/**
 * Step 7, Mobile-ID and Smart-ID alike: start (SUCCESS → the verification code is shown), first status check
 * after FIRST_CHECK, then every POLL_INTERVAL while in progress; SUCCESS signs, any other answer, a failed
 * request or a check slower than STATUS_TIMEOUT ends the attempt with its message.
 */
function phoneSigningState(method: {
  start: 'startMobileId' | 'startSmartId';
  check: 'checkMobileIdStatus' | 'checkSmartIdStatus';
  /** 'Mobile-ID' or 'Smart-ID', for the descriptions */
  name: string;
  description: string;
  confirmDescription: string;
}) {
  return signingSetup.createStateConfig({
    description: method.description,
    tags: ['busy'],
    initial: 'starting',
    states: {
      starting: {
        description: `The portal starts ${method.name} signing; the signing buttons are disabled.`,
        invoke: {
          id: method.start,
          src: method.start,
          input: ({ context }) => ({ customer: context.customer, mobileNr: context.mobileNr }),
          onDone: [
            {
              guard: { type: 'isSuccess', params: ({ event }) => event.output },
              target: 'awaitingConfirmation',
              actions: { type: 'setChallenge', params: ({ event }) => event.output },
              description: `${method.name} accepts the request: the verification code shows`,
            },
            {
              target: '#signing.ended',
              actions: { type: 'end', params: ({ event }) => endWith(event.output.status) },
              description: `${method.name} refuses (for example the company is not active): the panel says why, e.g. “Automatic adding failed, please contact customer manager”`,
            },
          ],
          onError: {
            target: '#signing.requestFailed',
            actions: { type: 'end', params: REQUEST_FAILED },
            description: 'The server does not answer',
          },
        },
      },
      awaitingConfirmation: {
        description: method.confirmDescription,
        tags: ['verificationCode'],
        initial: 'waitingForFirstCheck',
        states: {
          waitingForFirstCheck: {
            description:
              'The verification code is shown; the portal gives the person 10 seconds before the first check.',
            after: {
              FIRST_CHECK: {
                target: 'checkingStatus',
                description: 'After 10 seconds the portal checks the first time',
              },
            },
          },
          checkingStatus: {
            description: `The portal asks ${method.name} whether the person has signed.`,
            invoke: {
              id: method.check,
              src: method.check,
              onDone: [
                {
                  guard: { type: 'isInProgress', params: ({ event }) => event.output },
                  target: 'waitingForNextCheck',
                  description: `${method.name} says the person has not signed yet`,
                },
                {
                  guard: { type: 'isSuccess', params: ({ event }) => event.output },
                  target: '#signing.signed',
                  description: `${method.name} says the person has signed`,
                },
                {
                  target: '#signing.ended',
                  actions: { type: 'end', params: ({ event }) => endWith(event.output.status) },
                  description: `${method.name} says the signing failed or was refused: the panel says why, e.g. “The ${method.name} signing was not confirmed in time. Please try again.”`,
                },
              ],
              onError: {
                target: '#signing.ended',
                actions: { type: 'end', params: SERVER_ERROR },
                description: 'The server does not answer the check',
              },
            },
            after: {
              STATUS_TIMEOUT: {
                target: '#signing.ended',
                actions: { type: 'end', params: SERVER_ERROR },
                description: 'After 60 seconds without an answer to the check the portal gives up',
              },
            },
          },
          waitingForNextCheck: {
            description: 'The verification code is still shown; the portal waits 5 seconds before checking again.',
            after: {
              POLL_INTERVAL: { target: 'checkingStatus', description: 'After 5 seconds the portal checks again' },
            },
          },
        },
      },
    },
  });
}

export const signingMachine = signingSetup.createMachine({
  id: 'signing',
  description:
    'One attempt to sign a new business customer contract with ID-card, Mobile-ID or Smart-ID, from the signing panel of Add customer.',
  context: ({ input }) => ({
    ...input,
    challengeId: null,
    outcome: null,
  }),
  output: ({ context }) => context.outcome ?? SERVER_ERROR,
  initial: 'starting',
  states: {
    starting: {
      description: 'The attempt starts with the method the person picked in the signing panel.',
      always: [
        { guard: 'choseIdCard', target: 'idCard', description: 'The person picked ID-card' },
        {
          guard: 'choseMobileId',
          target: 'mobileId',
          description: 'The person picked Mobile-ID (with a phone number)',
        },
        { target: 'smartId', description: 'The person picked Smart-ID' },
      ],
    },

    idCard: {
      // step 8: the card's own exchange (certificate, digest, PIN, finalize) is the invoked idCardSigning machine
      description: 'The person signs the contract with their ID-card and PIN; the signing buttons are disabled.',
      tags: ['busy'],
      invoke: {
        id: 'idCardSigning',
        src: 'idCardSigning',
        input: ({ context }) => ({ customer: context.customer }),
        onDone: [
          {
            guard: { type: 'idCardEndedAs', params: ({ event }) => ({ output: event.output, ending: 'signed' }) },
            target: 'signed',
            description: 'The card signs and the server accepts the signature',
          },
          {
            guard: { type: 'idCardEndedAs', params: ({ event }) => ({ output: event.output, ending: 'cardFailed' }) },
            target: 'cardFailed',
            actions: { type: 'end', params: ({ event }) => ({ result: 'retry', messageKey: event.output.messageKey }) },
            description: 'No card is found, the PIN entry is cancelled or the card fails',
          },
          {
            guard: {
              type: 'idCardEndedAs',
              params: ({ event }) => ({ output: event.output, ending: 'requestFailed' }),
            },
            target: 'requestFailed',
            actions: { type: 'end', params: ({ event }) => ({ result: 'retry', messageKey: event.output.messageKey }) },
            description: 'The server does not answer while the card signs',
          },
          {
            target: 'ended',
            actions: { type: 'end', params: ({ event }) => ({ result: 'ended', messageKey: event.output.messageKey }) },
            description:
              'The server refuses the contract or the signature: the panel says why, e.g. “ID-card must belong to the logged in user” for another person’s card',
          },
        ],
      },
    },

    mobileId: phoneSigningState({
      name: 'Mobile-ID',
      description: 'The person signs the contract with Mobile-ID on their phone; the signing buttons are disabled.',
      confirmDescription: 'The verification code is shown; the person checks it and enters their PIN on the phone.',
      start: 'startMobileId',
      check: 'checkMobileIdStatus',
    }),

    smartId: phoneSigningState({
      name: 'Smart-ID',
      description: 'The person signs the contract with the Smart-ID app; the signing buttons are disabled.',
      confirmDescription: 'The verification code is shown; the person checks it and confirms in the Smart-ID app.',
      start: 'startSmartId',
      check: 'checkSmartIdStatus',
    }),

    signed: {
      description: 'The contract is signed and the rights are added.',
      type: 'final',
      entry: { type: 'end', params: { result: 'signed', messageKey: MESSAGE.success } },
    },
    cardFailed: {
      description:
        'The ID-card could not sign (no card, or the PIN was cancelled); the panel says why and the person may try again.',
      type: 'final',
    },
    requestFailed: {
      description: 'The server did not answer; nothing is signed, and the person may try again.',
      type: 'final',
    },
    ended: {
      description: 'Signing ended without a signature; the dialog closes with the reason.',
      type: 'final',
    },
  },
});

type PhoneEffects = Omit<NonNullable<Parameters<typeof signingMachine.provide>[0]['actors']>, 'idCardSigning'>;
type CardEffects = NonNullable<Parameters<typeof idCardSigningMachine.provide>[0]['actors']>;
/** Every effect of a signing attempt by name: the Mobile-ID and Smart-ID requests and the ID-card's. */
export type SigningEffects = PhoneEffects & CardEffects;

const given = <T extends object>(effects: T): T =>
  Object.fromEntries(Object.entries(effects).filter(([, logic]) => logic !== undefined)) as T;

/** The signing machine with its effects; the ID-card ones go to its idCardSigning child. */
export function provideSigning(effects: SigningEffects = {}) {
  const { getCertificate, prepareDigest, signHash, finalizeSignature, ...phone } = effects;
  const card = given({ getCertificate, prepareDigest, signHash, finalizeSignature });
  return signingMachine.provide({
    actors: { ...given(phone), idCardSigning: idCardSigningMachine.provide({ actors: card }) },
  });
}
