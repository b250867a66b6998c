/**
 * The portal's CAS client (server/clients/cas.ts) against a stand-in CAS server over real HTTP, answering the
 * documents of the CAS Protocol 3.0 specification's own examples (§2.5.2, §2.5.7, §2.6.2, Appendix C).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCasSettings } from '../env.js';
import {
  CasUnavailableError,
  createCasClient,
  parseLogoutRequest,
  parseServiceResponse,
  SERVICE_TICKET,
} from './cas.js';

let server: Server;
let base: string;
let answer: { status: number; body: string; delayMs?: number };
let asked: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req);
    const { status, body, delayMs = 0 } = answer;
    setTimeout(() => res.writeHead(status, { 'content-type': 'application/xml' }).end(body), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  asked = [];
});

const client = (env: Record<string, string> = {}) =>
  createCasClient({ settings: loadCasSettings({ CAS_URL: base, ...env }), validateBase: () => base, fetch });

// §2.5.7, verbatim apart from the user
const SUCCESS_WITH_ATTRIBUTES = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
    <cas:authenticationSuccess>
      <cas:user>username</cas:user>
      <cas:attributes>
        <cas:firstname>John</cas:firstname>
        <cas:lastname>Doe</cas:lastname>
        <cas:title>Mr.</cas:title>
        <cas:email>jdoe@example.org</cas:email>
        <cas:affiliation>staff</cas:affiliation>
        <cas:affiliation>faculty</cas:affiliation>
        <cas:fgid>EE48709050218</cas:fgid>
      </cas:attributes>
      <cas:proxyGrantingTicket>PGTIOU-84678-8a9d...</cas:proxyGrantingTicket>
    </cas:authenticationSuccess>
  </cas:serviceResponse>`;

// §2.5.2
const FAILURE = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
 <cas:authenticationFailure code="INVALID_TICKET">
    Ticket ST-1856339-aA5Yuvrxzpv8Tau1cYQ7 not recognized
  </cas:authenticationFailure>
</cas:serviceResponse>`;

describe('validate', () => {
  it('calls GET {CAS_VALIDATE_URL}/p3/serviceValidate with the service and ticket URL-encoded (§2.8, §2.5.1)', async () => {
    answer = { status: 200, body: SUCCESS_WITH_ATTRIBUTES };
    const service = 'https://portal.example/api/security/callback?target=%2Fui%2F&gateway=true';
    const result = await client().validate('ST-1-u4hrm3td92cLxpCvrjylcas.example.com', service);
    expect(asked).toHaveLength(1);
    const url = new URL(asked[0].url!, 'http://x');
    expect(url.pathname).toBe('/cas/p3/serviceValidate');
    expect(url.searchParams.get('service')).toBe(service);
    expect(url.searchParams.get('ticket')).toBe('ST-1-u4hrm3td92cLxpCvrjylcas.example.com');
    expect(result).toEqual({
      ok: true,
      user: 'username',
      principal: 'username',
      attributes: {
        firstname: ['John'],
        lastname: ['Doe'],
        title: ['Mr.'],
        email: ['jdoe@example.org'],
        affiliation: ['staff', 'faculty'],
        fgid: ['EE48709050218'],
      },
    });
  });

  it('CAS_PRINCIPAL_ATTRIBUTE takes the fgid from that attribute instead of cas:user', async () => {
    answer = { status: 200, body: SUCCESS_WITH_ATTRIBUTES };
    const result = await client({ CAS_PRINCIPAL_ATTRIBUTE: 'fgid' }).validate('ST-1-abc', 'https://p.example/');
    expect(result).toMatchObject({ ok: true, user: 'username', principal: 'EE48709050218' });
  });

  it('an attribute that was not released is a failure, not a sign-in as cas:user', async () => {
    answer = { status: 200, body: SUCCESS_WITH_ATTRIBUTES };
    const result = await client({ CAS_PRINCIPAL_ATTRIBUTE: 'employeeNumber' }).validate(
      'ST-1-abc',
      'https://p.example/',
    );
    expect(result).toMatchObject({ ok: false, code: 'NO_PRINCIPAL_ATTRIBUTE' });
  });

  it('an authenticationFailure is the code and its text (§2.5.3)', async () => {
    answer = { status: 200, body: FAILURE };
    expect(await client().validate('ST-1856339-aA5Yuvrxzpv8Tau1cYQ7', 'https://p.example/')).toEqual({
      ok: false,
      code: 'INVALID_TICKET',
      message: 'Ticket ST-1856339-aA5Yuvrxzpv8Tau1cYQ7 not recognized',
    });
  });

  it("any namespace prefix is read (the prefix is the server's choice)", async () => {
    answer = {
      status: 200,
      body: '<serviceResponse xmlns="http://www.yale.edu/tp/cas"><authenticationSuccess><user>EE1</user></authenticationSuccess></serviceResponse>',
    };
    expect(await client().validate('ST-1-abc', 'https://p.example/')).toMatchObject({ ok: true, principal: 'EE1' });
  });

  it('an HTTP error, a non-CAS body, broken XML or no answer in time is CasUnavailableError', async () => {
    for (const a of [
      { status: 500, body: FAILURE },
      { status: 200, body: '<html><body>Login</body></html>' },
      { status: 200, body: '<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess>' },
      { status: 200, body: '{"serviceResponse":{}}' },
    ]) {
      answer = a;
      await expect(client().validate('ST-1-abc', 'https://p.example/')).rejects.toBeInstanceOf(CasUnavailableError);
    }
    answer = { status: 200, body: FAILURE, delayMs: 1_500 };
    await expect(
      client({ CAS_VALIDATE_TIMEOUT: '200' }).validate('ST-1-abc', 'https://p.example/'),
    ).rejects.toBeInstanceOf(CasUnavailableError);
  });

  it('an unreachable server is CasUnavailableError', async () => {
    const c = createCasClient({ settings: loadCasSettings({}), validateBase: () => 'http://127.0.0.1:9/cas', fetch });
    await expect(c.validate('ST-1-abc', 'https://p.example/')).rejects.toBeInstanceOf(CasUnavailableError);
  });
});

describe('browser addresses', () => {
  it('loginUrl and logoutUrl are under CAS_URL; renew wins over gateway (§2.1.1)', () => {
    const c = createCasClient({
      settings: loadCasSettings({ CAS_URL: 'https://sso.example/cas/' }),
      validateBase: () => '',
      fetch,
    });
    expect(c.loginUrl('https://p.example/cb?x=1')).toBe(
      'https://sso.example/cas/login?service=https%3A%2F%2Fp.example%2Fcb%3Fx%3D1',
    );
    expect(c.loginUrl('https://p.example/', { gateway: true })).toBe(
      'https://sso.example/cas/login?service=https%3A%2F%2Fp.example%2F&gateway=true',
    );
    expect(c.loginUrl('https://p.example/', { gateway: true, renew: true })).toMatch(/&renew=true$/);
    expect(c.logoutUrl('https://p.example/')).toBe('https://sso.example/cas/logout?service=https%3A%2F%2Fp.example%2F');
    expect(c.logoutUrl()).toBe('https://sso.example/cas/logout');
  });
});

describe('tickets and logout requests', () => {
  it('accepts every service ticket the specification allows, refuses what is no ticket', () => {
    for (const ok of [
      'ST-1-u4hrm3td92cLxpCvrjylcas.example.com',
      'ST-1856339-aA5Yuvrxzpv8Tau1cYQ7',
      `ST-${'a'.repeat(253)}`,
    ])
      expect(SERVICE_TICKET.test(ok)).toBe(true);
    for (const bad of ['PT-1856339-aA5Yuvrxzpv8Tau1cYQ7', 'ST-', 'ST-a b', `ST-${'a'.repeat(254)}`, 'TGT-123'])
      expect(SERVICE_TICKET.test(bad)).toBe(false);
  });

  it('parses the Appendix C logout request; anything else is null', () => {
    const xml = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"
     ID="LR-1" Version="2.0" IssueInstant="2026-01-01T00:00:00Z">
    <saml:NameID xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">
      @NOT_USED@
    </saml:NameID>
    <samlp:SessionIndex>ST-1-u4hrm3td92cLxpCvrjylcas.example.com</samlp:SessionIndex>
  </samlp:LogoutRequest>`;
    expect(parseLogoutRequest(xml)).toBe('ST-1-u4hrm3td92cLxpCvrjylcas.example.com');
    expect(parseLogoutRequest('<samlp:LogoutRequest xmlns:samlp="x"></samlp:LogoutRequest>')).toBeNull();
    expect(parseLogoutRequest('<LogoutRequest><SessionIndex>not a ticket</SessionIndex></LogoutRequest>')).toBeNull();
    expect(parseLogoutRequest('ST-1-abc')).toBeNull();
    expect(parseLogoutRequest('<a><b></a>')).toBeNull();
  });

  it('parseServiceResponse reads the simulator-style XML the same way as a real one', () => {
    expect(
      parseServiceResponse(
        '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_REQUEST"/></cas:serviceResponse>',
        null,
      ),
    ).toEqual({ ok: false, code: 'INVALID_REQUEST', message: '' });
  });
});
