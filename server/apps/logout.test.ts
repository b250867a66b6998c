/**
 * An application's session ends with the portal's: the OSS logout URL (spec 1 §4 "Logout", GET from the portal page)
 * and the CAS back-channel logoutRequest (CAS 3.0 §2.3.3) each end it; afterwards the application's own page shows it
 * signed out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAppsWorld, type AppsWorld, type Browser } from './test-kit.js';

let w: AppsWorld;
beforeEach(async () => {
  w = await makeAppsWorld();
});
afterEach(async () => w.close());

const MAASIKAS = 'EPEE11000015';

async function mariInOss(): Promise<Browser> {
  const b = w.browser();
  await b.signIn('mari');
  const { res } = await b.follow(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`);
  expect(res.statusCode).toBe(200);
  return b;
}
const shipments = (b: Browser) => b.get(`${w.appsOrigin}/oss/api/shipments?guid=${MAASIKAS}`);

describe('the OSS logout URL', () => {
  it('is in the portal context, on the applications\u2019 origin', async () => {
    const b = w.browser();
    await b.signIn('mari');
    const ctx = (await b.get(`${w.portalOrigin}/api/context/getUserContext`)).json<{
      applications: { name: string; customParameters: Record<string, string> }[];
    }>();
    expect(ctx.applications.find((a) => a.name === 'OSS')!.customParameters.logoutUrl).toBe(
      `${w.appsOrigin}/oss/logout`,
    );
  });

  it('ends the OSS session when the portal page GETs it, and lets the portal read the answer (CORS)', async () => {
    const b = await mariInOss();
    expect((await shipments(b)).statusCode).toBe(200);
    const out = await b.get(`${w.appsOrigin}/oss/logout`, { origin: w.portalOrigin, accept: '*/*' });
    expect(out.statusCode).toBe(200);
    expect(out.headers['access-control-allow-origin']).toBe(w.portalOrigin);
    expect(out.headers['access-control-allow-credentials']).toBe('true');
    expect(out.json()).toEqual({ value: 'LOGGED_OUT' });
    expect(b.cookie('OSS-SESSION')).toBeUndefined();
    expect((await shipments(b)).json()).toEqual({ error: 'SIGNED_OUT' });
  });

  it('ends the session for a no-cors GET too, without sharing the answer with another origin', async () => {
    const b = await mariInOss();
    const id = b.cookie('OSS-SESSION')!;
    const out = await b.get(`${w.appsOrigin}/oss/logout`, { origin: 'https://evil.example' });
    expect(out.headers['access-control-allow-origin']).toBeUndefined();
    const replay = w.browser();
    replay.cookies.set('OSS-SESSION', { value: id, path: '/oss/', expires: null });
    expect((await shipments(replay)).json()).toEqual({ error: 'SIGNED_OUT' });
  });

  it('opened by a person, shows a signed-out page', async () => {
    const b = await mariInOss();
    const out = await b.get(`${w.appsOrigin}/oss/logout?lang=et`, { accept: 'text/html' });
    expect(out.statusCode).toBe(200);
    expect(out.body).toContain('data-testid="app-loggedOut"');
    expect(out.body).toContain('Välja logitud');
  });
});

describe('single sign-out (CAS back channel)', () => {
  it('portal logout ends the sessions of every application the person opened; their pages then show them signed out', async () => {
    const b = await mariInOss();
    await b.follow(`${w.appsOrigin}/periodicals/?guid=${MAASIKAS}&lang=en`);
    const ossSession = b.cookie('OSS-SESSION')!;
    const periodicalsSession = b.cookie('PERIODICALS-SESSION')!;
    await b.portalLogout();
    // CAS posted a logoutRequest to each application's service URL
    const slo = w.fetched.filter((f) => f.startsWith(`POST ${w.appsOrigin}/`));
    expect(slo.map((f) => new URL(f.slice(5)).pathname).sort()).toEqual(['/oss/auth/cas', '/periodicals/auth/cas']);
    // the sessions are gone even for a browser that still holds the cookies
    const stale = w.browser();
    stale.cookies.set('OSS-SESSION', { value: ossSession, path: '/oss/', expires: null });
    stale.cookies.set('PERIODICALS-SESSION', { value: periodicalsSession, path: '/periodicals/', expires: null });
    expect((await shipments(stale)).json()).toEqual({ error: 'SIGNED_OUT' });
    // and the application's own page, on its own origin, shows it signed out (no sign-on session left at CAS)
    const page = await b.follow(`${w.appsOrigin}/oss/?guid=${MAASIKAS}&lang=en`);
    expect(page.res.body).toContain('data-testid="app-signedOut"');
    const periodicals = await stale.follow(`${w.appsOrigin}/periodicals/?guid=${MAASIKAS}&lang=en`);
    expect(periodicals.res.body).toContain('data-testid="app-signedOut"');
  });

  it('a logoutRequest naming an unknown ticket ends nothing and tells nothing', async () => {
    const b = await mariInOss();
    const xml =
      '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="x" Version="2.0" IssueInstant="2025-01-01T00:00:00Z"><saml:NameID xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">@NOT_USED@</saml:NameID><samlp:SessionIndex>ST-not-a-real-one</samlp:SessionIndex></samlp:LogoutRequest>';
    const res = await w.apps.inject({
      method: 'POST',
      url: '/oss/auth/cas',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ logoutRequest: xml }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect((await shipments(b)).statusCode).toBe(200);
  });
});
