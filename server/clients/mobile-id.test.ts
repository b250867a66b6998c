/**
 * The Mobile-ID client replays SK's published examples (github.com/SK-EID/MID README §3.1.4–3.3.9, and the
 * request/response fixtures of SK's mid-rest-java-client): each request is compared field by field with the
 * documented JSON, each documented answer is read as SK's own client reads it.
 */
import { describe, expect, it } from 'vitest';
import { MidHttpError, MidProtocolError, MobileIdClient } from './mobile-id.js';
import type { ServiceRequest, ServiceResponse, Transport } from './service-http.js';

/** A transport that records the requests and answers from a script. */
function replay(...answers: ServiceResponse[]) {
  const sent: ServiceRequest[] = [];
  const transport: Transport = (req) => {
    sent.push(req);
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${req.method} ${req.url}`);
    return Promise.resolve(next);
  };
  return { sent, transport };
}

const BASE = 'https://tsp.demo.sk.ee/mid-api';
/** README §3.1.4 / §3.2.4 use these demo credentials. */
const client = (t: Transport) =>
  new MobileIdClient({ url: BASE, rpUuid: '00000000-0000-0000-0000-000000000000', rpName: 'DEMO' }, t);

describe('POST /certificate (README §3.1)', () => {
  it('sends the documented request and reads result OK with the certificate', async () => {
    const cert = 'MIIHhjCCBW6gAwIBAgIQDNYLtVwrKURYStrYApYViTANBgkqhkiG9w0B';
    // §3.1.5 example response, with the fields added since 5.2.1
    const { sent, transport } = replay({
      status: 200,
      json: { result: 'OK', cert, time: '2019-07-23T11:32:01', traceId: '5ffc28098bb14341' },
    });
    expect(await client(transport).certificate('+3726234566', '38412319871')).toEqual({ result: 'OK', cert });
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].url).toBe(`${BASE}/certificate`);
    // §3.1.4 example request, field by field (demo relying party instead of BANK123)
    expect(sent[0].body).toEqual({
      relyingPartyUUID: '00000000-0000-0000-0000-000000000000',
      relyingPartyName: 'DEMO',
      phoneNumber: '+3726234566',
      nationalIdentityNumber: '38412319871',
    });
  });

  it('reads NOT_FOUND, also with the empty cert SK sends (mid-rest-java-client fixture)', async () => {
    const { transport } = replay({ status: 200, json: { result: 'NOT_FOUND', cert: '' } });
    expect(await client(transport).certificate('+37200000266', '60001019939')).toEqual({ result: 'NOT_FOUND' });
  });

  it("400 and 401 carry their status and SK's error text (§3.1.8, §3.2.7)", async () => {
    const { transport } = replay(
      {
        status: 400,
        json: { error: 'relyingPartyUUID must not be null', time: '2019-07-23T11:27:49', traceId: '4a295f2786d6dc89' },
      },
      { status: 401, json: { error: 'Failed to authorize user' } },
    );
    const c = client(transport);
    await expect(c.certificate('+3726234566', '38412319871')).rejects.toMatchObject({
      name: 'MidHttpError',
      status: 400,
      detail: 'relyingPartyUUID must not be null',
    });
    await expect(c.certificate('+3726234566', '38412319871')).rejects.toBeInstanceOf(MidHttpError);
  });
});

describe('POST /signature (README §3.2)', () => {
  it('sends every documented field and reads the sessionID', async () => {
    const { sent, transport } = replay({ status: 200, json: { sessionID: 'de305d54-75b4-431b-adb2-eb6b9e546015' } });
    const id = await client(transport).startSignature({
      phoneNumber: '+3726234566',
      nationalIdentityNumber: '38412319871',
      hash: '0nbgC2fVdLVQFZJdBbmG7oPoElpCYsQMtrY0c0wKYRg=',
      hashType: 'SHA256',
      language: 'ENG',
      displayText: 'This is display text.',
      displayTextFormat: 'GSM-7',
    });
    expect(id).toBe('de305d54-75b4-431b-adb2-eb6b9e546015');
    expect(sent[0].url).toBe(`${BASE}/signature`);
    // §3.2.4 example request, field by field
    expect(sent[0].body).toEqual({
      relyingPartyUUID: '00000000-0000-0000-0000-000000000000',
      relyingPartyName: 'DEMO',
      phoneNumber: '+3726234566',
      nationalIdentityNumber: '38412319871',
      hash: '0nbgC2fVdLVQFZJdBbmG7oPoElpCYsQMtrY0c0wKYRg=',
      hashType: 'SHA256',
      language: 'ENG',
      displayText: 'This is display text.',
      displayTextFormat: 'GSM-7',
    });
  });

  it('reads the legacy `sessionId` spelling (mid-rest-java-client fixture)', async () => {
    const { transport } = replay({ status: 200, json: { sessionId: '33333333-3333-3333-3333-333333333333' } });
    expect(
      await client(transport).startSignature({
        phoneNumber: '+37200000766',
        nationalIdentityNumber: '60001019906',
        hash: 'AE7S1QxYjqtVv+Tgukv2bMMi9gDCbc9ca2vy/iIG6ug=',
        hashType: 'SHA256',
        language: 'EST',
      }),
    ).toBe('33333333-3333-3333-3333-333333333333');
  });
});

describe('GET /signature/session/{id} (README §3.3)', () => {
  const poll = (answer: ServiceResponse) => {
    const r = replay(answer);
    return { ...r, status: client(r.transport).signatureStatus('de305d54-75b4-431b-adb2-eb6b9e546015', 1000) };
  };

  it('asks with timeoutMs and gives itself the documented extra ~1500 ms (§3.3.4)', async () => {
    const { sent, status } = poll({
      status: 200,
      json: { state: 'RUNNING', time: '2019-07-23T11:36:16', traceId: '460ef8a6be5730da' },
    });
    expect(await status).toEqual({ state: 'RUNNING' });
    expect(sent[0].method).toBe('GET');
    expect(sent[0].url).toBe(`${BASE}/signature/session/de305d54-75b4-431b-adb2-eb6b9e546015?timeoutMs=1000`);
    expect(sent[0].timeoutMs).toBeGreaterThanOrEqual(1000 + 1500);
  });

  it('RUNNING with the empty result an older server sends', async () => {
    expect(await poll({ status: 200, json: { state: 'RUNNING', result: '' } }).status).toEqual({ state: 'RUNNING' });
  });

  it('COMPLETE OK with the signature (§3.3.7 example)', async () => {
    const json = {
      state: 'COMPLETE',
      result: 'OK',
      signature: { value: 'B+C9XVjIAZnCHH9vfBSv...', algorithm: 'SHA256WithECEncryption' },
      time: '2019-07-23T10:52:20',
      traceId: 'd8de38e7bb5d8f8a',
    };
    expect(await poll({ status: 200, json }).status).toEqual({
      state: 'COMPLETE',
      result: 'OK',
      signature: { value: 'B+C9XVjIAZnCHH9vfBSv...', algorithm: 'SHA256WithECEncryption' },
    });
  });

  it.each([
    'TIMEOUT',
    'NOT_MID_CLIENT',
    'USER_CANCELLED',
    'SIGNATURE_HASH_MISMATCH',
    'PHONE_ABSENT',
    'DELIVERY_ERROR',
    'SIM_ERROR',
  ])('COMPLETE %s (§3.3.8)', async (result) => {
    expect(await poll({ status: 200, json: { state: 'COMPLETE', result } }).status).toEqual({
      state: 'COMPLETE',
      result,
    });
  });

  it('404 (the session expired after 5 minutes) and an answer without state are errors', async () => {
    await expect(poll({ status: 404, json: { error: 'SessionID not found' } }).status).rejects.toMatchObject({
      status: 404,
    });
    await expect(poll({ status: 200, json: { result: 'OK' } }).status).rejects.toBeInstanceOf(MidProtocolError);
  });
});
