import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helpers.js';
import { mobileIdVerificationCode, smartIdVerificationCode } from './verification-codes.js';
import { customer, quickChecks, signWithCard, simSettings, TESTFIRMA, type SignJson } from './test-kit.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
  await quickChecks(t);
});
afterEach(async () => t.close());

async function rightsOf(c: Awaited<ReturnType<TestApp['login']>>) {
  const ctx = (await c.get('/api/context/getUserContext')).json<SignJson>();
  return ctx.epitPrincipal.representationRightsCache;
}

async function pendingDigest(t: TestApp) {
  const row = await t.db.selectFrom('signing_sessions').select('digest').executeTakeFirstOrThrow();
  return Buffer.from(row.digest!, 'base64');
}

describe('Mobile-ID', () => {
  it('mary signs Testfirma with +37200000766: code, RUNNING, then SUCCESS and she is its main admin', async () => {
    const mary = await t.login('mary');
    const start = await mary.post('/api/sign/mobile/start', {
      mobileNr: '+37200000766',
      customer: customer(TESTFIRMA.code, TESTFIRMA.name),
    });
    expect(start.statusCode).toBe(200);
    expect(start.json<SignJson>().status).toBe('SUCCESS');
    expect(start.json<SignJson>().challengeId).toMatch(/^\d{4}$/);
    expect(start.json<SignJson>().challengeId).toBe(mobileIdVerificationCode(await pendingDigest(t)));

    expect((await mary.get('/api/sign/mobile/check')).json<SignJson>()).toEqual({ status: 'RUNNING' });
    t.clock.advance(2000);
    expect((await mary.get('/api/sign/mobile/check')).json<SignJson>()).toEqual({ status: 'RUNNING' });
    t.clock.advance(2000);
    expect((await mary.get('/api/sign/mobile/check')).json<SignJson>()).toEqual({ status: 'SUCCESS' });
    // a repeated check answers the same and creates nothing twice
    expect((await mary.get('/api/sign/mobile/check')).json<SignJson>()).toEqual({ status: 'SUCCESS' });

    const rights = await rightsOf(mary);
    expect(rights[TESTFIRMA.jgid]?.name).toBe('Testfirma OÜ');
    expect(rights[TESTFIRMA.jgid]?.userRoleList.some((r) => r.application === 'AXAPTA' && !r.notActive)).toBe(true);
    const got = (await mary.get(`/api/customer-add/get/${TESTFIRMA.jgid}`)).json<SignJson>();
    expect(got).toMatchObject({ id: TESTFIRMA.jgid, hasContract: true, isMainAdministrator: true });
    const contracts = await t.db.selectFrom('signed_contracts').selectAll().execute();
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({ jgid: TESTFIRMA.jgid, signer_fgid: 'EE60001019906', method: 'MID' });
  });

  it("a phone that is not the signed-in person's is MOBILE_ID_CONTRACT_ERROR", async () => {
    const mary = await t.login('mary');
    for (const phone of ['+37200000366', '+37201100266', '+37255500001']) {
      const res = await mary.post('/api/sign/mobile/start', { mobileNr: phone, customer: customer(TESTFIRMA.code) });
      expect(res.json<SignJson>()).toEqual({ status: 'MOBILE_ID_CONTRACT_ERROR', challengeId: null });
    }
  });

  it('with "test numbers accept any personal code", each test number ends in its own status', async () => {
    await simSettings(t, { midAnyPersonalCode: true });
    const mary = await t.login('mary');
    const expected: Record<string, string> = {
      '+37200000366': 'MOBILE_ID_CERT_ERROR', // NOT_MID_CLIENT
      '+37201100266': 'MID_USER_CANCELLED',
      '+37066000266': 'MID_TIMEOUT',
      '+37213100266': 'MID_PHONE_ABSENT',
      '+37207110066': 'MID_DELIVERY_ERROR',
      '+37201200266': 'MID_SIM_ERROR',
      '+37200000666': 'MID_SIGNATURE_HASH_MISMATCH',
    };
    for (const [phone, status] of Object.entries(expected)) {
      const start = (
        await mary.post('/api/sign/mobile/start', { mobileNr: phone, customer: customer(TESTFIRMA.code) })
      ).json<SignJson>();
      if (start.status !== 'SUCCESS') {
        expect(start.status, phone).toBe(status);
        continue;
      }
      t.clock.advance(5000);
      expect((await mary.get('/api/sign/mobile/check')).json<SignJson>().status, phone).toBe(status);
    }
    expect(await t.db.selectFrom('signed_contracts').selectAll().execute()).toHaveLength(0);
  });
});

