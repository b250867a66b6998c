/**
 * The second security review's findings, one `describe` each (docs/security-regressions.md): each test failed on
 * the code before its fix. The frame's sandbox is a browser matter, tested in tests/e2e/external/oss-page.spec.ts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UserContext } from '../../domain/contract.js';
import type { SaveCommand } from '../../domain/represented-settings/contract.js';
import { makeAppsWorld, type AppsWorld } from '../apps/test-kit.js';
import { bearer } from '../lib/apps-protocol.js';
import { addDays, isoDay, isoToDmy } from '../lib/dates.js';
import { createPasswordResetKey } from '../lib/reset-keys.js';
import { demoWarning } from '../start.js';
import { loadEnv, RUN_MODE_DEFAULT } from '../env.js';
import {
  type Client,
  demoPassword,
  executionOf,
  makeTestApp,
  serviceOf,
  toPath,
  type TestApp,
} from '../test/helpers.js';
import { freePort } from '../test/processes.js';
import { THROTTLE } from './throttle.js';

let t: TestApp | null = null;
let w: AppsWorld | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
  await w?.close();
  w = null;
});

const MAASIKAS = 'EPEE11000015';
const POLDMARI = 'EPEE11000026';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** Begins a login in this browser; the sign-on page's form fields for it. */
async function signOnPage(c: Client) {
  const start = await c.get('/api/security/login?target=%2Fui%2Fdashboard');
  const service = serviceOf(start.headers.location as string);
  const page = await c.get(toPath(start.headers.location as string));
  return { service, execution: executionOf(page.body) };
}

/** A full sign-on with these form fields (a username and password, or the demo sign-on by personal code). */
async function signOn(c: Client, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const { service, execution } = await signOnPage(c);
  const posted = await c.request('POST', '/cas/login', { form: { service, execution, ...fields }, headers });
  if (posted.statusCode === 302) await c.get(toPath(posted.headers.location as string));
  return posted;
}

async function contextOf(c: Client) {
  const res = await c.get('/api/context/getUserContext');
  return res.statusCode === 200 ? UserContext.parse(res.json()) : null;
}

