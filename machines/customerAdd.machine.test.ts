import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import type { CustomerAddGet } from './lib/contract';
import { customerAddMachine, type CustomerAddToast, type StartAnswer, type StatusAnswer } from './customerAdd.machine';
import { SIGNING_END_STATUSES, SIGNING_IN_PROGRESS } from './lib/contract';
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
} from './lib/customer-add/rules';
import { MARY_FGID, testfirma } from './lib/fixtures/customer-add';

const ME = MARY_FGID;
const accountService = {
  runMode: 'live' as const,
  accountServiceUrl: { live: '/ui/settings/represented/{jgid}', test: 'https://test.example/customer/{jgid}/edit' },
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
  mainAdministrators: ['EE1'],
};
const stopped: CustomerAddGet = { ...withContract, value: 'CONTRACT_STOPPED' };

type Fakes = Parameters<typeof customerAddMachine.provide>[0]['actors'];

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

function start(actors: Fakes = {}, opts: { privileges?: string[]; representativeId?: string } = {}) {
  const redirect = fake<void, { url: string }>(() => undefined);
  const actor = createActor(
    customerAddMachine.provide({
      actors: {
        findCompanies: fake(() => [{ name: 'Testfirma OÜ', code: '11000109' }]).logic,
        loadCustomer: fake(() => testfirma).logic,
        redirectToAccountService: redirect.logic,
        ...actors,
      },
    }),
    { input: { accountService } },
  );
  const toasts: CustomerAddToast[] = [];
  actor.on('toast.show', (e) => toasts.push(e.toast));
  actor.start();
  actor.send({
    type: 'customerAdd.open',
    privileges: opts.privileges ?? ['SHOW_REPRESENTEES'],
    representativeId: opts.representativeId ?? ME,
    returnUrl: '/ui/dashboard',
  });
  return { actor, toasts, redirect };
}

async function chooseCompany(actor: ReturnType<typeof start>['actor'], term = 'Testfirma') {
  actor.send({ type: 'customerAdd.search', term });
  await vi.advanceTimersByTimeAsync(300);
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
    expect(actor.getSnapshot().matches({ open: { selectingCompany: 'waitingForInput' } })).toBe(true);
    actor.send({ type: 'customerAdd.search', term: 'Te' });
    await vi.advanceTimersByTimeAsync(100);
    actor.send({ type: 'customerAdd.search', term: 'Testf' });
    await vi.advanceTimersByTimeAsync(299);
    expect(find.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(find.calls.map((c) => c.input.term)).toEqual(['Testf']);
    expect(actor.getSnapshot().matches({ open: { selectingCompany: 'showingSuggestions' } })).toBe(true);
    expect(actor.getSnapshot().context.suggestions).toEqual([{ name: 'Testfirma OÜ', code: '11000109' }]);
  });

  it("shows 'Company not found' for an empty result unless the term is a 1–7 digit code", async () => {
    const { actor } = start({ findCompanies: fake(() => []).logic });
    actor.send({ type: 'customerAdd.search', term: 'Nonexistent' });
    await vi.advanceTimersByTimeAsync(300);
    expect(actor.getSnapshot().matches({ open: { selectingCompany: 'companyNotFound' } })).toBe(true);
    actor.send({ type: 'customerAdd.search', term: '1100010' });
    await vi.advanceTimersByTimeAsync(300);
    expect(actor.getSnapshot().matches({ open: { selectingCompany: 'showingSuggestions' } })).toBe(true);
  });

  it('an emptied search field makes no request', async () => {
    const find = fake(() => []);
    const { actor } = start({ findCompanies: find.logic });
    actor.send({ type: 'customerAdd.search', term: '  ' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(find.calls).toHaveLength(0);
    expect(actor.getSnapshot().matches({ open: { selectingCompany: 'waitingForInput' } })).toBe(true);
  });

  it('an autocomplete failure shows error.client and closes the modal', async () => {
    const { actor, toasts } = start({ findCompanies: fake(() => Promise.reject(new Error('network'))).logic });
    actor.send({ type: 'customerAdd.search', term: 'Testfirma' });
    await vi.advanceTimersByTimeAsync(300);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(toasts).toEqual([{ toastType: 'error', messageKey: 'error.client' }]);
  });

  it('CONTRACT_STOPPED shows its message and closes the modal', async () => {
    const { actor, toasts } = start({ loadCustomer: fake(() => stopped).logic });
    await chooseCompany(actor);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(toasts).toEqual([{ toastType: 'error', messageKey: 'customer-add.error.CONTRACT_STOPPED' }]);
  });

  it('a failed customer load shows error.server and closes', async () => {
    const { actor, toasts } = start({ loadCustomer: fake(() => Promise.reject(new Error('500'))).logic });
    await chooseCompany(actor);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(toasts.map((t) => t.messageKey)).toEqual(['error.server']);
  });

  it('loads the customer by the chosen code and lets the user search again', async () => {
    const load = fake<CustomerAddGet, { code: string }>(() => testfirma);
    const { actor } = start({ loadCustomer: load.logic });
    await chooseCompany(actor);
    expect(load.calls[0].input).toEqual({ code: '11000109' });
    expect(actor.getSnapshot().matches({ open: { reviewing: 'confirmingContract' } })).toBe(true);
    actor.send({ type: 'customerAdd.search', term: 'Põld' });
    expect(actor.getSnapshot().matches({ open: { selectingCompany: 'typing' } })).toBe(true);
    expect(actor.getSnapshot().context.customer).toBeNull();
  });
});

