import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorLogic } from 'xstate';
import { idCardSigningMachine, type IdCardSigningInput, type StatusAnswer } from './idCardSigning.machine';

const INPUT: IdCardSigningInput = {
  customer: {
    enterpriseCode: '11000109',
    enterpriseName: 'Testfirma OÜ',
    email: 'mary@testfirma.example',
    additionalInfo: 'hello',
  },
};

type Fakes = Parameters<typeof idCardSigningMachine.provide>[0]['actors'];

/** A fake request or card operation that records its input and answers (or rejects) with `answer`. */
function fake<TOut>(answer: () => TOut | Promise<TOut>) {
  const calls: unknown[] = [];
  const logic = fromPromise<TOut, unknown>(async ({ input }) => {
    calls.push(input);
    return answer();
  });
  return { logic: logic as AnyActorLogic, calls };
}
const cardError = (code: string) => Object.assign(new Error(code), { code });

async function run(over: Fakes = {}) {
  const cert = fake(() => ({ certificate: 'MIIcert' }));
  const digest = fake(() => ({ digest: 'aGFzaA==', status: 'SUCCESS' }));
  const sign = fake(() => ({ signature: 'c2ln' }));
  const fin = fake<StatusAnswer>(() => ({ status: 'SUCCESS' }));
  const actor = createActor(
    idCardSigningMachine.provide({
      actors: {
        getCertificate: cert.logic,
        prepareDigest: digest.logic,
        signHash: sign.logic,
        finalizeSignature: fin.logic,
        ...over,
      },
    }),
    { input: INPUT },
  );
  actor.start();
  const end = await waitFor(actor, (s) => s.status === 'done');
  return { end, digest, sign, fin };
}

describe('idCardSigning', () => {
  it('certificate → digest of what is signed → signature after the PIN → finalize: signed', async () => {
    const { end, digest, sign, fin } = await run();
    expect(digest.calls).toEqual([{ cert: 'MIIcert', customer: INPUT.customer }]);
    expect(sign.calls).toEqual([{ certificate: 'MIIcert', hash: 'aGFzaA==', hashFunction: 'SHA-256' }]);
    expect(fin.calls).toEqual([{ value: 'c2ln' }]);
    expect(end.value).toBe('signed');
    expect(end.output).toEqual({ ending: 'signed', messageKey: 'customer-add.success' });
  });

  it.each([
    ['no card', { getCertificate: fake(() => Promise.reject(cardError('IDCARD_NO_CARD'))).logic }, 'IDCARD_NO_CARD'],
    [
      'a cancelled PIN',
      { signHash: fake(() => Promise.reject(cardError('IDCARD_USER_CANCELLED'))).logic },
      'IDCARD_USER_CANCELLED',
    ],
  ] as const)('%s ends cardFailed with its own message, before finalizing', async (_, over, code) => {
    const { end, fin } = await run(over);
    expect(fin.calls).toHaveLength(0);
    expect(end.output).toEqual({ ending: 'cardFailed', messageKey: `customer-add.error.${code}` });
  });

  it('an unexpected adapter failure ends cardFailed with error.client', async () => {
    const { end } = await run({ getCertificate: fake(() => Promise.reject(new Error('extension missing'))).logic });
    expect(end.output).toEqual({ ending: 'cardFailed', messageKey: 'error.client' });
  });

  it('a digest refused by the server ends with its message, and the card is not asked to sign', async () => {
    const { end, sign } = await run({
      prepareDigest: fake(() => ({ digest: null, status: 'CERTIFICATE_MISMATCH' })).logic,
    });
    expect(sign.calls).toHaveLength(0);
    expect(end.output).toEqual({ ending: 'ended', messageKey: 'customer-add.error.CERTIFICATE_MISMATCH' });
  });

  it.each([
    ['digest', { prepareDigest: fake(() => Promise.reject(new Error('502'))).logic }],
    ['finalize', { finalizeSignature: fake(() => Promise.reject(new Error('502'))).logic }],
  ] as const)('a %s request without an answer ends requestFailed with error.server', async (_, over) => {
    const { end } = await run(over);
    expect(end.output).toEqual({ ending: 'requestFailed', messageKey: 'error.server' });
  });

  it('a refused signature ends with the server status message', async () => {
    const { end } = await run({ finalizeSignature: fake(() => ({ status: 'DIGIDOC_ERROR' })).logic });
    expect(end.output).toEqual({ ending: 'ended', messageKey: 'customer-add.error.DIGIDOC_ERROR' });
  });

  it('stopping it (the modal closes) aborts the card operation under way', async () => {
    let signal: AbortSignal | undefined;
    const actor = createActor(
      idCardSigningMachine.provide({
        actors: {
          getCertificate: fromPromise(({ signal: s }) => {
            signal = s;
            return new Promise<never>(() => {});
          }),
        },
      }),
      { input: INPUT },
    );
    actor.start();
    await Promise.resolve();
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });
});
