import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BundlesAnswer,
  DeploymentsAnswer,
  DigidocFinalizeAnswer,
  FisikAnswer,
  SlaAnswer,
} from '../../../domain/dev-pages/contract.js';
import { makeTestApp, type Client, type TestApp } from '../../test/helpers.js';

const Value = z.object({ value: z.unknown() });
const value = (res: { json(): unknown }) => Value.parse(res.json()).value;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const names = (list: { name: string }[]) => list.map((d) => d.name);

describe('deployment admin API', { timeout: 30_000 }, () => {
  it('lists packages and bundles for kristi; installing a deployable one moves it to the bundles', async () => {
    t = await makeTestApp();
    const kristi = await t.login('kristi');
    const before = DeploymentsAnswer.parse((await kristi.get('/api/deployment/listDeployments')).json()).value;
    // from the folder and from the database
    expect(names(before)).toEqual(
      expect.arrayContaining(['epit-web-2.14.0', 'reports-legacy-0.9.0', 'epit-core-2.13.9']),
    );
    expect(before.find((d) => d.name === 'epit-core-2.13.9')?.source).toBe('database');
    const refused = await kristi.post('/api/deployment/installDeployment', { deployment: 'reports-legacy-0.9.0' });
    expect(refused.statusCode).toBe(400);
    const installed = await kristi.post('/api/deployment/installDeployment', { deployment: 'epit-web-2.14.0' });
    expect(installed.statusCode).toBe(200);
    expect(BundlesAnswer.parse(installed.json()).value).toContainEqual(
      expect.objectContaining({ symbolicName: 'ee.epit.web', bundleVersion: '2.14.0', applicationBundle: true }),
    );
    const after = DeploymentsAnswer.parse((await kristi.get('/api/deployment/listDeployments')).json()).value;
    expect(names(after)).not.toContain('epit-web-2.14.0');
    const bundles = BundlesAnswer.parse((await kristi.get('/api/deployment/listBundles')).json()).value;
    expect(bundles.map((b) => b.symbolicName)).toContain('ee.epit.web');
  });

  it('answers mari 403 and nobody 401', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    expect((await mari.get('/api/deployment/listBundles')).statusCode).toBe(403);
    expect((await mari.post('/api/deployment/installDeployment', { deployment: 'epit-web-2.14.0' })).statusCode).toBe(
      403,
    );
    expect((await t.client().get('/api/deployment/listDeployments')).statusCode).toBe(401);
  });
});

