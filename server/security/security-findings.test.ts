/**
 * One test (or a few) per finding of the security review; each fails while its finding's flaw is there
 * (docs/security-regressions.md).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CustomerAddGet, UserContext } from '../../domain/contract.js';
import { createApp, type UiMode } from '../app.js';
import { openDb } from '../db/index.js';
import { prepareDb } from '../db/prepare.js';
import { loadDemoData } from '../db/seed.js';
import { loadEnv } from '../env.js';
import { testEnv } from '../test/env.js';
import { fakeClock } from '../lib/clock.js';
import { Client, demoPassword, executionOf, makeTestApp, toPath, type TestApp } from '../test/helpers.js';
import { loopbackFetch } from '../test/loopback-fetch.js';
import { addUser } from './user-add.js';
import { safeTarget } from '../routes/security/index.js';
import { purgeExpired } from './purge.js';
import { THROTTLE } from './throttle.js';

let t: TestApp | null = null;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await t?.close();
  t = null;
  for (const close of closers.splice(0)) await close();
});

const DEMO_LOGINS = loadDemoData().persons.flatMap((p) => (p.login ? [p.login] : []));

/** The sign-on page for a portal target, and a POST of its form with these fields. */
async function signOn(c: Client, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const start = await c.get('/api/security/login?target=%2Fui%2F');
  const casUrl = toPath(start.headers.location as string);
  const service = new URL(casUrl, 'http://localhost').searchParams.get('service')!;
  const page = await c.get(casUrl);
  return c.request('POST', '/cas/login', {
    form: { service, execution: executionOf(page.body), ...fields },
    headers,
  });
}

async function liveApp(extra: Record<string, string> = {}) {
  const clock = fakeClock(new Date().toISOString());
  const db = openDb(null);
  await prepareDb(db, clock, { live: true });
  const lines: string[] = [];
  const env = loadEnv({ RUN_MODE: 'live', ...extra });
  const app: FastifyInstance = await createApp({
    db,
    clock,
    env,
    ui: { kind: 'none' },
    fetch: loopbackFetch(() => app),
    logger: { stream: { write: (line: string) => void lines.push(line) } },
  });
  await app.ready();
  closers.push(async () => {
    await app.close();
    await db.destroy();
  });
  return { app, db, clock, env, lines, client: () => new Client(app) };
}

