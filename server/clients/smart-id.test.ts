/**
 * The Smart-ID client replays SK's published RP API v2 examples (github.com/SK-EID/smart-id-documentation,
 * branch api-v2, "Example message" 2–14, and the v2 fixtures of SK's smart-id-java-client): requests are
 * compared field by field, answers (with the unknown fields SK adds to test clients, §2.2.9) are read.
 */
import { describe, expect, it } from 'vitest';
import type { ServiceRequest, ServiceResponse, Transport } from './service-http.js';
import { SmartIdClient, SmartIdHttpError, SmartIdProtocolError } from './smart-id.js';

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

const BASE = 'https://sid.demo.sk.ee/smart-id-rp/v2';
/** Example message 7 uses this relying party. */
const client = (t: Transport) =>
  new SmartIdClient({ url: BASE, rpUuid: '1f1bfa89-4f8b-420a-a98e-fb3a161a30bc', rpName: 'DEMO' }, t);

describe('certificate choice (§2.3.8)', () => {
  it('POSTs example message 7 to certificatechoice/etsi/{id} and reads example message 8', async () => {
    const { sent, transport } = replay({
      status: 200,
      json: {
        sessionID: 'de305d54-75b4-431b-adb2-eb6b9e546014',
        unknownField935633: 'this field is added to verify that client doesn’t fail when new fields are added',
      },
    });
    expect(await client(transport).certificateChoice('PNOEE-48010010101')).toBe('de305d54-75b4-431b-adb2-eb6b9e546014');
    expect(sent[0].method).toBe('POST');
    expect(sent[0].url).toBe(`${BASE}/certificatechoice/etsi/PNOEE-48010010101`);
    expect(sent[0].body).toEqual({
      relyingPartyUUID: '1f1bfa89-4f8b-420a-a98e-fb3a161a30bc',
      relyingPartyName: 'DEMO',
      certificateLevel: 'QUALIFIED',
    });
  });

  it.each([
    [403, 'no permission'],
    [404, 'no account'],
    [471, 'no suitable account of the requested type'],
    [472, 'person should view the app'],
    [480, 'client too old'],
    [580, 'maintenance'],
  ])('HTTP %i (%s) is a SmartIdHttpError with that status', async (status) => {
    const { transport } = replay({ status, json: { type: 'about:blank', status, title: 'x' } });
    await expect(client(transport).certificateChoice('PNOEE-48010010101')).rejects.toMatchObject({
      name: 'SmartIdHttpError',
      status,
    });
  });
});

describe('signature (§2.3.10)', () => {
  it('POSTs example message 11 (confirmationMessage, then displayTextAndPIN) and reads message 12', async () => {
    const { sent, transport } = replay({ status: 200, json: { sessionID: 'de305d54-75b4-431b-adb2-eb6b9e546016' } });
    const allowedInteractionsOrder = [
      { type: 'confirmationMessage' as const, displayText200: 'Up to 200 characters of text here..' },
      { type: 'displayTextAndPIN' as const, displayText60: 'Up to 60 characters of text here..' },
    ];
    const id = await client(transport).signature('PNOEE-31111111111-MOCK-Q', {
      certificateLevel: 'QUALIFIED',
      hash: 'ZHNmYmhkZmdoZGcgZmRmMTM0NTM...',
      hashType: 'SHA512',
      allowedInteractionsOrder,
    });
    expect(id).toBe('de305d54-75b4-431b-adb2-eb6b9e546016');
    expect(sent[0].url).toBe(`${BASE}/signature/document/PNOEE-31111111111-MOCK-Q`);
    expect(sent[0].body).toEqual({
      relyingPartyUUID: '1f1bfa89-4f8b-420a-a98e-fb3a161a30bc',
      relyingPartyName: 'DEMO',
      certificateLevel: 'QUALIFIED',
      hash: 'ZHNmYmhkZmdoZGcgZmRmMTM0NTM...',
      hashType: 'SHA512',
      allowedInteractionsOrder,
    });
  });

  it('an answer without sessionID is a protocol error', async () => {
    const { transport } = replay({ status: 200, json: {} });
    await expect(
      client(transport).signature('PNOEE-1', { hash: 'x', hashType: 'SHA256', allowedInteractionsOrder: [] }),
    ).rejects.toBeInstanceOf(SmartIdProtocolError);
  });
});

describe('session status (§2.3.11)', () => {
  const poll = (answer: ServiceResponse) => {
    const r = replay(answer);
    return { ...r, status: client(r.transport).sessionStatus('de305d54-75b4-431b-adb2-eb6b9e546016', 10000) };
  };

  it('long-polls with timeoutMs (the §2.3.11 example URL) and reads RUNNING (message 13, with an empty result)', async () => {
    const { sent, status } = poll({ status: 200, json: { state: 'RUNNING', result: {}, unknownField9433454: 'x' } });
    expect(await status).toEqual({ state: 'RUNNING' });
    expect(sent[0].url).toBe(`${BASE}/session/de305d54-75b4-431b-adb2-eb6b9e546016?timeoutMs=10000`);
    expect(sent[0].timeoutMs).toBeGreaterThan(10000);
  });

  it('reads example message 14 (OK with signature and certificate)', async () => {
    const json = {
      state: 'COMPLETE',
      result: { endResult: 'OK', documentNumber: 'PNOEE-372....' },
      signature: { value: 'B+C9XVjIAZnCHH9vfBSv...', algorithm: 'sha512WithRSAEncryption' },
      cert: { value: 'B+C9XVjIAZnCHH9vfBSv...', certificateLevel: 'QUALIFIED' },
      interactionFlowUsed: 'displayTextAndPIN',
    };
    expect(await poll({ status: 200, json }).status).toEqual({
      state: 'COMPLETE',
      endResult: 'OK',
      documentNumber: 'PNOEE-372....',
      signature: { value: 'B+C9XVjIAZnCHH9vfBSv...', algorithm: 'sha512WithRSAEncryption' },
      cert: { value: 'B+C9XVjIAZnCHH9vfBSv...', certificateLevel: 'QUALIFIED' },
      interactionFlowUsed: 'displayTextAndPIN',
    });
  });

  it.each([
    'USER_REFUSED',
    'TIMEOUT',
    'DOCUMENT_UNUSABLE',
    'WRONG_VC',
    'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP',
    'USER_REFUSED_CERT_CHOICE',
    'USER_REFUSED_DISPLAYTEXTANDPIN',
    'USER_REFUSED_VC_CHOICE',
    'USER_REFUSED_CONFIRMATIONMESSAGE',
    'USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE',
  ])('reads end result %s (§2.3.11.5)', async (endResult) => {
    expect(
      await poll({ status: 200, json: { state: 'COMPLETE', result: { endResult }, unknownField1: 1 } }).status,
    ).toEqual({
      state: 'COMPLETE',
      endResult,
    });
  });

  it('404 (session gone) is an HTTP error; COMPLETE without an end result is a protocol error', async () => {
    await expect(poll({ status: 404, json: null }).status).rejects.toBeInstanceOf(SmartIdHttpError);
    await expect(poll({ status: 200, json: { state: 'COMPLETE', result: {} } }).status).rejects.toBeInstanceOf(
      SmartIdProtocolError,
    );
  });
});
