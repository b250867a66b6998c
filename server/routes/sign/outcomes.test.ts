/**
 * Every Mobile-ID and Smart-ID end result and HTTP error reaches the person as a catalogue message: first the
 * mapping (the status and the English text the modal shows), then each through the real routes and the
 * simulators over HTTP, with the console forcing the answer.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../db/seed.js';
import { makeTestApp, type TestApp } from '../../test/helpers.js';
import { midHttpStatus, midResultStatus, sidHttpStatus, sidResultStatus } from './outcomes.js';
import { customer, quickChecks, simSettings, TESTFIRMA } from './test-kit.js';

const en = JSON.parse(readFileSync(new URL('../../../locales/en.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;
const message = (status: string) => en[`customer-add.error.${status}`];

const MID_RESULTS: [string, string, string][] = [
  ['TIMEOUT', 'MID_TIMEOUT', 'The Mobile-ID signing was not confirmed in time. Please try again.'],
  ['NOT_MID_CLIENT', 'MOBILE_ID_CERT_ERROR', 'Mobile-ID certificate missing or expired'],
  ['USER_CANCELLED', 'MID_USER_CANCELLED', 'The Mobile-ID signing was cancelled on the phone.'],
  [
    'SIGNATURE_HASH_MISMATCH',
    'MID_SIGNATURE_HASH_MISMATCH',
    'The Mobile-ID signature does not match the document. Please contact your mobile operator.',
  ],
  [
    'PHONE_ABSENT',
    'MID_PHONE_ABSENT',
    'The phone cannot be reached. Make sure it is switched on and has network coverage, then try again.',
  ],
  [
    'DELIVERY_ERROR',
    'MID_DELIVERY_ERROR',
    'The signing request could not be delivered to the phone. Please try again.',
  ],
  ['SIM_ERROR', 'MID_SIM_ERROR', 'The SIM card of the phone reported an error. Please contact your mobile operator.'],
];
const GENERIC = 'Automatic adding failed, please try again later or contact customer manager';
const REFUSED = 'The Smart-ID signing was refused in the app.';
const SID_CERT = 'Smart-ID certificate missing or expired';
const SID_RESULTS: [string, string, string][] = [
  ['USER_REFUSED', 'SID_USER_REFUSED', REFUSED],
  ['USER_REFUSED_DISPLAYTEXTANDPIN', 'SID_USER_REFUSED', REFUSED],
  ['USER_REFUSED_VC_CHOICE', 'SID_USER_REFUSED', REFUSED],
  ['USER_REFUSED_CONFIRMATIONMESSAGE', 'SID_USER_REFUSED', REFUSED],
  ['USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE', 'SID_USER_REFUSED', REFUSED],
  ['USER_REFUSED_CERT_CHOICE', 'SID_USER_REFUSED', REFUSED],
  ['TIMEOUT', 'SID_TIMEOUT', 'The Smart-ID signing was not confirmed in time. Please try again.'],
  ['DOCUMENT_UNUSABLE', 'SMART_ID_CERT_ERROR', SID_CERT],
  ['REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP', 'SMART_ID_CERT_ERROR', SID_CERT],
  ['WRONG_VC', 'GENERIC_ERROR', GENERIC],
];
const MID_HTTP: [number, string][] = [
  [400, 'GENERIC_ERROR'],
  [401, 'GENERIC_ERROR'],
  [405, 'GENERIC_ERROR'],
  [500, 'GENERIC_ERROR'],
];
const SID_HTTP: [number, string][] = [
  [400, 'GENERIC_ERROR'],
  [401, 'GENERIC_ERROR'],
  [403, 'GENERIC_ERROR'],
  [404, 'SMART_ID_CERT_ERROR'],
  [471, 'SMART_ID_CERT_ERROR'],
  [472, 'SMART_ID_CERT_ERROR'],
  [480, 'GENERIC_ERROR'],
  [500, 'GENERIC_ERROR'],
  [580, 'GENERIC_ERROR'],
];

describe('the mapping: service answer → end status → catalogue message', () => {
  it.each(MID_RESULTS)('Mobile-ID result %s → %s: "%s"', (result, status, text) => {
    expect(midResultStatus(result)).toBe(status);
    expect(message(status)).toBe(text);
  });
  it.each(SID_RESULTS)('Smart-ID endResult %s → %s: "%s"', (result, status, text) => {
    expect(sidResultStatus(result)).toBe(status);
    expect(message(status)).toBe(text);
  });
  it('unknown results and HTTP errors have a message too', () => {
    expect(message(midResultStatus('SOMETHING_NEW'))).toBe(GENERIC);
    expect(message(sidResultStatus('UNKNOWN_ERROR_CODE'))).toBe(GENERIC);
    for (const [code, status] of MID_HTTP) expect(midHttpStatus(code, 'start'), String(code)).toBe(status);
    for (const [code, status] of SID_HTTP) expect(sidHttpStatus(code, 'start'), String(code)).toBe(status);
    // a session the service no longer knows (404 after 5 minutes) took too long
    expect(message(midHttpStatus(404, 'status'))).toMatch(/not confirmed in time/);
    expect(message(sidHttpStatus(404, 'status'))).toMatch(/not confirmed in time/);
    for (const [, status] of [...MID_HTTP, ...SID_HTTP]) expect(message(status)).toBeTruthy();
  });
});

describe('through the routes and the simulators over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
    await quickChecks(t);
  });
  afterAll(async () => t.close());

  const midStart = async (c: Awaited<ReturnType<TestApp['login']>>) =>
    (await c.post('/api/sign/mobile/start', { mobileNr: '+37200000766', customer: customer(TESTFIRMA.code) })).json<{
      status: string;
    }>();
  const sidStart = async (c: Awaited<ReturnType<TestApp['login']>>) =>
    (await c.post('/api/sign/smart_id/start', { customer: customer(TESTFIRMA.code) })).json<{ status: string }>();

  it('every Mobile-ID session result ends mary’s signing with its status', async () => {
    const mary = await t.login('mary');
    for (const [result, status] of MID_RESULTS) {
      await simSettings(t, { midResult: result });
      expect((await midStart(mary)).status, result).toBe('SUCCESS');
      t.clock.advance(5000);
      expect((await mary.get('/api/sign/mobile/check')).json(), result).toEqual({ status });
    }
    await simSettings(t, { midResult: null });
  });

  // The flow book's tester paths name these people (tests/support/model/demo-signers.ts reads the same entries): each
  // demo person with a login whose Mobile-ID pair the demo data lists meets that pair's ending, with no console knob.
  const demo = loadDemoData();
  const { mobileId } = demo.signing as { mobileId: { phone: string; personalCode: string; result: string }[] };
  const MID_PEOPLE = mobileId.flatMap((e) => {
    const p = demo.persons.find((x) => x.personalCode === e.personalCode && x.login);
    return p && (demo.registry.find((r) => r.regCode === TESTFIRMA.code)?.boardMembers ?? []).includes(p.personalCode)
      ? [[p.key, e.phone, e.result] as const]
      : [];
  });

  it('the demo people meet their Mobile-ID endings: rein cancels, toomas times out, mary signs', async () => {
    expect(MID_PEOPLE.map(([who, , result]) => `${who} ${result}`)).toEqual(
      expect.arrayContaining(['rein USER_CANCELLED', 'toomas TIMEOUT', 'mary OK']),
    );
    for (const [who, phone, result] of MID_PEOPLE.filter(([, , r]) => r !== 'OK')) {
      const c = await t.login(who);
      const start = (
        await c.post('/api/sign/mobile/start', { mobileNr: phone, customer: customer(TESTFIRMA.code) })
      ).json<{ status: string }>();
      expect(start.status, who).toBe('SUCCESS');
      t.clock.advance(3500); // midDelayMs: the simulated person answers
      expect((await c.get('/api/sign/mobile/check')).json(), who).toEqual({ status: midResultStatus(result) });
    }
    // the same number is not mary's: her Mobile-ID contract is missing, as the book's contract-error path says
    const mary = await t.login('mary');
    const rein = MID_PEOPLE.find(([who]) => who === 'rein')!;
    expect(
      (await mary.post('/api/sign/mobile/start', { mobileNr: rein[1], customer: customer(TESTFIRMA.code) })).json(),
    ).toEqual({ status: 'MOBILE_ID_CONTRACT_ERROR', challengeId: null });
  });

  it('every Mobile-ID HTTP error at the start ends in its status', async () => {
    const mary = await t.login('mary');
    for (const [code, status] of MID_HTTP) {
      await simSettings(t, { midHttpError: code });
      expect(await midStart(mary), String(code)).toEqual({ status, challengeId: null });
    }
    await simSettings(t, { midHttpError: null });
  });

  it('every Smart-ID end result ends sille’s signing with its status (the device choice refused too)', async () => {
    const sille = await t.login('sille');
    for (const [result, status] of SID_RESULTS) {
      await simSettings(t, { sidResult: result });
      const start = await sidStart(sille);
      if (result === 'USER_REFUSED_CERT_CHOICE') {
        expect(start, result).toEqual({ status, challengeId: null });
        continue;
      }
      expect(start.status, result).toBe('SUCCESS');
      t.clock.advance(3500);
      expect((await sille.get('/api/sign/smart_id/check')).json(), result).toEqual({ status });
    }
    await simSettings(t, { sidResult: null });
  });

  it('every Smart-ID HTTP error at the start ends in its status', async () => {
    const sille = await t.login('sille');
    for (const [code, status] of SID_HTTP) {
      await simSettings(t, { sidHttpError: code });
      expect(await sidStart(sille), String(code)).toEqual({ status, challengeId: null });
    }
    await simSettings(t, { sidHttpError: null });
  });

  it('a session older than 5 minutes is gone (404): the check ends in the timeout message', async () => {
    const mary = await t.login('mary');
    await simSettings(t, { midDelayMs: 300_000 });
    expect((await midStart(mary)).status).toBe('SUCCESS');
    t.clock.advance(5 * 60_000 + 1000);
    expect((await mary.get('/api/sign/mobile/check')).json()).toEqual({ status: 'MID_TIMEOUT' });
    await simSettings(t, { midDelayMs: 3500 });
  });
});

describe('relying-party credentials', () => {
  it('a portal configured with credentials the service does not know gets 401: the generic message', async () => {
    const base = await makeTestApp();
    const env = {
      ...base.env,
      signing: {
        ...base.env.signing,
        mobileId: { ...base.env.signing.mobileId, rpUuid: '11111111-2222-4333-8444-555555555555' },
        smartId: { ...base.env.signing.smartId, rpName: 'NOT REGISTERED' },
      },
    };
    await base.close();
    const t = await makeTestApp({ env });
    try {
      await quickChecks(t);
      const mary = await t.login('mary');
      expect(
        (
          await mary.post('/api/sign/mobile/start', { mobileNr: '+37200000766', customer: customer(TESTFIRMA.code) })
        ).json(),
      ).toEqual({ status: 'GENERIC_ERROR', challengeId: null });
      const sille = await t.login('sille');
      expect((await sille.post('/api/sign/smart_id/start', { customer: customer(TESTFIRMA.code) })).json()).toEqual({
        status: 'GENERIC_ERROR',
        challengeId: null,
      });
    } finally {
      await t.close();
    }
  });
});
