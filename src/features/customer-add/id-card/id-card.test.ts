import { describe, expect, it } from 'vitest';
import { cardErrorCode } from '../../../../domain/customer-add/rules';
import { createPinPrompt } from './pin-prompt';
import { createSoftwareCard } from './software-card';
import { createWebEidCard } from './webeid';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('software ID-card adapter', () => {
  it('reads the certificate, asks for PIN2 and signs through /sim/id-card', async () => {
    const calls: { url: string; body?: unknown }[] = [];
    const fetch = ((url: string, init?: RequestInit) => {
      calls.push({ url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
      return Promise.resolve(
        url.endsWith('/certificate')
          ? json(200, { certificate: 'Q0VSVA==', supportedSignatureAlgorithms: [] })
          : json(200, {
              signature: 'U0lH',
              signatureAlgorithm: { cryptoAlgorithm: 'RSA', hashFunction: 'SHA-256', paddingScheme: 'PKCS1.5' },
            }),
      );
    }) as typeof globalThis.fetch;
    const pinPrompt = createPinPrompt();
    const card = createSoftwareCard({ pinPrompt, fetch });
    const { certificate } = await card.getSigningCertificate();
    const signing = card.sign(certificate, 'aGFzaA==', 'SHA-256');
    await Promise.resolve();
    expect(pinPrompt.current()).not.toBeNull();
    pinPrompt.answer('12345');
    await expect(signing).resolves.toMatchObject({ signature: 'U0lH' });
    expect(calls[1]).toEqual({
      url: '/sim/id-card/sign',
      body: { hash: 'aGFzaA==', hashFunction: 'SHA-256', certificate: 'Q0VSVA==', pin: '12345' },
    });
  });

  it('no card → IDCARD_NO_CARD; a cancelled PIN → IDCARD_USER_CANCELLED, without a signing request', async () => {
    let signed = 0;
    const fetch = ((url: string) => {
      if (url.endsWith('/sign')) signed++;
      return Promise.resolve(json(404, { serviceErrorMessage: 'No ID-card in the reader', code: 'NO_CARD' }));
    }) as typeof globalThis.fetch;
    const pinPrompt = createPinPrompt();
    const card = createSoftwareCard({ pinPrompt, fetch });
    const noCard = await card.getSigningCertificate().catch((e: unknown) => e);
    expect(cardErrorCode(noCard)).toBe('IDCARD_NO_CARD');
    const signing = card.sign('Q0VSVA==', 'aGFzaA==', 'SHA-256');
    await Promise.resolve();
    pinPrompt.answer(null);
    expect(cardErrorCode(await signing.catch((e: unknown) => e))).toBe('IDCARD_USER_CANCELLED');
    expect(signed).toBe(0);
  });

  it('leaving the flow (abort) takes the PIN prompt away', async () => {
    const pinPrompt = createPinPrompt();
    const card = createSoftwareCard({ pinPrompt, fetch: () => Promise.resolve(json(200, {})) });
    const controller = new AbortController();
    const signing = card.sign('Q0VSVA==', 'aGFzaA==', 'SHA-256', { signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    expect(pinPrompt.current()).toBeNull();
    expect(cardErrorCode(await signing.catch((e: unknown) => e))).toBe('IDCARD_USER_CANCELLED');
  });
});

describe('Web eID adapter', () => {
  it('maps Web eID errors to the adapter codes, and a missing extension to IDCARD_NO_CARD', async () => {
    const missing = createWebEidCard(() => undefined);
    expect(cardErrorCode(await missing.getSigningCertificate().catch((e: unknown) => e))).toBe('IDCARD_NO_CARD');
    const cancelled = createWebEidCard(() => ({
      getSigningCertificate: () => Promise.resolve({ certificate: 'x', supportedSignatureAlgorithms: [] }),
      sign: () => Promise.reject(Object.assign(new Error('cancelled'), { code: 'ERR_WEBEID_USER_CANCELLED' })),
    }));
    expect(cardErrorCode(await cancelled.sign('x', 'h', 'SHA-256').catch((e: unknown) => e))).toBe(
      'IDCARD_USER_CANCELLED',
    );
  });
});