describe('finding 1: live mode has no demo login', { timeout: 60_000 }, () => {
  it('seeds no person, no password and no customer; no demo person can log in; the first staff account can', async () => {
    const live = await liveApp();
    expect(await live.db.selectFrom('persons').select('fgid').execute()).toEqual([]);
    expect(await live.db.selectFrom('customers').select('jgid').execute()).toEqual([]);
    expect((await live.db.selectFrom('roles').select('id').execute()).length).toBeGreaterThan(0);
    for (const login of DEMO_LOGINS) {
      const res = await signOn(live.client(), { username: login.username, password: login.password });
      expect(res.statusCode, login.username).toBe(401);
      expect(res.headers.location).toBeUndefined();
    }
    // no one-click demo login either
    const oneClick = await signOn(live.client(), { demoUser: 'kristi' });
    expect(oneClick.statusCode).not.toBe(302);

    await addUser(live.db, live.clock, {
      username: 'admin',
      password: 'Correct-horse-9',
      firstName: 'Kadri',
      lastName: 'Kuusk',
      country: 'EE',
      personalCode: '48001010000',
      email: null,
      staff: true,
    });
    const row = await live.db
      .selectFrom('persons')
      .selectAll()
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('Correct-horse-9');
    const c = live.client();
    const ok = await signOn(c, { username: 'admin', password: 'Correct-horse-9' });
    expect(ok.statusCode).toBe(302);
    await c.get(toPath(ok.headers.location as string));
    const ctx = UserContext.parse((await c.get('/api/context/getUserContext')).json());
    expect(ctx.privileges).toContain('ADD_ANY_CUSTOMER');
  });

  it('user:add refuses a weak password and a taken username', async () => {
    const live = await liveApp();
    const user = {
      username: 'admin',
      password: 'short1A',
      firstName: 'A',
      lastName: 'B',
      country: 'EE',
      personalCode: '48001010009',
      email: null,
      staff: true,
    };
    await expect(addUser(live.db, live.clock, user)).rejects.toThrow(/at least 8 characters/);
    await expect(addUser(live.db, live.clock, { ...user, password: 'alllowercase1' })).rejects.toThrow(/upper case/);
    await addUser(live.db, live.clock, { ...user, password: 'Good-pass-1' });
    await expect(
      addUser(live.db, live.clock, { ...user, personalCode: '48001010010', password: 'Good-pass-1' }),
    ).rejects.toThrow(/username admin is taken/);
  });

  it('refuses to start live on a database seeded with the demo people', async () => {
    const clock = fakeClock();
    const db = openDb(null);
    closers.push(() => db.destroy());
    await prepareDb(db, clock);
    await expect(prepareDb(db, clock, { live: true })).rejects.toThrow(/demo people's logins/);
  });

  it('npm run user:add -- --staff creates the account from USER_ADD_PASSWORD in DATA_DIR', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'user-add-'));
    closers.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(
      'npx',
      [
        'tsx',
        'tools/user-add/main.ts',
        '--staff',
        '--username',
        'ops',
        '--first-name',
        'Olev',
        '--last-name',
        'Ots',
        '--personal-code',
        '38001010000',
      ],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, DATA_DIR: dir, RUN_MODE: 'live', USER_ADD_PASSWORD: 'Olev-pass-123' },
        encoding: 'utf8',
      },
    );
    expect(run.stderr).not.toMatch(/\[user:add\]/);
    expect(run.stdout).toMatch(/staff account ops \(EE38001010000\) created/);
    const db = openDb(dir);
    closers.push(() => db.destroy());
    const persons = await db.selectFrom('persons').select(['username', 'auth_channel']).execute();
    expect(persons).toEqual([{ username: 'ops', auth_channel: 'IN_AD' }]);
  }, 60_000);
});

