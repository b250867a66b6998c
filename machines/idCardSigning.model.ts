/**
 * Model-based test spec of signing with the ID-card (machines/idCardSigning.machine.ts) for `npm run test:model`.
 *
 * Every card operation and request is driven by a synthetic `xstate.done.actor.<id>` / `xstate.error.actor.<id>`
 * with a realistic answer or card error; the provided fakes are inert so the replay sees only those. The machine
 * ends with the output machines/signing.machine.ts reads.
 */
import { fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { idCardSigningMachine } from './idCardSigning.machine';
import { signingCustomer } from '../domain/customer-add/rules';
import { testfirma } from '../tests/support/fixtures/customer-add';
import type { MachineModelSpec } from '../tests/support/model/model-spec';

type IdCardSnapshot = SnapshotFrom<typeof idCardSigningMachine>;
type Spec = MachineModelSpec<typeof idCardSigningMachine>;
type Ev = EventObject & Record<string, unknown>;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown = new Error('network')) => ({ type: `xstate.error.actor.${id}`, error });
const cardError = (message: string, code: string) => Object.assign(new Error(message), { code });

function events(s: IdCardSnapshot): Ev[] {
  if (s.matches('readingCertificate'))
    return [
      done('getCertificate', { certificate: 'MIIDemoCert' }),
      fail('getCertificate', cardError('no card', 'IDCARD_NO_CARD')),
    ];
  if (s.matches('preparingDigest'))
    return [
      done('prepareDigest', { digest: 'q2mmR0lUwQ1Hk0x3pq6bT2nJZ0p1b3R0bVhiL2Y=', status: 'SUCCESS' }),
      done('prepareDigest', { digest: null, status: 'CERTIFICATE_MISMATCH' }),
      fail('prepareDigest'),
    ];
  if (s.matches('signingHash'))
    return [
      done('signHash', { signature: 'MEUCIQDsig' }),
      fail('signHash', cardError('PIN entry cancelled', 'IDCARD_USER_CANCELLED')),
    ];
  if (s.matches('finalizing'))
    return [
      done('finalizeSignature', { status: 'SUCCESS' }),
      done('finalizeSignature', { status: 'DIGIDOC_ERROR' }),
      fail('finalizeSignature'),
    ];
  return [];
}

/** the event and the previous state make every transition its own vertex, so shortest paths take them all */
const serializeState = (s: IdCardSnapshot, event?: EventObject, prev?: IdCardSnapshot): string =>
  JSON.stringify([s.value, event?.type ?? null, prev ? prev.value : null]);

const inert = fromPromise<never, unknown>(() => new Promise<never>(() => {}));

const spec: Spec = {
  name: 'idCardSigning',
  tester: {
    person: 'jaak (password Joeorg123)',
    address:
      "http://localhost:8080/ui/; after signing in, 'Create new business customer contract' in the choice 'Choose, whose main page You want to enter' (or 'Add a new business customer contract' on the main page); pick Testfirma OÜ, fill in 'E-mail address at the represented', tick both boxes, 'Sign', then 'ID-card'",
    data: 'Testfirma OÜ (11000109), no contract yet; jaak signs with his demo card, which is in the simulated reader when the portal starts',
  },
  // the ending decides what the tester sets up in the simulator console's ID-card reader (server/sim/SIGNING.md)
  testerFor: (events) => {
    const last = events[events.length - 1] as Ev | undefined;
    const reader = "the ID-card reader in the simulator console http://localhost:8080/sim/ ('Inserted card')";
    if (!last) return undefined;
    if (last.type.startsWith('xstate.error.actor.getCertificate'))
      return { data: `no card: pick “No card” in ${reader} before clicking 'ID-card'` };
    if (last.type.startsWith('xstate.error.actor.signHash'))
      return {
        data: "the card failing while it signs: the simulator's card has no PIN and signs at once, so this ending cannot be reached against `npm start` (machines/idCardSigning.machine.test.ts drives it)",
      };
    if (last.type.startsWith('xstate.error.actor.'))
      return {
        data: "the server not answering: stop the portal (Ctrl+C in the terminal of `npm start`) after clicking 'ID-card'",
      };
    const status = (last.output as { status?: unknown } | undefined)?.status;
    if (status === 'CERTIFICATE_MISMATCH')
      return { data: `another person's card: pick mary's card in ${reader} before clicking 'ID-card'` };
    if (status === 'DIGIDOC_ERROR')
      return {
        address:
          "http://localhost:8080/ui/; after signing in, 'Create new business customer contract'; type “Digiviga” in 'Name or registry code of the represented company', pick Digiviga OÜ, fill in 'E-mail address at the represented', tick both boxes, 'Sign', then 'ID-card'",
        data: 'Digiviga OÜ (12345678): the simulated container service fails when the signature is added',
      };
    return undefined;
  },
  machine: idCardSigningMachine,
  input: {
    customer: signingCustomer(testfirma, {
      email: 'mary@testfirma.example',
      additionalInfo: '',
      terms: true,
      board: true,
      phone: '+37200000766',
    }),
  },
  events,
  serializeState,
  provide: {
    actors: { getCertificate: inert, prepareDigest: inert, signHash: inert, finalizeSignature: inert },
  } as Spec['provide'],
  states: {
    signed: (s) => {
      if (s.output?.ending !== 'signed') throw new Error('a signature ends as signed');
    },
    cardFailed: (s) => {
      if (s.output?.ending !== 'cardFailed' || !s.output.messageKey.startsWith('customer-add.error.IDCARD_'))
        throw new Error('a card failure says why and lets the user try again');
    },
    requestFailed: (s) => {
      if (s.output?.ending !== 'requestFailed' || s.output.messageKey !== 'error.server')
        throw new Error('a request without an answer says error.server and lets the user try again');
    },
    ended: (s) => {
      if (s.output?.ending !== 'ended' || !s.output.messageKey) throw new Error('a refusal ends with its message');
    },
  },
};

export default spec;
