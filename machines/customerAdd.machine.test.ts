import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { SIGNING_IN_PROGRESS, type CustomerAddGet } from '../domain/contract';
import { AUTOCOMPLETE_DEBOUNCE, companyLookupMachine } from './companyLookup.machine';
import { customerAddMachine } from './customerAdd.machine';
import { customerConfirmationMachine } from './customerConfirmation.machine';
import { customerCreationMachine } from './customerCreation.machine';
import {
  FIRST_CHECK,
  POLL_INTERVAL,
  STATUS_TIMEOUT,
  provideSigning,
  signingMachine,
  type SigningEffects,
} from './signing.machine';
import type { StatusAnswer } from './idCardSigning.machine';
import type { NavTarget } from '../domain/rights';
import type { ToastRequest } from './toasts.machine';
import {
  END_STATUSES,
  FIELD_LABEL,
  MESSAGE,
  accountServiceRedirectUrl,
  endStatusMessageKey,
  isAutocompleteEmpty,
  staffConfirmLabelKey,
  validateConfirmation,
  validatePhone,
} from '../domain/customer-add/rules';
import { MARY_FGID, testfirma } from '../tests/support/fixtures/customer-add';

const ME = MARY_FGID;
const accountService = {
  runMode: 'live' as const,
  accountServiceUrl: { live: '/ui/settings/represented/{jgid}', test: 'https://test.example/customer/{jgid}/edit' },
  baseUrl: '/ui',
};
const VALID_FORM = {
  email: 'mary@testfirma.example',
  additionalInfo: 'hello',
  terms: true,
  board: true,
  phone: '+37200000766',
};

const withContract: CustomerAddGet = {
  ...testfirma,
  id: 'EPEE11000026',
  name: 'Põldmari AS',
  regCode: '11000026',
  hasContract: true,
  isMainAdministrator: false,
};
const stopped: CustomerAddGet = { ...withContract, value: 'CONTRACT_STOPPED' };

/** the requests of the children, which run for real inside the flow */
interface Fakes {
  findCompanies?: AnyActorLogic;
  loadCustomer?: AnyActorLogic;
  createRights?: AnyActorLogic;
  createCustomer?: AnyActorLogic;
  /** the signing attempt itself (a crashing one), instead of the real one with `opts.signing` */
  signing?: typeof signingMachine;
}
/** the requests of the signing machine, which runs for real inside the flow */
type SigningFakes = SigningEffects;

/** A counted fake of a request actor: resolves (or rejects) with what `answer` gives for call n. */
function fake<TOut, TIn = unknown>(answer: (input: TIn, n: number) => TOut | Promise<TOut>) {
  const calls: { input: TIn; at: number }[] = [];
  const logic = fromPromise<TOut, TIn>(async ({ input }) => {
    calls.push({ input, at: Date.now() });
    return answer(input, calls.length);
  });
  // the fakes stand in for several actors with different input types: the calls record what each got
  return { logic: logic as AnyActorLogic, calls };
}

function start(
  actors: Fakes = {},
  opts: { privileges?: string[]; representativeId?: string; signing?: SigningFakes; runMode?: 'live' | 'test' } = {},
) {
  const unanswered = fake(() => new Promise<never>(() => {})).logic;
  const actor = createActor(
    customerAddMachine.provide({
      actors: {
        companyLookup: companyLookupMachine.provide({
          actors: {
            findCompanies: actors.findCompanies ?? fake(() => [{ name: 'Testfirma OÜ', code: '11000109' }]).logic,
            loadCustomer: actors.loadCustomer ?? fake(() => testfirma).logic,
          },
        }),
        customerConfirmation: customerConfirmationMachine.provide({
          actors: {
            customerCreation: customerCreationMachine.provide({
              actors: {
                createRights: actors.createRights ?? unanswered,
                createCustomer: actors.createCustomer ?? unanswered,
              },
            }),
          },
        }),
        signing: actors.signing ?? provideSigning(opts.signing),
      },
    }),
    { input: { accountService: { ...accountService, runMode: opts.runMode ?? accountService.runMode } } },
  );
  const toasts: ToastRequest[] = [];
  actor.on('toast.show', (e) => toasts.push(e.toast));
  /** where the flow sent the person (the account service's page after a signature) */
  const redirect: NavTarget[] = [];
  actor.on('navigation.requested', (e) => redirect.push(e.target));
  actor.start();
  actor.send({
    type: 'customerAdd.open',
    privileges: opts.privileges ?? ['SHOW_REPRESENTEES'],
    representativeId: opts.representativeId ?? ME,
    returnUrl: '/ui/dashboard',
  });
  return { actor, toasts, redirect };
}

