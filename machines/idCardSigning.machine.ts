/**
 * Signing with the ID-card: spec 1 §4 customer-add step 8, §7 sign/digest and sign/finalize.
 *
 * readingCertificate → preparingDigest → signingHash → finalizing → signed
 * The certificate comes from the card (Web eID getSigningCertificate), the server prepares the digest of what is
 * signed (it must answer SUCCESS), the card signs it after the PIN (Web eID sign), and the server completes the
 * contract with the signature. machines/signing.machine.ts invokes it (actor id `idCardSigning`) when the person
 * picks ID-card and reads its output: how the attempt ended (`ending`) and the message for it (an i18n key).
 * Stopping it (the modal closes) aborts the request or card operation under way.
 *
 * Effects are actors (defaults throw "<name> not provided"); src/features/customer-add/wire.ts provides them.
 */
import { assign, setup } from 'xstate';
import type { z } from 'zod/mini';
import type { DigestResponse, SigningCustomer, StatusResponse } from '../domain/contract';
import { MESSAGE, cardErrorCode, endStatusMessageKey, isSuccessStatus } from '../domain/customer-add/rules';
import { notProvided } from '../domain/not-provided';

export type StatusAnswer = z.infer<typeof StatusResponse>;
export type DigestAnswer = z.infer<typeof DigestResponse>;
/** Web eID shape: getSigningCertificate() → { certificate }, sign(certificate, hash, hashFunction) → { signature } */
export type CertificateAnswer = { certificate: string };
export type SignatureAnswer = { signature: string };

export interface IdCardSigningInput {
  /** what is signed: the company and the confirmation (sign/digest) */
  customer: SigningCustomer;
}

/**
 * How the ID-card attempt ended: `signed`; `cardFailed` (no card, PIN cancelled, the adapter failed) and
 * `requestFailed` (the digest or finalize request got no answer) may be tried again; `ended` (the server refused)
 * closes the modal. `messageKey` is what the person is told (i18n key).
 */
export interface IdCardSigningOutput {
  ending: 'signed' | 'cardFailed' | 'requestFailed' | 'ended';
  messageKey: string;
}

interface IdCardSigningContext extends IdCardSigningInput {
  certificate: string | null;
  digest: string | null;
  signature: string | null;
  outcome: IdCardSigningOutput | null;
}

const idCardSigningSetup = setup({
  types: {
    context: {} as IdCardSigningContext,
    input: {} as IdCardSigningInput,
    output: {} as IdCardSigningOutput,
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
  },
  guards: {
    isSuccess: (_, p: { status: string }) => isSuccessStatus(p.status),
    isDigestReady: (_, p: DigestAnswer) => isSuccessStatus(p.status) && !!p.digest,
  },
  actions: {
    setCertificate: assign((_, p: { certificate: string }) => ({ certificate: p.certificate })),
    setDigest: assign((_, p: { digest: string }) => ({ digest: p.digest })),
    setSignature: assign((_, p: { signature: string }) => ({ signature: p.signature })),
    /** how the attempt ends (the machine's output) */
    end: assign((_, p: IdCardSigningOutput) => ({ outcome: p })),
  },
});

/** the server refused: its status says why */
const refused = (status: string) => ({ ending: 'ended', messageKey: endStatusMessageKey(status) }) as const;
/** a request that got no answer or a server error: nothing is signed yet, so the person may try again */
const REQUEST_FAILED = { ending: 'requestFailed', messageKey: MESSAGE.serverError } as const;
/** an ID-card adapter failure: no card or PIN cancelled say so; anything else has no more specific message than
 * spec 2 §8's generic signing one ('Error occured during signing process') */
const cardFailure = (error: unknown) => {
  const code = cardErrorCode(error);
  return { ending: 'cardFailed', messageKey: code ? endStatusMessageKey(code) : MESSAGE.signingError } as const;
};

export const idCardSigningMachine = idCardSigningSetup.createMachine({
  id: 'idCardSigning',
  description:
    'The person signs the new contract with their ID-card: the card gives its certificate, the server prepares the contract, the card signs it after the PIN and the server completes it.',
  context: ({ input }) => ({ ...input, certificate: null, digest: null, signature: null, outcome: null }),
  output: ({ context }) => context.outcome ?? REQUEST_FAILED,
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
          target: 'cardFailed',
          actions: { type: 'end', params: ({ event }) => cardFailure(event.error) },
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
            target: 'ended',
            actions: { type: 'end', params: ({ event }) => refused(event.output.status) },
            description:
              'The server refuses (for example the company is not active): the panel says why, e.g. “Automatic adding failed, please contact customer manager”',
          },
        ],
        onError: {
          target: 'requestFailed',
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
          description: 'The card signs once the person enters the PIN',
        },
        onError: {
          target: 'cardFailed',
          actions: { type: 'end', params: ({ event }) => cardFailure(event.error) },
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
            target: 'signed',
            description: 'The server accepts the signature',
          },
          {
            target: 'ended',
            actions: { type: 'end', params: ({ event }) => refused(event.output.status) },
            description:
              'The server refuses the signature: the panel says why, e.g. “ID-card must belong to the logged in user” for another person’s card',
          },
        ],
        onError: {
          target: 'requestFailed',
          actions: { type: 'end', params: REQUEST_FAILED },
          description: 'The server does not answer',
        },
      },
    },
    signed: {
      type: 'final',
      description: 'The contract is signed with the ID-card.',
      entry: { type: 'end', params: { ending: 'signed', messageKey: MESSAGE.success } },
    },
    cardFailed: {
      type: 'final',
      description: 'The ID-card could not sign (no card, or the PIN was cancelled); the person may try again.',
    },
    requestFailed: {
      type: 'final',
      description: 'The server did not answer; nothing is signed, and the person may try again.',
    },
    ended: { type: 'final', description: 'The server refused; signing ends with its message.' },
  },
});
