/**
 * The signing simulators are as strict as SK's services (MID REST API v1, Smart-ID RP API v2): mandatory fields,
 * relying-party authorisation, SK's HTTP codes and error bodies, long-poll bounds, session expiry, EC keys, a
 * device choice that takes time or is refused, and the console's overrides. Called as a relying party would:
 * plain JSON, no cookies, no XSRF header.
 */
import { createHash, X509Certificate, verify } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../test/helpers.js';
import { setSimSettings } from './settings.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
  await setSimSettings(t.db, { checkWaitMs: 0, sidCertChoiceDelayMs: 0 });
});
afterEach(async () => t.close());

const RP = { relyingPartyUUID: '00000000-0000-0000-0000-000000000000', relyingPartyName: 'DEMO' };
const data = Buffer.from('data to sign');
const hash = createHash('sha256').update(data).digest('base64');

async function call(method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    ...(body !== undefined ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
  return { status: res.statusCode, json: res.json<Record<string, unknown>>() };
}

describe('Mobile-ID simulator', () => {
  const mary = { phoneNumber: '+37200000766', nationalIdentityNumber: '60001019906' };
  const sign = { ...RP, ...mary, hash, hashType: 'SHA256', language: 'EST' };

  it('certificate and signature as SK answers them; the signature verifies with the certificate', async () => {
    const cert = await call('POST', '/sim/mid-api/certificate', { ...RP, ...mary });
    expect(cert).toMatchObject({ status: 200, json: { result: 'OK' } });
    expect(
      await call('POST', '/sim/mid-api/certificate', { ...RP, ...mary, nationalIdentityNumber: '38001085718' }),
    ).toMatchObject({ status: 200, json: { result: 'NOT_FOUND' } });
    const { json } = await call('POST', '/sim/mid-api/signature', { ...sign, displayText: 'Lepingu allkirjastamine' });
    expect(json.sessionID).toMatch(/^[0-9a-f-]{36}$/);
    t.clock.advance(3500);
    const done = await call('GET', `/sim/mid-api/signature/session/${String(json.sessionID)}?timeoutMs=1000`);
    expect(done.json).toMatchObject({
      state: 'COMPLETE',
      result: 'OK',
      signature: { algorithm: 'SHA256WithRSAEncryption' },
    });
    expect(done.json.cert).toBeUndefined(); // §3.3.5: signing answers carry no certificate
    const sig = Buffer.from((done.json.signature as { value: string }).value, 'base64');
    expect(
      verify('sha256', data, new X509Certificate(Buffer.from(String(cert.json.cert), 'base64')).publicKey, sig),
    ).toBe(true);
  });

  it.each([
    ['relyingPartyUUID', 'Required relyingPartyUUID is missing.'],
    ['relyingPartyName', 'Required relyingPartyName is missing.'],
    ['phoneNumber', 'Required phoneNumber is missing.'],
    ['nationalIdentityNumber', 'Required nationalIdentityNumber is missing.'],
    ['hash', 'Required hash is missing.'],
    ['hashType', 'Required hashType is missing.'],
    ['language', 'Required language is missing.'],
  ])("a signature request without %s is 400 with SK's error body", async (field, error) => {
    const body: Record<string, unknown> = { ...sign };
    delete body[field];
    const res = await call('POST', '/sim/mid-api/signature', body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      error,
      time: expect.any(String) as string,
      traceId: expect.stringMatching(/^[0-9a-f]{16}$/) as string,
    });
  });

  it('400 for a wrong hash length, non-base64, an unknown language, a displayText over its limit', async () => {
    const bad = async (patch: Record<string, unknown>) =>
      (await call('POST', '/sim/mid-api/signature', { ...sign, ...patch })).json.error;
    expect(await bad({ hash: createHash('sha1').update(data).digest('base64') })).toBe(
      'The length of the hash must match the type of hash',
    );
    expect(await bad({ hash: 'not base64!' })).toBe('Hash must be Base64 encoded');
    expect(await bad({ language: 'LAV' })).toMatch(/language/);
    expect(await bad({ displayText: 'x'.repeat(101) })).toMatch(/100/);
    expect(await bad({ displayText: 'õ'.repeat(51), displayTextFormat: 'UCS-2' })).toMatch(/50/);
    expect((await call('POST', '/sim/mid-api/signature', { ...sign, displayText: 'x'.repeat(100) })).status).toBe(200);
  });

  it('401 for a relying party SK does not know (the name is case-insensitive)', async () => {
    expect(
      await call('POST', '/sim/mid-api/certificate', {
        ...RP,
        ...mary,
        relyingPartyUUID: '11111111-1111-4111-8111-111111111111',
      }),
    ).toMatchObject({ status: 401, json: { error: 'Failed to authorize user' } });
    expect((await call('POST', '/sim/mid-api/certificate', { ...RP, ...mary, relyingPartyName: 'demo' })).status).toBe(
      200,
    );
  });

  it("timeoutMs=0 is held for SK's minimum of about 1000 ms; the session is 404 after 5 minutes", async () => {
    const { json } = await call('POST', '/sim/mid-api/signature', sign);
    const started = Date.now();
    expect((await call('GET', `/sim/mid-api/signature/session/${String(json.sessionID)}?timeoutMs=0`)).json).toEqual({
      state: 'RUNNING',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    t.clock.advance(5 * 60_000 + 1);
    expect(await call('GET', `/sim/mid-api/signature/session/${String(json.sessionID)}?timeoutMs=1000`)).toMatchObject({
      status: 404,
      json: { error: 'SessionID not found' },
    });
  });

  it("eeva's EC Mobile-ID signs raw r‖s (SHA256WithECEncryption, 64 bytes on P-256)", async () => {
    const eeva = { phoneNumber: '+37255501234', nationalIdentityNumber: '49005120229' };
    const cert = (await call('POST', '/sim/mid-api/certificate', { ...RP, ...eeva })).json.cert;
    const { json } = await call('POST', '/sim/mid-api/signature', { ...sign, ...eeva });
    t.clock.advance(3500);
    const done = (await call('GET', `/sim/mid-api/signature/session/${String(json.sessionID)}`)).json;
    const signature = done.signature as { value: string; algorithm: string };
    expect(signature.algorithm).toBe('SHA256WithECEncryption');
    const raw = Buffer.from(signature.value, 'base64');
    expect(raw).toHaveLength(64);
    const key = new X509Certificate(Buffer.from(String(cert), 'base64')).publicKey;
    expect(verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, raw)).toBe(true);
  });

  it('the console fixes every session result, or makes the service answer an HTTP error', async () => {
    await setSimSettings(t.db, { midResult: 'PHONE_ABSENT' });
    const { json } = await call('POST', '/sim/mid-api/signature', sign);
    t.clock.advance(3500);
    expect((await call('GET', `/sim/mid-api/signature/session/${String(json.sessionID)}`)).json).toEqual({
      state: 'COMPLETE',
      result: 'PHONE_ABSENT',
    });
    await setSimSettings(t.db, { midHttpError: 500 });
    expect(await call('POST', '/sim/mid-api/signature', sign)).toMatchObject({
      status: 500,
      json: { error: 'Internal error' },
    });
  });
});

describe('Smart-ID simulator', () => {
  const interactions = [{ type: 'displayTextAndPIN', displayText60: 'Lepingu allkirjastamine' }];
  const signBody = {
    ...RP,
    certificateLevel: 'QUALIFIED',
    hash,
    hashType: 'SHA256',
    allowedInteractionsOrder: interactions,
  };

  async function choose(code: string) {
    const { json } = await call('POST', `/sim/smart-id-api/certificatechoice/etsi/PNOEE-${code}`, {
      ...RP,
      certificateLevel: 'QUALIFIED',
    });
    return String(json.sessionID);
  }

  it('device choice, then a signature on that document with interactionFlowUsed', async () => {
    const chosen = (await call('GET', `/sim/smart-id-api/session/${await choose('40504040001')}`)).json;
    expect(chosen).toMatchObject({
      state: 'COMPLETE',
      result: { endResult: 'OK', documentNumber: 'PNOEE-40504040001-MOCK-Q' },
      cert: { certificateLevel: 'QUALIFIED' },
    });
    const { json } = await call('POST', '/sim/smart-id-api/signature/document/PNOEE-40504040001-MOCK-Q', {
      ...signBody,
      allowedInteractionsOrder: [
        { type: 'confirmationMessage', displayText200: 'Sign the business customer contract of Testfirma OÜ?' },
        ...interactions,
      ],
    });
    t.clock.advance(3000);
    const done = (await call('GET', `/sim/smart-id-api/session/${String(json.sessionID)}?timeoutMs=1000`)).json;
    expect(done).toMatchObject({
      state: 'COMPLETE',
      result: { endResult: 'OK' },
      signature: { algorithm: 'sha256WithRSAEncryption' },
      interactionFlowUsed: 'confirmationMessage',
    });
  });

  it('the device choice takes time (RUNNING) and can be refused', async () => {
    await setSimSettings(t.db, { sidCertChoiceDelayMs: 5000 });
    const id = await choose('40504040001');
    expect((await call('GET', `/sim/smart-id-api/session/${id}?timeoutMs=1000`)).json).toEqual({ state: 'RUNNING' });
    t.clock.advance(5000);
    expect((await call('GET', `/sim/smart-id-api/session/${id}`)).json).toMatchObject({ result: { endResult: 'OK' } });
    await setSimSettings(t.db, { sidResult: 'USER_REFUSED_CERT_CHOICE', sidCertChoiceDelayMs: 0 });
    expect((await call('GET', `/sim/smart-id-api/session/${await choose('40504040001')}`)).json).toEqual({
      state: 'COMPLETE',
      result: { endResult: 'USER_REFUSED_CERT_CHOICE' },
    });
  });

  it('400 with a problem body for a missing relying party, interactions, or a text over its limit', async () => {
    const doc = '/sim/smart-id-api/signature/document/PNOEE-40504040001-MOCK-Q';
    const res = await call('POST', '/sim/smart-id-api/certificatechoice/etsi/PNOEE-40504040001', {});
    expect(res).toMatchObject({ status: 400, json: { type: 'about:blank', title: 'Bad Request', status: 400 } });
    const bad = async (patch: Record<string, unknown>) => (await call('POST', doc, { ...signBody, ...patch })).status;
    expect(await bad({ allowedInteractionsOrder: undefined })).toBe(400);
    expect(await bad({ allowedInteractionsOrder: [] })).toBe(400);
    expect(
      await bad({ allowedInteractionsOrder: [{ type: 'displayTextAndPIN', displayText60: 'x'.repeat(61) }] }),
    ).toBe(400);
    expect(await bad({ allowedInteractionsOrder: [{ type: 'confirmationMessage', displayText60: 'short' }] })).toBe(
      400,
    );
    expect(
      await bad({ allowedInteractionsOrder: [{ type: 'confirmationMessage', displayText200: 'x'.repeat(201) }] }),
    ).toBe(400);
    expect(await bad({ allowedInteractionsOrder: [{ type: 'pushButton', displayText60: 'x' }] })).toBe(400);
    expect(await bad({ relyingPartyName: 'Õ'.repeat(17) })).toBe(400); // 34 bytes of UTF-8
    expect(await bad({ hash: createHash('sha1').update(data).digest('base64') })).toBe(400);
    expect(await bad({ relyingPartyUUID: '11111111-1111-4111-8111-111111111111' })).toBe(401);
    expect(await bad({})).toBe(200);
  });

  it('404 for a person without an account and for an expired session', async () => {
    expect((await call('POST', '/sim/smart-id-api/certificatechoice/etsi/PNOEE-60001019906', RP)).status).toBe(404);
    const id = await choose('40504040001');
    t.clock.advance(5 * 60_000 + 1);
    expect(await call('GET', `/sim/smart-id-api/session/${id}`)).toMatchObject({ status: 404, json: { status: 404 } });
  });

  it('the console makes session starts answer 471, 472, 480, 580', async () => {
    for (const code of [471, 472, 480, 580] as const) {
      await setSimSettings(t.db, { sidHttpError: code });
      expect((await call('POST', '/sim/smart-id-api/certificatechoice/etsi/PNOEE-40504040001', RP)).status).toBe(code);
    }
  });
});

describe('software ID-card and its console control', () => {
  it('jaak is inserted by default; the console removes and inserts cards; 400 for an unknown card', async () => {
    const c = t.client();
    const page = await c.get('/sim/');
    expect(page.body).toContain('ID-card reader');
    expect(page.body).toContain('JÕEORG,JAAK-KRISTJAN,38001085718');
    expect(page.body).toContain('KUUSK,EEVA,49005120229 (EC-P384)');
    expect((await c.get('/sim/api/id-card')).json<{ inserted: string }>().inserted).toBe('38001085718');
    expect((await c.post('/sim/api/id-card', { inserted: null })).json<{ inserted: null }>().inserted).toBeNull();
    expect((await c.get('/sim/id-card/certificate')).statusCode).toBe(404);
    expect((await c.post('/sim/api/id-card', { inserted: '48709050218' })).statusCode).toBe(400);
    expect((await c.post('/sim/api/id-card', { inserted: '60001019906' }, { xsrf: false })).statusCode).toBe(403);
  });
});