describe('high: a personal code of another country equal to a board member’s', { timeout: 30_000 }, () => {
  /** mari, main admin of Maasikas OÜ, adds a Lithuanian whose code is mary's (an Estonian board member's) */
  async function lithuanianTwinOfMary(app: TestApp) {
    const mari = await app.login('mari');
    const day = (offset: number) => isoToDmy(isoDay(addDays(app.clock.now(), offset)))!;
    const command: SaveCommand = {
      userId: 'LT60001019906',
      userCode: '60001019906',
      country: 'LT',
      domain: 'EE',
      language: 'EN',
      firstName: 'Marius',
      lastName: 'Dvynys',
      customerId: MAASIKAS,
      admin: false,
      email: 'marius@example.lt',
      roles: {
        OSS: { validity: 'LIMITED', categoryId: 'OPERATIONS', roleId: 102, begin: day(0), end: day(30) },
        PERIODICALS: { validity: 'UNLIMITED', categoryId: null, roleId: null, begin: null, end: null },
      },
    };
    expect((await mari.post('/api/user/role/add', command)).statusCode).toBe(200);
    const twin = app.client();
    expect((await signOn(twin, { demoPersonalCode: 'LT60001019906' })).statusCode).toBe(302);
    expect((await contextOf(twin))?.epitPrincipal?.representative.id).toBe('LT60001019906');
    return twin;
  }

  it('is no board member: neither main administrator rights nor a contract signature', async () => {
    t = await makeTestApp();
    const twin = await lithuanianTwinOfMary(t);
    const rights = await twin.post('/api/customer-add/create-rights', {
      customerId: POLDMARI,
      customerName: 'Põldmari AS',
      email: 'twin@example.lt',
    });
    expect(rights.json()).toEqual({ value: 'NOT_A_BOARD_MEMBER' });
    expect((await twin.post('/api/settings/get', { value: POLDMARI })).statusCode).toBe(403);
    const signing = await twin.post('/api/sign/mobile/start', {
      mobileNr: '+37200000766',
      customer: { enterpriseCode: '11000109', enterpriseName: 'Testfirma OÜ', email: 'twin@example.lt' },
    });
    expect(signing.json()).toMatchObject({ status: 'NOT_A_BOARD_MEMBER' });
    const admins = await t.db
      .selectFrom('rights')
      .select('person_fgid')
      .where('represented_gid', '=', POLDMARI)
      .where('application', '=', 'AXAPTA')
      .execute();
    expect(admins.map((r) => r.person_fgid)).not.toContain('LT60001019906');
  });

  it('the Estonian board member herself still is one (control)', async () => {
    t = await makeTestApp();
    const mary = await t.login('mary');
    const res = await mary.post('/api/customer-add/create-rights', {
      customerId: POLDMARI,
      customerName: 'Põldmari AS',
      email: 'mary@example.ee',
    });
    expect(res.json()).toEqual({ value: 'SUCCESS' });
  });

  it('the register answers each board member with a country, and the database keeps it', async () => {
    t = await makeTestApp();
    const company = (await t.client().get('/sim/registry-api/companies/11000026')).json<{
      boardMembers: unknown[];
    }>();
    expect(company.boardMembers).toEqual(
      expect.arrayContaining([expect.objectContaining({ country: 'EE', personalCode: '60001019906' })]),
    );
    const board = await t.db
      .selectFrom('customer_board_members')
      .select(['country', 'personal_code'])
      .where('jgid', '=', MAASIKAS)
      .execute();
    expect(board).toEqual([{ country: 'EE', personal_code: '48709050218' }]);
  });
});