describe('test pages API', { timeout: 30_000 }, () => {
  async function staff(): Promise<Client> {
    t = await makeTestApp();
    return t.login('kristi');
  }

  it('enterprise queries go to the business register', async () => {
    const kristi = await staff();
    expect(value(await kristi.get('/api/test/enterprise/11000109'))).toMatchObject({ name: 'Testfirma OÜ' });
    expect(value(await kristi.post('/api/test/enterprise', { value: 'Testfirma' }))).toContainEqual({
      name: 'Testfirma OÜ',
      code: '11000109',
    });
    expect(value(await kristi.get('/api/test/enterprise/rating/11000109'))).toBe('A');
    const board = await kristi.post('/api/test/is-board-member', {
      companyCode: '11000109',
      personCode: '00000000000',
    });
    expect(board.json()).toEqual({ value: false });
  });

  it('signs a test document with the inserted demo ID-card and downloads it; a wrong signature is not ok', async () => {
    const kristi = await staff();
    await kristi.post('/sim/api/id-card', { inserted: '38001085718' });
    const cert = z
      .object({ certificate: z.string() })
      .parse((await kristi.get('/sim/id-card/certificate')).json()).certificate;
    const certHex = Buffer.from(cert, 'base64').toString('hex');
    const { digest } = z
      .object({ digest: z.string() })
      .parse((await kristi.post('/api/test/digidoc/digest', { certHex })).json());
    const signed = z
      .object({ signature: z.string() })
      .parse(
        (await kristi.post('/sim/id-card/sign', { hash: digest, hashFunction: 'SHA-256', certificate: cert })).json(),
      );
    const fin = DigidocFinalizeAnswer.parse(
      (await kristi.post('/api/test/digidoc/finalize', { value: signed.signature })).json(),
    );
    expect(fin.ok).toBe(true);
    expect(fin.filename).toMatch(/\.txt$/);
    const file = await kristi.get('/api/test/digidoc/download');
    expect(file.headers['content-disposition']).toContain(fin.filename ?? '-');
    expect(file.body).toContain('EPIT signature test');

    await kristi.post('/api/test/digidoc/digest', { certHex });
    const bad = await kristi.post('/api/test/digidoc/finalize', { value: Buffer.alloc(256, 1).toString('base64') });
    expect(DigidocFinalizeAnswer.parse(bad.json())).toEqual({ ok: false, filename: null });
  });

  it('SLA checks report each service; the accounting system fails when the console says so', async () => {
    const kristi = await staff();
    const ok = SlaAnswer.parse((await kristi.get('/sla/test')).json()).results;
    expect(ok.filter((r) => r.status !== 'OK')).toEqual([]);
    await kristi.post('/sim/api/accounting', { failing: true });
    const failing = SlaAnswer.parse((await kristi.get('/sla/test')).json()).results;
    expect(failing.find((r) => r.name === 'accounting system')?.status).toBe('FAIL');
  });

  it('FISIK create, get, modify through the accounting system; 502 while it fails', async () => {
    const kristi = await staff();
    const person = {
      id: 'AX-1',
      firstName: 'Test',
      lastName: 'Isik',
      personalCode: '38001085718',
      email: null,
      phone: null,
      mobile: null,
      preferredLanguage: 'EST',
      trustfulAuthentication: false,
      notActive: false,
      address: null,
    };
    expect((await kristi.get('/api/ax/fisik/AX-1')).statusCode).toBe(404);
    const created = await kristi.post('/api/ax/fisik/create', { person, sendNewPassword: false });
    expect(FisikAnswer.parse(created.json())).toEqual({ value: person });
    expect((await kristi.post('/api/ax/fisik/create', { person, sendNewPassword: false })).statusCode).toBe(409);
    const changed = { ...person, lastName: 'Muudetud' };
    expect((await kristi.post('/api/ax/fisik/modify', { person: changed, sendNewPassword: false })).statusCode).toBe(
      200,
    );
    expect(FisikAnswer.parse((await kristi.get('/api/ax/fisik/AX-1')).json())).toEqual({ value: changed });
    await kristi.post('/sim/api/accounting', { failing: true });
    expect((await kristi.get('/api/ax/fisik/AX-1')).statusCode).toBe(502);
  });

  it('are for staff only', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    for (const url of ['/sla/test', '/api/ax/fisik/AX-1', '/api/test/roles', '/api/test/enterprise/11000109'])
      expect((await mari.get(url)).statusCode, url).toBe(403);
  });
});

describe('live run mode', { timeout: 30_000 }, () => {
  it('answers 404 for the developer pages and their APIs', async () => {
    t = await makeTestApp({ env: { runMode: 'live' } });
    const c = t.client();
    for (const url of [
      '/api/deployment/listBundles',
      '/api/deployment/listDeployments',
      '/sla/test',
      '/api/ax/fisik/AX-1',
      '/api/test/roles',
      '/api/test/enterprise/11000109',
      '/ui/osgi-admin',
      '/ui/test/show',
      '/ui/test/ax',
      '/ui/test-component/7',
    ])
      expect((await c.get(url)).statusCode, url).toBe(404);
    await c.get('/ui/config.json');
    expect((await c.post('/api/deployment/installDeployment', { deployment: 'epit-web-2.14.0' })).statusCode).toBe(404);
    expect((await c.post('/api/test/execLdap')).statusCode).toBe(404);
  });
});

describe('the server clock in the simulator console', { timeout: 30_000 }, () => {
  it('moves +25 h and back', async () => {
    t = await makeTestApp({ now: '2026-01-01T00:00:00Z' });
    const c = t.client();
    await c.get('/sim/api/clock');
    const Clock = z.object({ now: z.string(), offsetMs: z.number() });
    const moved = Clock.parse((await c.post('/sim/api/clock', { shiftMs: 25 * 3_600_000 })).json());
    expect(moved).toEqual({ now: '2026-01-02T01:00:00.000Z', offsetMs: 25 * 3_600_000 });
    expect(t.clock.now().toISOString()).toBe('2026-01-02T01:00:00.000Z');
    expect(Clock.parse((await c.post('/sim/api/clock', { reset: true })).json())).toEqual({
      now: '2026-01-01T00:00:00.000Z',
      offsetMs: 0,
    });
  });
});