describe('finding 2: an ended or inactive right opens no represented party', { timeout: 60_000 }, () => {
  it.each([
    ['mari', 'EPEE11000032', 'an OSS right that ended 30 days ago'],
    ['jaan', 'EPEE11000084', 'a right that is notActive'],
  ])('%s → %s (%s): 403 with the catalogue key, represented party unchanged', async (user, gid) => {
    t = await makeTestApp();
    const c = await t.login(user);
    const before = UserContext.parse((await c.get('/api/context/getUserContext')).json()).epitPrincipal?.represented;
    const res = await c.get(`/api/context/changeRepresented/${gid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', messageKey: 'error.noRights' });
    const after = UserContext.parse((await c.get('/api/context/getUserContext')).json()).epitPrincipal?.represented;
    expect(after?.gid ?? null).toBe(before?.gid ?? null);
    expect(after?.gid).not.toBe(gid);
  });

  it('a valid right still switches', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const res = await mari.get('/api/context/changeRepresented/EPEE11000015');
    expect(res.statusCode).toBe(200);
  });
});

describe('finding 3: the sign-on throttle', { timeout: 60_000 }, () => {
  it('5 failures of a username, then 429 with a translated message even for the right password; recovers by itself', async () => {
    t = await makeTestApp();
    const c = t.client();
    c.cookies.set('EPIT-LANGUAGE', 'est');
    for (let i = 0; i < THROTTLE.userFailures; i++)
      expect((await signOn(c, { username: 'mari', password: `wrong-${i}` })).statusCode).toBe(401);
    const blocked = await signOn(c, { username: 'mari', password: demoPassword('mari') });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain('Liiga palju ebaõnnestunud sisselogimiskatseid');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // another person from the same address is not held up by mari's failures
    expect((await signOn(t.client(), { username: 'jaan', password: demoPassword('jaan') })).statusCode).toBe(302);
    // the delay passes: the right password works again
    t.clock.advance(THROTTLE.baseDelayMs + 1_000);
    expect((await signOn(c, { username: 'mari', password: demoPassword('mari') })).statusCode).toBe(302);
  });

  it('the delay doubles with each further failure', async () => {
    t = await makeTestApp();
    const c = t.client();
    for (let i = 0; i < THROTTLE.userFailures; i++) await signOn(c, { username: 'liga', password: 'nope' });
    t.clock.advance(THROTTLE.baseDelayMs + 1_000);
    expect((await signOn(c, { username: 'liga', password: 'nope' })).statusCode).toBe(401);
    // now 2 minutes: after 1 it is still refused
    t.clock.advance(THROTTLE.baseDelayMs + 1_000);
    expect((await signOn(c, { username: 'liga', password: demoPassword('liga') })).statusCode).toBe(429);
    t.clock.advance(THROTTLE.baseDelayMs);
    expect((await signOn(c, { username: 'liga', password: demoPassword('liga') })).statusCode).toBe(302);
  });

  it('per client address: many usernames guessed from one address are held up too', async () => {
    // behind a proxy the address is X-Forwarded-For's, believed from that proxy only (TRUST_PROXY)
    t = await makeTestApp({ env: { trustProxy: ['127.0.0.1'] } });
    const from = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < THROTTLE.addressFailures; i++)
      expect((await signOn(t.client(), { username: `guess${i}`, password: 'x' }, from)).statusCode).toBe(401);
    expect((await signOn(t.client(), { username: 'tomas', password: demoPassword('tomas') }, from)).statusCode).toBe(
      429,
    );
    // another address is not
    const other = { 'x-forwarded-for': '203.0.113.8' };
    expect((await signOn(t.client(), { username: 'tomas', password: demoPassword('tomas') }, other)).statusCode).toBe(
      302,
    );
  });

  it('an unknown username costs the same hashing time as a known one', async () => {
    t = await makeTestApp();
    const timeOf = async (username: string) => {
      const c = t!.client();
      const start = await c.get('/api/security/login?target=%2Fui%2F');
      const casUrl = toPath(start.headers.location as string);
      const service = new URL(casUrl, 'http://localhost').searchParams.get('service')!;
      const page = await c.get(casUrl);
      const form = { service, execution: executionOf(page.body), username, password: 'wrong-password' };
      const t0 = performance.now();
      const res = await c.request('POST', '/cas/login', { form });
      const ms = performance.now() - t0;
      expect(res.statusCode).toBe(401);
      return ms;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    for (const [i, name] of ['mari', 'jaan', 'liga', 'tomas', 'anna'].entries()) {
      known.push(await timeOf(name));
      unknown.push(await timeOf(`nobody-${i}`));
    }
    // with the flaw an unknown name answers in 2–7 ms against 45–50 ms for a known one
    expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
  });
});

describe('finding 4: login CSRF', { timeout: 60_000 }, () => {
  it('a form posted from a foreign origin is refused and signs nobody in', async () => {
    t = await makeTestApp();
    const c = t.client();
    const res = await signOn(
      c,
      { username: 'mari', password: demoPassword('mari') },
      { origin: 'https://attacker.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('sent from another site');
    expect(c.cookies.has('CASTGC')).toBe(false);
    const crossSite = await signOn(
      t.client(),
      { username: 'mari', password: demoPassword('mari') },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    // the portal's own origin is fine
    expect(
      (
        await signOn(
          t.client(),
          { username: 'mari', password: demoPassword('mari') },
          { origin: 'http://localhost:8080' },
        )
      ).statusCode,
    ).toBe(302);
  });

  it('the execution token is bound to the browser it was shown to, and good once', async () => {
    t = await makeTestApp();
    const victim = t.client();
    const attacker = t.client();
    const start = await attacker.get('/api/security/login?target=%2Fui%2F');
    const casUrl = toPath(start.headers.location as string);
    const service = new URL(casUrl, 'http://localhost').searchParams.get('service')!;
    const execution = executionOf((await attacker.get(casUrl)).body);
    // the attacker's token in the victim's browser (a forged form): refused
    await victim.get(casUrl);
    const forged = await victim.request('POST', '/cas/login', {
      form: { service, execution, username: 'mari', password: demoPassword('mari') },
    });
    expect(forged.statusCode).toBe(403);
    expect(victim.cookies.has('CASTGC')).toBe(false);
    // without any token: refused
    const none = await victim.request('POST', '/cas/login', {
      form: { service, username: 'mari', password: demoPassword('mari') },
    });
    expect(none.statusCode).toBe(403);
  });
});

describe('finding 5: security headers', { timeout: 60_000 }, () => {
  const cspOf = (res: { headers: Record<string, unknown> }) => {
    const value = res.headers['content-security-policy'];
    return typeof value === 'string' ? value : '';
  };
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? '';

  it('the portal, the API and the sign-on page send a strict CSP, nosniff, the referrer policy and no framing', async () => {
    t = await makeTestApp({ env: { apps: { ...testEnv().apps, origin: 'https://apps.example' } } });
    const c = t.client();
    for (const url of ['/ui/config.json', '/api/context/getUserContext', '/cas/login', '/api/nope']) {
      const res = await c.get(url);
      const csp = cspOf(res);
      expect(directive(csp, 'script-src'), url).toBe("script-src 'self'");
      expect(csp, url).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(directive(csp, 'style-src'), url).toMatch(/^style-src 'self' 'sha256-[A-Za-z0-9+/=]+'$/);
      expect(directive(csp, 'frame-ancestors'), url).toBe("frame-ancestors 'none'");
      expect(directive(csp, 'frame-src'), url).toBe("frame-src 'self' https://apps.example");
      expect(directive(csp, 'object-src'), url).toBe("object-src 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('only the development server relaxes the policy: inline scripts, eval, its websocket and blob: workers', async () => {
    const policies: Record<string, string> = {};
    const modes: UiMode[] = [{ kind: 'middleware', handle: (_req, _res, next) => next() }, { kind: 'static' }];
    for (const ui of modes) {
      const app = await makeTestApp({ ui });
      closers.push(() => app.close());
      policies[ui.kind] = cspOf(await app.client().get('/api/nope'));
    }
    // Vite's client waits for a restarted development server in a SharedWorker made from a blob: URL
    expect(directive(policies.middleware, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(directive(policies.middleware, 'script-src')).toBe("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    expect(directive(policies.middleware, 'connect-src')).toMatch(/^connect-src 'self' ws: wss:/);
    expect(policies.static).not.toMatch(/blob:|ws:|unsafe-inline|unsafe-eval|worker-src/);
  });

  it('the sign-on page style sheet is exactly the one the policy allows', async () => {
    t = await makeTestApp();
    const res = await t.client().get('/cas/login');
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1] ?? '';
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    expect(cspOf(res)).toContain(`'sha256-${hash}'`);
    expect(res.body).not.toMatch(/<script/);
  });

  it('frame-src lists the APP_*_URL origins', async () => {
    const env = loadEnv({ APP_OSS_URL: 'https://oss.example/oss/', APP_FINANCE_URL: 'https://fin.example/x/' });
    t = await makeTestApp({ env: { apps: env.apps } });
    const csp = cspOf(await t.client().get('/api/context/getUserContext'));
    expect(directive(csp, 'frame-src')).toContain('https://oss.example');
    expect(directive(csp, 'frame-src')).toContain('https://fin.example');
  });

  it('the analytics endpoint (ANALYTICS_URL) is in config.json, and connect-src allows its origin', async () => {
    const { analytics } = loadEnv({ ANALYTICS_URL: 'https://stats.example/matomo.php', ANALYTICS_SITE_ID: '4' });
    t = await makeTestApp({ env: { analytics } });
    const res = await t.client().get('/ui/config.json');
    expect(res.json()).toMatchObject({ analytics: { url: 'https://stats.example/matomo.php', siteId: 4 } });
    expect(directive(cspOf(res), 'connect-src')).toMatch(/^connect-src 'self' https:\/\/stats\.example( |$)/);
    // without it, nothing besides the portal itself (and the applications' origins)
    const plain = await makeTestApp();
    closers.push(() => plain.close());
    const without = await plain.client().get('/ui/config.json');
    expect(without.json()).toMatchObject({ analytics: null });
    expect(directive(cspOf(without), 'connect-src')).not.toContain('stats.example');
  });

  it('behind https: HSTS, and every cookie is Secure', async () => {
    t = await makeTestApp({ env: { publicOrigin: 'https://portal.example' } });
    const res = await t.client().get('/cas/login');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });

  it('the demo applications may be framed by the portal only', async () => {
    const { createAppsServer } = await import('../apps/index.js');
    const dir = mkdtempSync(path.join(tmpdir(), 'apps-headers-'));
    const apps = await createAppsServer({ env: testEnv(), clock: fakeClock(), dataDir: dir });
    closers.push(async () => {
      await apps.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const res = await apps.inject({ url: '/oss/', headers: { host: 'localhost:8081' } });
    expect(directive(cspOf(res), 'frame-ancestors')).toBe('frame-ancestors http://localhost:8080');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the portal page has no inline script or style, and production builds ship no source maps', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const html = readFileSync(path.join(root, 'index.html'), 'utf8');
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc=/);
    expect(html).not.toMatch(/<style\b|\sstyle=/);
    const vite = readFileSync(path.join(root, 'vite.config.ts'), 'utf8');
    expect(vite).toMatch(/sourcemap:\s*false/);
  });
});

describe(
  'finding 6: customer-add/get tells whether the caller is a main administrator, never whose codes',
  { timeout: 60_000 },
  () => {
    it('mari is one for Maasikas OÜ; jaan is not, and sees nobody’s personal code', async () => {
      t = await makeTestApp();
      const mari = await t.login('mari');
      const jaan = await t.login('jaan');
      const forMari = await mari.get('/api/customer-add/get/EPEE11000015');
      expect(CustomerAddGet.parse(forMari.json()).isMainAdministrator).toBe(true);
      const forJaan = await jaan.get('/api/customer-add/get/EPEE11000015');
      expect(CustomerAddGet.parse(forJaan.json()).isMainAdministrator).toBe(false);
      expect(forJaan.body).not.toContain('EE48709050218');
      expect(forJaan.body).not.toContain('48709050218');
      expect(forJaan.json()).not.toHaveProperty('mainAdministrators');
    });
  },
);

describe('low: XSRF token bound to the session and rotated at login', { timeout: 60_000 }, () => {
  it('a token planted before the login, or another session’s token, is refused', async () => {
    t = await makeTestApp();
    const c = t.client();
    await c.get('/cas/login'); // a visit before logging in: the browser holds some XSRF cookie
    const before = c.cookies.get('EPIT-XSRF-TOKEN');
    expect(before).toBeTruthy();
    const mari = await t.login('mari');
    const jaan = await t.login('jaan');
    const mariToken = mari.cookies.get('EPIT-XSRF-TOKEN')!;
    expect(mariToken).not.toBe(before);
    // mari's session with jaan's token (cookie and header agree, as a double submit would accept)
    mari.cookies.set('EPIT-XSRF-TOKEN', jaan.cookies.get('EPIT-XSRF-TOKEN')!);
    const res = await mari.post('/api/context/changeLanguage', { value: 'ENG' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'XSRF' });
    // and the right one works
    mari.cookies.set('EPIT-XSRF-TOKEN', mariToken);
    expect((await mari.post('/api/context/changeLanguage', { value: 'ENG' })).statusCode).toBe(200);
  });

  it('login gives a new session id and a new XSRF token', async () => {
    t = await makeTestApp();
    const first = await t.login('mari');
    const oldSession = first.cookies.get('EPIT-SESSION');
    const oldToken = first.cookies.get('EPIT-XSRF-TOKEN');
    const start = await first.get('/api/security/login?target=%2Fui%2F'); // CAS single sign-on: a new ticket
    const ticketUrl = toPath((await first.get(toPath(start.headers.location as string))).headers.location as string);
    await first.get(ticketUrl);
    expect(first.cookies.get('EPIT-SESSION')).not.toBe(oldSession);
    expect(first.cookies.get('EPIT-XSRF-TOKEN')).not.toBe(oldToken);
  });

  it('GET changeRepresented needs the X-XSRF-TOKEN header', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const res = await mari.request('GET', '/api/context/changeRepresented/EPEE11000015', { xsrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'XSRF' });
    const ctx = UserContext.parse((await mari.get('/api/context/getUserContext')).json());
    expect(ctx.epitPrincipal?.represented?.gid).not.toBe('EPEE11000015');
  });
});

describe('low: target normalisation', { timeout: 60_000 }, () => {
  it.each([
    ['/ui/%2e%2e/api/context/getUserContext', '/ui/'],
    ['/ui/%2E%2E/%2e%2e/sim/', '/ui/'],
    ['/ui/%252e%252e/sim/', '/ui/'],
    ['/ui/..%2fapi', '/ui/'],
    ['/ui/./dashboard', '/ui/'],
    ['/ui%2f..%2fapi', '/ui/'],
    ['//evil.example/ui/', '/ui/'],
    ['/ui/\\evil', '/ui/'],
    ['https://evil.example/ui/', '/ui/'],
    ['/api/security/login', '/ui/'],
    ['/ui/dashboard?x=1#top', '/ui/dashboard?x=1#top'],
    ['/ui/settings/represented/EPEE11000015', '/ui/settings/represented/EPEE11000015'],
  ])('%s → %s', (target, expected) => {
    expect(safeTarget(target)).toBe(expected);
  });

  it('the callback never redirects out of /ui/', async () => {
    t = await makeTestApp();
    const c = await t.login('mari', '/ui/%2e%2e/sim/');
    const res = await c.get('/api/security/login?target=%2Fui%2F%252e%252e%2Fsim%2F');
    const service = new URL(toPath(res.headers.location as string), 'http://x').searchParams.get('service')!;
    expect(new URL(service).searchParams.get('target')).toBe('/ui/');
  });
});

describe('low: repeated query parameters', { timeout: 60_000 }, () => {
  it('an API address with a parameter given twice answers 400', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const res = await mari.get('/api/context/getUserDetails?fgid=EE48709050218&fgid=EE38001085718');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_INPUT', serviceErrorMessage: 'fgid: must be given once' });
  });

  it('serviceValidate?ticket=a&ticket=b is a protocol INVALID_REQUEST, never a 500', async () => {
    t = await makeTestApp();
    const res = await t.client().get('/cas/serviceValidate?service=http%3A%2F%2Flocalhost%2F&ticket=a&ticket=b');
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).toContain('INVALID_REQUEST');
  });
});

describe(
  'low: live mode switches the simulators off and says when signing is not configured',
  { timeout: 60_000 },
  () => {
    it('every /sim path answers 404', async () => {
      const live = await liveApp();
      const c = live.client();
      await c.get('/cas/login'); // an XSRF cookie, so a POST is refused for being /sim, not for XSRF
      for (const [method, url] of [
        ['GET', '/sim/'],
        ['GET', '/sim/api/outbox'],
        ['GET', '/sim/mid-api/version'],
        ['POST', '/sim/mid-api/certificate'],
        ['POST', '/sim/smart-id-api/certificatechoice/etsi/PNOEE-40504040001'],
        ['GET', '/sim/id-card/certificate'],
        ['POST', '/sim/id-card/sign'],
        ['GET', '/sim/registry-api/companies/11000015'],
        ['GET', '/%73im/mid-api/version'],
      ] as const) {
        const res = await c.request(method, url, { body: method === 'POST' ? {} : undefined });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    });

    it('signing without its settings: 503 "signing is not configured", and the log names the missing settings', async () => {
      const live = await liveApp();
      await addUser(live.db, live.clock, {
        username: 'sigrid',
        password: 'Sigrid-pass-1',
        firstName: 'Sigrid',
        lastName: 'Saar',
        country: 'EE',
        personalCode: '48001010001',
        email: null,
        staff: false,
      });
      const c = live.client();
      const ok = await signOn(c, { username: 'sigrid', password: 'Sigrid-pass-1' });
      await c.get(toPath(ok.headers.location as string));
      const res = await c.post('/api/sign/smart_id/start', {
        customer: { enterpriseCode: '11000109', enterpriseName: 'Testfirma OÜ', email: 'a@b.ee' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SIGNING_NOT_CONFIGURED' });
      expect(res.json<{ serviceErrorMessage: string }>().serviceErrorMessage).toMatch(
        /Signing is not configured.*MID_URL/,
      );
      expect(live.lines.join('\n')).toMatch(/signing is not configured: set MID_URL, MID_RP_UUID/);
    });

    it('with every signing setting given, signing is not refused as unconfigured', async () => {
      const live = await liveApp({
        MID_URL: 'https://mid.example/mid-api',
        MID_RP_UUID: '11111111-1111-1111-1111-111111111111',
        MID_RP_NAME: 'EPIT',
        SMART_ID_URL: 'https://sid.example/v2',
        SMART_ID_RP_UUID: '11111111-1111-1111-1111-111111111111',
        SMART_ID_RP_NAME: 'EPIT',
        REGISTRY_URL: 'https://registry.example/api',
      });
      expect(live.env.security.signingMissing).toEqual([]);
      const res = await live.client().post('/api/sign/smart_id/start', {}, { xsrf: false });
      expect(res.json()).not.toMatchObject({ code: 'SIGNING_NOT_CONFIGURED' });
    });
  },
);

describe('low: request log and audit table', { timeout: 60_000 }, () => {
  it('logs method, route, status, time and a session hash for every request; never a password, cookie or ticket', async () => {
    const live = await liveApp();
    await addUser(live.db, live.clock, {
      username: 'logan',
      password: 'Logan-pass-1',
      firstName: 'Logan',
      lastName: 'Lepp',
      country: 'EE',
      personalCode: '38001010002',
      email: null,
      staff: false,
    });
    const c = live.client();
    const ok = await signOn(c, { username: 'logan', password: 'Logan-pass-1' });
    const ticket = new URL(ok.headers.location as string).searchParams.get('ticket')!;
    await c.get(toPath(ok.headers.location as string));
    await c.get('/api/context/getUserContext');
    const lines = live.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const request = lines.filter((l) => l.msg === 'request');
    const ctx = request.find((l) => l.route === '/api/context/getUserContext');
    expect(ctx).toMatchObject({ method: 'GET', status: 200 });
    expect(ctx?.session).toMatch(/^[0-9a-f]{16}$/);
    expect(typeof ctx?.ms).toBe('number');
    expect(request.find((l) => l.route === '/cas/login' && l.method === 'POST')).toMatchObject({ status: 302 });
    const all = live.lines.join('\n');
    expect(all).not.toContain('Logan-pass-1');
    expect(all).not.toContain(c.cookies.get('EPIT-SESSION')!);
    expect(all).not.toContain(c.cookies.get('CASTGC')!);
    expect(all).not.toContain(ticket);
  });

  it('records login success and failure, logout, represented change and customer add', async () => {
    t = await makeTestApp();
    await signOn(t.client(), { username: 'mari', password: 'wrong' });
    const mari = await t.login('mari');
    await mari.get('/api/context/changeRepresented/EPEE11000015');
    await mari.get('/api/context/changeRepresented/EPEE11000032'); // refused: no row
    await mari.post('/api/security/single-signout?locale=et_EE');
    const kristi = await t.login('kristi');
    expect((await kristi.post('/api/customer-add/create-customer', { value: '11000109' })).json()).toEqual({
      value: 'SUCCESS',
    });
    const rows = await t.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    const brief = rows.map((r) => [r.event, r.outcome, r.actor_fgid, r.subject]);
    expect(brief).toEqual([
      ['login', 'failure', 'EE48709050218', null],
      ['login', 'success', 'EE48709050218', null],
      ['represented.change', 'success', 'EE48709050218', 'EPEE11000015'],
      ['logout', 'success', 'EE48709050218', null],
      ['login', 'success', 'EE49004170227', null],
      ['customer.add', 'success', 'EE49004170227', 'EPEE11000109'],
    ]);
    expect(rows.every((r) => r.address && r.at)).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/Maasikas1|wrong/);
  });
});

describe('low: session lifetime, single sign-out and the purge', { timeout: 60_000 }, () => {
  it('ends after 30 idle minutes; activity keeps it; the dead-application poll does not', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    t.clock.advance(29 * 60_000);
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await mari.get('/api/context/checkDeadApplications')).statusCode).toBe(200);
    t.clock.advance(2 * 60_000); // 31 minutes after the last real request
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(401);
  });

  it('ends after the absolute lifetime however active', async () => {
    t = await makeTestApp({ env: { security: { ...testEnv().security, sessionMaxMs: 2 * 3_600_000 } } });
    const mari = await t.login('mari');
    for (let i = 0; i < 7; i++) {
      t.clock.advance(20 * 60_000);
      expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(i < 5 ? 200 : 401);
    }
  });

  it('/cas/logout ends the portal session through the back channel', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(200);
    await mari.get('/cas/logout'); // the same browser: its CASTGC names the sign-on session
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(401);
    const events = await t.db.selectFrom('audit_log').select('event').execute();
    expect(events.map((e) => e.event)).toContain('single-logout');
  });

  it('the purge removes expired sessions, tickets, flows and old login failures, and keeps live ones', async () => {
    t = await makeTestApp();
    const idle = await t.login('mari');
    await signOn(t.client(), { username: 'jaan', password: 'wrong' });
    t.clock.advance(31 * 60_000);
    const live = await t.login('liga');
    const removed = await purgeExpired(t.db, t.clock, t.env);
    expect(removed.sessions).toBe(1);
    expect(removed.loginFailures).toBe(2);
    expect(removed.casTickets + removed.casLoginFlows).toBeGreaterThan(0);
    expect((await live.get('/api/context/getUserContext')).statusCode).toBe(200);
    expect((await idle.get('/api/context/getUserContext')).statusCode).toBe(401);
    const left = await t.db.selectFrom('sessions').select('person_fgid').execute();
    const liga = loadDemoData().persons.find((p) => p.key === 'liga')!.fgid;
    expect(left.map((s) => s.person_fgid)).toEqual([liga]);
  });
});

describe('low: additionalInfo', { timeout: 60_000 }, () => {
  it('control characters are refused with a clear message', async () => {
    t = await makeTestApp();
    const mary = await t.login('mary');
    const res = await mary.post('/api/sign/smart_id/start', {
      customer: {
        enterpriseCode: '11000109',
        enterpriseName: 'Testfirma OÜ',
        email: 'mary@example.ee',
        additionalInfo: 'Deliver\u0007 to the\u001b[2J back door',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BAD_INPUT',
      serviceErrorMessage: 'customer.additionalInfo: must not contain control characters',
    });
    expect(await t.db.selectFrom('signing_sessions').select('session_id').execute()).toEqual([]);
  });
});
