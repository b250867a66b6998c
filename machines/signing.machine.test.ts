import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { SIGNING_END_STATUSES, SIGNING_IN_PROGRESS } from '../domain/contract';
import {
  FIRST_CHECK,
  POLL_INTERVAL,
  STATUS_TIMEOUT,
  provideSigning,
  signingMachine,
  type SigningEffects,
  type SigningInput,
  type SigningMethod,
} from './signing.machine';
import type { StatusAnswer } from './idCardSigning.machine';

const REQUEST = {
  customer: {
    enterpriseCode: '11000109',
    enterpriseName: 'Testfirma OÜ',
    email: 'mary@testfirma.example',
    additionalInfo: 'hello',
  },
  mobileNr: '+37200000766',
};
const INPUT: SigningInput = { ...REQUEST, method: 'mobileId' };

type Fakes = SigningEffects;

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

function start(actors: Fakes, method: SigningMethod) {
  const t0 = Date.now();
  const actor = createActor(provideSigning(actors), { input: { ...REQUEST, method } });
  actor.start();
  return { actor, t0 };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('signing: Mobile-ID and Smart-ID (step 7)', () => {
  function phone(statuses: string[], startStatus = 'SUCCESS') {
    const startCall = fake<{ status: string; challengeId: string | null }, SigningInput>(() => ({
      status: startStatus,
      challengeId: startStatus === 'SUCCESS' ? '4821' : null,
    }));
    const check = fake<StatusAnswer, void>((_, n) => ({ status: statuses[Math.min(n, statuses.length) - 1] }));
    return { startCall, check };
  }

  it('starts Mobile-ID, the method of its input, with the phone and the customer and shows the code', async () => {
    const { startCall, check } = phone([SIGNING_IN_PROGRESS]);
    const actor = createActor(provideSigning({ startMobileId: startCall.logic, checkMobileIdStatus: check.logic }), {
      input: INPUT,
    });
    actor.start();
    expect(actor.getSnapshot().matches('mobileId')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(startCall.calls[0].input).toEqual(REQUEST);
    expect(actor.getSnapshot().context.challengeId).toBe('4821');
    expect(actor.getSnapshot().hasTag('verificationCode')).toBe(true);
  });

  it('checks the status exactly FIRST_CHECK after the start, then every POLL_INTERVAL, and ends signed', async () => {
    const { startCall, check } = phone([SIGNING_IN_PROGRESS, SIGNING_IN_PROGRESS, 'SUCCESS']);
    const { actor, t0 } = start({ startMobileId: startCall.logic, checkMobileIdStatus: check.logic }, 'mobileId');
    await vi.advanceTimersByTimeAsync(FIRST_CHECK + 4 * POLL_INTERVAL);
    expect(check.calls.map((c) => c.at - t0)).toEqual([
      FIRST_CHECK,
      FIRST_CHECK + POLL_INTERVAL,
      FIRST_CHECK + 2 * POLL_INTERVAL,
    ]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ result: 'signed', messageKey: 'customer-add.success' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('Smart-ID polls the same way, sends the customer, and USER_REFUSED ends with its message', async () => {
    const { startCall, check } = phone([SIGNING_IN_PROGRESS, 'SID_USER_REFUSED']);
    const { actor, t0 } = start({ startSmartId: startCall.logic, checkSmartIdStatus: check.logic }, 'smartId');
    await vi.advanceTimersByTimeAsync(0);
    expect(startCall.calls[0].input.customer).toEqual(INPUT.customer);
    expect(actor.getSnapshot().context.challengeId).toBe('4821');
    await vi.advanceTimersByTimeAsync(STATUS_TIMEOUT);
    expect(check.calls.map((c) => c.at - t0)).toEqual([FIRST_CHECK, FIRST_CHECK + POLL_INTERVAL]);
    expect(actor.getSnapshot().output).toEqual({ result: 'ended', messageKey: 'customer-add.error.SID_USER_REFUSED' });
  });

  it('stopping the actor (the modal closes) stops every further status request and timer', async () => {
    const { startCall, check } = phone([SIGNING_IN_PROGRESS]);
    const { actor } = start({ startSmartId: startCall.logic, checkSmartIdStatus: check.logic }, 'smartId');
    await vi.advanceTimersByTimeAsync(FIRST_CHECK + 1_000);
    expect(check.calls).toHaveLength(1);
    actor.stop();
    await vi.advanceTimersByTimeAsync(STATUS_TIMEOUT);
    expect(check.calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a stopped request is aborted: the request actor sees its signal aborted', async () => {
    let signal: AbortSignal | undefined;
    const { actor } = start(
      {
        startMobileId: fake(() => ({ status: 'SUCCESS', challengeId: '1' })).logic,
        checkMobileIdStatus: fromPromise<StatusAnswer, void>(({ signal: s }) => {
          signal = s;
          return new Promise(() => {});
        }),
      },
      'mobileId',
    );
    await vi.advanceTimersByTimeAsync(FIRST_CHECK);
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });

  it('a status call that does not answer within STATUS_TIMEOUT ends with error.server', async () => {
    const { actor } = start(
      {
        startMobileId: fake(() => ({ status: 'SUCCESS', challengeId: '1' })).logic,
        checkMobileIdStatus: fromPromise<StatusAnswer, void>(() => new Promise(() => {})),
      },
      'mobileId',
    );
    await vi.advanceTimersByTimeAsync(FIRST_CHECK + STATUS_TIMEOUT - 1);
    expect(actor.getSnapshot().matches({ mobileId: { awaitingConfirmation: 'checkingStatus' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().output).toEqual({ result: 'ended', messageKey: 'error.server' });
  });

  it.each([...SIGNING_END_STATUSES, 'SOMETHING_UNKNOWN'])(
    'Mobile-ID status %s ends with its message key',
    async (code) => {
      const { startCall, check } = phone([SIGNING_IN_PROGRESS, code]);
      const { actor } = start({ startMobileId: startCall.logic, checkMobileIdStatus: check.logic }, 'mobileId');
      await vi.advanceTimersByTimeAsync(FIRST_CHECK + POLL_INTERVAL);
      expect(check.calls).toHaveLength(2);
      expect(actor.getSnapshot().output).toEqual({
        result: 'ended',
        messageKey: code === 'SOMETHING_UNKNOWN' ? 'customer-add.error.GENERIC_ERROR' : `customer-add.error.${code}`,
      });
    },
  );

  it('a start answer other than SUCCESS ends at once with its message, without a status check', async () => {
    const { startCall, check } = phone([], 'MOBILE_ID_CONTRACT_ERROR');
    const { actor } = start({ startMobileId: startCall.logic, checkMobileIdStatus: check.logic }, 'mobileId');
    await vi.advanceTimersByTimeAsync(STATUS_TIMEOUT);
    expect(check.calls).toHaveLength(0);
    expect(actor.getSnapshot().output).toEqual({
      result: 'ended',
      messageKey: 'customer-add.error.MOBILE_ID_CONTRACT_ERROR',
    });
  });

  it('a failed start is a retry with error.server (nothing started); a failed check ends with error.server', async () => {
    const a = start({ startSmartId: fake(() => Promise.reject(new Error('x'))).logic }, 'smartId');
    await vi.advanceTimersByTimeAsync(0);
    expect(a.actor.getSnapshot().output).toEqual({ result: 'retry', messageKey: 'error.server' });

    const b = start(
      {
        startSmartId: fake(() => ({ status: 'SUCCESS', challengeId: '77' })).logic,
        checkSmartIdStatus: fake(() => Promise.reject(new Error('x'))).logic,
      },
      'smartId',
    );
    await vi.advanceTimersByTimeAsync(FIRST_CHECK);
    expect(b.actor.getSnapshot().output).toEqual({ result: 'ended', messageKey: 'error.server' });
  });

  it('a second start while signing is not accepted', async () => {
    const { startCall, check } = phone([SIGNING_IN_PROGRESS]);
    const { actor } = start({ startMobileId: startCall.logic, checkMobileIdStatus: check.logic }, 'mobileId');
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'signing.start', method: 'smartId' });
    expect(actor.getSnapshot().matches('mobileId')).toBe(true);
    expect(startCall.calls).toHaveLength(1);
  });
});

describe('signing: ID-card (step 8)', () => {
  function card(over: Fakes = {}) {
    const cert = fake(() => ({ certificate: 'MIIcert' }));
    const digest = fake<{ digest: string | null; status: string }, unknown>(() => ({
      digest: 'aGFzaA==',
      status: 'SUCCESS',
    }));
    const sign = fake<{ signature: string }, unknown>(() => ({ signature: 'c2ln' }));
    const fin = fake<StatusAnswer, unknown>(() => ({ status: 'SUCCESS' }));
    const { actor } = start(
      {
        getCertificate: cert.logic,
        prepareDigest: digest.logic,
        signHash: sign.logic,
        finalizeSignature: fin.logic,
        ...over,
      },
      'idCard',
    );
    return { actor, cert, digest, sign, fin };
  }

  it('certificate → digest → sign on the card → finalize → signed', async () => {
    const { actor, digest, sign, fin } = card();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(digest.calls[0].input).toEqual({ cert: 'MIIcert', customer: INPUT.customer });
    expect(sign.calls[0].input).toEqual({ certificate: 'MIIcert', hash: 'aGFzaA==', hashFunction: 'SHA-256' });
    expect(fin.calls[0].input).toEqual({ value: 'c2ln' });
    expect(actor.getSnapshot().output).toEqual({ result: 'signed', messageKey: 'customer-add.success' });
  });

  it('a digest status other than SUCCESS ends with that message; no signature is asked', async () => {
    const { actor, sign } = card({
      prepareDigest: fake(() => ({ digest: null, status: 'CERTIFICATE_MISMATCH' })).logic,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sign.calls).toHaveLength(0);
    expect(actor.getSnapshot().output).toEqual({
      result: 'ended',
      messageKey: 'customer-add.error.CERTIFICATE_MISMATCH',
    });
  });

  it.each([
    [
      'digest transport failure',
      { prepareDigest: fake(() => Promise.reject(new Error('x'))).logic },
      'retry',
      'error.server',
    ],
    [
      'finalize transport failure',
      { finalizeSignature: fake(() => Promise.reject(new Error('x'))).logic },
      'retry',
      'error.server',
    ],
    [
      'finalize DIGIDOC_ERROR',
      { finalizeSignature: fake(() => ({ status: 'DIGIDOC_ERROR' })).logic },
      'ended',
      'customer-add.error.DIGIDOC_ERROR',
    ],
  ] as const)('%s: %s with %s', async (_, over, result, key) => {
    const { actor } = card(over);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().output).toEqual({ result, messageKey: key });
  });

  it.each([
    [
      'no card',
      { getCertificate: fake(() => Promise.reject(Object.assign(new Error('x'), { code: 'IDCARD_NO_CARD' }))) },
    ],
    [
      'a cancelled PIN',
      { signHash: fake(() => Promise.reject(Object.assign(new Error('x'), { code: 'IDCARD_USER_CANCELLED' }))) },
    ],
  ] as const)('%s ends for a retry with its own message, before finalizing', async (_, over) => {
    const [name, f] = Object.entries(over)[0];
    const { actor, fin } = card({ [name]: f.logic });
    await vi.advanceTimersByTimeAsync(0);
    expect(fin.calls).toHaveLength(0);
    const code = name === 'getCertificate' ? 'IDCARD_NO_CARD' : 'IDCARD_USER_CANCELLED';
    expect(actor.getSnapshot().output).toEqual({ result: 'retry', messageKey: `customer-add.error.${code}` });
  });

  it("an unexpected card adapter failure is a retry with 'Error occured during signing process'", async () => {
    const { actor } = card({ getCertificate: fake(() => Promise.reject(new Error('extension missing'))).logic });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().output).toEqual({ result: 'retry', messageKey: 'error.signing' });
  });

  it('defaults are loud: a request the app did not provide fails as a transport error', async () => {
    const actor = createActor(signingMachine, { input: { ...REQUEST, method: 'smartId' } });
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().output).toEqual({ result: 'retry', messageKey: 'error.server' });
  });
});
