/**
 * CAS Protocol 3.0 conformance of the sign-on simulator, driven from the outside over real HTTP: every request
 * below is written from the specification text (apereo/cas docs/cas-server-documentation/protocol/
 * CAS-Protocol-Specification.md, version 3.0.3), section by section, against a listening server whose own
 * outgoing calls (the portal's validation, single logout) use the real network stack too.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { openDb, type Db } from '../db/index.js';
import { prepareDb } from '../db/prepare.js';
import { loadCasSettings } from '../env.js';
import { testEnv } from '../test/env.js';
import { fakeClock } from '../lib/clock.js';
import { parseLogoutRequest } from '../clients/cas.js';

let app: FastifyInstance;
let db: Db;
let base: string;
/** another CAS client application: records the single logout requests it receives */
let other: Server;
let otherUrl: string;
const received: string[] = [];

beforeAll(async () => {
  const clock = fakeClock(new Date().toISOString());
  db = openDb(null);
  await prepareDb(db, clock);
  other = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST') received.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/app/`;
  // the registry (§2.1.1 note): this server's clients on loopback, any port
  const env = testEnv({ cas: loadCasSettings({ CAS_SERVICES: String.raw`http://127\.0\.0\.1:\d+/.*` }) });
  app = await createApp({ db, clock, env, ui: { kind: 'none' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app.close();
  await db.destroy();
  await new Promise((resolve) => other.close(resolve));
});

/** A browser over real HTTP: a cookie jar, redirects not followed (each hop is asserted). */
class Browser {
  cookies = new Map<string, string>();
  async get(url: string) {
    return this.send(url, { method: 'GET' });
  }
  async post(url: string, form: Record<string, string>) {
    return this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }
  private async send(url: string, init: RequestInit) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, base), { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...value] = pair.split('=');
      const gone =
        value.join('=') === '' || attrs.some((a) => /^\s*max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (gone) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    return {
      status: res.status,
      location: res.headers.get('location'),
      type: res.headers.get('content-type') ?? '',
      body: await res.text(),
      setCookies: res.headers.getSetCookie(),
    };
  }
}

const SERVICE = () => `${base}/api/security/callback?target=%2Fui%2Fdashboard`;
const execution = (html: string) => /name="execution" value="([^"]+)"/.exec(html)?.[1] ?? '';
const ticketOf = (location: string | null) => new URL(location ?? 'x:/').searchParams.get('ticket');
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** §2.1 + §2.2: the credential requestor's form, then the acceptor; returns the service ticket of the redirect. */
async function logIn(b: Browser, service = SERVICE(), username = 'mari', password = 'Maasikas1') {
  const page = await b.get(`/cas/login?${q({ service })}`);
  expect(page.status).toBe(200);
  // §2.1.3: the form posts username, password (and the login ticket, here Apereo's `execution`) to /login
  const res = await b.post('/cas/login', { service, username, password, execution: execution(page.body) });
  expect(res.status).toBe(302);
  const ticket = ticketOf(res.location);
  expect(ticket).toBeTruthy();
  return ticket!;
}

describe('§2.1 /login as credential requestor', () => {
  it('§2.1.3 shows a form with username and password that posts to /login, carrying the service', async () => {
    const res = await new Browser().get(`/cas/login?${q({ service: SERVICE() })}`);
    expect(res.type).toMatch(/text\/html/);
    expect(res.body).toMatch(/<form method="post" action="\/cas\/login"/);
    expect(res.body).toContain('name="username"');
    expect(res.body).toContain('name="password"');
    expect(res.body).toContain(`name="service" value="${SERVICE()}"`);
  });

  it('§2.1.1 gateway without a sign-on session: redirect to the service with no ticket', async () => {
    const res = await new Browser().get(`/cas/login?${q({ service: SERVICE(), gateway: 'true' })}`);
    expect(res.status).toBe(302);
    expect(res.location).toBe(SERVICE());
  });

  it('§2.1.1 gateway with a sign-on session: redirect with a service ticket appended', async () => {
    const b = new Browser();
    await logIn(b);
    const res = await b.get(`/cas/login?${q({ service: SERVICE(), gateway: 'true' })}`);
    expect(res.status).toBe(302);
    expect(res.location).toMatch(new RegExp(`^${SERVICE().replace(/[.?]/g, '\\$&')}&ticket=ST-`));
  });

  it('§2.1.1 renew bypasses single sign-on: the credentials are asked again (and gateway is ignored)', async () => {
    const b = new Browser();
    await logIn(b);
    for (const extra of [{ renew: 'true' }, { renew: 'true', gateway: 'true' }] as Record<string, string>[]) {
      const res = await b.get(`/cas/login?${q({ service: SERVICE(), ...extra })}`);
      expect(res.status).toBe(200);
      expect(res.body).toContain('name="password"');
    }
  });

  it('§2.2.1 a service outside the registry is refused with a meaningful message, not redirected to', async () => {
    const res = await new Browser().get(`/cas/login?${q({ service: 'https://unregistered.example/' })}`);
    expect(res.status).toBe(400);
    expect(res.location).toBeNull();
    expect(res.body).toContain('The address to return to is not allowed.');
  });
});