type Actor = ReturnType<typeof start>['actor'];
/** the children's snapshots: the company field, the action area, and the signing attempt */
const lookup = (actor: Actor) => actor.getSnapshot().children.companyLookup?.getSnapshot();
const confirmation = (actor: Actor) => actor.getSnapshot().children.customerConfirmation?.getSnapshot();
/** what the signing panel shows (the flow's own context) */
const panel = (actor: Actor) => actor.getSnapshot();
const signingChild = (actor: Actor) => actor.getSnapshot().children.signing;

async function chooseCompany(actor: ReturnType<typeof start>['actor'], term = 'Testfirma') {
  actor.send({ type: 'customerAdd.search', term });
  await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE);
  actor.send({ type: 'customerAdd.choose', code: '11000109' });
  await vi.advanceTimersByTimeAsync(0);
}

async function toSigningPanel(actor: ReturnType<typeof start>['actor']) {
  await chooseCompany(actor);
  actor.send({ type: 'customerAdd.change', values: VALID_FORM });
  actor.send({ type: 'customerAdd.sign' });
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('customer-add: search and choose (step 1)', () => {
  it('starts closed, opens on customerAdd.open and debounces the autocomplete', async () => {
    const find = fake<{ name: string; code: string }[], { term: string }>(() => [
      { name: 'Testfirma OÜ', code: '11000109' },
    ]);
    const { actor } = start({ findCompanies: find.logic });
    // the field opens empty: nothing to look up
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE);
    expect(lookup(actor)?.matches('waitingForInput')).toBe(true);
    actor.send({ type: 'customerAdd.search', term: 'Te' });
    await vi.advanceTimersByTimeAsync(100);
    actor.send({ type: 'customerAdd.search', term: 'Testf' });
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE - 1);
    expect(find.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(find.calls.map((c) => c.input.term)).toEqual(['Testf']);
    expect(lookup(actor)?.matches('showingSuggestions')).toBe(true);
    expect(lookup(actor)?.context.suggestions).toEqual([{ name: 'Testfirma OÜ', code: '11000109' }]);
  });

  it("shows 'Company not found' for an empty result unless the term is a 1–7 digit code", async () => {
    const { actor } = start({ findCompanies: fake(() => []).logic });
    actor.send({ type: 'customerAdd.search', term: 'Nonexistent' });
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE);
    expect(lookup(actor)?.matches('companyNotFound')).toBe(true);
    actor.send({ type: 'customerAdd.search', term: '1100010' });
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE);
    expect(lookup(actor)?.matches('showingSuggestions')).toBe(true);
  });

  it('an emptied search field makes no request', async () => {
    const find = fake(() => []);
    const { actor } = start({ findCompanies: find.logic });
    actor.send({ type: 'customerAdd.search', term: '  ' });
    await vi.advanceTimersByTimeAsync(3 * AUTOCOMPLETE_DEBOUNCE);
    expect(find.calls).toHaveLength(0);
    expect(lookup(actor)?.matches('waitingForInput')).toBe(true);
  });

  it('an autocomplete failure shows error.client in the modal, keeps the term, and a retry looks up again', async () => {
    const find = fake<{ name: string; code: string }[], { term: string }>((_, n) =>
      n === 1 ? Promise.reject(new Error('network')) : [{ name: 'Testfirma OÜ', code: '11000109' }],
    );
    const { actor, toasts } = start({ findCompanies: find.logic });
    actor.send({ type: 'customerAdd.search', term: 'Testfirma' });
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE);
    expect(lookup(actor)?.matches('lookupFailed')).toBe(true);
    expect(actor.getSnapshot().context.term).toBe('Testfirma');
    expect(lookup(actor)?.context.notice).toEqual({ key: 'error.client' });
    expect(toasts).toEqual([]);
    actor.send({ type: 'customerAdd.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(find.calls.map((c) => c.input)).toEqual([{ term: 'Testfirma' }, { term: 'Testfirma' }]);
    expect(lookup(actor)?.matches('showingSuggestions')).toBe(true);
    expect(lookup(actor)?.context.notice).toBeNull();
  });

  it('CONTRACT_STOPPED shows its message and closes the modal', async () => {
    const { actor, toasts } = start({ loadCustomer: fake(() => stopped).logic });
    await chooseCompany(actor);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(toasts).toEqual([{ toastType: 'error', messageKey: 'customer-add.error.CONTRACT_STOPPED' }]);
  });

  it('a failed customer load shows error.server in the modal with the suggestions, and choosing again loads it', async () => {
    const load = fake<CustomerAddGet, { code: string }>((_, n) =>
      n === 1 ? Promise.reject(new Error('500')) : testfirma,
    );
    const { actor, toasts } = start({ loadCustomer: load.logic });
    await chooseCompany(actor);
    expect(lookup(actor)?.matches('showingSuggestions')).toBe(true);
    expect(lookup(actor)?.context.notice).toEqual({ key: 'error.server' });
    expect(lookup(actor)?.context.suggestions).toHaveLength(1);
    expect(toasts).toEqual([]);
    actor.send({ type: 'customerAdd.choose', code: '11000109' });
    await vi.advanceTimersByTimeAsync(0);
    expect(confirmation(actor)?.matches('confirmingContract')).toBe(true);
    expect(confirmation(actor)?.context.notice).toBeNull();
  });

  it("a company the server does not find (404) shows 'Could not find a matching company.' with the suggestions", async () => {
    const load = fake<CustomerAddGet, { code: string }>(() =>
      Promise.reject(Object.assign(new Error('404'), { status: 404, code: 'NOT_FOUND' })),
    );
    const { actor, toasts } = start({ loadCustomer: load.logic });
    await chooseCompany(actor);
    expect(lookup(actor)?.matches('showingSuggestions')).toBe(true);
    expect(lookup(actor)?.context.notice).toEqual({ key: 'customer-add.not-found-long' });
    expect(lookup(actor)?.context.suggestions).toHaveLength(1);
    expect(toasts).toEqual([]);
  });

  it('loads the customer by the chosen code and lets the user search again', async () => {
    const load = fake<CustomerAddGet, { code: string }>(() => testfirma);
    const { actor } = start({ loadCustomer: load.logic });
    await chooseCompany(actor);
    expect(load.calls[0].input).toEqual({ code: '11000109' });
    expect(confirmation(actor)?.matches('confirmingContract')).toBe(true);
    actor.send({ type: 'customerAdd.search', term: 'Põld' });
    expect(lookup(actor)?.matches('typing')).toBe(true);
    expect(actor.getSnapshot().context.customer).toBeNull();
  });
});

