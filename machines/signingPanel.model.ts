/**
 * Model-based test spec of the signing panel (machines/signingPanel.machine.ts) for `npm run test:model`.
 *
 * The signing attempt is the real signing machine with inert requests (machines/signing.model.ts drives its steps):
 * it never ends by itself, and the path's `xstate.done.actor.signing` events stand for each way an attempt ends.
 */
import { type EventObject, type SnapshotFrom, fromPromise } from 'xstate';
import { MESSAGE } from './lib/customer-add/rules';
import { testfirma } from '../tests/support/fixtures/customer-add';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { SIGNING_DATA, signerFor } from '../tests/support/model/demo-signers';
import { provideSigning, type SigningOutput } from './signing.machine';
import { signingPanelMachine } from './signingPanel.machine';

type PanelSnapshot = SnapshotFrom<typeof signingPanelMachine>;
type Spec = MachineModelSpec<typeof signingPanelMachine>;
/** a model event: a type plus its payload */
type Ev = EventObject & Record<string, unknown>;

const FORM = { email: 'mary@testfirma.example', additionalInfo: '', terms: true, board: true, phone: '+37200000766' };
const start = (method: string, phone = FORM.phone) => ({ type: 'panel.start', method, form: { ...FORM, phone } });
const ends = (output: SigningOutput) => ({ type: 'xstate.done.actor.signing', output });

function events(s: PanelSnapshot): Ev[] {
  if (s.matches('choosingMethod'))
    return [start('idCard'), start('mobileId', '12ab'), start('mobileId'), start('smartId')];
  if (s.matches('attempting'))
    return [
      ends({ result: 'signed', messageKey: MESSAGE.success }),
      ends({ result: 'retry', messageKey: 'customer-add.error.IDCARD_NO_CARD' }),
      ends({ result: 'ended', messageKey: 'customer-add.error.MID_USER_CANCELLED' }),
      { type: 'xstate.error.actor.signing', error: new Error('crashed') },
    ];
  return [];
}

const serializeState = (s: PanelSnapshot, event?: EventObject, prev?: PanelSnapshot): string =>
  JSON.stringify([s.value, event?.type ?? null, prev ? prev.value : null]);

const inertRequest = <TOut, TIn>() => fromPromise<TOut, TIn>(() => new Promise<TOut>(() => {}));

const spec: Spec = {
  name: 'signingPanel',
  testerFor: signerFor,
  tester: {
    person: 'mary (password Suslik123)',
    address:
      "http://localhost:8080/ui/; after signing in, 'Create new business customer contract' in the choice 'Choose, whose main page You want to enter' (or 'Add a new business customer contract' on the main page); type “Testfirma” in 'Name or registry code of the represented company', pick Testfirma OÜ, fill in 'E-mail address at the represented', tick both boxes, then 'Sign'",
    data: SIGNING_DATA,
  },
  // a pick that cannot go ahead leaves the panel as it was, but for the phone field's error
  screens: {
    'panel.start': (_e, after) =>
      after.matches('choosingMethod')
        ? 'The panel stays as it was; the “Mobile phone number” field is marked “Invalid format of phone number”.'
        : undefined,
  },
  machine: signingPanelMachine,
  input: { customer: testfirma },
  events,
  serializeState,
  provide: {
    actors: {
      signing: provideSigning({
        getCertificate: inertRequest(),
        prepareDigest: inertRequest(),
        signHash: inertRequest(),
        finalizeSignature: inertRequest(),
        startMobileId: inertRequest(),
        checkMobileIdStatus: inertRequest(),
        startSmartId: inertRequest(),
        checkSmartIdStatus: inertRequest(),
      }),
    },
  },
  states: {
    choosingMethod: (s) => {
      if (s.hasTag('busy')) throw new Error('the buttons are enabled until a method is picked');
    },
    attempting: (s) => {
      if (!s.hasTag('busy') || s.context.notice || s.context.showPhoneError)
        throw new Error('a new attempt disables the buttons and clears the last message');
      if (!s.children.signing) throw new Error('each attempt runs as the signing machine');
    },
    ended: (s) => {
      if (!s.output?.messageKey) throw new Error('the panel ends with its message');
    },
  },
};

export default spec;
