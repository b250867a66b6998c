/**
 * Signing a new contract: spec 1 §4 customer-add steps 7–9, §7 sign/*, §8 customer-add messages, §9 polling.
 *
 * One signing attempt. machines/customerAdd.machine.ts invokes it (actor id `signing`) when the user picks
 * a method in the signing panel and hands on that `signing.start`; the input is what is signed. The attempt ends
 * with a SigningOutput: `signed` (SUCCESS), `retry` (the ID-card adapter failed: no card, PIN cancelled; or a start,
 * digest or finalize request got no answer; the panel says why and the user may try again) or `ended` (an end status
 * or a failed status check; the modal closes with it).
 * Closing the modal stops this actor, and with it every request and timer below: they all live in its states.
 *
 * Effects are actors (defaults throw "<name> not provided"); src/features/customer-add/actors.ts provides them.
 * Messages are i18n keys, never display text.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod/mini';
import type { DigestResponse, SignStartResponse, SigningCustomer, StatusResponse } from './lib/contract';
import {
  MESSAGE,
  cardErrorCode,
  endStatusMessageKey,
  isInProgressStatus,
  isSuccessStatus,
} from './lib/customer-add/rules';

/** spec 1 §9: the first Mobile-ID / Smart-ID status check 10 s after the start */
export const FIRST_CHECK = 10_000;
/** spec 1 §9: then every 5 s */
export const POLL_INTERVAL = 5_000;
/** spec 1 §7: sign/mobile/check and sign/smart_id/check time out after 60000 ms */
export const STATUS_TIMEOUT = 60_000;

export type SigningMethod = 'idCard' | 'mobileId' | 'smartId';

/** Answers of the API calls, as machines/lib/contract.ts shapes them (spec 1 §7). */
export type StatusAnswer = z.infer<typeof StatusResponse>;
export type DigestAnswer = z.infer<typeof DigestResponse>;
export type StartAnswer = z.infer<typeof SignStartResponse>;
/** Web eID shape: getSigningCertificate() → { certificate }, sign(certificate, hash, hashFunction) → { signature } */
export type CertificateAnswer = { certificate: string };
export type SignatureAnswer = { signature: string };

export interface SigningInput {
  /** what is signed: the company and the confirmation (sign/digest, sign/mobile/start, sign/smart_id/start) */
  customer: SigningCustomer;
  /** the Mobile-ID phone number, trimmed */
  mobileNr: string;
}

export interface SigningOutput {
  result: 'signed' | 'retry' | 'ended';
  /** signed: the success message; retry: the notice in the panel; ended: the error message (i18n keys) */
  messageKey: string;
}

export type SigningEvent = { type: 'signing.start'; method: SigningMethod };

interface SigningContext extends SigningInput {
  certificate: string | null;
  digest: string | null;
  signature: string | null;
  /** Mobile-ID / Smart-ID verification code (challengeId) */
  challengeId: string | null;
  outcome: SigningOutput | null;
}

const notProvided = <TOut, TIn>(name: string) =>
  fromPromise<TOut, TIn>(() => Promise.reject(new Error(`${name} not provided`)));

