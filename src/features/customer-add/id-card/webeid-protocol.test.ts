import { describe, expect, it } from 'vitest';
import { createWebEidProtocol, LIBRARY_VERSION, type WebEidWindow } from './webeid-protocol';

/** A page window with a scripted Web eID extension (or none) answering posted messages. */
function page(extension: ((msg: Record<string, unknown>, reply: (m: unknown) => void) => void) | null, secure = true) {
  const listeners: ((e: { data: unknown }) => void)[] = [];
  const posted: Record<string, unknown>[] = [];
  const reply = (m: unknown) => queueMicrotask(() => listeners.forEach((l) => l({ data: m })));
  const win: WebEidWindow = {
    isSecureContext: secure,
    postMessage: (m) => {
      posted.push(m as Record<string, unknown>);
      extension?.(m as Record<string, unknown>, reply);
    },
    addEventListener: (_t, l) => listeners.push(l),
    setTimeout: (h, ms) => setTimeout(h, ms) as unknown as number,
    clearTimeout: (id) => clearTimeout(id),
  };
  return { win, posted };
}

describe('Web eID protocol (bundled web-eid.js equivalent)', () => {
  it('gets the certificate and signs through the extension’s ack / success messages', async () => {
    const { win, posted } = page((msg, reply) => {
      reply({ action: `${String(msg.action)}-ack` });
      if (msg.action === 'web-eid:get-signing-certificate')
        reply({
          action: 'web-eid:get-signing-certificate-success',
          certificate: 'Q0VSVA==',
          supportedSignatureAlgorithms: [],
        });
      else reply({ action: 'web-eid:sign-success', signature: 'U0lH', signatureAlgorithm: { cryptoAlgorithm: 'ECC' } });
    });
    const lib = createWebEidProtocol(win);
    expect(await lib.getSigningCertificate({ lang: 'et' })).toEqual({
      certificate: 'Q0VSVA==',
      supportedSignatureAlgorithms: [],
    });
    expect(await lib.sign('Q0VSVA==', 'aGFzaA==', 'SHA-256')).toEqual({
      signature: 'U0lH',
      signatureAlgorithm: { cryptoAlgorithm: 'ECC' },
    });
    expect(posted[1]).toEqual({
      action: 'web-eid:sign',
      libraryVersion: LIBRARY_VERSION,
      certificate: 'Q0VSVA==',
      hash: 'aGFzaA==',
      hashFunction: 'SHA-256',
      options: {},
    });
  });

  it('a failure carries the extension’s error code; no extension is EXTENSION_UNAVAILABLE; http is refused', async () => {
    const cancelled = createWebEidProtocol(
      page((msg, reply) => {
        reply({ action: `${String(msg.action)}-ack` });
        reply({ action: `${String(msg.action)}-failure`, error: { code: 'ERR_WEBEID_USER_CANCELLED', message: 'no' } });
      }).win,
    );
    await expect(cancelled.getSigningCertificate()).rejects.toMatchObject({ code: 'ERR_WEBEID_USER_CANCELLED' });
    await expect(createWebEidProtocol(page(null).win).getSigningCertificate()).rejects.toMatchObject({
      code: 'ERR_WEBEID_EXTENSION_UNAVAILABLE',
    });
    await expect(createWebEidProtocol(page(null, false).win).getSigningCertificate()).rejects.toMatchObject({
      code: 'ERR_WEBEID_CONTEXT_INSECURE',
    });
  });
});