describe('medium: login CSRF by handing over a service ticket', { timeout: 30_000 }, () => {
  it("a callback with the attacker's ticket does not replace the victim's session", async () => {
    t = await makeTestApp();
    // the attacker signs on and keeps the callback address with its ticket instead of following it
    const attacker = t.client();
    const { service, execution } = await signOnPage(attacker);
    const posted = await attacker.request('POST', '/cas/login', {
      form: { service, execution, username: 'jaan', password: demoPassword('jaan') },
    });
    const trap = toPath(posted.headers.location as string);
    expect(trap).toMatch(/^\/api\/security\/callback\?.*ticket=ST-/);
    // the victim, signed in, is sent there
    const victim = await t.login('mari');
    const res = await victim.get(trap, { accept: 'text/html' });
    expect(res.statusCode).toBe(403);
    expect((await contextOf(victim))?.epitPrincipal?.representative.id).toBe('EE48709050218');
    // a fresh browser fares no better
    const other = t.client();
    expect((await other.get(trap)).statusCode).toBe(403);
    expect(other.cookies.has('EPIT-SESSION')).toBe(false);
  });

  it('a callback another site sent the browser to is refused, even with the right state', async () => {
    t = await makeTestApp();
    const c = t.client();
    const { service, execution } = await signOnPage(c);
    const posted = await c.request('POST', '/cas/login', {
      form: { service, execution, username: 'mari', password: demoPassword('mari') },
    });
    const callback = toPath(posted.headers.location as string);
    expect((await c.get(callback, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect(c.cookies.has('EPIT-SESSION')).toBe(false);
  });
});

describe('medium: an ended right reads no invoices', { timeout: 30_000 }, () => {
  it("endel, whose only right at Maasikas OÜ has ended, is refused invoicing management's data", async () => {
    w = await makeAppsWorld();
    const endel = w.browser();
    const start = await endel.follow(`${w.portalOrigin}/api/security/login?target=/ui/dashboard`);
    const posted = await endel.request('POST', `${w.portalOrigin}/cas/login`, {
      form: {
        service: new URL(start.url).searchParams.get('service') ?? '',
        demoPersonalCode: 'EE36907140274',
        execution: executionOf(start.res.body),
      },
    });
    expect(posted.statusCode).toBe(302);
    await endel.follow(String(posted.headers.location));
    const page = await endel.follow(`${w.appsOrigin}/finance/?guid=${MAASIKAS}&lang=en`);
    expect(page.res.statusCode).toBe(403);
    expect(page.res.body).not.toMatch(/INV-|invoice-row|unpaid/i);
    const access = await w.portal.inject({
      url: `/api/apps/access?application=FINANCE&person=EE36907140274&guid=${MAASIKAS}`,
      headers: { authorization: bearer(w.env.apps.secret) },
    });
    expect(access.json()).toEqual({ value: { allowed: false, reason: 'illegal.represented' } });
  });

  it('a right valid today still opens them (control)', async () => {
    w = await makeAppsWorld();
    const access = await w.portal.inject({
      url: `/api/apps/access?application=FINANCE&person=EE48709050218&guid=${MAASIKAS}`,
      headers: { authorization: bearer(w.env.apps.secret) },
    });
    expect(access.json()).toMatchObject({ value: { allowed: true } });
  });
});

describe('medium: no request chooses where the sign-on server POSTs', { timeout: 30_000 }, () => {
  it('a service on the Host header’s origin is refused, and logout POSTs only to registered services', async () => {
    const posts: string[] = [];
    t = await makeTestApp();
    const fetch = t.app.deps.fetch;
    t.app.deps.fetch = (input, init) => {
      if (init?.method === 'POST') posts.push(input instanceof Request ? input.url : input.toString());
      return fetch(input, init);
    };
    const c = t.client();
    const host = { host: 'scan.example:6379' };
    const hook = 'http://scan.example:6379/anything';
    expect((await c.get(`/cas/login?service=${encodeURIComponent(hook)}`, host)).statusCode).toBe(400);
    // a ticket issued for such a service before (an older registry, say) is never POSTed to
    const mari = await t.login('mari');
    const tgt = mari.cookies.get('CASTGC')!;
    await t.db
      .insertInto('cas_tickets')
      .values({
        ticket: 'ST-1-planted',
        service: hook,
        person_fgid: 'EE48709050218',
        created_at: t.clock.now().toISOString(),
        expires_at: t.clock.now().toISOString(),
        used: 1,
        tgt_id: tgt,
        from_new_login: 0,
      })
      .execute();
    await mari.get('/cas/logout');
    expect(posts.some((p) => p.includes('scan.example'))).toBe(false);
    expect(posts.some((p) => p.startsWith('http://localhost:8080/api/security/callback'))).toBe(true);
  });
});

describe(
  'medium: the login throttle believes X-Forwarded-For only from a configured proxy',
  { timeout: 60_000 },
  () => {
    it('without TRUST_PROXY a client cannot name its own address: another forwarded address is still held up', async () => {
      t = await makeTestApp();
      for (let i = 0; i < THROTTLE.addressFailures; i++)
        expect(
          (await signOn(t.client(), { username: `guess${i}`, password: 'x' }, { 'x-forwarded-for': `198.51.100.${i}` }))
            .statusCode,
        ).toBe(401);
      const spoofed = await signOn(
        t.client(),
        { username: 'tomas', password: demoPassword('tomas') },
        { 'x-forwarded-for': '203.0.113.99' },
      );
      expect(spoofed.statusCode).toBe(429);
      const logged = await t.db.selectFrom('audit_log').select('address').where('event', '=', 'login').execute();
      expect(logged.map((r) => r.address)).not.toContain('198.51.100.1');
    });

    it('TRUST_PROXY takes a hop count or addresses, and refuses anything else', () => {
      expect(loadEnv({}).trustProxy).toBe(false);
      expect(loadEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
      expect(loadEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
      expect(() => loadEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY is "everyone"; allowed: a hop count/);
    });
  },
);

describe('low findings', { timeout: 30_000 }, () => {
  it('user-add/confirm refuses a preference URL the preferences tab would refuse, and saves nothing', async () => {
    t = await makeTestApp();
    const mail = await t.db.selectFrom('outbox').select('body').where('kind', '=', 'invite').executeTakeFirstOrThrow();
    const key = /\/ui\/user-add\/edit\/([\w-]+)/.exec(mail.body)![1];
    const c = t.client();
    await c.get('/ui/config.json');
    const body = (serviceUrl: string) => ({
      key,
      acceptEula: true,
      uniqueUsernameError: false,
      adminList: [],
      userCredentials: { username: 'uku', password: 'Ukuparool1', passwordAgain: 'Ukuparool1', passwordUsed: true },
      firstName: '',
      lastName: '',
      preference: { service: 'LOGISTICS', represented: MAASIKAS, serviceUrl },
    });
    for (const bad of [
      'https://evil.example/',
      'https://evil.example/ui/business/ee/et/LOGISTICS',
      '//evil.example/ui/business/ee/et/LOGISTICS',
      '/ui/private/ee/et/LOGISTICS',
    ]) {
      const res = await c.post('/api/user-add/confirm', body(bad));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ fields: Record<string, string> }>().fields).toHaveProperty(['preference.serviceUrl']);
    }
    const uku = await t.db
      .selectFrom('persons')
      .select(['username', 'pref_service_url'])
      .where('fgid', '=', 'EE39912310010')
      .executeTakeFirstOrThrow();
    expect(uku).toEqual({ username: null, pref_service_url: null });
    expect((await c.post('/api/user-add/confirm', body('/ui/business/ee/et/LOGISTICS'))).json()).toMatchObject({
      errorType: null,
    });
  });

  it('a password change ends every other session, sign-on session and reset key of the person', async () => {
    t = await makeTestApp();
    const here = await t.login('mari');
    const elsewhere = await t.login('mari');
    const key = await createPasswordResetKey(t.db, t.clock, 'EE48709050218');
    const changed = await here.post('/api/user-settings/password/EE48709050218', {
      username: 'mari',
      password: 'Maasikas2',
      passwordAgain: 'Maasikas2',
      passwordUsed: true,
      // the change asks for the current password (ASVS 2.1.6: third-review-password.test.ts)
      currentPassword: 'Maasikas1',
    });
    expect(changed.json()).toEqual({ errorType: null });
    expect((await here.get('/api/context/getUserContext')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/context/getUserContext')).statusCode).toBe(401);
    // the other browser's sign-on session is gone: the sign-on page asks again
    const again = await elsewhere.get(`/cas/login?service=${encodeURIComponent(await begin(elsewhere))}`);
    expect(again.statusCode).toBe(200);
    expect((await t.client().get(`/api/user-reset-password/getUserByResetPasswordKey/${key}`)).json()).toEqual({
      value: null,
    });
    // while this browser's sign-on session signs it on again without a password
    const silent = await here.get(`/cas/login?service=${encodeURIComponent(await begin(here))}`);
    expect(silent.statusCode).toBe(302);
  });

  it('a reset through a link ends every session of the person, and the other links', async () => {
    t = await makeTestApp();
    const signedIn = await t.login('mari');
    const used = await createPasswordResetKey(t.db, t.clock, 'EE48709050218');
    const other = await createPasswordResetKey(t.db, t.clock, 'EE48709050218');
    const stranger = t.client();
    await stranger.get('/ui/config.json'); // the XSRF cookie a browser gets with the page
    const saved = await stranger.post('/api/user-reset-password/saveCredentials/', {
      key: used,
      passwordUsed: true,
      username: 'mari',
      password: 'Maasikas3',
    });
    expect(saved.json()).toEqual({ errorType: null });
    expect((await signedIn.get('/api/context/getUserContext')).statusCode).toBe(401);
    expect((await t.client().get(`/api/user-reset-password/getUserByResetPasswordKey/${other}`)).json()).toEqual({
      value: null,
    });
  });

  it("the reset link's origin is PUBLIC_ORIGIN's, never the Host header's", async () => {
    t = await makeTestApp();
    const kristi = await t.login('kristi');
    const res = await kristi.request('POST', '/api/user-settings/password/sendPasswordReset/', {
      body: {
        fgid: 'EE48709050218',
        firstName: 'Mari',
        lastName: 'Maasikas',
        personalCode: '48709050218',
        personalCodeCountry: 'EE',
        email: 'mari.maasikas@example.ee',
        language: 'EST',
      },
      headers: { host: 'evil.example' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.db
      .selectFrom('outbox')
      .select('body')
      .where('kind', '=', 'password-reset')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.body).not.toContain('evil.example');
    expect(mail.body).toContain('http://localhost:8080/ui/user-add/reset-password/');
  });

  it('a control character in the sign-on service is a 400, never a 500 with an internal message', async () => {
    t = await makeTestApp();
    const bad = '/cas/login?service=http%3A%2F%2Flocalhost%3A8080%2Fapi%2Fsecurity%2Fcallback%0D%0AX:1';
    const res = await t.client().get(bad);
    expect(res.statusCode).toBe(400);
    // with a sign-on session the simulator would redirect there: the line break reached the Location header, and
    // Node's refusal came back as a 500 with its own text
    const mari = await t.login('mari');
    const signedOn = await mari.get(bad);
    expect(signedOn.statusCode).toBe(400);
    expect(signedOn.body).not.toMatch(/Invalid character|ERR_/);
  });

  it('test/userRoles needs the search privilege, not merely a staff login', async () => {
    t = await makeTestApp();
    const peeter = await t.login('peeter');
    expect((await peeter.get('/api/test/userRoles')).statusCode).toBe(403);
    const kristi = await t.login('kristi');
    expect((await kristi.get('/api/test/userRoles')).statusCode).toBe(200);
  });
});

describe('low: RUN_MODE defaults to live', { timeout: 60_000 }, () => {
  it('the server without RUN_MODE is live; npm start and the test scripts say test themselves', () => {
    expect(RUN_MODE_DEFAULT).toBe('live');
    expect(loadEnv({}).runMode).toBe('live');
    const scripts = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    for (const name of ['start', 'dev', 'test:unit', 'test:e2e']) expect(scripts[name], name).toMatch(/RUN_MODE=/);
    expect(scripts.serve).not.toMatch(/RUN_MODE/);
    expect(demoWarning('test').join('\n')).toMatch(/DEMO LOGINS ARE ON/);
  });

  it('a live server without PUBLIC_ORIGIN refuses to start, in one line', async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'epit-live-default-'));
    writeFileSync(path.join(tmp, 'index.html'), '<!doctype html><title>placeholder</title>');
    try {
      const env: Record<string, string | undefined> = {
        ...process.env,
        PORT: String(await freePort()),
        APPS_PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATA_DIR: tmp,
        DIST_DIR: tmp,
      };
      delete env.RUN_MODE;
      delete env.PUBLIC_ORIGIN;
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env });
      let log = '';
      child.stdout.on('data', (d: Buffer) => (log += d.toString()));
      child.stderr.on('data', (d: Buffer) => (log += d.toString()));
      // a server that starts instead would run on: it is stopped, and the assertions below say so
      const stop = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      clearTimeout(stop);
      expect(code).not.toBe(0);
      expect(log).toMatch(/cannot start: PUBLIC_ORIGIN is required in live run mode/);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

async function begin(c: Client): Promise<string> {
  return serviceOf((await c.get('/api/security/login?target=%2Fui%2F')).headers.location as string);
}