describe('§2.2 /login as credential acceptor', () => {
  it('§2.2.4 a successful login redirects to the service with a ticket; a failed one shows the form again', async () => {
    const b = new Browser();
    const page = await b.get(`/cas/login?${q({ service: SERVICE() })}`);
    const failed = await b.post('/cas/login', {
      service: SERVICE(),
      username: 'mari',
      password: 'nope',
      execution: execution(page.body),
    });
    expect(failed.status).toBe(401);
    expect(failed.body).toContain('name="password"');
    expect(failed.location).toBeNull();
    const ok = await b.post('/cas/login', {
      service: SERVICE(),
      username: 'mari',
      password: 'Maasikas1',
      execution: execution(failed.body),
    });
    expect(ok.status).toBe(302);
    expect(ticketOf(ok.location)).toMatch(/^ST-/);
  });

  it('§2.2.4 without a service, a page says the sign-on session has started', async () => {
    const b = new Browser();
    const page = await b.get('/cas/login');
    const res = await b.post('/cas/login', {
      username: 'mari',
      password: 'Maasikas1',
      execution: execution(page.body),
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain('You are logged in to the single sign-on service.');
  });
});

describe('§2.4 /validate [CAS 1.0]', () => {
  it('answers "yes<LF>" with the user on success, "no<LF>" on the second attempt (§3.1.1)', async () => {
    const b = new Browser();
    const ticket = await logIn(b);
    const first = await b.get(`/cas/validate?${q({ service: SERVICE(), ticket })}`);
    expect(first.type).toMatch(/text\/plain/);
    expect(first.body).toBe('yes\nEE48709050218\n');
    expect((await b.get(`/cas/validate?${q({ service: SERVICE(), ticket })}`)).body).toBe('no\n');
  });

  it('answers "no<LF>" without the required parameters, for a proxy ticket, and for repeated parameters', async () => {
    const b = new Browser();
    expect((await b.get(`/cas/validate?${q({ service: SERVICE() })}`)).body).toBe('no\n');
    expect((await b.get(`/cas/validate?${q({ ticket: 'ST-1-abcdefghij' })}`)).body).toBe('no\n');
    expect(
      (await b.get(`/cas/validate?${q({ service: SERVICE(), ticket: 'PT-1856339-aA5Yuvrxzpv8Tau1cYQ7' })}`)).body,
    ).toBe('no\n');
    const ticket = await logIn(b);
    expect(
      (await b.get(`/cas/validate?service=${encodeURIComponent(SERVICE())}&ticket=${ticket}&ticket=${ticket}`)).body,
    ).toBe('no\n');
  });

  it('§2.4.1 renew: a ticket from the single sign-on session is "no", one from primary credentials "yes"', async () => {
    const b = new Browser();
    const fresh = await logIn(b);
    expect((await b.get(`/cas/validate?${q({ service: SERVICE(), ticket: fresh, renew: 'true' })}`)).body).toMatch(
      /^yes\n/,
    );
    const sso = ticketOf((await b.get(`/cas/login?${q({ service: SERVICE() })}`)).location)!;
    expect((await b.get(`/cas/validate?${q({ service: SERVICE(), ticket: sso, renew: 'true' })}`)).body).toBe('no\n');
  });
});

describe('§2.5 /serviceValidate, §2.8 /p3/serviceValidate', () => {
  it('§2.5.2 success is a cas:serviceResponse with cas:user', async () => {
    const b = new Browser();
    const ticket = await logIn(b);
    const res = await b.get(`/cas/serviceValidate?${q({ service: SERVICE(), ticket })}`);
    expect(res.type).toMatch(/xml/);
    expect(res.body).toContain('<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">');
    expect(res.body).toContain('<cas:user>EE48709050218</cas:user>');
  });

  it('§2.8 + §2.5.5 + Appendix A: /p3/serviceValidate releases the attributes (fgid, names, language)', async () => {
    const b = new Browser();
    const ticket = await logIn(b);
    const res = await b.get(`/cas/p3/serviceValidate?${q({ service: SERVICE(), ticket })}`);
    expect(res.body).toContain('<cas:attributes>');
    expect(res.body).toContain('<cas:fgid>EE48709050218</cas:fgid>');
    expect(res.body).toContain('<cas:firstName>Mari</cas:firstName>');
    expect(res.body).toContain('<cas:lastName>Maasikas</cas:lastName>');
    expect(res.body).toMatch(/<cas:language>[A-Z]{3}<\/cas:language>/);
    expect(res.body).toContain('<cas:isFromNewLogin>true</cas:isFromNewLogin>');
    expect(res.body).toContain(
      '<cas:longTermAuthenticationRequestTokenUsed>false</cas:longTermAuthenticationRequestTokenUsed>',
    );
    expect(res.body).toMatch(/<cas:authenticationDate>\d{4}-\d\d-\d\dT[\d:.]+Z<\/cas:authenticationDate>/);
  });

  it('§2.5.1 format=JSON: the success and failure documents of §2.5.2 as JSON', async () => {
    const b = new Browser();
    const ticket = await logIn(b);
    const ok = await b.get(`/cas/p3/serviceValidate?${q({ service: SERVICE(), ticket, format: 'JSON' })}`);
    expect(ok.type).toMatch(/application\/json/);
    const doc = JSON.parse(ok.body) as {
      serviceResponse: { authenticationSuccess: { user: string; attributes: Record<string, string> } };
    };
    expect(doc.serviceResponse.authenticationSuccess.user).toBe('EE48709050218');
    expect(doc.serviceResponse.authenticationSuccess.attributes.fgid).toBe('EE48709050218');
    const failed = await b.get(`/cas/p3/serviceValidate?${q({ service: SERVICE(), ticket, format: 'JSON' })}`);
    expect(JSON.parse(failed.body)).toEqual({
      serviceResponse: {
        authenticationFailure: { code: 'INVALID_TICKET', description: expect.stringContaining(ticket) as string },
      },
    });
  });

  it('§2.5.1 format: an unsupported value is an INVALID_REQUEST error (§2.5.3) in XML', async () => {
    const b = new Browser();
    const ticket = await logIn(b);
    const res = await b.get(`/cas/serviceValidate?${q({ service: SERVICE(), ticket, format: 'YAML' })}`);
    expect(res.type).toMatch(/xml/);
    expect(res.body).toContain('<cas:authenticationFailure code="INVALID_REQUEST">');
  });

  it('§2.5.1 renew: a ticket from the single sign-on session fails INVALID_TICKET (§2.5.3); a fresh login passes', async () => {
    const b = new Browser();
    const fresh = await logIn(b);
    const okRes = await b.get(`/cas/p3/serviceValidate?${q({ service: SERVICE(), ticket: fresh, renew: 'true' })}`);
    expect(okRes.body).toContain('<cas:authenticationSuccess>');
    const sso = ticketOf((await b.get(`/cas/login?${q({ service: SERVICE() })}`)).location)!;
    const res = await b.get(`/cas/p3/serviceValidate?${q({ service: SERVICE(), ticket: sso, renew: 'true' })}`);
    expect(res.body).toContain('<cas:authenticationFailure code="INVALID_TICKET">');
    expect(res.body).toContain('did not come from an initial login');
  });

  describe('§2.5.3 error codes', () => {
    const failureCode = (body: string) => /<cas:authenticationFailure code="([A-Z_]+)">/.exec(body)?.[1];

    it('INVALID_REQUEST: not all of the required parameters were present', async () => {
      const b = new Browser();
      expect(failureCode((await b.get(`/cas/serviceValidate?${q({ service: SERVICE() })}`)).body)).toBe(
        'INVALID_REQUEST',
      );
      expect(failureCode((await b.get(`/cas/p3/serviceValidate?${q({ ticket: 'ST-1-abc' })}`)).body)).toBe(
        'INVALID_REQUEST',
      );
    });

    it('INVALID_REQUEST, in XML with status 200, for ticket=a&ticket=b (never a 500 JSON)', async () => {
      const b = new Browser();
      const res = await b.get(`/cas/p3/serviceValidate?service=${encodeURIComponent(SERVICE())}&ticket=a&ticket=b`);
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/xml/);
      expect(failureCode(res.body)).toBe('INVALID_REQUEST');
    });

    it('INVALID_TICKET: unknown, already validated, or a proxy ticket at /serviceValidate (§2.5)', async () => {
      const b = new Browser();
      const ticket = await logIn(b);
      await b.get(`/cas/serviceValidate?${q({ service: SERVICE(), ticket })}`);
      expect(failureCode((await b.get(`/cas/serviceValidate?${q({ service: SERVICE(), ticket })}`)).body)).toBe(
        'INVALID_TICKET',
      );
      const unknown = await b.get(
        `/cas/serviceValidate?${q({ service: SERVICE(), ticket: 'ST-1856339-aA5Yuvrxzpv8Tau1cYQ7' })}`,
      );
      expect(failureCode(unknown.body)).toBe('INVALID_TICKET');
      expect(unknown.body).toContain('Ticket ST-1856339-aA5Yuvrxzpv8Tau1cYQ7 not recognized');
      const proxy = await b.get(
        `/cas/serviceValidate?${q({ service: SERVICE(), ticket: 'PT-1856376-1HMgO86Z2ZKeByc5XdYD' })}`,
      );
      expect(failureCode(proxy.body)).toBe('INVALID_TICKET');
      expect(proxy.body).toContain('proxy ticket');
    });

    it('INVALID_SERVICE: the service does not match, and the ticket is invalidated for good', async () => {
      const b = new Browser();
      const ticket = await logIn(b);
      const wrong = await b.get(
        `/cas/serviceValidate?${q({ service: `${base}/api/security/callback?target=%2Fui%2Fother`, ticket })}`,
      );
      expect(failureCode(wrong.body)).toBe('INVALID_SERVICE');
      expect(failureCode((await b.get(`/cas/serviceValidate?${q({ service: SERVICE(), ticket })}`)).body)).toBe(
        'INVALID_TICKET',
      );
    });

    it('UNAUTHORIZED_SERVICE_PROXY: proxy granting (pgtUrl, §2.5.4) is declined, and no PGT is issued', async () => {
      const b = new Browser();
      const ticket = await logIn(b);
      const res = await b.get(
        `/cas/serviceValidate?${q({ service: SERVICE(), ticket, pgtUrl: 'https://127.0.0.1/pgt' })}`,
      );
      expect(failureCode(res.body)).toBe('UNAUTHORIZED_SERVICE_PROXY');
      expect(res.body).not.toContain('proxyGrantingTicket');
    });
  });
});

describe('§2.6 /proxyValidate and §2.7 /proxy', () => {
  it('/proxyValidate and /p3/proxyValidate validate service tickets like /serviceValidate', async () => {
    const b = new Browser();
    const t1 = await logIn(b);
    expect((await b.get(`/cas/proxyValidate?${q({ service: SERVICE(), ticket: t1 })}`)).body).toContain(
      '<cas:user>EE48709050218</cas:user>',
    );
    const t2 = ticketOf((await b.get(`/cas/login?${q({ service: SERVICE() })}`)).location)!;
    expect((await b.get(`/cas/p3/proxyValidate?${q({ service: SERVICE(), ticket: t2 })}`)).body).toContain(
      '<cas:fgid>EE48709050218</cas:fgid>',
    );
  });

  it('/proxy answers proxyFailure: INVALID_REQUEST without parameters, else UNAUTHORIZED_SERVICE', async () => {
    const b = new Browser();
    expect((await b.get('/cas/proxy')).body).toContain('<cas:proxyFailure code="INVALID_REQUEST">');
    expect((await b.get(`/cas/proxy?${q({ pgt: 'PGT-1-x', targetService: otherUrl })}`)).body).toContain(
      '<cas:proxyFailure code="UNAUTHORIZED_SERVICE">',
    );
  });
});

describe('§3 tickets', () => {
  it('§3.1.1 + §3.7: service tickets begin with ST-, use only A-Z a-z 0-9 and "-", are unique and at most 256 long; so do the TGT and its cookie', async () => {
    const b = new Browser();
    const login = await b.get(`/cas/login?${q({ service: SERVICE() })}`);
    const posted = await b.post('/cas/login', {
      service: SERVICE(),
      username: 'mari',
      password: 'Maasikas1',
      execution: execution(login.body),
    });
    const tickets = [ticketOf(posted.location)!];
    for (let i = 0; i < 60; i++)
      tickets.push(ticketOf((await b.get(`/cas/login?${q({ service: SERVICE() })}`)).location)!);
    for (const t of tickets) {
      expect(t).toMatch(/^ST-[A-Za-z0-9-]+$/);
      expect(t.length).toBeLessThanOrEqual(256);
      expect(t.length).toBeGreaterThanOrEqual(32); // §3.1.1: enough secure random data not to be guessed
    }
    expect(new Set(tickets).size).toBe(tickets.length);
    expect(b.cookies.get('CASTGC')).toMatch(/^TGT-[A-Za-z0-9-]+$/);
  });

  it('§3.6.1 the ticket-granting cookie expires with the browser session and has the path /cas', async () => {
    const b = new Browser();
    const login = await b.get(`/cas/login?${q({ service: SERVICE() })}`);
    const posted = await b.post('/cas/login', {
      service: SERVICE(),
      username: 'mari',
      password: 'Maasikas1',
      execution: execution(login.body),
    });
    const tgc = posted.setCookies.find((c) => c.startsWith('CASTGC='))!;
    expect(tgc).toMatch(/Path=\/cas(;|$)/);
    expect(tgc).not.toMatch(/Max-Age|Expires/i);
    expect(tgc).toMatch(/HttpOnly/);
  });
});

describe('§2.3 /logout and §2.3.3 single logout', () => {
  it('ends the portal session opened with a ticket of this sign-on session, and tells every other service', async () => {
    const b = new Browser();
    // the portal: security/login → CAS → callback (validated over HTTP at /cas/p3/serviceValidate)
    const start = await b.get('/api/security/login?target=/ui/dashboard');
    // the portal's service URL carries its login's state (login CSRF by ticket, server/routes/security)
    const service = new URL(start.location ?? '', base).searchParams.get('service') ?? '';
    expect(service).toMatch(new RegExp(`^${SERVICE().replace(/[.?]/g, '\\$&')}&state=[\\w-]{22}$`));
    expect(start.location).toBe(`/cas/login?${q({ service })}`);
    const ticket = await logIn(b, service);
    const back = await b.get(`${service}&ticket=${ticket}`);
    expect(back.status).toBe(302);
    expect(back.location).toBe('/ui/dashboard');
    expect((await b.get('/api/context/getUserContext')).status).toBe(200);
    // a second application of the same sign-on session
    const otherTicket = ticketOf((await b.get(`/cas/login?${q({ service: otherUrl })}`)).location)!;
    received.length = 0;

    const out = await b.get(`/cas/logout?${q({ service: `${base}/api/security/login?target=/ui/` })}`);
    // §2.3.2 [CAS 3.0]: redirect to the (registered) service after logout
    expect(out.status).toBe(302);
    expect(out.location).toBe(`${base}/api/security/login?target=/ui/`);
    // the portal heard the logoutRequest for its ticket: the session is over although its cookie is still sent
    expect(b.cookies.has('EPIT-SESSION')).toBe(true);
    expect((await b.get('/api/context/getUserContext')).status).toBe(401);
    // Appendix C: the other service got a samlp:LogoutRequest with its own ticket as SessionIndex
    expect(received).toHaveLength(1);
    const form = new URLSearchParams(received[0]);
    const xml = form.get('logoutRequest')!;
    expect(xml).toContain('<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"');
    expect(xml).toMatch(/Version="2\.0" IssueInstant="\d{4}-\d\d-\d\dT[\d:.]+Z"/);
    expect(xml).toContain('<saml:NameID>@NOT_USED@</saml:NameID>');
    expect(parseLogoutRequest(xml)).toBe(otherTicket);
    // §2.3: the sign-on session is gone, the next login asks for credentials
    expect((await b.get(`/cas/login?${q({ service: SERVICE() })}`)).status).toBe(200);
  });

  it('§2.3.2 [CAS 3.0] without a service, /logout shows a page saying the user is logged out', async () => {
    const res = await new Browser().get('/cas/logout');
    expect(res.status).toBe(200);
    expect(res.body).toContain('You have been logged out of the single sign-on service.');
  });
});
