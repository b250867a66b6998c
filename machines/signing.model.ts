/**
 * Model-based test spec of one signing attempt (machines/signing.machine.ts) for `npm run test:model`.
 *
 * Every request and every delay is driven by a synthetic event (`xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` with realistic answers, `xstate.after.<DELAY>.<stateId>`); the provided fakes are
 * inert so the replay sees only those. The ID-card child (machines/idCardSigning.model.ts drives its steps) ends
 * with each of its endings. The attempt starts with the method of its input (one start per method) and ends (a final
 * state) with the output the customer-add flow reads.
 *
 * serializeState adds the event and the previous state, so every transition leads to its own vertex and plain
 * shortest paths take every transition, including the many that end in `ended`.
 */
import { fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { SIGNING_IN_PROGRESS } from '../domain/contract';
import { signingCustomer } from '../domain/customer-add/rules';
import { testfirma } from '../tests/support/fixtures/customer-add';
import { idCardSigningMachine } from './idCardSigning.machine';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { SIGNING_DATA, signerFor } from '../tests/support/model/demo-signers';
import { signingMachine } from './signing.machine';

type SigningSnapshot = SnapshotFrom<typeof signingMachine>;
type Spec = MachineModelSpec<typeof signingMachine>;
/** a model event: a type plus its payload */
type Ev = EventObject & Record<string, unknown>;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown = new Error('network')) => ({ type: `xstate.error.actor.${id}`, error });
const after = (delay: string, stateId: string) => ({ type: `xstate.after.${delay}.${stateId}` });

/** the events of Mobile-ID or Smart-ID in the given sub-state */
function phoneEvents(s: SigningSnapshot, method: 'mobileId' | 'smartId'): Ev[] {
  const [start, check] =
    method === 'mobileId' ? ['startMobileId', 'checkMobileIdStatus'] : ['startSmartId', 'checkSmartIdStatus'];
  const at = (path: string) => s.matches(`${method}.${path}` as never); // dot paths, as xstate's matches reads them
  const awaiting = `signing.${method}.awaitingConfirmation`;
  if (at('starting'))
    return [
      done(start, { status: 'SUCCESS', challengeId: '4821' }),
      done(start, {
        status: method === 'mobileId' ? 'MOBILE_ID_CONTRACT_ERROR' : 'SMART_ID_CERT_ERROR',
        challengeId: null,
      }),
      fail(start),
    ];
  if (at('awaitingConfirmation.waitingForFirstCheck'))
    return [after('FIRST_CHECK', `${awaiting}.waitingForFirstCheck`)];
  if (at('awaitingConfirmation.checkingStatus'))
    return [
      done(check, { status: SIGNING_IN_PROGRESS }),
      done(check, { status: 'SUCCESS' }),
      done(check, { status: method === 'mobileId' ? 'MID_USER_CANCELLED' : 'SID_USER_REFUSED' }),
      fail(check),
      after('STATUS_TIMEOUT', `${awaiting}.checkingStatus`),
    ];
  if (at('awaitingConfirmation.waitingForNextCheck'))
    return [after('POLL_INTERVAL', `${awaiting}.waitingForNextCheck`)];
  return [];
}

function events(s: SigningSnapshot): Ev[] {
  // the ID-card's own steps are machines/idCardSigning.model.ts's: here only how its attempt ends
  if (s.matches('idCard'))
    return [
      done('idCardSigning', { ending: 'signed', messageKey: 'customer-add.success' }),
      done('idCardSigning', { ending: 'cardFailed', messageKey: 'customer-add.error.IDCARD_USER_CANCELLED' }),
      done('idCardSigning', { ending: 'requestFailed', messageKey: 'error.server' }),
      done('idCardSigning', { ending: 'ended', messageKey: 'customer-add.error.CERTIFICATE_MISMATCH' }),
    ];
  if (s.matches('mobileId')) return phoneEvents(s, 'mobileId');
  if (s.matches('smartId')) return phoneEvents(s, 'smartId');
  return [];
}

const serializeState = (s: SigningSnapshot, event?: EventObject, prev?: SigningSnapshot): string =>
  JSON.stringify([s.value, event?.type ?? null, prev ? prev.value : null]);

/** what is signed: Testfirma OÜ with the confirmation, and mary's Mobile-ID number */
const REQUEST = {
  customer: signingCustomer(testfirma, {
    email: 'mary@testfirma.example',
    additionalInfo: '',
    terms: true,
    board: true,
    phone: '+37200000766',
  }),
  mobileNr: '+37200000766',
};

