import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../domain/contract.js';
import { makeTestApp, type TestApp } from '../test/helpers.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => t.close());

const sessionRow = (db: TestApp['db'], fgid: string) =>
  db.selectFrom('sessions').selectAll().where('person_fgid', '=', fgid).executeTakeFirstOrThrow();

describe('XSRF double submit', () => {
  it('a POST without X-XSRF-TOKEN answers 403 XSRF and changes nothing', async () => {
    const mari = await t.login('mari');
    const before = await sessionRow(t.db, 'EE48709050218');
    const res = await mari.post('/api/context/changeLanguage', { value: 'ENG' }, { xsrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'XSRF' });
    expect(ServiceError.safeParse(res.json()).success).toBe(true);
    expect((await sessionRow(t.db, 'EE48709050218')).language).toBe(before.language);
  });

  it('a POST with a header that does not match the cookie answers 403', async () => {
    const mari = await t.login('mari');
    const res = await mari.request('POST', '/api/context/changeLanguage', {
      body: { value: 'ENG' },
      xsrf: false,
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(res.statusCode).toBe(403);
    expect((await sessionRow(t.db, 'EE48709050218')).language).toBe('EST');
  });

  it('a sim POST without the header does not kill an application', async () => {
    const c = t.client();
    await c.get('/sim/');
    const res = await c.post('/sim/api/applications/AXAPTA', { dead: true }, { xsrf: false });
    expect(res.statusCode).toBe(403);
    const apps = await t.db
      .selectFrom('application_status')
      .selectAll()
      .where('application', '=', 'AXAPTA')
      .executeTakeFirstOrThrow();
    expect(apps.dead).toBe(0);
  });

  it('a percent-encoded path (/%61pi/, /%73im/) does not get around the check', async () => {
    const mari = await t.login('mari');
    const api = await mari.post('/%61pi/context/changeLanguage', { value: 'ENG' }, { xsrf: false });
    expect(api.statusCode).toBe(403);
    expect((await sessionRow(t.db, 'EE48709050218')).language).toBe('EST');
    const sim = await mari.post('/%73im/api/applications/AXAPTA', { dead: true }, { xsrf: false });
    expect(sim.statusCode).toBe(403);
    const apps = await t.db
      .selectFrom('application_status')
      .selectAll()
      .where('application', '=', 'AXAPTA')
      .executeTakeFirstOrThrow();
    expect(apps.dead).toBe(0);
  });

  it('sets a JS-readable EPIT-XSRF-TOKEN cookie when the request lacks one', async () => {
    const res = await t.client().get('/api/context/getSimpleUserContext');
    const cookie = (res.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[]).find(
      (c) => c.name === 'EPIT-XSRF-TOKEN',
    );
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBeFalsy();
    expect(cookie!.sameSite).toBe('Lax');
  });

  it('a signout POST without the header keeps the session open', async () => {
    const mari = await t.login('mari');
    expect((await mari.post('/api/security/single-signout?locale=et_EE', undefined, { xsrf: false })).statusCode).toBe(
      403,
    );
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(200);
  });
});

describe('authentication and ownership', () => {
  const protectedGets = [
    '/api/context/getUserContext',
    '/api/context/getUserDetails',
    '/api/context/representedDetails',
    '/api/context/changeRepresented/EPEE11000015',
    '/api/context/checkDeadApplications',
    '/api/user-settings/service-urls',
    '/api/roles-and-packets/clientapp/OSS',
  ];
  it.each(protectedGets)('GET %s without a session answers 401 UNAUTHENTICATED with no-store', async (url) => {
    const res = await t.client().get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(ServiceError.parse(res.json()).serviceErrorMessage).toMatch(/log in/i);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('POST changeLanguage without a session answers 401 (with a valid XSRF pair)', async () => {
    const c = t.client();
    await c.get('/api/context/getSimpleUserContext');
    expect((await c.post('/api/context/changeLanguage', { value: 'ENG' })).statusCode).toBe(401);
  });

  it('a forged session cookie counts as no session', async () => {
    const c = t.client();
    c.cookies.set('EPIT-SESSION', 'not-a-session');
    expect((await c.get('/api/context/getUserContext')).statusCode).toBe(401);
  });

  it('an expired session answers 401', async () => {
    const mari = await t.login('mari');
    t.clock.advance(13 * 3_600_000);
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(401);
  });

  it('changeRepresented to a gid without a representation right answers 403 and keeps the represented party', async () => {
    const mari = await t.login('mari');
    await mari.get('/api/context/changeRepresented/EPEE11000015');
    const res = await mari.get('/api/context/changeRepresented/EPEE11000049'); // jaan's company
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await sessionRow(t.db, 'EE48709050218')).represented_gid).toBe('EPEE11000015');
  });

  it('getUserDetails of another person answers 403 without EDIT_ANY_USER, 200 with it', async () => {
    const mari = await t.login('mari');
    const denied = await mari.get('/api/context/getUserDetails?fgid=EE37503124229');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'FORBIDDEN' });
    const kristi = await t.login('kristi');
    const allowed = await kristi.get('/api/context/getUserDetails?fgid=EE48709050218');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({
      address: {
        padreFullName: 'Narva mnt 7, Tallinn, 10117',
        street: 'Narva mnt 7',
        zipCode: '10117',
        city: 'Tallinn',
      },
      mobile: '+37255500001',
    });
  });
});

