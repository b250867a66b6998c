/**
 * The sign-on simulator's pages and sessions (server/cas), through app.inject. The protocol conformance from
 * outside, over real HTTP, is in conformance.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { executionOf, makeTestApp, toPath, type Client, type TestApp } from '../test/helpers.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => t.close());

const SERVICE = 'http://localhost:8080/api/security/callback?target=%2Fui%2Fdashboard';
const loginPage = (c: Client, service = SERVICE) => c.get(`/cas/login?service=${encodeURIComponent(service)}`);

/** Log in on the CAS page for SERVICE; returns the ticket from the redirect. */
async function casLogin(
  c: Client,
  username = 'mari',
  password = 'Maasikas1',
  extra: Record<string, string> = {},
  service = SERVICE,
) {
  const page = await loginPage(c, service);
  const res = await c.request('POST', '/cas/login', {
    form: { service, username, password, execution: executionOf(page.body), ...extra },
  });
  expect(res.statusCode).toBe(302);
  const location = res.headers.location as string;
  expect(location.startsWith(service + '&ticket=ST-')).toBe(true);
  return new URL(location).searchParams.get('ticket')!;
}

const validate = (ticket: string, service = SERVICE) =>
  t.client().get(`/cas/serviceValidate?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket)}`);

describe('sign-on page', () => {
  it('has labelled Username and Password inputs, a Log in button and the demo people', async () => {
    const res = await loginPage(t.client());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toMatch(/<label for="username">Username<\/label>/);
    expect(html).toMatch(/<input type="text" id="username"/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toMatch(/<input type="password" id="password"/);
    expect(html).toMatch(/<button type="submit" class="primary">Log in<\/button>/);
    expect(html).toContain('Mari Maasikas');
    expect(html).toContain('Kristi Kask');
    expect(html).not.toContain('Uku Uus'); // no login yet
    expect(html).toContain(`value="${SERVICE}"`);
  });

  it('speaks the language of the EPIT-LANGUAGE cookie', async () => {
    const c = t.client();
    c.cookies.set('EPIT-LANGUAGE', 'est');
    const et = await c.get('/cas/login');
    expect(et.body).toContain('<html lang="et">');
    expect(et.body).toMatch(/>Kasutajanimi</);
    expect(et.body).toMatch(/>Logi sisse</);
    c.cookies.set('EPIT-LANGUAGE', 'lit');
    expect((await c.get('/cas/login')).body).toMatch(/>Slaptažodis</);
  });

  it('wrong credentials show the same page with a clear error and 401, and no ticket', async () => {
    const c = t.client();
    const page = await loginPage(c);
    const res = await c.request('POST', '/cas/login', {
      form: { service: SERVICE, username: 'mari', password: 'wrong', execution: executionOf(page.body) },
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('Wrong username or password');
    expect(res.body).toContain('value="mari"');
    expect(c.cookies.has('CASTGC')).toBe(false);
    expect(await t.db.selectFrom('cas_tickets').selectAll().execute()).toHaveLength(0);
  });

  it('refuses to return to a foreign service (no open redirect)', async () => {
    const res = await t.client().get('/cas/login?service=' + encodeURIComponent('https://evil.example/steal'));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The address to return to is not allowed.');
  });

  it('one-click demo login issues a ticket', async () => {
    const c = t.client();
    const page = await loginPage(c);
    const res = await c.request('POST', '/cas/login', {
      form: { service: SERVICE, demoUser: 'jaan', execution: executionOf(page.body) },
    });
    expect(res.statusCode).toBe(302);
    const ticket = new URL(res.headers.location as string).searchParams.get('ticket')!;
    expect((await validate(ticket)).body).toContain('<cas:user>EE37503124229</cas:user>');
  });
});

describe('the execution token (login CSRF)', () => {
  it('a POST without one is refused with the sign-on page again, and no ticket or cookie', async () => {
    const c = t.client();
    await loginPage(c);
    const res = await c.request('POST', '/cas/login', {
      form: { service: SERVICE, username: 'mari', password: 'Maasikas1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('This sign-on page has expired. Log in again.');
    expect(res.body).toMatch(/name="execution" value="e1s1-[A-Za-z0-9]+"/); // a fresh page to try again
    expect(c.cookies.has('CASTGC')).toBe(false);
    expect(await t.db.selectFrom('cas_tickets').selectAll().execute()).toHaveLength(0);
  });

  it("a token shown to another browser is refused (a cross-site form cannot borrow the attacker's page)", async () => {
    const attacker = t.client();
    const page = await loginPage(attacker);
    const victim = t.client();
    const res = await victim.request('POST', '/cas/login', {
      form: { service: SERVICE, username: 'mari', password: 'Maasikas1', execution: executionOf(page.body) },
    });
    expect(res.statusCode).toBe(403);
    expect(victim.cookies.has('CASTGC')).toBe(false);
  });

  it('is good for one attempt only, successful or not (CAS 3.0 §3.5.1)', async () => {
    const c = t.client();
    const execution = executionOf((await loginPage(c)).body);
    const wrong = await c.request('POST', '/cas/login', {
      form: { service: SERVICE, username: 'mari', password: 'wrong', execution },
    });
    expect(wrong.statusCode).toBe(401);
    const replay = await c.request('POST', '/cas/login', {
      form: { service: SERVICE, username: 'mari', password: 'Maasikas1', execution },
    });
    expect(replay.statusCode).toBe(403);
    // the page after the wrong password carries a new token that works
    const fresh = await c.request('POST', '/cas/login', {
      form: { service: SERVICE, username: 'mari', password: 'Maasikas1', execution: executionOf(wrong.body) },
    });
    expect(fresh.statusCode).toBe(302);
  });

  it('expires after 30 minutes', async () => {
    const c = t.client();
    const execution = executionOf((await loginPage(c)).body);
    t.clock.advance(30 * 60_000 + 1);
    const res = await c.request('POST', '/cas/login', {
      form: { service: SERVICE, username: 'mari', password: 'Maasikas1', execution },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('service tickets', () => {
  it('validate once (CAS 2.0 XML), then fail as INVALID_TICKET', async () => {
    const ticket = await casLogin(t.client());
    const first = await validate(ticket);
    expect(first.headers['content-type']).toMatch(/xml/);
    expect(first.body).toContain('<cas:authenticationSuccess>');
    expect(first.body).toContain('<cas:user>EE48709050218</cas:user>');
    expect(first.body).not.toContain('<cas:attributes>'); // attributes are CAS 3.0 (/p3/)
    const second = await validate(ticket);
    expect(second.body).toContain('<cas:authenticationFailure code="INVALID_TICKET">');
  });

  it('expire after 5 minutes', async () => {
    const fresh = await casLogin(t.client());
    const stale = await casLogin(t.client());
    t.clock.advance(4 * 60_000 + 59_000);
    expect((await validate(fresh)).body).toContain('authenticationSuccess');
    t.clock.advance(2_000);
    expect((await validate(stale)).body).toContain('code="INVALID_TICKET"');
  });

  it('fail for another service', async () => {
    const ticket = await casLogin(t.client());
    const res = await validate(ticket, 'http://localhost:8080/api/security/callback?target=%2Fui%2Fother');
    expect(res.body).toContain('code="INVALID_SERVICE"');
  });

  it('an unknown ticket is INVALID_TICKET', async () => {
    expect((await validate('ST-doesnotexist')).body).toContain('code="INVALID_TICKET"');
  });

  it('a database failure answers INTERNAL_ERROR in the protocol format, never a 500 JSON', async () => {
    const ticket = await casLogin(t.client());
    await t.db.schema.dropTable('cas_tickets').execute();
    const res = await validate(ticket);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    expect(res.body).toContain('<cas:authenticationFailure code="INTERNAL_ERROR">');
  });
});

describe('ticket-granting cookie', () => {
  it('lasts for the browser session only (§3.6.1) and is scoped to /cas', async () => {
    const c = t.client();
    const page = await loginPage(c);
    const res = await c.request('POST', '/cas/login', {
      form: { service: SERVICE, username: 'mari', password: 'Maasikas1', execution: executionOf(page.body) },
    });
    const tgc = (res.cookies as { name: string; value: string; maxAge?: number; expires?: Date; path?: string }[]).find(
      (x) => x.name === 'CASTGC',
    )!;
    expect(tgc.value).toMatch(/^TGT-[A-Za-z0-9]+$/);
    expect(tgc.maxAge).toBeUndefined();
    expect(tgc.expires).toBeUndefined();
    expect(tgc.path).toBe('/cas');
  });

  it('makes the second login silent and ticket-check true; logout ends it', async () => {
    const c = t.client();
    await casLogin(c);
    expect(c.cookies.has('CASTGC')).toBe(true);

    const silent = await loginPage(c);
    expect(silent.statusCode).toBe(302);
    expect(silent.headers.location).toMatch(/ticket=ST-/);

    const check = await c.get('/cas/ticket-check?callback=__epitJsonpdone');
    expect(check.headers['content-type']).toMatch(/javascript/);
    expect(check.body).toBe('__epitJsonpdone({"value":true});');

    const logout = await c.get(
      `/cas/logout?service=${encodeURIComponent('http://localhost:8080/api/security/login?target=/ui/')}`,
    );
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('http://localhost:8080/api/security/login?target=/ui/');
    expect(c.cookies.has('CASTGC')).toBe(false);

    const again = await loginPage(c);
    expect(again.statusCode).toBe(200); // the sign-on page again
    expect((await c.get('/cas/ticket-check?callback=__epitJsonpcb')).body).toBe('__epitJsonpcb({"value":false});');
  });

  it('a stolen-back TGC is dead after logout even if the browser resends it', async () => {
    const c = t.client();
    await casLogin(c);
    const tgc = c.cookies.get('CASTGC')!;
    await c.get('/cas/logout');
    c.cookies.set('CASTGC', tgc);
    expect((await loginPage(c)).statusCode).toBe(200);
  });

  it('logout with a service outside the registry shows the logged-out page and redirects nowhere', async () => {
    const c = t.client();
    await casLogin(c);
    const res = await c.get(`/cas/logout?service=${encodeURIComponent('https://evil.example/')}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(c.cookies.has('CASTGC')).toBe(false);
  });
});

describe('warn (CAS 3.0 §2.2.1)', () => {
  it('with warn ticked, a later single sign-on asks first and issues the ticket only on Continue', async () => {
    const c = t.client();
    await casLogin(c, 'mari', 'Maasikas1', { warn: 'true' });
    const ask = await loginPage(c);
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('Continue to the service?');
    expect(ask.body).toContain(SERVICE);
    expect(await t.db.selectFrom('cas_tickets').selectAll().execute()).toHaveLength(1); // only the first login's
    const go = await c.request('POST', '/cas/login', {
      form: { service: SERVICE, execution: executionOf(ask.body), _eventId: 'continue' },
    });
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toMatch(/ticket=ST-[A-Za-z0-9-]+$/);
  });

  it('warn=true on the login address asks even without the checkbox', async () => {
    const c = t.client();
    await casLogin(c);
    const ask = await c.get(`/cas/login?warn=true&service=${encodeURIComponent(SERVICE)}`);
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('Continue to the service?');
  });
});

describe('service registry', () => {
  it("accepts the demo applications' origin (APPS_PORT on the same host) by default", async () => {
    const c = t.client();
    const apps = `http://localhost:${t.env.appsPort}/apps/oss/`;
    expect((await loginPage(c, apps)).statusCode).toBe(200);
    expect((await loginPage(c, 'http://localhost:9/elsewhere')).statusCode).toBe(400);
  });

  it('CAS_SERVICES replaces the default with its patterns', async () => {
    await t.close();
    const { loadCasSettings } = await import('../env.js');
    t = await makeTestApp({ env: { cas: loadCasSettings({ CAS_SERVICES: String.raw`https://portal\.example/.*` }) } });
    const c = t.client();
    expect((await loginPage(c, 'https://portal.example/api/security/callback')).statusCode).toBe(200);
    expect((await loginPage(c, SERVICE)).statusCode).toBe(400);
  });
});

describe('portal login flow', () => {
  it('security/login → CAS → callback opens a session and lands on the target page', async () => {
    const c = t.client();
    const start = await c.get('/api/security/login?target=/ui/dashboard');
    expect(start.statusCode).toBe(302);
    const cas = toPath(start.headers.location as string);
    const service = new URL(cas, 'http://localhost').searchParams.get('service')!;
    // the login's state rides in the service URL (login CSRF by ticket, server/routes/security)
    expect(service).toMatch(
      /^http:\/\/localhost:8080\/api\/security\/callback\?target=%2Fui%2Fdashboard&state=[\w-]{22}$/,
    );
    expect(cas).toBe(`/cas/login?service=${encodeURIComponent(service)}`);
    const ticket = await casLogin(c, 'mari', 'Maasikas1', {}, service);
    const back = await c.get(toPath(`${service}&ticket=${ticket}`));
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/ui/dashboard');
    const session = (back.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string }[]).find(
      (x) => x.name === 'EPIT-SESSION',
    )!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(session.path).toBe('/');
    const ctx = (await c.get('/api/context/getUserContext')).json<{ epitPrincipal: { representative: unknown } }>();
    expect(ctx.epitPrincipal.representative).toEqual({ id: 'EE48709050218', firstName: 'Mari', lastName: 'Maasikas' });
    // the ticket and the state are spent: replaying the callback opens nothing
    const replay = t.client();
    expect((await replay.get(toPath(`${service}&ticket=${ticket}`))).statusCode).toBe(403);
    expect(replay.cookies.has('EPIT-SESSION')).toBe(false);
  });

  it('only relative /ui/ targets are honoured', async () => {
    for (const target of ['https://evil.example/', '//evil.example/x', '/api/context/getUserContext']) {
      const start = await t.client().get(`/api/security/login?target=${encodeURIComponent(target)}`);
      expect(decodeURIComponent(decodeURIComponent(start.headers.location as string))).toMatch(
        /callback\?target=\/ui\/&state=[\w-]{22}$/,
      );
    }
  });

  it('single sign-out ends the session and points at the CAS logout that returns to the sign-on page', async () => {
    const mari = await t.login('mari');
    const res = await mari.post('/api/security/single-signout?locale=et_EE');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      value: `/cas/logout?service=${encodeURIComponent('http://localhost:8080/api/security/login?target=/ui/')}`,
    });
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(401);
    // following it: CAS logout → security/login → the CAS sign-on page (TGC gone)
    const { res: last, visited } = await mari.follow(res.json<{ value: string }>().value);
    expect(visited[1]).toBe('/api/security/login?target=/ui/');
    expect(last.statusCode).toBe(200);
    expect(last.body).toContain('id="password"');
  });

  it('every demo person with a login can log in', async () => {
    for (const u of [
      'mari',
      'jaan',
      'liga',
      'tomas',
      'kristi',
      'peeter',
      'anna',
      'mary',
      'sille',
      'rein',
      'toomas',
      'jaak',
    ]) {
      const c = await t.login(u);
      expect((await c.get('/api/context/getUserContext')).statusCode).toBe(200);
    }
  }, 30_000);
});
