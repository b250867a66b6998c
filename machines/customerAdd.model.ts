/**
 * Model-based test spec of the customer-add flow (machines/customerAdd.machine.ts) for `npm run test:model`.
 *
 * Every invoked request and every delay is driven by a synthetic event
 * (`xstate.done.actor.<id>` / `xstate.error.actor.<id>` with realistic answers, `xstate.after.<DELAY>.<stateId>`);
 * the provided fakes are inert so the replay sees only those.
 *
 * serializeState keeps the state space small (only the context that guards read, and only where they read it).
 * When the traversal passes the event and the previous state (xstate/graph's TestModel does), they are added
 * too, so every transition leads to its own vertex and plain shortest paths take every transition, including
 * the many that end in `closed`.
 */
import { fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { CustomerAddGet } from './lib/contract';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { customerAddMachine } from './customerAdd.machine';
import { MESSAGE, isConfirmationValid, isPhoneValid } from './lib/customer-add/rules';
import { MARY_FGID, testfirma } from '../tests/support/fixtures/customer-add';
import { provideSigning, type SigningOutput } from './signing.machine';

type CustomerAddSnapshot = SnapshotFrom<typeof customerAddMachine>;

/** a model event: a type plus its payload */
type Ev = EventObject & Record<string, unknown>;

const ME = MARY_FGID;
const VALID_FORM = {
  email: 'mary@testfirma.example',
  additionalInfo: '',
  terms: true,
  board: true,
  phone: '+37200000766',
};

const poldmari: CustomerAddGet = {
  ...testfirma,
  id: 'EPEE11000026',
  name: 'Põldmari AS',
  regCode: '11000026',
  hasContract: true,
  isMainAdministrator: false, // mari's, not ME's
};
const maasikas: CustomerAddGet = {
  ...poldmari,
  id: 'EPEE11000015',
  name: 'Maasikas OÜ',
  regCode: '11000015',
  isMainAdministrator: true,
};
const peatatud: CustomerAddGet = {
  ...poldmari,
  id: 'EPEE11000070',
  name: 'Peatatud Leping OÜ',
  regCode: '11000070',
  value: 'CONTRACT_STOPPED',
};

const ID = 'customerAdd.open';
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown = new Error('network')) => ({ type: `xstate.error.actor.${id}`, error });
const after = (delay: string, stateId: string) => ({ type: `xstate.after.${delay}.${stateId}` });
const close = { type: 'customerAdd.close' };
/** the signing machine (machines/signing.model.ts drives it) ends with this output */
const signingEnds = (output: SigningOutput) => done('signing', output);

function events(s: CustomerAddSnapshot): Ev[] {
  const at = (path: string) => s.matches(path as never); // dot paths, as xstate's matches reads them
  if (s.matches('closed'))
    return [
      { type: 'customerAdd.open', privileges: ['SHOW_REPRESENTEES'], representativeId: ME, returnUrl: '/ui/dashboard' },
      {
        type: 'customerAdd.open',
        privileges: ['ADD_ANY_CUSTOMER', 'EDIT_ANY_CUSTOMER'],
        representativeId: 'EE47101010033',
        returnUrl: '/ui/customer-search',
      },
    ];
  if (s.matches('redirecting')) return [done('redirectToAccountService', undefined), fail('redirectToAccountService')];

  const search = (term: string) => ({ type: 'customerAdd.search', term });
  if (at('open.selectingCompany.waitingForInput')) return [search('Testfirma'), close];
  if (at('open.selectingCompany.typing'))
    return [after('AUTOCOMPLETE_DEBOUNCE', `${ID}.selectingCompany.typing`), search('')];
  if (at('open.selectingCompany.lookingUp'))
    return [
      done('findCompanies', [{ name: 'Testfirma OÜ', code: '11000109' }]),
      done('findCompanies', []),
      fail('findCompanies'),
    ];
  if (at('open.selectingCompany.showingSuggestions'))
    return [{ type: 'customerAdd.choose', code: '11000109' }, search('Põldmari')];
  if (at('open.selectingCompany.companyNotFound')) return [search('Testfirma')];
  // issue 13: a failed lookup keeps the term; retry or typing looks up again
  if (at('open.selectingCompany.lookupFailed')) return [{ type: 'customerAdd.retry' }, search('Testfirma')];
  if (at('open.loadingCustomer'))
    return [
      done('loadCustomer', testfirma),
      done('loadCustomer', poldmari),
      done('loadCustomer', maasikas),
      done('loadCustomer', peatatud),
      fail('loadCustomer'),
    ];

  const change = [
    { type: 'customerAdd.change', values: VALID_FORM },
    { type: 'customerAdd.change', values: { board: false } },
  ];
  if (at('open.reviewing.confirmingContract')) return [...change, { type: 'customerAdd.sign' }, search('Maasikas')];
  if (at('open.reviewing.confirmingRights')) return [...change, { type: 'customerAdd.confirm' }];
  if (at('open.reviewing.rightsAlreadyExist')) return [close];
  if (at('open.reviewing.confirmingAsStaff')) return [{ type: 'customerAdd.confirm' }];
  if (at('open.creatingRights'))
    return [
      done('createRights', { value: 'SUCCESS' }),
      done('createRights', { value: 'NOT_A_BOARD_MEMBER' }),
      fail('createRights'),
    ];
  if (at('open.creatingCustomer'))
    return [
      done('createCustomer', { value: 'SUCCESS' }),
      done('createCustomer', { value: 'ENTERPRISE_NOT_ACTIVE' }),
      fail('createCustomer'),
    ];

  if (at('open.signing.choosingMethod'))
    return [
      { type: 'signing.start', method: 'idCard' },
      { type: 'signing.start', method: 'mobileId' },
      { type: 'signing.start', method: 'smartId' },
      { type: 'customerAdd.change', values: { phone: '12ab' } },
      { type: 'customerAdd.change', values: { terms: false } },
      search('Testfirma'),
    ];
  if (at('open.signing.signingWithMethod'))
    return [
      signingEnds({ result: 'signed', messageKey: MESSAGE.success }),
      signingEnds({ result: 'retry', messageKey: 'customer-add.error.IDCARD_NO_CARD' }),
      signingEnds({ result: 'ended', messageKey: 'customer-add.error.MID_USER_CANCELLED' }),
      fail('signing'),
      close,
    ];
  return [];
}

