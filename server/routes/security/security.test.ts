/**
 * The portal as a CAS client (routes/security, routes/single-signout): the addresses it sends the browser to,
 * validation at CAS_VALIDATE_URL, CAS_PRINCIPAL_ATTRIBUTE, gateway, and the back-channel single logout.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { openDb } from '../../db/index.js';
import { prepareDb } from '../../db/prepare.js';
import { loadCasSettings } from '../../env.js';
import { testEnv } from '../../test/env.js';
import { fakeClock } from '../../lib/clock.js';
import type { FastifyInstance } from 'fastify';
import { Client, executionOf, makeTestApp, serviceOf, toPath, type TestApp } from '../../test/helpers.js';
import { loopbackFetch } from '../../test/loopback-fetch.js';

const SPEC_TICKET = 'ST-1-u4hrm3td92cLxpCvrjylcas.example.com'; // CAS 3.0 §4.2.4's own example
const success = (user: string, attributes = '') =>
  `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user}</cas:user>${attributes}</cas:authenticationSuccess></cas:serviceResponse>`;

/** A portal whose CAS is elsewhere: every outgoing request is recorded and answered by `answer`. */
async function portalWithRemoteCas(env: Record<string, string>, answer: (url: string) => Response | Promise<Response>) {
  const clock = fakeClock(new Date().toISOString());
  const db = openDb(null);
  await prepareDb(db, clock);
  const asked: string[] = [];
  const app = await createApp({
    db,
    clock,
    env: testEnv({ cas: loadCasSettings(env) }),
    ui: { kind: 'none' },
    fetch: async (input: string | URL | Request) => {
      const url = input instanceof Request ? input.url : String(input);
      asked.push(url);
      return answer(url);
    },
  });
  await app.ready();
  return {
    app,
    db,
    asked,
    client: () => new Client(app),
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}

/**
 * Begins a login in this browser (the state cookie and the service URL that carries the state); returns the service
 * URL, which is the callback address CAS sends the browser back to with `&ticket=`.
 */
async function begin(c: Client, target = '/ui/'): Promise<string> {
  const start = await c.get(`/api/security/login?target=${encodeURIComponent(target)}`);
  return serviceOf(start.headers.location as string);
}

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe('CAS_URL and CAS_VALIDATE_URL', () => {
  it('sends the browser to CAS_URL and validates at CAS_VALIDATE_URL/p3/serviceValidate; any ticket the spec allows', async () => {
    const p = await portalWithRemoteCas(
      { CAS_URL: 'https://sso.example/cas', CAS_VALIDATE_URL: 'http://cas-internal:8443/cas' },
      () => new Response(success('EE48709050218'), { status: 200 }),
    );
    cleanup = p.close;
    const c = p.client();
    const start = await c.get('/api/security/login?target=/ui/dashboard');
    const service = serviceOf(start.headers.location as string);
    expect(service).toMatch(
      /^http:\/\/localhost:8080\/api\/security\/callback\?target=%2Fui%2Fdashboard&state=[\w-]{22}$/,
    );
    expect(start.headers.location).toBe(`https://sso.example/cas/login?service=${encodeURIComponent(service)}`);
    const back = await c.get(toPath(`${service}&ticket=${SPEC_TICKET}`));
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/ui/dashboard');
    expect(p.asked).toEqual([
      `http://cas-internal:8443/cas/p3/serviceValidate?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(SPEC_TICKET)}`,
    ]);
    expect((await c.get('/api/context/getUserContext')).json()).toMatchObject({
      epitPrincipal: { representative: { id: 'EE48709050218' } },
    });
  });

  it('without CAS_VALIDATE_URL an absolute CAS_URL is used for validation as well', async () => {
    const p = await portalWithRemoteCas(
      { CAS_URL: 'https://sso.example/cas' },
      () => new Response(success('EE48709050218')),
    );
    cleanup = p.close;
    const c = p.client();
    await c.get(toPath(`${await begin(c)}&ticket=ST-1-abc`));
    expect(p.asked[0]).toMatch(/^https:\/\/sso\.example\/cas\/p3\/serviceValidate\?/);
  });

  it('single sign-out points at CAS_URL/logout, and config.json hands CAS_URL and the ticket check to the portal', async () => {
    const p = await portalWithRemoteCas(
      { CAS_URL: 'https://sso.example/cas' },
      () => new Response('', { status: 500 }),
    );
    cleanup = p.close;
    const c = p.client();
    await c.get('/ui/config.json');
    const out = await c.post('/api/security/single-signout?locale=en_EE');
    expect(out.json()).toEqual({
      value: `https://sso.example/cas/logout?service=${encodeURIComponent('http://localhost:8080/api/security/login?target=/ui/')}`,
    });
    expect((await c.get('/ui/config.json')).json()).toMatchObject({
      casUrl: 'https://sso.example/cas',
      ticketCheckUrl: 'https://sso.example/cas/ticket-check',
    });
  });

  it('CAS_TICKET_CHECK_URL=none tells the portal there is no ticket endpoint (gateway fallback)', async () => {
    const p = await portalWithRemoteCas({ CAS_TICKET_CHECK_URL: 'none' }, () => new Response(''));
    cleanup = p.close;
    expect((await p.client().get('/ui/config.json')).json()).toMatchObject({ casUrl: '/cas', ticketCheckUrl: null });
  });

  it('CAS_PRINCIPAL_ATTRIBUTE: the fgid comes from that attribute, cas:user may be anything', async () => {
    const p = await portalWithRemoteCas(
      { CAS_URL: 'https://sso.example/cas', CAS_PRINCIPAL_ATTRIBUTE: 'personalCode' },
      () =>
        new Response(
          success(
            'mari.maasikas@example.org',
            '<cas:attributes><cas:personalCode>EE48709050218</cas:personalCode></cas:attributes>',
          ),
        ),
    );
    cleanup = p.close;
    const c = p.client();
    expect((await c.get(toPath(`${await begin(c)}&ticket=ST-1-abc`))).statusCode).toBe(302);
    expect((await c.get('/api/context/getUserContext')).json()).toMatchObject({
      epitPrincipal: { representative: { id: 'EE48709050218' } },
    });
  });

  it('a refused ticket is 401 with a page to log in again; an unreachable CAS is 502, and no session either way', async () => {
    const failure =
      '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">no</cas:authenticationFailure></cas:serviceResponse>';
    let down = false;
    const p = await portalWithRemoteCas({ CAS_URL: 'https://sso.example/cas' }, () => {
      if (down) throw new TypeError('fetch failed');
      return new Response(failure);
    });
    cleanup = p.close;
    const c = p.client();
    const callback = async (accept?: string) =>
      c.get(toPath(`${await begin(c)}&ticket=ST-1-abc`), accept ? { accept } : undefined);
    const refused = await callback('text/html');
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toContain('Log in again');
    expect((await callback()).json()).toMatchObject({ code: 'INVALID_TICKET' });
    down = true;
    const page = await callback('text/html');
    expect(page.statusCode).toBe(502);
    expect(page.body).toContain('The sign-on service cannot be reached right now.');
    expect((await callback()).json()).toMatchObject({ code: 'SSO_UNAVAILABLE' });
    expect(c.cookies.has('EPIT-SESSION')).toBe(false);
  });

  it('a callback without a ticket, or with something that is no service ticket, is 400 and asks nobody', async () => {
    const p = await portalWithRemoteCas({}, () => new Response(success('EE48709050218')));
    cleanup = p.close;
    for (const bad of ['', '&ticket=PT-1-abc', '&ticket=ST-a%20b', `&ticket=ST-${'a'.repeat(300)}`])
      expect((await p.client().get(`/api/security/callback?target=%2Fui%2F${bad}`)).statusCode).toBe(400);
    expect(p.asked).toEqual([]);
  });
});

describe('with the in-process simulator', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('gateway: without a sign-on session the browser comes back signed out to its target; with one, signed in', async () => {
    t = await makeTestApp();
    const c = t.client();
    const start = await c.get('/api/security/login?target=/ui/dashboard&gateway=true');
    const service = serviceOf(start.headers.location as string);
    expect(service).toMatch(
      /^http:\/\/localhost:8080\/api\/security\/callback\?target=%2Fui%2Fdashboard&state=[\w-]{22}&gateway=true$/,
    );
    expect(start.headers.location).toBe(`/cas/login?service=${encodeURIComponent(service)}&gateway=true`);
    const { res, visited } = await c.follow('/api/security/login?target=/ui/dashboard&gateway=true');
    expect(visited.at(-1)).toBe('/ui/dashboard');
    expect(res.statusCode).toBe(404); // no UI in server tests: the page itself is not served here
    expect(c.cookies.has('EPIT-SESSION')).toBe(false);

    const mari = await t.login('mari');
    await mari.post('/api/security/single-signout?locale=et_EE'); // the portal session ends, the sign-on session stays
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(401);
    const silent = await mari.follow('/api/security/login?target=/ui/dashboard&gateway=true');
    expect(silent.visited.at(-1)).toBe('/ui/dashboard');
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(200);
  });

  it("default validation goes over HTTP to CAS_URL read against the server's own address", async () => {
    const clock = fakeClock(new Date().toISOString());
    const db = openDb(null);
    await prepareDb(db, clock);
    const asked: string[] = [];
    const inject = loopbackFetch(() => app);
    const app: FastifyInstance = await createApp({
      db,
      clock,
      env: testEnv({ port: 8123 }),
      ui: { kind: 'none' },
      fetch: (input, init) => {
        asked.push(String(input instanceof Request ? input.url : input));
        return inject(input, init);
      },
    });
    cleanup = async () => {
      await app.close();
      await db.destroy();
    };
    const c = new Client(app);
    const start = await c.get('/api/security/login?target=/ui/');
    const page = await c.get(start.headers.location as string);
    const service = serviceOf(start.headers.location as string);
    const posted = await c.request('POST', '/cas/login', {
      form: { service, username: 'mari', password: 'Maasikas1', execution: executionOf(page.body) },
    });
    const back = await c.get(toPath(posted.headers.location as string));
    expect(back.statusCode).toBe(302);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^http:\/\/127\.0\.0\.1:8123\/cas\/p3\/serviceValidate\?service=/);
  });
});