const inert = fromPromise<never, unknown>(() => new Promise<never>(() => {}));
const inertRequest = <TOut, TIn>() => fromPromise<TOut, TIn>(() => new Promise<TOut>(() => {}));

const spec: Spec = {
  name: 'signing',
  testerFor: signerFor,
  tester: {
    person: 'mary (password Suslik123)',
    address:
      "http://localhost:8080/ui/; after signing in, 'Create new business customer contract' in the choice 'Choose, whose main page You want to enter' (or 'Add a new business customer contract' on the main page); type “Testfirma” in 'Name or registry code of the represented company', pick Testfirma OÜ, fill in 'E-mail address at the represented', tick both boxes, then 'Sign'",
    data: SIGNING_DATA,
  },
  machine: signingMachine,
  // the scenarios start from the first
  inputs: {
    'Mobile-ID': { ...REQUEST, method: 'mobileId' },
    'Smart-ID': { ...REQUEST, method: 'smartId' },
    'ID-card': { ...REQUEST, method: 'idCard' },
  },
  events,
  serializeState,
  provide: {
    actors: {
      // the real ID-card child with inert requests: it never ends by itself, the path's done events do
      idCardSigning: idCardSigningMachine.provide({
        actors: {
          getCertificate: inertRequest(),
          prepareDigest: inertRequest(),
          signHash: inertRequest(),
          finalizeSignature: inertRequest(),
        },
      }),
      startMobileId: inert,
      checkMobileIdStatus: inert,
      startSmartId: inert,
      checkSmartIdStatus: inert,
    },
  } as Spec['provide'],
  // the questions a product owner asks of this flow, answered step by step (the flow book lists them)
  scenarios: [
    {
      title:
        'What happens if Mobile-ID signing times out? The person does not confirm on the phone in time: Mobile-ID says so, the panel shows “The Mobile-ID signing was not confirmed in time. Please try again.” and nothing is signed',
      steps: [
        { event: done('startMobileId', { status: 'SUCCESS', challengeId: '4821' }) },
        { event: after('FIRST_CHECK', 'signing.mobileId.awaitingConfirmation.waitingForFirstCheck') },
        { event: done('checkMobileIdStatus', { status: SIGNING_IN_PROGRESS }) },
        { event: after('POLL_INTERVAL', 'signing.mobileId.awaitingConfirmation.waitingForNextCheck') },
        { event: done('checkMobileIdStatus', { status: 'MID_TIMEOUT' }) },
      ],
    },
    {
      title:
        'What happens if the person cancels Mobile-ID signing on the phone? Mobile-ID says so, the panel shows “The Mobile-ID signing was cancelled on the phone.” and nothing is signed',
      steps: [
        { event: done('startMobileId', { status: 'SUCCESS', challengeId: '4821' }) },
        { event: after('FIRST_CHECK', 'signing.mobileId.awaitingConfirmation.waitingForFirstCheck') },
        { event: done('checkMobileIdStatus', { status: 'MID_USER_CANCELLED' }) },
      ],
    },
    {
      title:
        'What happens if the Mobile-ID status check gets no answer for 60 seconds? The portal gives up: the server error shows and nothing is signed',
      steps: [
        { event: done('startMobileId', { status: 'SUCCESS', challengeId: '4821' }) },
        { event: after('FIRST_CHECK', 'signing.mobileId.awaitingConfirmation.waitingForFirstCheck') },
        { event: after('STATUS_TIMEOUT', 'signing.mobileId.awaitingConfirmation.checkingStatus') },
      ],
    },
  ],
  states: {
    'mobileId.awaitingConfirmation': (s) => {
      if (!s.hasTag('verificationCode') || !s.hasTag('busy') || !s.context.challengeId)
        throw new Error('the verification code shows and the buttons are disabled');
    },
    'smartId.awaitingConfirmation': (s) => {
      if (!s.hasTag('verificationCode') || !s.hasTag('busy') || !s.context.challengeId)
        throw new Error('the verification code shows and the buttons are disabled');
    },
    idCard: (s) => {
      if (!s.hasTag('busy')) throw new Error('signing buttons are disabled during ID-card signing');
    },
    signed: (s) => {
      if (s.output?.result !== 'signed') throw new Error('a signature ends as signed');
    },
    cardFailed: (s) => {
      if (s.output?.result !== 'retry' || !s.output.messageKey.startsWith('customer-add.error.IDCARD_'))
        throw new Error('a card failure says why and lets the user try again');
    },
    ended: (s) => {
      if (s.output?.result !== 'ended' || !s.output.messageKey) throw new Error('the attempt ends with a message');
    },
  },
};

export default spec;