describe('bad input answers 400 with a message naming the field and the rule, and changes nothing', () => {
  it('changeLanguage with an unknown language', async () => {
    const mari = await t.login('mari');
    const res = await mari.post('/api/context/changeLanguage', { value: 'FIN' });
    expect(res.statusCode).toBe(400);
    expect(ServiceError.parse(res.json())).toMatchObject({ code: 'BAD_INPUT' });
    expect(ServiceError.parse(res.json()).fields?.value).toContain('EST');
    expect(ServiceError.parse(res.json()).serviceErrorMessage).toBe('value: must be one of EST, ENG, RUS, LAV, LIT');
    expect((await sessionRow(t.db, 'EE48709050218')).language).toBe('EST');
  });

  it('changeLanguage without a body and with broken JSON', async () => {
    const mari = await t.login('mari');
    const empty = await mari.post('/api/context/changeLanguage');
    expect(empty.statusCode).toBe(400);
    expect(ServiceError.parse(empty.json()).serviceErrorMessage).toMatch(/^value: is required|^body:/);
    const broken = await mari.request('POST', '/api/context/changeLanguage', {
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(broken.statusCode).toBe(400);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/context/changeLanguage',
      headers: {
        'content-type': 'application/json',
        cookie: [...mari.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': mari.cookies.get('EPIT-XSRF-TOKEN')!,
      },
      payload: '{"value":',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({ code: 'BAD_INPUT', serviceErrorMessage: 'body: is not valid JSON' });
  });

  it('changeRepresented with a malformed gid', async () => {
    const mari = await t.login('mari');
    const res = await mari.get('/api/context/changeRepresented/not%20a%20gid');
    expect(res.statusCode).toBe(400);
    expect(ServiceError.parse(res.json())).toMatchObject({ code: 'BAD_INPUT' });
    expect(ServiceError.parse(res.json()).fields?.gid).toMatch(/EPEE11000015/);
    expect(ServiceError.parse(res.json()).serviceErrorMessage).toMatch(/^gid: must be a customer or person id/);
    expect((await sessionRow(t.db, 'EE48709050218')).represented_gid).toBeNull();
  });

  it('getUserDetails with a malformed fgid', async () => {
    const mari = await t.login('mari');
    const res = await mari.get('/api/context/getUserDetails?fgid=x');
    expect(res.statusCode).toBe(400);
    expect(ServiceError.parse(res.json()).serviceErrorMessage).toMatch(/^fgid: must be a person id/);
  });

  it('single-signout with a bad or missing locale keeps the session', async () => {
    const mari = await t.login('mari');
    for (const url of ['/api/security/single-signout?locale=fi_FI', '/api/security/single-signout']) {
      const res = await mari.post(url);
      expect(res.statusCode).toBe(400);
      expect(ServiceError.parse(res.json()).serviceErrorMessage).toMatch(/^locale: /);
      expect(ServiceError.parse(res.json()).serviceErrorMessage).toMatch(/et_EE/);
    }
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(200);
  });

  it('roles-and-packets for an unknown application', async () => {
    const mari = await t.login('mari');
    const res = await mari.get('/api/roles-and-packets/clientapp/FOO');
    expect(res.statusCode).toBe(400);
    expect(ServiceError.parse(res.json()).serviceErrorMessage).toBe(
      'app: must be one of OSS, PERIODICALS, FINANCE, AXAPTA',
    );
  });

  it('ticket-check with a callback that is not a function name', async () => {
    for (const cb of ['alert(1)', '1abc', '']) {
      const res = await t.client().get(`/cas/ticket-check?callback=${encodeURIComponent(cb)}`);
      expect(res.statusCode).toBe(400);
      expect(ServiceError.parse(res.json()).serviceErrorMessage).toMatch(/^callback: /);
    }
    const missing = await t.client().get('/cas/ticket-check');
    expect(missing.statusCode).toBe(400);
    expect(ServiceError.parse(missing.json()).serviceErrorMessage).toBe('callback: is required');
  });

  it('security callback without a ticket, or with a malformed one, opens no session', async () => {
    const c = t.client();
    const none = await c.get('/api/security/callback?target=/ui/dashboard');
    expect(none.statusCode).toBe(400);
    expect(ServiceError.parse(none.json()).serviceErrorMessage).toMatch(/^ticket: is required/);
    const bad = await c.get('/api/security/callback?ticket=XX-1');
    expect(bad.statusCode).toBe(400);
    expect(ServiceError.parse(bad.json()).serviceErrorMessage).toMatch(/^ticket: must be a service ticket/);
    expect(c.cookies.has('EPIT-SESSION')).toBe(false);
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('sim application switch with a bad body or unknown application', async () => {
    const c = t.client();
    await c.get('/sim/');
    const body = await c.post('/sim/api/applications/OSS', { dead: 'yes' });
    expect(body.statusCode).toBe(400);
    expect(ServiceError.parse(body.json()).serviceErrorMessage).toBe('dead: must be boolean');
    const app = await c.post('/sim/api/applications/NOPE', { dead: true });
    expect(app.statusCode).toBe(400);
    expect(ServiceError.parse(app.json()).serviceErrorMessage).toMatch(
      /^app: must be one of AXAPTA, OSS, PERIODICALS, FINANCE/,
    );
  });

  it('a malformed address answers 400 with serviceErrorMessage', async () => {
    const res = await t.client().get('/ui/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(ServiceError.safeParse(res.json()).success).toBe(true);
  });

  it('an unknown API address answers 404 with serviceErrorMessage', async () => {
    const res = await t.client().get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    // parsing as a ServiceError checks that serviceErrorMessage is a string
    expect(ServiceError.parse(res.json()).code).toBe('NOT_FOUND');
  });
});