describe('Smart-ID', () => {
  it('sille signs Testfirma: the code follows the Smart-ID rule, then SUCCESS', async () => {
    const sille = await t.login('sille');
    const start = (
      await sille.post('/api/sign/smart_id/start', { customer: customer(TESTFIRMA.code) })
    ).json<SignJson>();
    expect(start.status).toBe('SUCCESS');
    expect(start.challengeId).toBe(smartIdVerificationCode(await pendingDigest(t)));
    expect((await sille.get('/api/sign/smart_id/check')).json<SignJson>()).toEqual({ status: 'RUNNING' });
    t.clock.advance(3500);
    expect((await sille.get('/api/sign/smart_id/check')).json<SignJson>()).toEqual({ status: 'SUCCESS' });
    expect((await rightsOf(sille))[TESTFIRMA.jgid]).toBeDefined();
  });

  it.each([
    ['rein', 'SID_USER_REFUSED'],
    ['toomas', 'SID_TIMEOUT'],
  ])('%s ends in %s', async (who, status) => {
    const c = await t.login(who);
    expect(
      (await c.post('/api/sign/smart_id/start', { customer: customer(TESTFIRMA.code) })).json<SignJson>().status,
    ).toBe('SUCCESS');
    t.clock.advance(3500);
    expect((await c.get('/api/sign/smart_id/check')).json<SignJson>()).toEqual({ status });
    expect((await rightsOf(c))[TESTFIRMA.jgid]).toBeUndefined();
  });

  it('mary has no Smart-ID account: SMART_ID_CERT_ERROR', async () => {
    const mary = await t.login('mary');
    expect(
      (await mary.post('/api/sign/smart_id/start', { customer: customer(TESTFIRMA.code) })).json<SignJson>(),
    ).toEqual({
      status: 'SMART_ID_CERT_ERROR',
      challengeId: null,
    });
  });
});

describe('ID-card', () => {
  it('jaak signs Testfirma with his demo card', async () => {
    const jaak = await t.login('jaak');
    expect(await signWithCard(jaak, TESTFIRMA.code)).toEqual({ step: 'finalize', status: 'SUCCESS' });
    expect((await rightsOf(jaak))[TESTFIRMA.jgid]?.userRoleList.some((r) => r.application === 'AXAPTA')).toBe(true);
  });

  it("mary's card in the reader while jaak signs: CERTIFICATE_MISMATCH", async () => {
    const jaak = await t.login('jaak');
    expect((await jaak.post('/sim/api/id-card', { inserted: '60001019906' })).statusCode).toBe(200);
    expect(await signWithCard(jaak, TESTFIRMA.code)).toEqual({ step: 'digest', status: 'CERTIFICATE_MISMATCH' });
  });

  it('a tampered signature is DIGIDOC_ERROR and creates nothing', async () => {
    const jaak = await t.login('jaak');
    expect(await signWithCard(jaak, TESTFIRMA.code, true)).toEqual({ step: 'finalize', status: 'DIGIDOC_ERROR' });
    expect((await rightsOf(jaak))[TESTFIRMA.jgid]).toBeUndefined();
    expect(
      await t.db.selectFrom('customers').select('jgid').where('reg_code', '=', TESTFIRMA.code).execute(),
    ).toHaveLength(0);
  });

  it('no card in the reader: the card answers 404 NO_CARD', async () => {
    const jaak = await t.login('jaak');
    await jaak.post('/sim/api/id-card', { inserted: null });
    const res = await jaak.get('/sim/id-card/certificate');
    expect(res.statusCode).toBe(404);
    expect(res.json<SignJson>().code).toBe('NO_CARD');
  });
});

