/**
 * Model-based test spec of the customer-add flow (machines/customerAdd.machine.ts) for `npm run test:model`.
 *
 * The flow composes three children, each with its own spec (companyLookup, customerConfirmation, signing): here
 * they are inert stand-ins, and the path's events are what they would tell the flow: their endings
 * (`xstate.done.actor.<id>` with realistic outputs, `xstate.error.actor.signing`) and the confirmation's report
 * (`confirmation.incomplete`).
 *
 * serializeState keeps only whether the form is complete (the signing panel's gate reads it) and, in the panel,
 * whether the phone number is valid (Mobile-ID's rule), and adds the event and the previous state, so every
 * transition leads to its own vertex and plain shortest paths take every transition, including the many that end in
 * `closed`.
 */
import { createMachine, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { customerAddMachine } from './customerAdd.machine';
import type { ConfirmationOutput } from './customerConfirmation.machine';
import { EMPTY_FORM, MESSAGE, isPhoneValid } from '../domain/customer-add/rules';
import { MARY_FGID, testfirma } from '../tests/support/fixtures/customer-add';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import type { SigningOutput } from './signing.machine';

type CustomerAddSnapshot = SnapshotFrom<typeof customerAddMachine>;
type Spec = MachineModelSpec<typeof customerAddMachine>;
/** a model event: a type plus its payload */
type Ev = EventObject & Record<string, unknown>;

const VALID_FORM = {
  email: 'mary@testfirma.example',
  additionalInfo: '',
  terms: true,
  board: true,
  phone: '+37200000766',
};

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const close = { type: 'customerAdd.close' };
const search = { type: 'customerAdd.search', term: 'Põldmari' };
const change = (values: Record<string, unknown>) => ({ type: 'customerAdd.change', values });
/** the form (its own machine) reports what the person typed */
const changed = (values: Record<string, unknown>, valid: boolean) => ({
  type: 'form.changed',
  values: { ...EMPTY_FORM, ...values },
  valid,
});
const confirmationEnds = (output: ConfirmationOutput) => done('customerConfirmation', output);
const signingEnds = (output: SigningOutput) => done('signing', output);
const signingEndings = [
  signingEnds({ result: 'signed', messageKey: MESSAGE.success }),
  signingEnds({ result: 'retry', messageKey: 'customer-add.error.IDCARD_NO_CARD' }),
  signingEnds({ result: 'ended', messageKey: 'customer-add.error.MID_USER_CANCELLED' }),
  { type: 'xstate.error.actor.signing', error: new Error('crashed') },
];

function events(s: CustomerAddSnapshot): Ev[] {
  if (s.matches('closed'))
    return [
      { type: 'customerAdd.open', privileges: ['SHOW_REPRESENTEES'], representativeId: MARY_FGID, returnUrl: '/ui/' },
      {
        type: 'customerAdd.open',
        privileges: ['ADD_ANY_CUSTOMER', 'EDIT_ANY_CUSTOMER'],
        representativeId: 'EE47101010033',
        returnUrl: '/ui/customer-search',
      },
    ];
  if (s.matches({ open: 'selectingCompany' }))
    return [
      { type: 'customerAdd.search', term: 'Testfirma' },
      { type: 'customerAdd.choose', code: '11000109' },
      { type: 'customerAdd.retry' },
      done('companyLookup', testfirma),
      change({ phone: '+37200000766' }),
      changed(VALID_FORM, true),
      close,
      { type: 'customerAdd.backOfficeDown' },
    ];
  if (s.matches({ open: 'confirming' }))
    return [
      changed(VALID_FORM, true),
      changed({ ...VALID_FORM, board: false }, false),
      { type: 'customerAdd.sign' },
      { type: 'customerAdd.confirm' },
      { type: 'confirmation.incomplete' },
      confirmationEnds({ ending: 'sign', messageKey: '' }),
      confirmationEnds({ ending: 'added', messageKey: MESSAGE.success }),
      confirmationEnds({ ending: 'refused', messageKey: 'customer-add.error.CONTRACT_STOPPED' }),
      search,
      close,
    ];
  if (s.matches({ open: { signing: 'choosingMethod' } }))
    return [
      { type: 'signing.start', method: 'mobileId' },
      { type: 'signing.start', method: 'idCard' },
      // the phone number is no rule of the confirmation: the form stays complete either way
      changed({ ...s.context.form, phone: isPhoneValid(s.context.form.phone) ? '12ab' : VALID_FORM.phone }, true),
      changed({ ...s.context.form, terms: false }, false),
      search,
      close,
    ];
  if (s.matches({ open: { signing: 'attempting' } })) return [...signingEndings, close];
  return [];
}

/** the flow decides on the form only where the signing panel shows or is about to */
const formComplete = (s: CustomerAddSnapshot) =>
  s.matches({ open: 'confirming' }) || s.matches({ open: 'signing' }) ? s.context.formValid : null;

/** Mobile-ID's phone rule decides only in the signing panel */
const phoneValid = (s: CustomerAddSnapshot) =>
  s.matches({ open: 'signing' }) ? isPhoneValid(s.context.form.phone) : null;

const serializeState = (s: CustomerAddSnapshot, event?: EventObject, prev?: CustomerAddSnapshot): string =>
  JSON.stringify([s.value, formComplete(s), phoneValid(s), event?.type ?? null, prev ? prev.value : null]);

/** a child that never ends and never reports: only the path's events speak for it */
const inertChild: AnyStateMachine = createMachine({});

const spec: Spec = {
  name: 'customerAdd',
  tester: {
    person: 'mary (password Suslik123)',
    address:
      "http://localhost:8080/ui/; after signing in, 'Create new business customer contract' in the choice 'Choose, whose main page You want to enter' (or 'Add a new business customer contract' on the main page)",
    data: 'type the name in “Name or registry code of the represented company”: Testfirma OÜ (11000109) has no contract yet, so a board member signs a new one (button Sign); Põldmari AS (11000026) has one, so the person asks for rights (button Confirm); Peatatud Leping OÜ (11000115): its contract is stopped; staff: kristi (password Kask12345) adds a customer without signing',
  },
  // the company field and the form belong to child flows (companyLookup, customerConfirmation): what shows after the
  // person's act there, where this flow's own step stays the same
  screens: {
    'customerAdd.search':
      'The company field shows what was typed; “Loading…” shows beside it, then the matching companies are listed under it (name and registry code), or “Company not found”.',
    'customerAdd.choose':
      'The company field shows the picked company; “Loading…” shows beside it while its details load from the business register.',
    'customerAdd.retry': '“Loading…” shows beside the company field while the search runs again.',
    'customerAdd.change': 'The form shows what was filled in; the chosen company stays shown above it.',
    'form.changed': 'The form shows what was filled in; the chosen company stays shown above it.',
    'customerAdd.sign': 'The form stays as it is while the portal checks it: nothing is sent yet.',
    'customerAdd.confirm': 'The form stays as it is while the portal checks it.',
    'confirmation.incomplete':
      'The form stays open; each missing field is marked in red with “… is mandatory” under it (e.g. “E-mail address at the represented is mandatory”).',
    'signing.start':
      'The signing panel shows the chosen method starting; the ID-card, Mobile-ID and Smart-ID buttons are disabled.',
  },
  machine: customerAddMachine,
  input: {
    accountService: {
      runMode: 'test',
      accountServiceUrl: { live: '/ui/settings/represented/{jgid}', test: '/ui/settings/represented/{jgid}' },
      baseUrl: '/ui',
    },
  },
  events,
  serializeState,
  provide: {
    actors: { details: inertChild, companyLookup: inertChild, customerConfirmation: inertChild, signing: inertChild },
  },
  states: {
    closed: (s) => {
      if (s.hasTag('busy')) throw new Error('closed must not be busy');
      if (s.context.outcome?.toastType === 'success' && s.context.form !== EMPTY_FORM)
        throw new Error('a success clears what was typed');
    },
    'open.signing.attempting': (s) => {
      if (!s.hasTag('busy')) throw new Error('the form and the company field are locked while signing');
    },
    'open.signing.choosingMethod': (s) => {
      if (s.hasTag('busy') || !s.hasTag('signingPanel'))
        throw new Error('the signing panel shows with enabled buttons');
      if (!s.context.formValid) throw new Error('the panel shows only under a complete form');
    },
  },
};

export default spec;