const signingSetup = setup({
  types: {
    context: {} as SigningContext,
    events: {} as SigningEvent,
    input: {} as SigningInput,
    output: {} as SigningOutput,
  },
  actors: {
    /** ID-card adapter (Web eID): getSigningCertificate() */
    getCertificate: notProvided<CertificateAnswer, void>('getCertificate'),
    /** POST sign/digest { cert, customer } → { digest, status } */
    prepareDigest: notProvided<DigestAnswer, { cert: string; customer: SigningCustomer }>('prepareDigest'),
    /** ID-card adapter (Web eID): sign(certificate, hash, 'SHA-256') */
    signHash: notProvided<SignatureAnswer, { certificate: string; hash: string; hashFunction: 'SHA-256' }>('signHash'),
    /** POST sign/finalize { value: signature } → { status } */
    finalizeSignature: notProvided<StatusAnswer, { value: string }>('finalizeSignature'),
    /** POST sign/mobile/start { mobileNr, customer } → { status, challengeId } */
    startMobileId: notProvided<StartAnswer, SigningInput>('startMobileId'),
    /** GET sign/mobile/check → { status } */
    checkMobileIdStatus: notProvided<StatusAnswer, void>('checkMobileIdStatus'),
    /** POST sign/smart_id/start { customer } → { status, challengeId } (the phone number is not sent) */
    startSmartId: notProvided<StartAnswer, SigningInput>('startSmartId'),
    /** GET sign/smart_id/check → { status } */
    checkSmartIdStatus: notProvided<StatusAnswer, void>('checkSmartIdStatus'),
  },
  delays: { FIRST_CHECK, POLL_INTERVAL, STATUS_TIMEOUT },
  guards: {
    choseIdCard: ({ event }) => event.type === 'signing.start' && event.method === 'idCard',
    choseMobileId: ({ event }) => event.type === 'signing.start' && event.method === 'mobileId',
    choseSmartId: ({ event }) => event.type === 'signing.start' && event.method === 'smartId',
    isSuccess: (_, p: { status: string }) => isSuccessStatus(p.status),
    isInProgress: (_, p: { status: string }) => isInProgressStatus(p.status),
    isDigestReady: (_, p: DigestAnswer) => isSuccessStatus(p.status) && !!p.digest,
  },
  actions: {
    setCertificate: assign((_, p: { certificate: string }) => ({ certificate: p.certificate })),
    setDigest: assign((_, p: { digest: string }) => ({ digest: p.digest })),
    setSignature: assign((_, p: { signature: string }) => ({ signature: p.signature })),
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
 * error.server and the user may try again once the API is back (issue 13 "Faults"); the modal and the form stay.
 */
const REQUEST_FAILED = { result: 'retry', messageKey: MESSAGE.serverError } as const;
/** an ID-card adapter failure: no card or PIN cancelled say so, anything else is a client-side error */
const cardNotice = (error: unknown) => {
  const code = cardErrorCode(error);
  return { result: 'retry', messageKey: code ? endStatusMessageKey(code) : MESSAGE.clientError } as const;
};

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
              description: `${method.name} refuses (for example the company is not active): its message shows`,
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
                  description: `${method.name} says the signing failed or was refused: its message shows`,
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
    certificate: null,
    digest: null,
    signature: null,
    challengeId: null,
    outcome: null,
  }),
  output: ({ context }) => context.outcome ?? SERVER_ERROR,
  initial: 'choosingMethod',
  states: {
    choosingMethod: {
      description: 'The signing panel offers ID-card, Mobile-ID and Smart-ID; the person picks one.',
      on: {
        'signing.start': [
          { guard: 'choseIdCard', target: 'idCard', description: 'Clicks ID-card' },
          { guard: 'choseMobileId', target: 'mobileId', description: 'Clicks Mobile-ID (with a phone number)' },
          { guard: 'choseSmartId', target: 'smartId', description: 'Clicks Smart-ID' },
        ],
      },
    },

    idCard: {
      // step 8: certificate from the card, digest (must be SUCCESS), signature on the card, finalize
      description: 'The person signs the contract with their ID-card and PIN; the signing buttons are disabled.',
      tags: ['busy'],
      initial: 'readingCertificate',
      states: {
        readingCertificate: {
          description: 'The browser reads the certificate from the ID-card in the reader.',
          invoke: {
            id: 'getCertificate',
            src: 'getCertificate',
            onDone: {
              target: 'preparingDigest',
              actions: { type: 'setCertificate', params: ({ event }) => event.output },
              description: 'The card gives its certificate',
            },
            onError: {
              target: '#signing.cardFailed',
              actions: { type: 'end', params: ({ event }) => cardNotice(event.error) },
              description: 'No card is found or the card cannot be read',
            },
          },
        },
        preparingDigest: {
          description: 'The portal prepares the contract for signing.',
          invoke: {
            id: 'prepareDigest',
            src: 'prepareDigest',
            input: ({ context }) => ({ cert: context.certificate ?? '', customer: context.customer }),
            onDone: [
              {
                guard: { type: 'isDigestReady', params: ({ event }) => event.output },
                target: 'signingHash',
                actions: { type: 'setDigest', params: ({ event }) => ({ digest: event.output.digest ?? '' }) },
                description: 'The server has the contract ready to sign',
              },
              {
                target: '#signing.ended',
                actions: { type: 'end', params: ({ event }) => endWith(event.output.status) },
                description: 'The server refuses (for example the company is not active): its message shows',
              },
            ],
            onError: {
              target: '#signing.requestFailed',
              actions: { type: 'end', params: REQUEST_FAILED },
              description: 'The server does not answer',
            },
          },
        },
        signingHash: {
          description: 'The browser asks the person for their ID-card PIN to sign.',
          invoke: {
            id: 'signHash',
            src: 'signHash',
            input: ({ context }) => ({
              certificate: context.certificate ?? '',
              hash: context.digest ?? '',
              hashFunction: 'SHA-256' as const,
            }),
            onDone: {
              target: 'finalizing',
              actions: { type: 'setSignature', params: ({ event }) => event.output },
              description: 'Enters the PIN: the card signs',
            },
            onError: {
              target: '#signing.cardFailed',
              actions: { type: 'end', params: ({ event }) => cardNotice(event.error) },
              description: 'Cancels the PIN entry, or the card fails',
            },
          },
        },
        finalizing: {
          description: 'The portal sends the signature to the server to complete the contract.',
          invoke: {
            id: 'finalizeSignature',
            src: 'finalizeSignature',
            input: ({ context }) => ({ value: context.signature ?? '' }),
            onDone: [
              {
                guard: { type: 'isSuccess', params: ({ event }) => event.output },
                target: '#signing.signed',
                description: 'The server accepts the signature',
              },
              {
                target: '#signing.ended',
                actions: { type: 'end', params: ({ event }) => endWith(event.output.status) },
                description: 'The server refuses the signature: its message shows',
              },
            ],
            onError: {
              target: '#signing.requestFailed',
              actions: { type: 'end', params: REQUEST_FAILED },
              description: 'The server does not answer',
            },
          },
        },
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
