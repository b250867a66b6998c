import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helpers.js';
import { parseCert, verifyData } from '../../sim/pki/pki.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => t.close());

const hashB64 = createHash('sha256').update('data to sign').digest('base64');

describe('Mobile-ID simulator (MID REST shape)', () => {
  it('certificate, signature session, long poll RUNNING then COMPLETE OK with a verifiable signature', async () => {
    const c = t.client();
    await c.get('/sim/');
    const who = { phoneNumber: '+37200000766', nationalIdentityNumber: '60001019906' };
    const cert = (await c.post('/sim/mid-api/certificate', who)).json();
    expect(cert.result).toBe('OK');
    expect(parseCert(cert.cert)?.info).toMatchObject({
      commonName: "O'CONNEŽ-ŠUSLIK,MARY ÄNN,60001019906",
      personalCode: '60001019906',
      country: 'EE',
    });
    expect(
      (await c.post('/sim/mid-api/certificate', { ...who, nationalIdentityNumber: '38001085718' })).json(),
    ).toEqual({ result: 'NOT_FOUND' });

    const { sessionID } = (
      await c.post('/sim/mid-api/signature', { ...who, hash: hashB64, hashType: 'SHA256' })
    ).json();
    const started = Date.now();
    expect((await c.get(`/sim/mid-api/signature/session/${sessionID}?timeoutMs=300`)).json()).toEqual({
      state: 'RUNNING',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250); // it really waited (long poll)
    t.clock.advance(3500);
    const done = (await c.get(`/sim/mid-api/signature/session/${sessionID}?timeoutMs=1000`)).json();
    expect(done).toMatchObject({
      state: 'COMPLETE',
      result: 'OK',
      signature: { algorithm: 'SHA256WithRSAEncryption' },
    });
    expect(
      verifyData(
        Buffer.from(done.cert, 'base64'),
        Buffer.from('data to sign'),
        Buffer.from(done.signature.value, 'base64'),
      ),
    ).toBe(true);
  });

  it('400 for a malformed request', async () => {
    const c = t.client();
    await c.get('/sim/');
    const res = await c.post('/sim/mid-api/signature', {
      phoneNumber: '5555',
      nationalIdentityNumber: '1',
      hash: 'x',
      hashType: 'SHA1',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('Smart-ID simulator (RP API v2 shape)', () => {
  it('404 for a person without an account, a session for one with', async () => {
    const c = t.client();
    await c.get('/sim/');
    expect((await c.post('/sim/smart-id-api/certificatechoice/etsi/PNOEE-60001019906', {})).statusCode).toBe(404);
    const { sessionID } = (await c.post('/sim/smart-id-api/certificatechoice/etsi/PNOEE-30403039917', {})).json();
    const chosen = (await c.get(`/sim/smart-id-api/session/${sessionID}`)).json();
    expect(chosen).toMatchObject({
      state: 'COMPLETE',
      result: { endResult: 'OK', documentNumber: 'PNOEE-30403039917-MOCK-Q' },
    });
    const sign = (
      await c.post(`/sim/smart-id-api/signature/document/${chosen.result.documentNumber}`, {
        hash: hashB64,
        hashType: 'SHA256',
      })
    ).json();
    t.clock.advance(3000);
    expect((await c.get(`/sim/smart-id-api/session/${sign.sessionID}`)).json()).toEqual({
      state: 'COMPLETE',
      result: { endResult: 'USER_REFUSED' },
    });
  });
});

describe('software ID-card and its console control', () => {
  it('jaak is inserted by default; the console removes and inserts cards; 400 for an unknown card', async () => {
    const c = t.client();
    const page = await c.get('/sim/');
    expect(page.body).toContain('ID-card reader');
    expect(page.body).toContain('JÕEORG,JAAK-KRISTJAN,38001085718');
    expect((await c.get('/sim/api/id-card')).json().inserted).toBe('38001085718');
    const cert = (await c.get('/sim/id-card/certificate')).json();
    expect(parseCert(cert.certificate)?.info.commonName).toBe('JÕEORG,JAAK-KRISTJAN,38001085718');

    expect((await c.post('/sim/api/id-card', { inserted: null })).json().inserted).toBeNull();
    expect((await c.get('/sim/id-card/certificate')).statusCode).toBe(404);
    expect((await c.post('/sim/id-card/sign', { hash: hashB64, hashFunction: 'SHA-256' })).json().code).toBe('NO_CARD');

    expect((await c.post('/sim/api/id-card', { inserted: '48709050218' })).statusCode).toBe(400);
    expect((await c.post('/sim/api/id-card', { inserted: '60001019906' }, { xsrf: false })).statusCode).toBe(403);
    expect((await c.post('/sim/api/id-card', { inserted: '60001019906' })).json().inserted).toBe('60001019906');
    const signed = (
      await c.post('/sim/id-card/sign', {
        hash: Buffer.from(hashB64, 'base64').toString('hex'),
        hashFunction: 'SHA-256',
      })
    ).json();
    const maryCert = Buffer.from((await c.get('/sim/id-card/certificate')).json().certificate, 'base64');
    expect(verifyData(maryCert, Buffer.from('data to sign'), Buffer.from(signed.signature, 'base64'))).toBe(true);
  });
});