/** Only the context that guards read, only in the states where they read it. */
function essentials(s: CustomerAddSnapshot): Record<string, unknown> {
  const c = s.context;
  const out: Record<string, unknown> = {};
  if (s.matches('closed')) out.outcome = c.outcome?.messageKey ?? null;
  if (s.matches({ open: 'selectingCompany' }) || s.matches({ open: 'loadingCustomer' })) {
    out.staff = c.privileges.includes('ADD_ANY_CUSTOMER');
    out.term = c.term.trim() === '' ? 'empty' : 'text';
  }
  if (
    s.matches({ open: { reviewing: 'confirmingContract' } }) ||
    s.matches({ open: { reviewing: 'confirmingRights' } }) ||
    s.matches({ open: 'signing' })
  )
    out.formValid = isConfirmationValid(c.form);
  if (s.matches({ open: { signing: 'choosingMethod' } })) out.phoneValid = isPhoneValid(c.form.phone);
  return out;
}

const serializeState = (s: CustomerAddSnapshot, event?: EventObject, prev?: CustomerAddSnapshot): string =>
  JSON.stringify([s.value, essentials(s), event?.type ?? null, prev ? prev.value : null]);

const inert = fromPromise<never, unknown>(() => new Promise<never>(() => {}));
/** the same, typed for the actor it stands in for */
const inertRequest = <TOut, TIn>() => fromPromise<TOut, TIn>(() => new Promise<TOut>(() => {}));

const spec: MachineModelSpec<typeof customerAddMachine> = {
  name: 'customerAdd',
  machine: customerAddMachine,
  input: {
    accountService: {
      runMode: 'test',
      accountServiceUrl: { live: '/ui/settings/represented/{jgid}', test: '/ui/settings/represented/{jgid}' },
    },
  },
  events,
  serializeState,
  provide: {
    actors: {
      findCompanies: inert,
      loadCustomer: inert,
      createRights: inert,
      createCustomer: inert,
      // the real signing machine with inert requests: it never ends by itself, the path's done events do
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
      redirectToAccountService: inert,
    },
  } as MachineModelSpec<typeof customerAddMachine>['provide'],
  states: {
    closed: (s) => {
      if (s.hasTag('busy')) throw new Error('closed must not be busy');
    },
    'open.signing.signingWithMethod': (s) => {
      if (!s.hasTag('busy')) throw new Error('the form and the signing buttons are disabled while signing');
    },
    'open.signing.choosingMethod': (s) => {
      if (s.hasTag('busy') || !s.hasTag('signingPanel'))
        throw new Error('the signing panel shows with enabled buttons');
    },
    'open.reviewing.confirmingAsStaff': (s) => {
      if (!s.context.privileges.includes('ADD_ANY_CUSTOMER')) throw new Error('only staff confirm directly');
    },
    redirecting: (s) => {
      if (!s.context.redirectUrl?.includes('redirectUrl=')) throw new Error('redirect carries the way back');
    },
  },
};

export default spec;