describe('customer-add: the branch per contract and user (steps 2–6)', () => {
  it('no contract: Sign reveals the signing panel only when the confirmation is valid', async () => {
    const { actor } = start();
    await chooseCompany(actor);
    actor.send({ type: 'customerAdd.change', values: { email: 'mary@testfirma.example', terms: true } });
    actor.send({ type: 'customerAdd.sign' });
    expect(confirmation(actor)?.matches('confirmingContract')).toBe(true);
    expect(actor.getSnapshot().children.details?.getSnapshot().context.showAll).toBe(true);
    actor.send({ type: 'customerAdd.change', values: { board: true } });
    actor.send({ type: 'customerAdd.sign' });
    expect(actor.getSnapshot().matches({ open: { signing: 'choosingMethod' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('signingPanel')).toBe(true);
  });

  it('unticking a checkbox while the panel is open hides the panel again', async () => {
    const { actor } = start();
    await toSigningPanel(actor);
    actor.send({ type: 'customerAdd.change', values: { board: false } });
    expect(confirmation(actor)?.matches('confirmingContract')).toBe(true);
  });

  it('contract, not main admin: Confirm creates the rights and shows the rights-added message', async () => {
    const rights = fake<{ value: string }, unknown>(() => ({ value: 'SUCCESS' }));
    const { actor, toasts } = start({ loadCustomer: fake(() => withContract).logic, createRights: rights.logic });
    await chooseCompany(actor);
    expect(confirmation(actor)?.matches('confirmingRights')).toBe(true);
    actor.send({ type: 'customerAdd.confirm' });
    expect(rights.calls).toHaveLength(0); // invalid form: no request
    actor.send({ type: 'customerAdd.change', values: VALID_FORM });
    actor.send({ type: 'customerAdd.confirm' });
    expect(confirmation(actor)?.hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(rights.calls[0].input).toEqual({
      customerId: 'EPEE11000026',
      customerName: 'Põldmari AS',
      email: 'mary@testfirma.example',
    });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(toasts).toEqual([{ toastType: 'success', messageKey: 'customer-add.success' }]);
    expect(actor.getSnapshot().context.form.email).toBe(''); // what was typed served its purpose
  });

  it('create-rights answering an error code closes with that message; a transport failure keeps the form with error.server', async () => {
    const a = start({
      loadCustomer: fake(() => withContract).logic,
      createRights: fake(() => ({ value: 'NOT_A_BOARD_MEMBER' })).logic,
    });
    await chooseCompany(a.actor);
    a.actor.send({ type: 'customerAdd.change', values: VALID_FORM });
    a.actor.send({ type: 'customerAdd.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.toasts.map((t) => t.messageKey)).toEqual(['customer-add.error.NOT_A_BOARD_MEMBER']);
    expect(a.actor.getSnapshot().matches('closed')).toBe(true);

    const b = start({
      loadCustomer: fake(() => withContract).logic,
      createRights: fake(() => Promise.reject(new Error('x'))).logic,
    });
    await chooseCompany(b.actor);
    b.actor.send({ type: 'customerAdd.change', values: VALID_FORM });
    b.actor.send({ type: 'customerAdd.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.toasts).toEqual([]);
    expect(confirmation(b.actor)?.matches('confirmingRights')).toBe(true);
    expect(b.actor.getSnapshot().context.form).toEqual(VALID_FORM);
    expect(confirmation(b.actor)?.context.notice).toEqual({ key: 'error.server' });
  });

  it('contract and main admin: only the rights-exist note, no action', async () => {
    const { actor } = start({ loadCustomer: fake(() => ({ ...withContract, isMainAdministrator: true })).logic });
    await chooseCompany(actor);
    expect(confirmation(actor)?.matches('rightsAlreadyExist')).toBe(true);
    actor.send({ type: 'customerAdd.confirm' });
    actor.send({ type: 'customerAdd.sign' });
    expect(confirmation(actor)?.matches('rightsAlreadyExist')).toBe(true);
  });

  it('ADD_ANY_CUSTOMER: no form, Confirm creates the customer by registry code and shows success.save', async () => {
    const create = fake<{ value: string }, { value: string }>(() => ({ value: 'SUCCESS' }));
    const { actor, toasts } = start({ createCustomer: create.logic }, { privileges: ['ADD_ANY_CUSTOMER'] });
    await chooseCompany(actor);
    expect(confirmation(actor)?.matches('confirmingAsStaff')).toBe(true);
    expect(staffConfirmLabelKey(actor.getSnapshot().context.customer)).toBe('customer-add.confirm-add');
    actor.send({ type: 'customerAdd.confirm' });
    expect(confirmation(actor)?.hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(create.calls[0].input).toEqual({ value: '11000109' });
    expect(toasts).toEqual([{ toastType: 'success', messageKey: 'success.save' }]);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(staffConfirmLabelKey(withContract)).toBe('customer-add.confirm-update');
  });

  it('ADD_ANY_CUSTOMER: an error code closes with its message; a transport failure stays with error.server', async () => {
    const a = start(
      {
        loadCustomer: fake(() => withContract).logic,
        createCustomer: fake(() => ({ value: 'ENTERPRISE_NOT_ACTIVE' })).logic,
      },
      { privileges: ['ADD_ANY_CUSTOMER'] },
    );
    await chooseCompany(a.actor);
    a.actor.send({ type: 'customerAdd.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.toasts.map((t) => t.messageKey)).toEqual(['customer-add.error.ENTERPRISE_NOT_ACTIVE']);
    expect(a.actor.getSnapshot().matches('closed')).toBe(true);

    const create = fake((_, n) => (n === 1 ? Promise.reject(new Error('x')) : { value: 'SUCCESS' }));
    const b = start(
      { loadCustomer: fake(() => withContract).logic, createCustomer: create.logic },
      { privileges: ['ADD_ANY_CUSTOMER'] },
    );
    await chooseCompany(b.actor);
    b.actor.send({ type: 'customerAdd.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.toasts).toEqual([]);
    expect(confirmation(b.actor)?.matches('confirmingAsStaff')).toBe(true);
    expect(confirmation(b.actor)?.context.notice).toEqual({ key: 'error.server' });
    b.actor.send({ type: 'customerAdd.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.toasts.map((t) => t.messageKey)).toEqual(['success.save']);
    expect(b.actor.getSnapshot().matches('closed')).toBe(true);
  });
});

describe('customer-add: the signing panel and the signing machine (steps 7–9)', () => {
  const running = (challengeId = '4821') => fake(() => ({ status: 'SUCCESS', challengeId }));
  const statuses = (list: string[]) =>
    fake<StatusAnswer, void>((_, n) => ({ status: list[Math.min(n, list.length) - 1] }));

  it('Mobile-ID: the phone goes to the start, checks run at 10 s, 15 s, 20 s, then success redirects', async () => {
    const startCall = fake<{ status: string; challengeId: string }, { mobileNr: string }>(() => ({
      status: 'SUCCESS',
      challengeId: '4821',
    }));
    const check = statuses([SIGNING_IN_PROGRESS, SIGNING_IN_PROGRESS, 'SUCCESS']);
    const { actor, toasts, redirect } = start(
      {},
      { signing: { startMobileId: startCall.logic, checkMobileIdStatus: check.logic } },
    );
    await toSigningPanel(actor);
    const t0 = Date.now();
    actor.send({ type: 'signing.start', method: 'mobileId' });
    expect(actor.getSnapshot().matches({ open: { signing: 'attempting' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(startCall.calls[0].input.mobileNr).toBe('+37200000766');
    expect(signingChild(actor)?.getSnapshot().context.challengeId).toBe('4821');
    expect(signingChild(actor)?.getSnapshot().hasTag('verificationCode')).toBe(true);
    await vi.advanceTimersByTimeAsync(FIRST_CHECK + 4 * POLL_INTERVAL);
    expect(check.calls.map((c) => c.at - t0)).toEqual([
      FIRST_CHECK,
      FIRST_CHECK + POLL_INTERVAL,
      FIRST_CHECK + 2 * POLL_INTERVAL,
    ]);
    expect(toasts).toEqual([{ toastType: 'success', messageKey: 'customer-add.success' }]);
    // the reference setup's account service page is a page of the portal: the router opens it
    expect(redirect).toEqual([
      { kind: 'path', path: '/settings/represented/EPEE11000109?redirectUrl=%2Fui%2Fdashboard' },
    ]);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context.form.email).toBe(''); // a new contract starts from an empty form
  });

  it('closing the modal during polling stops the signing machine and every further status request', async () => {
    const check = statuses([SIGNING_IN_PROGRESS]);
    const { actor } = start({}, { signing: { startMobileId: running().logic, checkMobileIdStatus: check.logic } });
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'mobileId' });
    await vi.advanceTimersByTimeAsync(FIRST_CHECK + POLL_INTERVAL + 1_000);
    expect(check.calls).toHaveLength(2);
    const child = signingChild(actor);
    actor.send({ type: 'customerAdd.close' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(child?.getSnapshot().status).toBe('stopped');
    await vi.advanceTimersByTimeAsync(STATUS_TIMEOUT);
    expect(check.calls).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the modal closing stops the flow and hears nothing back; the back office going down ends it, keeping the form', () => {
    const closed = start();
    const heard: boolean[] = [];
    closed.actor.on('customerAdd.finished', (e) => heard.push(e.created));
    closed.actor.send({ type: 'customerAdd.change', values: { email: 'kept@testfirma.example' } });
    closed.actor.send({ type: 'customerAdd.close' });
    expect(closed.actor.getSnapshot().matches('closed')).toBe(true);
    expect(heard).toEqual([]);
    closed.actor.send({ type: 'customerAdd.open', privileges: [], representativeId: ME, returnUrl: '/ui/' });
    closed.actor.send({ type: 'customerAdd.backOfficeDown' });
    expect(heard).toEqual([false]);
    expect(closed.actor.getSnapshot().context.form.email).toBe('kept@testfirma.example');
  });

  it('stopping the actor (navigating away) stops every further status request', async () => {
    const check = statuses([SIGNING_IN_PROGRESS]);
    const { actor } = start({}, { signing: { startSmartId: running().logic, checkSmartIdStatus: check.logic } });
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'smartId' });
    await vi.advanceTimersByTimeAsync(FIRST_CHECK + 1_000);
    expect(check.calls).toHaveLength(1);
    actor.stop();
    await vi.advanceTimersByTimeAsync(STATUS_TIMEOUT);
    expect(check.calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('closing the modal aborts the status request under way', async () => {
    let signal: AbortSignal | undefined;
    const { actor } = start(
      {},
      {
        signing: {
          startMobileId: running('1').logic,
          checkMobileIdStatus: fromPromise<StatusAnswer, void>(({ signal: s }) => {
            signal = s;
            return new Promise(() => {});
          }),
        },
      },
    );
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'mobileId' });
    await vi.advanceTimersByTimeAsync(FIRST_CHECK);
    expect(signal?.aborted).toBe(false);
    actor.send({ type: 'customerAdd.close' });
    expect(signal?.aborted).toBe(true);
  });

  it('an end status or a status timeout closes the modal with its message', async () => {
    const a = start(
      {},
      { signing: { startMobileId: running().logic, checkMobileIdStatus: statuses(['MID_USER_CANCELLED']).logic } },
    );
    await toSigningPanel(a.actor);
    a.actor.send({ type: 'signing.start', method: 'mobileId' });
    await vi.advanceTimersByTimeAsync(FIRST_CHECK);
    expect(a.toasts).toEqual([{ toastType: 'error', messageKey: 'customer-add.error.MID_USER_CANCELLED' }]);
    expect(a.actor.getSnapshot().matches('closed')).toBe(true);

    const b = start(
      {},
      {
        signing: {
          startMobileId: running('1').logic,
          checkMobileIdStatus: fromPromise<StatusAnswer, void>(() => new Promise(() => {})),
        },
      },
    );
    await toSigningPanel(b.actor);
    b.actor.send({ type: 'signing.start', method: 'mobileId' });
    await vi.advanceTimersByTimeAsync(FIRST_CHECK + STATUS_TIMEOUT);
    expect(b.toasts.map((t) => t.messageKey)).toEqual(['error.server']);
    expect(b.actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('a signing machine that fails closes the modal with error.server', async () => {
    const crashing = signingMachine.provide({
      guards: {
        choseIdCard: () => {
          throw new Error('crashed');
        },
      },
    });
    const { actor, toasts } = start({ signing: crashing });
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'smartId' });
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts.map((t) => t.messageKey)).toEqual(['error.server']);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('Smart-ID SUCCESS redirects to the test account service in run mode test', async () => {
    const { actor, redirect } = start(
      {},
      {
        runMode: 'test',
        signing: { startSmartId: running('1').logic, checkSmartIdStatus: statuses(['SUCCESS']).logic },
      },
    );
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'smartId' });
    await vi.advanceTimersByTimeAsync(FIRST_CHECK);
    expect(redirect).toEqual([
      { kind: 'redirect', url: 'https://test.example/customer/EPEE11000109/edit?redirectUrl=%2Fui%2Fdashboard' },
    ]);
  });

  it('an invalid phone keeps the panel open with the phone error and starts nothing', async () => {
    const startCall = running('1');
    const { actor } = start({}, { signing: { startMobileId: startCall.logic } });
    await toSigningPanel(actor);
    actor.send({ type: 'customerAdd.change', values: { phone: 'abc' } });
    actor.send({ type: 'signing.start', method: 'mobileId' });
    await vi.advanceTimersByTimeAsync(0);
    expect(startCall.calls).toHaveLength(0);
    expect(signingChild(actor)).toBeUndefined();
    expect(actor.getSnapshot().matches({ open: { signing: 'choosingMethod' } })).toBe(true);
    expect(panel(actor).context.showPhoneError).toBe(true);
    actor.send({ type: 'customerAdd.change', values: { phone: '+37200000766' } });
    actor.send({ type: 'signing.start', method: 'mobileId' });
    expect(panel(actor).context.showPhoneError).toBe(false);
  });

  it('ID-card: what is signed comes from the company and the form; success redirects', async () => {
    const digest = fake<{ digest: string; status: string }, unknown>(() => ({ digest: 'aGFzaA==', status: 'SUCCESS' }));
    const { actor, toasts, redirect } = start(
      {},
      {
        signing: {
          getCertificate: fake(() => ({ certificate: 'MIIcert' })).logic,
          prepareDigest: digest.logic,
          signHash: fake(() => ({ signature: 'c2ln' })).logic,
          finalizeSignature: fake(() => ({ status: 'SUCCESS' })).logic,
        },
      },
    );
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'idCard' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(digest.calls[0].input).toEqual({
      cert: 'MIIcert',
      customer: {
        enterpriseCode: '11000109',
        enterpriseName: 'Testfirma OÜ',
        email: 'mary@testfirma.example',
        additionalInfo: 'hello',
      },
    });
    expect(toasts).toEqual([{ toastType: 'success', messageKey: 'customer-add.success' }]);
    expect(redirect).toHaveLength(1);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('no card: the panel says so, nothing typed is lost, and the user can try again', async () => {
    const noCard = Object.assign(new Error('no card'), { code: 'IDCARD_NO_CARD' });
    const cert = fake<{ certificate: string }, void>((_, n) =>
      n === 1 ? Promise.reject(noCard) : { certificate: 'MII' },
    );
    const { actor } = start({}, { signing: { getCertificate: cert.logic } });
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'idCard' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ open: { signing: 'choosingMethod' } })).toBe(true);
    expect(panel(actor).context.signingNotice).toEqual({ key: 'customer-add.error.IDCARD_NO_CARD' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.form).toEqual(VALID_FORM);
    actor.send({ type: 'signing.start', method: 'idCard' });
    expect(panel(actor).context.signingNotice).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(cert.calls).toHaveLength(2);
  });

  it('a Mobile-ID start without an answer: error.server in the panel, the phone and form kept, a retry starts again', async () => {
    const startCall = fake((_, n) =>
      n === 1 ? Promise.reject(new Error('network')) : { status: 'SUCCESS', challengeId: '4821' },
    );
    const { actor, toasts } = start(
      {},
      { signing: { startMobileId: startCall.logic, checkMobileIdStatus: statuses([SIGNING_IN_PROGRESS]).logic } },
    );
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'mobileId' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ open: { signing: 'choosingMethod' } })).toBe(true);
    expect(panel(actor).context.signingNotice).toEqual({ key: 'error.server' });
    expect(actor.getSnapshot().context.form).toEqual(VALID_FORM);
    expect(toasts).toEqual([]);
    actor.send({ type: 'signing.start', method: 'mobileId' });
    await vi.advanceTimersByTimeAsync(0);
    expect(startCall.calls).toHaveLength(2);
    expect(signingChild(actor)?.getSnapshot().hasTag('verificationCode')).toBe(true);
  });

  it('the panel: busy (buttons disabled) while signing, a second start ignored; search and an invalid form leave it', async () => {
    const { actor } = start(
      {},
      {
        signing: {
          startMobileId: running('1').logic,
          checkMobileIdStatus: statuses([SIGNING_IN_PROGRESS]).logic,
        },
      },
    );
    await chooseCompany(actor);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'customerAdd.change', values: VALID_FORM });
    actor.send({ type: 'customerAdd.sign' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().hasTag('signingPanel')).toBe(true);
    actor.send({ type: 'signing.start', method: 'mobileId' });
    // before, at and after the first status check
    for (const step of [0, FIRST_CHECK / 2, FIRST_CHECK / 2, 2_000]) {
      await vi.advanceTimersByTimeAsync(step);
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    }
    const child = signingChild(actor);
    actor.send({ type: 'signing.start', method: 'smartId' });
    expect(signingChild(actor)).toBe(child);
    expect(child?.getSnapshot().matches('mobileId')).toBe(true);
    // while signing, the form and the search are locked
    actor.send({ type: 'customerAdd.search', term: 'Põld' });
    expect(actor.getSnapshot().matches({ open: { signing: 'attempting' } })).toBe(true);

    const b = start();
    await toSigningPanel(b.actor);
    b.actor.send({ type: 'customerAdd.search', term: 'Põld' });
    expect(lookup(b.actor)?.matches('typing')).toBe(true);
  });

  it('keeps the form when the modal closes after a failure and is opened again', async () => {
    const { actor } = start(
      {},
      { signing: { startMobileId: fake(() => ({ status: 'MID_PHONE_ABSENT', challengeId: null })).logic } },
    );
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'mobileId' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    actor.send({ type: 'customerAdd.open', privileges: [], representativeId: ME, returnUrl: '/ui/dashboard' });
    expect(actor.getSnapshot().context.form).toEqual(VALID_FORM);
    expect(actor.getSnapshot().context.customer).toBeNull();
  });

  it('defaults are loud: an effect that the app did not provide fails as a transport error', async () => {
    const actor = createActor(customerAddMachine, { input: { accountService } });
    actor.start();
    actor.send({ type: 'customerAdd.open', privileges: [], representativeId: ME, returnUrl: '/ui/' });
    actor.send({ type: 'customerAdd.search', term: 'abc' });
    await vi.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE);
    expect(lookup(actor)?.context.notice).toEqual({ key: 'error.client' });
  });
});

describe('customer-add rules', () => {
  it('validates the confirmation form with message keys and values', () => {
    expect(validateConfirmation({ email: '', additionalInfo: '', terms: false, board: false, phone: '' })).toEqual({
      email: { key: 'validation.required', values: { field: 'customer-add.email.label' } },
      terms: { key: 'validation.required', values: { field: 'customer-add.terms.label' } },
      board: { key: 'validation.required', values: { field: 'customer-add.board.label' } },
    });
    expect(validateConfirmation({ ...VALID_FORM, email: 'not-an-email' }).email?.key).toBe('validation.email');
    expect(validateConfirmation({ ...VALID_FORM, email: `${'a'.repeat(70)}@example.ee` }).email).toEqual({
      key: 'validation.maxLength',
      values: { field: 'customer-add.email.label', max: 80 },
    });
    expect(validateConfirmation({ ...VALID_FORM, email: `${'a'.repeat(68)}@example.ee` })).toEqual({}); // exactly 80
    expect(validateConfirmation({ ...VALID_FORM, additionalInfo: 'x'.repeat(401) }).additionalInfo).toEqual({
      key: 'validation.maxLength',
      values: { field: 'customer-add.additional-info.label', max: 400 },
    });
    expect(validateConfirmation({ ...VALID_FORM, additionalInfo: 'x'.repeat(400) })).toEqual({});
  });

  it('validates the Mobile-ID phone: required, phone format, at most 20', () => {
    expect(validatePhone('')).toEqual({
      phone: { key: 'validation.required', values: { field: 'customer-add.phone.label' } },
    });
    expect(validatePhone('+372 5555 1234')).toEqual({});
    expect(validatePhone('+37200000766')).toEqual({});
    expect(validatePhone('55abc').phone?.key).toBe('validation.phone');
    expect(validatePhone('+' + '1'.repeat(20)).phone).toEqual({
      key: 'validation.maxLength',
      values: { field: 'customer-add.phone.label', max: 20 },
    });
  });

  it('the autocomplete counts as empty only when nothing matched and the term is not a 1–7 digit number', () => {
    expect(isAutocompleteEmpty('Foo', [])).toBe(true);
    expect(isAutocompleteEmpty('1234567', [])).toBe(false);
    expect(isAutocompleteEmpty('12345678', [])).toBe(true);
    expect(isAutocompleteEmpty('Foo', [{}])).toBe(false);
  });

  it('has a message key for every end status and maps unknown codes to the generic failure', () => {
    for (const s of END_STATUSES) expect(endStatusMessageKey(s)).toBe(`customer-add.error.${s}`);
    expect(endStatusMessageKey('NOT_MID_CLIENT')).toBe('customer-add.error.MOBILE_ID_CONTRACT_ERROR');
    expect(endStatusMessageKey(undefined)).toBe('customer-add.error.GENERIC_ERROR');
  });

  it('builds the account service address with jgid and a redirect back', () => {
    expect(
      accountServiceRedirectUrl(
        { runMode: 'live', accountServiceUrl: { live: 'https://acc.example/edit', test: 'x' } },
        'EPEE1',
        'https://portal/ui/dashboard',
      ),
    ).toBe('https://acc.example/edit?jgid=EPEE1&redirectUrl=https%3A%2F%2Fportal%2Fui%2Fdashboard');
    expect(
      accountServiceRedirectUrl(
        { runMode: 'dev', accountServiceUrl: { live: '/c/{jgid}?a=1', test: 'x' } },
        'EPEE1',
        '/ui/',
      ),
    ).toBe('/c/EPEE1?a=1&redirectUrl=%2Fui%2F');
  });

  it('every message key the flow can show has a text in all five languages', () => {
    const keys = [
      ...END_STATUSES.map(endStatusMessageKey),
      ...Object.values(MESSAGE),
      ...Object.values(FIELD_LABEL),
      'validation.required',
      'validation.email',
      'validation.maxLength',
      'validation.phone',
      'customer-add.confirm-add',
      'customer-add.confirm-update',
    ];
    for (const lang of ['et', 'en', 'ru', 'lv', 'lt']) {
      const texts = JSON.parse(readFileSync(new URL(`../locales/${lang}.json`, import.meta.url), 'utf8')) as Record<
        string,
        string
      >;
      expect(
        keys.filter((k) => !texts[k]),
        lang,
      ).toEqual([]);
    }
  });
});