describe('end statuses from the demo register', () => {
  it.each([
    ['jaan', TESTFIRMA.code, 'NOT_A_BOARD_MEMBER'],
    ['mary', '11000121', 'ENTERPRISE_NOT_ACTIVE'],
    ['mary', '11000115', 'CONTRACT_STOPPED'],
    ['mary', '11000138', 'CREDIT_RATING_NOT_DEFINED'],
  ])('%s on %s: %s (Mobile-ID and Smart-ID start, ID-card digest)', async (who, code, status) => {
    const c = await t.login(who);
    expect(
      (await c.post('/api/sign/mobile/start', { mobileNr: '+37200000766', customer: customer(code) })).json<SignJson>(),
    ).toEqual({ status, challengeId: null });
    expect((await c.post('/api/sign/smart_id/start', { customer: customer(code) })).json<SignJson>()).toEqual({
      status,
      challengeId: null,
    });
    const cert = (await c.get('/sim/id-card/certificate')).json<SignJson>().certificate;
    expect((await c.post('/api/sign/digest', { cert, customer: customer(code) })).json<SignJson>()).toEqual({
      digest: null,
      status,
    });
  });

  it('Digiviga: the signature is fine but the container service fails: DIGIDOC_ERROR', async () => {
    const mary = await t.login('mary');
    expect(
      (
        await mary.post('/api/sign/mobile/start', { mobileNr: '+37200000766', customer: customer('12345678') })
      ).json<SignJson>().status,
    ).toBe('SUCCESS');
    t.clock.advance(4000);
    expect((await mary.get('/api/sign/mobile/check')).json<SignJson>()).toEqual({ status: 'DIGIDOC_ERROR' });
    const jaak = await t.login('jaak');
    expect(await signWithCard(jaak, '12345678')).toEqual({ step: 'finalize', status: 'DIGIDOC_ERROR' });
  });
});

describe('guards and bad input', () => {
  it('401 without a session, on every sign route', async () => {
    const anon = t.client();
    await anon.get('/sim/'); // gets the XSRF cookie like a browser
    for (const [m, url] of [
      ['POST', '/api/sign/digest'],
      ['POST', '/api/sign/finalize'],
      ['POST', '/api/sign/mobile/start'],
      ['GET', '/api/sign/mobile/check'],
      ['POST', '/api/sign/smart_id/start'],
      ['GET', '/api/sign/smart_id/check'],
    ] as const) {
      const res = m === 'GET' ? await anon.get(url) : await anon.post(url, {});
      expect(res.statusCode, url).toBe(401);
      expect(res.json<SignJson>().code).toBe('UNAUTHENTICATED');
    }
  });

  it('403 XSRF without the header, and nothing starts', async () => {
    const mary = await t.login('mary');
    const res = await mary.post(
      '/api/sign/mobile/start',
      { mobileNr: '+37200000766', customer: customer(TESTFIRMA.code) },
      { xsrf: false },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json<SignJson>().code).toBe('XSRF');
    expect(await t.db.selectFrom('signing_sessions').selectAll().execute()).toHaveLength(0);
  });

  it('400 with a message for malformed input', async () => {
    const mary = await t.login('mary');
    const cases: [string, unknown, string][] = [
      ['/api/sign/mobile/start', { mobileNr: 'call me', customer: customer(TESTFIRMA.code) }, 'mobileNr'],
      // fewer digits than Mobile-ID takes (domain/fields/phone.ts): refused as the form refuses it
      ['/api/sign/mobile/start', { mobileNr: '12345', customer: customer(TESTFIRMA.code) }, 'mobileNr'],
      ['/api/sign/mobile/start', { mobileNr: '+1234567', customer: customer(TESTFIRMA.code) }, 'mobileNr'],
      [
        '/api/sign/mobile/start',
        { mobileNr: '+37200000766', customer: { ...customer(TESTFIRMA.code), email: 'nope' } },
        'customer.email',
      ],
      [
        '/api/sign/mobile/start',
        { mobileNr: '+372000007660000000000', customer: customer(TESTFIRMA.code) },
        'mobileNr',
      ],
      [
        '/api/sign/smart_id/start',
        { customer: { ...customer(TESTFIRMA.code), additionalInfo: 'x'.repeat(401) } },
        'customer.additionalInfo',
      ],
      ['/api/sign/digest', { cert: 'not a certificate', customer: customer(TESTFIRMA.code) }, 'cert'],
      ['/api/sign/digest', { customer: customer(TESTFIRMA.code) }, 'cert'],
      ['/api/sign/finalize', { value: '' }, 'value'],
      ['/api/sign/finalize', { value: 'not base64!' }, 'value'],
    ];
    for (const [url, body, field] of cases) {
      const res = await mary.post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(res.json<SignJson>().code).toBe('BAD_INPUT');
      expect(Object.keys(res.json<SignJson>().fields)).toContain(field);
    }
    expect(await t.db.selectFrom('signing_sessions').selectAll().execute()).toHaveLength(0);
  });

  it('a check without a started signing is GENERIC_ERROR', async () => {
    const mary = await t.login('mary');
    expect((await mary.get('/api/sign/mobile/check')).json<SignJson>()).toEqual({ status: 'GENERIC_ERROR' });
    expect((await mary.post('/api/sign/finalize', { value: 'AAAA' })).json<SignJson>()).toEqual({
      status: 'GENERIC_ERROR',
    });
  });
});
