/**
 * Pinned TLS (MID REST v1 §2.8, RP API v2 §2.2.6): over https the client accepts the service only when its
 * certificate is one of the pinned ones. A local https server with a self-signed certificate for 127.0.0.1
 * stands in for SK.
 */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { webcrypto } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedTransport, ServiceUnreachableError, transportFor } from './service-http.js';

x509.cryptoProvider.set(globalThis.crypto);

async function selfSigned(cn: string) {
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
  const keys = await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${cn}`,
    notBefore: new Date(Date.now() - 86400_000),
    notAfter: new Date(Date.now() + 86400_000),
    signingAlgorithm: alg,
    keys,
    extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'ip', value: '127.0.0.1' }])],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  return { cert: cert.toString('pem'), key: `-----BEGIN PRIVATE KEY-----\n${pkcs8}\n-----END PRIVATE KEY-----\n` };
}

let server: https.Server;
let url: string;
let service: { cert: string; key: string };
let other: { cert: string; key: string };

beforeAll(async () => {
  service = await selfSigned('mid.example');
  other = await selfSigned('someone-else.example');
  server = https.createServer({ cert: service.cert, key: service.key }, (req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, path: req.url, got: body ? (JSON.parse(body) as unknown) : null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/mid-api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('pinned https', () => {
  it('talks JSON to a service whose certificate is pinned', async () => {
    const res = await pinnedTransport([service.cert])({
      method: 'POST',
      url: `${url}/certificate`,
      body: { phoneNumber: '+37200000766' },
      timeoutMs: 5000,
    });
    expect(res).toEqual({
      status: 200,
      json: { method: 'POST', path: '/mid-api/certificate', got: { phoneNumber: '+37200000766' } },
    });
  });

  it('refuses a service whose certificate is not pinned', async () => {
    const call = pinnedTransport([other.cert])({ method: 'GET', url: `${url}/version`, timeoutMs: 5000 });
    await expect(call).rejects.toBeInstanceOf(ServiceUnreachableError);
    await expect(call).rejects.toThrow(/pinned|self.signed|certificate/i);
  });

  it('an https URL with pins gets the pinned transport; without pins or over http the app fetch', async () => {
    let fetched = 0;
    const appFetch: typeof fetch = () => {
      fetched++;
      return Promise.resolve(new Response('{"ok":true}', { status: 200 }));
    };
    await transportFor(`${url}/x`, [service.cert], appFetch)({ method: 'GET', url: `${url}/x`, timeoutMs: 5000 });
    expect(fetched).toBe(0);
    const plain = transportFor('http://127.0.0.1:1/mid-api', [service.cert], appFetch);
    expect(await plain({ method: 'GET', url: 'http://127.0.0.1:1/mid-api/x', timeoutMs: 5000 })).toEqual({
      status: 200,
      json: { ok: true },
    });
    expect(fetched).toBe(1);
  });

  it('an unreachable service or one too slow is ServiceUnreachableError', async () => {
    const never: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    await expect(
      transportFor('http://127.0.0.1:1', [], never)({ method: 'GET', url: 'http://127.0.0.1:1/x', timeoutMs: 50 }),
    ).rejects.toThrow(/timed out/);
  });
});
