/**
 * The third security review's findings about the demo applications' sign-on and the portal's cookies, one
 * `describe` each (docs/security-regressions.md): each test failed on the code before its fix.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeAppsWorld, type AppsWorld, type Browser } from '../apps/test-kit.js';
import { makeTestApp, toPath, type TestApp } from '../test/helpers.js';

let t: TestApp | null = null;
let w: AppsWorld | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
  await w?.close();
  w = null;
});

const MAASIKAS = 'EPEE11000015';

/** The person an OSS page shows as signed in. */
async function ossUser(b: Browser, world: AppsWorld): Promise<string | null> {
  const res = await b.get(`${world.appsOrigin}/oss/?guid=${MAASIKAS}&lang=en`);
  return /data-testid="app-user">([^<]*)</.exec(res.body)?.[1] ?? null;
}

/** The attacker's own OSS callback address with a fresh ticket, not followed (the sign-on they began themselves). */
async function attackersCallback(world: AppsWorld): Promise<string> {
  const attacker = world.browser();
  await attacker.signIn('kristi');
  let url = `${world.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`;
  for (let hop = 0; hop < 4; hop++) {
    const res = await attacker.get(url);
    url = new URL(String(res.headers.location), url).toString();
    if (new URL(url).searchParams.has('ticket')) return url;
  }
  throw new Error('no ticket on the way back from CAS');
}