describe('customer-add: the branch per contract and user (steps 2–6)', () => {
  it('no contract: Sign reveals the signing panel only when the confirmation is valid', async () => {
    const { actor } = start();
    await chooseCompany(actor);
    actor.send({ type: 'customerAdd.change', values: { email: 'mary@testfirma.example', terms: true } });
    actor.send({ type: 'customerAdd.sign' });
    expect(actor.getSnapshot().matches({ open: { reviewing: 'confirmingContract' } })).toBe(true);
    expect(actor.getSnapshot().context.showErrors).toBe(true);
    actor.send({ type: 'customerAdd.change', values: { board: true } });
    actor.send({ type: 'customerAdd.sign' });
    expect(actor.getSnapshot().matches({ open: { signing: 'choosingMethod' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('signingPanel')).toBe(true);
  });

  it('unticking a checkbox while the panel is open hides the panel again', async () => {
    const { actor } = start();
    await toSigningPanel(actor);
    actor.send({ type: 'customerAdd.change', values: { board: false } });
    expect(actor.getSnapshot().matches({ open: { reviewing: 'confirmingContract' } })).toBe(true);
  });

  it('contract, not main admin: Confirm creates the rights and shows the rights-added message', async () => {
    const rights = fake<{ value: string }, unknown>(() => ({ value: 'SUCCESS' }));
    const { actor, toasts } = start({ loadCustomer: fake(() => withContract).logic, createRights: rights.logic });
    await chooseCompany(actor);
    expect(actor.getSnapshot().matches({ open: { reviewing: 'confirmingRights' } })).toBe(true);
    actor.send({ type: 'customerAdd.confirm' });
    expect(rights.calls).toHaveLength(0); // invalid form: no request
    actor.send({ type: 'customerAdd.change', values: VALID_FORM });
    actor.send({ type: 'customerAdd.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(rights.calls[0].input).toEqual({
      customerId: 'EPEE11000026',
      customerName: 'Põldmari AS',
      email: 'mary@testfirma.example',
    });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(toasts).toEqual([{ toastType: 'success', messageKey: 'customer-add.success' }]);
  });

  it('create-rights answering an error code shows that message; a transport failure shows error.server', async () => {
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
    expect(b.toasts.map((t) => t.messageKey)).toEqual(['error.server']);
    expect(b.actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('contract and main admin: only the rights-exist note, no action', async () => {
    const { actor } = start({ loadCustomer: fake(() => ({ ...withContract, mainAdministrators: [ME] })).logic });
    await chooseCompany(actor);
    expect(actor.getSnapshot().matches({ open: { reviewing: 'rightsAlreadyExist' } })).toBe(true);
    actor.send({ type: 'customerAdd.confirm' });
    actor.send({ type: 'customerAdd.sign' });
    expect(actor.getSnapshot().matches({ open: { reviewing: 'rightsAlreadyExist' } })).toBe(true);
  });

  it('ADD_ANY_CUSTOMER: no form, Confirm creates the customer by registry code and shows success.save', async () => {
    const create = fake<{ value: string }, { value: string }>(() => ({ value: 'SUCCESS' }));
    const { actor, toasts } = start({ createCustomer: create.logic }, { privileges: ['ADD_ANY_CUSTOMER'] });
    await chooseCompany(actor);
    expect(actor.getSnapshot().matches({ open: { reviewing: 'confirmingAsStaff' } })).toBe(true);
    expect(staffConfirmLabelKey(actor.getSnapshot().context.customer)).toBe('customer-add.confirm-add');
    actor.send({ type: 'customerAdd.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(create.calls[0].input).toEqual({ value: '11000109' });
    expect(toasts).toEqual([{ toastType: 'success', messageKey: 'success.save' }]);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(staffConfirmLabelKey(withContract)).toBe('customer-add.confirm-update');
  });

  it('ADD_ANY_CUSTOMER: an error code or a transport failure closes with its message', async () => {
    for (const [answer, key] of [
      [() => ({ value: 'ENTERPRISE_NOT_ACTIVE' }), 'customer-add.error.ENTERPRISE_NOT_ACTIVE'],
      [() => Promise.reject(new Error('x')), 'error.server'],
    ] as const) {
      const { actor, toasts } = start(
        { loadCustomer: fake(() => withContract).logic, createCustomer: fake(answer).logic },
        { privileges: ['ADD_ANY_CUSTOMER'] },
      );
      await chooseCompany(actor);
      actor.send({ type: 'customerAdd.confirm' });
      await vi.advanceTimersByTimeAsync(0);
      expect(toasts.map((t) => t.messageKey)).toEqual([key]);
      expect(actor.getSnapshot().matches('closed')).toBe(true);
    }
  });
});

describe('customer-add: Mobile-ID and Smart-ID (step 7)', () => {
  function mobile(statuses: string[], startStatus = 'SUCCESS') {
    const startCall = fake<StartAnswer, { mobileNr: string }>(() => ({ status: startStatus, challengeId: '4821' }));
    const check = fake<StatusAnswer, void>((_, n) => ({ status: statuses[Math.min(n, statuses.length) - 1] }));
    return { startCall, check };
  }

  it('checks the status exactly at 10 s, 15 s and 20 s after the start, then succeeds and redirects', async () => {
    const { startCall, check } = mobile([SIGNING_IN_PROGRESS, SIGNING_IN_PROGRESS, 'SUCCESS']);
    const { actor, toasts, redirect } = start({ startMobileId: startCall.logic, checkMobileIdStatus: check.logic });
    await toSigningPanel(actor);
    const t0 = Date.now();
    actor.send({ type: 'signing.start', method: 'mobileId' });
    await vi.advanceTimersByTimeAsync(0);
    expect(startCall.calls[0].input.mobileNr).toBe('+37200000766');
    expect(actor.getSnapshot().context.challengeId).toBe('4821');
    expect(actor.getSnapshot().hasTag('verificationCode')).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check.calls.map((c) => c.at - t0)).toEqual([10_000, 15_000, 20_000]);
    expect(toasts).toEqual([{ toastType: 'success', messageKey: 'customer-add.success' }]);
    expect(redirect.calls[0].input.url).toBe('/ui/settings/represented/EPEE11000109?redirectUrl=%2Fui%2Fdashboard');
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context.form.email).toBe(''); // a new contract starts from an empty form
  });

  it('closing the modal during polling stops every further status request', async () => {
    const { startCall, check } = mobile([SIGNING_IN_PROGRESS]);
    const { actor } = start({ startMobileId: startCall.logic, checkMobileIdStatus: check.logic });
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'mobileId' });
    await vi.advanceTimersByTimeAsync(16_000);
    expect(check.calls).toHaveLength(2);
    actor.send({ type: 'customerAdd.close' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check.calls).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stopping the actor (navigating away) stops every further status request', async () => {
    const { startCall, check } = mobile([SIGNING_IN_PROGRESS]);
    const { actor } = start({ startSmartId: startCall.logic, checkSmartIdStatus: check.logic });
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'smartId' });
    await vi.advanceTimersByTimeAsync(11_000);
    expect(check.calls).toHaveLength(1);
    actor.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check.calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a closed request is aborted: the request actor sees its signal aborted', async () => {
    let signal: AbortSignal | undefined;
    const { actor } = start({
      startMobileId: fake(() => ({ status: 'SUCCESS', challengeId: '1' })).logic,
      checkMobileIdStatus: fromPromise<StatusAnswer, void>(({ signal: s }) => {
        signal = s;
        return new Promise(() => {});
      }),
    });
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'mobileId' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(signal?.aborted).toBe(false);
    actor.send({ type: 'customerAdd.close' });
    expect(signal?.aborted).toBe(true);
  });

  it('a status call that does not answer within 60 s shows error.server and closes', async () => {
    const { actor, toasts } = start({
      startMobileId: fake(() => ({ status: 'SUCCESS', challengeId: '1' })).logic,
      checkMobileIdStatus: fromPromise<StatusAnswer, void>(() => new Promise(() => {})),
    });
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'mobileId' });
    await vi.advanceTimersByTimeAsync(10_000 + 59_999);
    expect(
      actor.getSnapshot().matches({ open: { signing: { mobileId: { awaitingConfirmation: 'checkingStatus' } } } }),
    ).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(toasts.map((t) => t.messageKey)).toEqual(['error.server']);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it.each([...SIGNING_END_STATUSES, 'SOMETHING_UNKNOWN'])(
    'Mobile-ID status %s shows its message key and closes',
    async (code) => {
      const { startCall, check } = mobile([SIGNING_IN_PROGRESS, code]);
      const { actor, toasts } = start({ startMobileId: startCall.logic, checkMobileIdStatus: check.logic });
      await toSigningPanel(actor);
      actor.send({ type: 'signing.start', method: 'mobileId' });
      await vi.advanceTimersByTimeAsync(15_000);
      expect(check.calls).toHaveLength(2);
      expect(toasts).toEqual([
        {
          toastType: 'error',
          messageKey: code === 'SOMETHING_UNKNOWN' ? 'customer-add.error.GENERIC_ERROR' : `customer-add.error.${code}`,
        },
      ]);
      expect(actor.getSnapshot().matches('closed')).toBe(true);
    },
  );

  it('a start answer other than SUCCESS ends at once with its message', async () => {
    const { startCall, check } = mobile([], 'MOBILE_ID_CONTRACT_ERROR');
    const { actor, toasts } = start({ startMobileId: startCall.logic, checkMobileIdStatus: check.logic });
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'mobileId' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check.calls).toHaveLength(0);
    expect(toasts.map((t) => t.messageKey)).toEqual(['customer-add.error.MOBILE_ID_CONTRACT_ERROR']);
  });

  it('start and check transport failures show error.server', async () => {
    const a = start({ startSmartId: fake(() => Promise.reject(new Error('x'))).logic });
    await toSigningPanel(a.actor);
    a.actor.send({ type: 'signing.start', method: 'smartId' });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.toasts.map((t) => t.messageKey)).toEqual(['error.server']);

    const b = start({
      startSmartId: fake(() => ({ status: 'SUCCESS', challengeId: '77' })).logic,
      checkSmartIdStatus: fake(() => Promise.reject(new Error('x'))).logic,
    });
    await toSigningPanel(b.actor);
    b.actor.send({ type: 'signing.start', method: 'smartId' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(b.toasts.map((t) => t.messageKey)).toEqual(['error.server']);
    expect(b.actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('Smart-ID polls at 10 s and 15 s, and USER_REFUSED ends with its message', async () => {
    const startCall = fake<StartAnswer, unknown>(() => ({ status: 'SUCCESS', challengeId: '0042' }));
    const check = fake<StatusAnswer, void>((_, n) => ({ status: n < 2 ? SIGNING_IN_PROGRESS : 'SID_USER_REFUSED' }));
    const { actor, toasts } = start({ startSmartId: startCall.logic, checkSmartIdStatus: check.logic });
    await toSigningPanel(actor);
    const t0 = Date.now();
    actor.send({ type: 'signing.start', method: 'smartId' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.challengeId).toBe('0042');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check.calls.map((c) => c.at - t0)).toEqual([10_000, 15_000]);
    expect(toasts.map((t) => t.messageKey)).toEqual(['customer-add.error.SID_USER_REFUSED']);
  });

  it('Smart-ID SUCCESS redirects to the test account service in run mode test', async () => {
    const actor = createActor(
      customerAddMachine.provide({
        actors: {
          findCompanies: fake(() => [{ name: 'Testfirma OÜ', code: '11000109' }]).logic,
          loadCustomer: fake(() => testfirma).logic,
          startSmartId: fake(() => ({ status: 'SUCCESS', challengeId: '1' })).logic,
          checkSmartIdStatus: fake(() => ({ status: 'SUCCESS' })).logic,
          redirectToAccountService: fromPromise<void, { url: string }>(async ({ input }) => {
            urls.push(input.url);
          }),
        },
      }),
      { input: { accountService: { ...accountService, runMode: 'test' } } },
    );
    const urls: string[] = [];
    actor.start();
    actor.send({ type: 'customerAdd.open', privileges: [], representativeId: ME, returnUrl: '/ui/dashboard' });
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'smartId' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(urls).toEqual(['https://test.example/customer/EPEE11000109/edit?redirectUrl=%2Fui%2Fdashboard']);
  });

  it('an invalid phone keeps the panel open with the phone error and starts nothing', async () => {
    const startCall = fake(() => ({ status: 'SUCCESS', challengeId: '1' }));
    const { actor } = start({ startMobileId: startCall.logic });
    await toSigningPanel(actor);
    actor.send({ type: 'customerAdd.change', values: { phone: 'abc' } });
    actor.send({ type: 'signing.start', method: 'mobileId' });
    await vi.advanceTimersByTimeAsync(0);
    expect(startCall.calls).toHaveLength(0);
    expect(actor.getSnapshot().matches({ open: { signing: 'choosingMethod' } })).toBe(true);
    expect(actor.getSnapshot().context.showPhoneError).toBe(true);
  });
});

describe('customer-add: ID-card (step 8)', () => {
  function card(over: Fakes = {}) {
    const cert = fake(() => ({ certificate: 'MIIcert' }));
    const digest = fake<{ digest: string | null; status: string }, { cert: string; customer: unknown }>(() => ({
      digest: 'aGFzaA==',
      status: 'SUCCESS',
    }));
    const sign = fake<{ signature: string }, { certificate: string; hash: string; hashFunction: string }>(() => ({
      signature: 'c2ln',
    }));
    const fin = fake<StatusAnswer, { value: string }>(() => ({ status: 'SUCCESS' }));
    const t = start({
      getCertificate: cert.logic,
      prepareDigest: digest.logic,
      signHash: sign.logic,
      finalizeSignature: fin.logic,
      ...over,
    });
    return { ...t, cert, digest, sign, fin };
  }

  it('certificate → digest → sign on the card → finalize → success and redirect', async () => {
    const { actor, toasts, digest, sign, fin, redirect } = card();
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
    expect(sign.calls[0].input).toEqual({ certificate: 'MIIcert', hash: 'aGFzaA==', hashFunction: 'SHA-256' });
    expect(fin.calls[0].input).toEqual({ value: 'c2ln' });
    expect(toasts).toEqual([{ toastType: 'success', messageKey: 'customer-add.success' }]);
    expect(redirect.calls).toHaveLength(1);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('a digest status other than SUCCESS shows that message and closes; no signature is asked', async () => {
    const { actor, toasts, sign } = card({
      prepareDigest: fake(() => ({ digest: null, status: 'CERTIFICATE_MISMATCH' })).logic,
    });
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'idCard' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sign.calls).toHaveLength(0);
    expect(toasts.map((t) => t.messageKey)).toEqual(['customer-add.error.CERTIFICATE_MISMATCH']);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it.each([
    ['digest transport failure', { prepareDigest: fake(() => Promise.reject(new Error('x'))).logic }, 'error.server'],
    [
      'finalize transport failure',
      { finalizeSignature: fake(() => Promise.reject(new Error('x'))).logic },
      'error.server',
    ],
    [
      'finalize DIGIDOC_ERROR',
      { finalizeSignature: fake(() => ({ status: 'DIGIDOC_ERROR' })).logic },
      'customer-add.error.DIGIDOC_ERROR',
    ],
  ] as const)('%s closes with %s', async (_, over, key) => {
    const { actor, toasts } = card(over as Fakes);
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'idCard' });
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts.map((t) => t.messageKey)).toEqual([key]);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('no card and a cancelled PIN are told apart, and the user can try again', async () => {
    const noCard = Object.assign(new Error('no card'), { code: 'IDCARD_NO_CARD' });
    const pin = Object.assign(new Error('cancelled'), { code: 'IDCARD_USER_CANCELLED' });
    const { actor, fin } = card({
      getCertificate: fake(() => Promise.reject(noCard)).logic,
      signHash: fake(() => Promise.reject(pin)).logic,
    });
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'idCard' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ open: { signing: 'choosingMethod' } })).toBe(true);
    expect(actor.getSnapshot().context.notice).toEqual({ key: 'customer-add.error.IDCARD_NO_CARD' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.form).toEqual(VALID_FORM); // nothing typed is lost
    actor.send({ type: 'signing.start', method: 'idCard' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(fin.calls).toHaveLength(0);
  });

  it('an unexpected card adapter failure shows error.client in the panel', async () => {
    const { actor } = card({ getCertificate: fake(() => Promise.reject(new Error('extension missing'))).logic });
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'idCard' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.notice).toEqual({ key: 'error.client' });
  });

  it('a cancelled PIN while signing shows its own message', async () => {
    const pin = Object.assign(new Error('cancelled'), { code: 'IDCARD_USER_CANCELLED' });
    const { actor } = card({ signHash: fake(() => Promise.reject(pin)).logic });
    await toSigningPanel(actor);
    actor.send({ type: 'signing.start', method: 'idCard' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.notice).toEqual({ key: 'customer-add.error.IDCARD_USER_CANCELLED' });
  });
});

describe('customer-add: busy and lifecycle (step 9)', () => {
  it('signing buttons are disabled (busy) while any signing or creation runs, and not otherwise', async () => {
    const { actor } = start({
      startMobileId: fake(() => ({ status: 'SUCCESS', challengeId: '1' })).logic,
      checkMobileIdStatus: fake(() => ({ status: SIGNING_IN_PROGRESS })).logic,
    });
    await chooseCompany(actor);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'customerAdd.change', values: VALID_FORM });
    actor.send({ type: 'customerAdd.sign' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'signing.start', method: 'mobileId' });
    for (const t of [0, 5_000, 10_000, 12_000]) {
      await vi.advanceTimersByTimeAsync(t === 0 ? 0 : 1_000);
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    }
    // a second start while busy is not accepted
    actor.send({ type: 'signing.start', method: 'smartId' });
    expect(actor.getSnapshot().matches({ open: { signing: 'mobileId' } })).toBe(true);
  });

  it('keeps the form when the modal closes after a failure and is opened again', async () => {
    const { actor } = start({ startMobileId: fake(() => ({ status: 'MID_PHONE_ABSENT', challengeId: null })).logic });
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
    const toasts: CustomerAddToast[] = [];
    actor.on('toast.show', (e) => toasts.push(e.toast));
    actor.start();
    actor.send({ type: 'customerAdd.open', privileges: [], representativeId: ME, returnUrl: '/ui/' });
    actor.send({ type: 'customerAdd.search', term: 'abc' });
    await vi.advanceTimersByTimeAsync(300);
    expect(toasts.map((t) => t.messageKey)).toEqual(['error.client']);
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