describe('back-channel single logout (CAS 3.0 §2.3.3, Appendix C)', () => {
  let t: TestApp;
  afterEach(async () => t.close());

  const logoutRequest = (ticket: string) =>
    `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="LR-1" Version="2.0" IssueInstant="2026-01-01T00:00:00Z"><saml:NameID xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">@NOT_USED@</saml:NameID><samlp:SessionIndex>${ticket}</samlp:SessionIndex></samlp:LogoutRequest>`;

  async function signedIn() {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const row = await t.db.selectFrom('sessions').select('sso_ticket').executeTakeFirstOrThrow();
    return { mari, ticket: row.sso_ticket! };
  }

  it('a logoutRequest form POST to the service URL naming the ticket ends that session, with no XSRF token', async () => {
    const { mari, ticket } = await signedIn();
    expect(ticket).toMatch(/^ST-[A-Za-z0-9-]+$/);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/security/callback?target=%2Fui%2Fdashboard',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ logoutRequest: logoutRequest(ticket) }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(401);
  });

  it('the raw XML document works as well', async () => {
    const { mari, ticket } = await signedIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/security/callback',
      headers: { 'content-type': 'text/xml' },
      payload: logoutRequest(ticket),
    });
    expect(res.statusCode).toBe(200);
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(401);
  });

  it('anything that is not a logout request for a known ticket is refused as XSRF and ends nothing', async () => {
    const { mari, ticket } = await signedIn();
    const post = (payload: string, type = 'application/x-www-form-urlencoded') =>
      t.app.inject({ method: 'POST', url: '/api/security/callback', headers: { 'content-type': type }, payload });
    for (const res of [
      await post(new URLSearchParams({ logoutRequest: logoutRequest('ST-1-unknownTicket') }).toString()),
      await post(new URLSearchParams({ logoutRequest: '<nope/>' }).toString()),
      await post(new URLSearchParams({ other: logoutRequest(ticket) }).toString()),
      await post(`<samlp:LogoutRequest xmlns:samlp="x"><samlp:SessionIndex>${ticket}`, 'text/xml'),
      await post(JSON.stringify({ logoutRequest: 'x' }), 'application/json'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'XSRF' });
    }
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(200);
  });

  it("the exemption is this route's alone: other POSTs without the header still answer 403", async () => {
    const { mari } = await signedIn();
    const res = await mari.post('/api/security/single-signout?locale=et_EE', undefined, { xsrf: false });
    expect(res.statusCode).toBe(403);
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(200);
  });

  it("end to end: the simulator's /logout sends it and the portal session ends", async () => {
    const { mari } = await signedIn();
    // the browser goes to CAS logout without the portal's single sign-out first (e.g. from another application)
    const out = await mari.get('/cas/logout');
    expect(out.statusCode).toBe(200);
    expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(401);
  });
});