describe("low: the demo applications' sign-on accepts a handed-over ticket", { timeout: 30_000 }, () => {
  it("an attacker's callback address does not replace the victim's application session", async () => {
    w = await makeAppsWorld();
    const victim = w.browser();
    await victim.signIn('mari');
    await victim.follow(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`);
    expect(await ossUser(victim, w)).toBe('Mari Maasikas');

    const link = await attackersCallback(w);
    const opened = await victim.get(link, { 'sec-fetch-site': 'same-site' });
    expect(opened.statusCode, 'a callback this browser did not begin should be refused').toBe(403);
    expect(opened.body).toContain('data-testid="app-notBegun"');
    expect(await ossUser(victim, w), "the victim's session should still be the victim's").toBe('Mari Maasikas');

    // a browser without an application session is not signed in as the attacker either
    const fresh = w.browser();
    await fresh.signIn('mari');
    expect((await fresh.get(await attackersCallback(w))).statusCode).toBe(403);
    expect(fresh.cookie('OSS-SESSION')).toBeUndefined();
  });

  it('a callback another site sent the browser to is refused, even with a state the browser holds', async () => {
    w = await makeAppsWorld();
    const b = w.browser();
    await b.signIn('mari');
    await b.follow(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`);
    // a sign-on begun in this browser, its callback reached from another site
    const start = await b.get(`${w.appsOrigin}/periodicals/?guid=${MAASIKAS}&lang=en`);
    const cas = await b.get(String(start.headers.location));
    const callback = String(cas.headers.location);
    expect(new URL(callback).searchParams.has('ticket')).toBe(true);
    const res = await b.get(callback, { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode, 'a callback reached from another site should be refused').toBe(403);
    expect(b.cookie('PERIODICALS-SESSION')).toBeUndefined();
  });

  it("a sign-on naming another person asks before it replaces the signed-in person's session", async () => {
    w = await makeAppsWorld();
    const b = w.browser();
    await b.signIn('mari');
    // a sign-on begun while mari is signed on, finished after another person signed on at CAS in this browser
    const begun = await b.get(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`);
    const casLogin = String(begun.headers.location);
    await b.follow(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`);
    expect(await ossUser(b, w)).toBe('Mari Maasikas');
    b.cookies.delete('CASTGC');
    b.cookies.delete('EPIT-SESSION');
    await b.signIn('kristi');

    const back = await b.get(casLogin);
    const question = await b.get(String(back.headers.location));
    expect(question.body, 'the page should ask whom to continue as').toContain('data-testid="app-switch"');
    expect(question.statusCode).toBe(200);
    expect(question.body).toContain('Mari Maasikas is signed in to this application, but this sign-on is for Kristi');
    expect(await ossUser(b, w)).toBe('Mari Maasikas');

    const token = /name="token" value="([^"]+)"/.exec(question.body)![1];
    const next = /name="next" value="([^"]+)"/.exec(question.body)![1].replace(/&amp;/g, '&');
    // a forged answer (no token of this sign-on) changes nothing and forgets the sign-on kept aside
    const forged = await b.request('POST', `${w.appsOrigin}/oss/auth/switch`, {
      form: { choice: 'continue', token: 'x'.repeat(32), next },
    });
    expect(forged.statusCode).toBe(401);
    expect(await ossUser(b, w)).toBe('Mari Maasikas');
    const late = await b.request('POST', `${w.appsOrigin}/oss/auth/switch`, {
      form: { choice: 'continue', token, next },
    });
    expect(late.statusCode).toBe(401);
    expect(await ossUser(b, w)).toBe('Mari Maasikas');
  });

  it('the person answers: stay as the signed-in person, or continue as the new one', async () => {
    w = await makeAppsWorld();
    const b = w.browser();
    await b.signIn('mari');
    const ask = async () => {
      const begun = await b.get(`${w!.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=et`);
      return String(begun.headers.location);
    };
    const first = await ask();
    const second = await ask();
    await b.follow(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=et`);
    b.cookies.delete('CASTGC');
    b.cookies.delete('EPIT-SESSION');
    await b.signIn('kristi');
    const answer = async (casLogin: string, choice: 'keep' | 'continue') => {
      const back = await b.get(casLogin);
      const question = await b.get(String(back.headers.location));
      expect(question.body, 'the page should ask whom to continue as').toContain('Sisse on logitud teine isik');
      const token = /name="token" value="([^"]+)"/.exec(question.body)![1];
      const next = /name="next" value="([^"]+)"/.exec(question.body)![1].replace(/&amp;/g, '&');
      return b.request('POST', `${w!.appsOrigin}/oss/auth/switch`, {
        form: { choice, token, next, lang: 'et' },
        headers: { 'sec-fetch-site': 'same-origin' },
      });
    };
    const kept = await answer(first, 'keep');
    expect(kept.statusCode).toBe(303);
    expect(kept.headers.location).toBe(`/oss/login?guid=${MAASIKAS}&lang=et`);
    expect(await ossUser(b, w)).toBe('Mari Maasikas');
    const switched = await answer(second, 'continue');
    expect(switched.statusCode).toBe(303);
    expect(await ossUser(b, w)).toBe('Kristi Kask');
  });
});

describe("low: the portal's JSONP ticket check answers any callback name", () => {
  it('answers only the callback names the portal itself uses', async () => {
    t = await makeTestApp();
    for (const name of ['alert', 'document.write', 'handleTicket', '__epitJsonp', '__epitJsonpX.y']) {
      const res = await t.client().get(`/cas/ticket-check?callback=${encodeURIComponent(name)}`);
      expect(res.statusCode, `callback=${name} should be refused`).toBe(400);
      expect(res.body).not.toContain(`${name}(`);
    }
    const ok = await t.client().get('/cas/ticket-check?callback=__epitJsonpmibz3k0q4f7x2a');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('__epitJsonpmibz3k0q4f7x2a({"value":false});');
  });
});

/** Every Set-Cookie of an answer as `name; path`, to find one sent twice. */
const cookieLines = (headers: { 'set-cookie'?: string | string[] }): string[] => {
  const raw = headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.map((c) => `${c.split('=')[0]}; ${/;\s*path=([^;]*)/i.exec(c)?.[1] ?? '/'}`);
};
const duplicates = (lines: string[]) => lines.filter((l, i) => lines.indexOf(l) !== i);

describe('low: in https mode every Set-Cookie is sent twice', () => {
  it('each cookie of the sign-on flow is set once, and Secure', async () => {
    t = await makeTestApp({ env: { publicOrigin: 'https://portal.example' } });
    const c = t.client();
    const seen: string[][] = [];
    const start = await c.get('/api/security/login?target=%2Fui%2Fdashboard');
    seen.push(cookieLines(start.headers));
    const page = await c.get(toPath(String(start.headers.location)));
    seen.push(cookieLines(page.headers));
    const service = new URL(String(start.headers.location), 'https://portal.example').searchParams.get('service')!;
    const execution = /name="execution" value="([^"]+)"/.exec(page.body)![1];
    const posted = await c.request('POST', '/cas/login', {
      form: { service, username: 'mari', password: 'Maasikas1', execution },
    });
    seen.push(cookieLines(posted.headers));
    const back = await c.get(toPath(String(posted.headers.location)));
    seen.push(cookieLines(back.headers));
    expect(back.statusCode).toBe(302);
    for (const lines of seen) expect(duplicates(lines), 'no cookie should be set twice in one answer').toEqual([]);
    expect(seen.flat().length).toBeGreaterThan(4);
    const raw = back.headers['set-cookie'] as string[];
    expect(raw.every((l) => /;\s*Secure/i.test(l))).toBe(true);
  });

  it("the applications' answers set each cookie once as well", async () => {
    w = await makeAppsWorld({ env: { publicOrigin: 'https://localhost' } });
    const b = w.browser();
    await b.signIn('mari');
    // every answer on the way into the application: the redirect to CAS, CAS, the callback that opens the session
    let url = `${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`;
    const lines: string[][] = [];
    for (let hop = 0; hop < 4; hop++) {
      const res = await b.get(url);
      lines.push(cookieLines(res.headers));
      if (res.statusCode < 300 || res.statusCode >= 400) break;
      url = new URL(String(res.headers.location), url).toString();
    }
    expect(lines.flat()).toContain('OSS-SESSION; /oss/');
    for (const answer of lines) expect(duplicates(answer), 'no cookie should be set twice in one answer').toEqual([]);
  });
});

/** RFC 6265 §5.1.4 path-match: the cookie of `cookiePath` is sent with a request for `path`. */
const pathMatches = (path: string, cookiePath: string) =>
  path === cookiePath || (path.startsWith(cookiePath) && (cookiePath.endsWith('/') || path[cookiePath.length] === '/'));

describe("low: the portal's session cookie reaches the applications' port", { timeout: 30_000 }, () => {
  it("the applications' origin is never sent EPIT-SESSION, and the portal and the sign-on still work", async () => {
    w = await makeAppsWorld();
    const b = w.browser();
    await b.signIn('mari');
    const portalSession = [...b.cookies].filter(([name]) => name === 'EPIT-SESSION').map(([, c]) => c);
    expect(portalSession.length).toBeGreaterThan(0);
    // what the demo server serves: its index, the three applications and the private package service
    for (const path of ['/', '/oss/login', '/oss/auth/cas', '/periodicals/', '/finance/', '/parcels/ee/en/private'])
      expect(
        portalSession.filter((c) => pathMatches(path, c.path)).map((c) => c.path),
        `EPIT-SESSION should not be sent to ${w.appsOrigin}${path}`,
      ).toEqual([]);
    // the portal still knows the person, its pages find the session, and the application signs on
    expect((await b.get(`${w.portalOrigin}/api/context/getUserContext`)).statusCode).toBe(200);
    expect(portalSession.some((c) => pathMatches('/ui/dashboard', c.path))).toBe(true);
    const { res } = await b.follow(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`);
    expect(res.body).toContain('data-testid="app-user">Mari Maasikas<');
  });
});
