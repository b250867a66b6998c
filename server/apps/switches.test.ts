/**
 * The simulator console's switches per application (server/sim/console/apps.ts), read by the applications over HTTP:
 * dead (maintenance), not answering pings, slow to load, the finance special status.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAppsWorld, type AppsWorld, type Browser } from './test-kit.js';

let w: AppsWorld;
beforeEach(async () => {
  w = await makeAppsWorld();
});
afterEach(async () => w.close());

const MAASIKAS = 'EPEE11000015';

async function signedIn(username = 'mari'): Promise<Browser> {
  const b = w.browser();
  await b.signIn(username);
  return b;
}

describe('console', () => {
  it('lists the switches of each application and shows them on the console page', async () => {
    const res = await w.portal.inject({ url: '/sim/api/apps' });
    expect(res.json()).toEqual({
      value: [
        { application: 'OSS', dead: false, noPing: false, slowMs: 0, neverReady: false, financeStatus: null },
        { application: 'PERIODICALS', dead: false, noPing: false, slowMs: 0, neverReady: false, financeStatus: null },
        { application: 'FINANCE', dead: false, noPing: false, slowMs: 0, neverReady: false, financeStatus: null },
      ],
    });
    const page = await w.portal.inject({ url: '/sim/' });
    expect(page.body).toContain('<h2 id="external-apps-h">External applications</h2>');
    expect(page.body).toContain('data-ext-app="OSS"');
    expect(page.body).toContain('data-finance-status');
  });

  it('refuses a change without the XSRF token, a bad value, and a finance status for another application', async () => {
    const noToken = await w.portal.inject({
      method: 'POST',
      url: '/sim/api/apps/OSS',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ noPing: true }),
    });
    expect(noToken.statusCode).toBe(403);
    expect((await w.sim('/sim/api/apps/OSS', { slowMs: -1 })).statusCode).toBe(400);
    expect((await w.sim('/sim/api/apps/OSS', { financeStatus: 'UNAVAILABLE' })).statusCode).toBe(400);
    expect((await w.sim('/sim/api/apps/AXAPTA', { noPing: true })).statusCode).toBe(400);
    expect(
      (await w.portal.inject({ url: '/sim/api/apps' })).json<{ value: { noPing: boolean }[] }>().value[0].noPing,
    ).toBe(false);
  });
});

describe('not answering pings', () => {
  it('the page\u2019s ping check fails while it is on and answers again once it is off', async () => {
    const ping = () => w.browser().get(`${w.appsOrigin}/oss/api/ping`);
    expect((await ping()).statusCode).toBe(204);
    expect((await w.sim('/sim/api/apps/OSS', { noPing: true })).statusCode).toBe(200);
    expect((await ping()).statusCode).toBe(503);
    // only OSS: the others still answer
    expect((await w.browser().get(`${w.appsOrigin}/periodicals/api/ping`)).statusCode).toBe(204);
    await w.sim('/sim/api/apps/OSS', { noPing: false });
    expect((await ping()).statusCode).toBe(204);
  });
});

describe('dead (maintenance)', () => {
  it('shows the maintenance page and refuses the API while the application is dead', async () => {
    const b = await signedIn();
    await b.follow(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`);
    await w.sim('/sim/api/applications/OSS', { dead: true });
    const page = await b.get(`${w.appsOrigin}/oss/?guid=${MAASIKAS}&lang=en`);
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('data-testid="app-maintenance"');
    expect((await b.get(`${w.appsOrigin}/oss/api/shipments?guid=${MAASIKAS}`)).json()).toEqual({
      error: 'MAINTENANCE',
    });
    expect((await b.get(`${w.appsOrigin}/oss/api/ping`)).statusCode).toBe(503);
    await w.sim('/sim/api/applications/OSS', { dead: false });
    expect((await b.get(`${w.appsOrigin}/oss/?guid=${MAASIKAS}&lang=en`)).statusCode).toBe(200);
  });
});

describe('slow to load', () => {
  it('delays the application\u2019s pages, not its pings', async () => {
    const b = await signedIn();
    await b.follow(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`);
    await w.sim('/sim/api/apps/OSS', { slowMs: 400 });
    let started = performance.now();
    expect((await b.get(`${w.appsOrigin}/oss/?guid=${MAASIKAS}&lang=en`)).statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    started = performance.now();
    expect((await b.get(`${w.appsOrigin}/oss/api/ping`)).statusCode).toBe(204);
    expect(performance.now() - started).toBeLessThan(390);
  });
});

describe('never ready', () => {
  /** the channel script's settings embedded in a page */
  const appConfig = (html: string): Record<string, unknown> => {
    const json = /<script type="application\/json" id="app-config">(.*?)<\/script>/s.exec(html)?.[1];
    if (!json) throw new Error('the page has no app-config');
    return JSON.parse(json) as Record<string, unknown>;
  };

  it('makes the application\u2019s pages load with a silent channel, until it is off again', async () => {
    const b = await signedIn();
    await b.follow(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`);
    const oss = () => b.get(`${w.appsOrigin}/oss/?guid=${MAASIKAS}&lang=en`);
    expect(appConfig((await oss()).body).silent).toBeUndefined();
    const res = await w.sim('/sim/api/apps/OSS', { neverReady: true });
    expect(res.json<{ value: { application: string; neverReady: boolean }[] }>().value[0]).toMatchObject({
      application: 'OSS',
      neverReady: true,
    });
    const page = await oss();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="oss-view"');
    expect(appConfig(page.body).silent).toBe(true);
    // the switch is per application
    await b.follow(`${w.appsOrigin}/periodicals/?guid=${MAASIKAS}&lang=en`);
    expect(
      appConfig((await b.get(`${w.appsOrigin}/periodicals/?guid=${MAASIKAS}&lang=en`)).body).silent,
    ).toBeUndefined();
    // another switch leaves it on; switching it off speaks again
    await w.sim('/sim/api/apps/OSS', { noPing: true });
    expect(appConfig((await oss()).body).silent).toBe(true);
    await w.sim('/sim/api/apps/OSS', { neverReady: false, noPing: false });
    expect(appConfig((await oss()).body).silent).toBeUndefined();
    const consolePage = await w.portal.inject({ url: '/sim/' });
    expect(consolePage.body).toContain('data-switch="neverReady"');
  });
});

describe('finance special status', () => {
  const status = (b: Browser, customerId?: string) =>
    b.get(`${w.portalOrigin}/api/apps/finance/status${customerId ? `?customerId=${customerId}` : ''}`);

  it('the portal reads each customer\u2019s own status from invoicing management over HTTP', async () => {
    // mari is main administrator of Põldmari AS here too, which has no finance package: she may ask its status
    await w.db
      .insertInto('rights')
      .values({
        person_fgid: 'EE48709050218',
        represented_gid: 'EPEE11000026',
        application: 'AXAPTA',
        role_id: 900,
        begin_date: null,
        end_date: null,
        not_active: 0,
      })
      .execute();
    const b = await signedIn();
    expect((await status(b, MAASIKAS)).json()).toEqual({ status: null });
    expect((await status(b, 'EPEE11000026')).json()).toEqual({ status: 'PACKET_NOT_FOUND' });
    expect(
      w.fetched.some((f) => f.startsWith(`GET http://127.0.0.1:${w.env.appsPort}/finance/api/status?customerId=`)),
    ).toBe(true);
    // the represented party by default; a customer that is none of the caller's rights is refused
    await b.request('GET', `${w.portalOrigin}/api/context/changeRepresented/EPEE11000026`, { xsrf: true });
    expect((await status(b)).json()).toEqual({ status: 'PACKET_NOT_FOUND' });
    expect((await status(b, 'EPEE11000049')).statusCode).toBe(403);
    // a right valid today that does not hold invoicing management (jaan views Maasikas OÜ's shipments) is refused
    expect((await status(await signedIn('jaan'), MAASIKAS)).statusCode).toBe(403);
    expect((await w.browser().get(`${w.portalOrigin}/api/apps/finance/status?customerId=${MAASIKAS}`)).statusCode).toBe(
      401,
    );
  });

  it('the switch gives every customer its status; the finance page follows it', async () => {
    const b = await signedIn();
    await w.sim('/sim/api/apps/FINANCE', { financeStatus: 'CUSTOMER_NOT_FOUND' });
    expect((await status(b, MAASIKAS)).json()).toEqual({ status: 'CUSTOMER_NOT_FOUND' });
    const page = await b.follow(`${w.appsOrigin}/finance/?guid=${MAASIKAS}&lang=en`);
    expect(page.res.body).toContain('data-testid="finance-no-package"');
    await w.sim('/sim/api/apps/FINANCE', { financeStatus: 'UNAVAILABLE' });
    expect((await status(b, MAASIKAS)).json()).toEqual({ status: 'UNAVAILABLE' });
    const down = await b.get(`${w.appsOrigin}/finance/?guid=${MAASIKAS}&lang=en`);
    expect(down.statusCode).toBe(503);
    expect(down.body).toContain('data-testid="finance-unavailable"');
    await w.sim('/sim/api/apps/FINANCE', { financeStatus: null });
    expect((await status(b, MAASIKAS)).json()).toEqual({ status: null });
    expect((await b.get(`${w.appsOrigin}/finance/?guid=${MAASIKAS}&lang=en`)).body).toContain(
      'data-testid="finance-invoices"',
    );
  });

  it('answers 502 when invoicing management cannot be asked', async () => {
    const b = await signedIn();
    await w.apps.close(); // the applications' server is gone
    const res = await status(b, MAASIKAS);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'FINANCE_UNREACHABLE' });
  });

  it('refuses a status request without the shared secret', async () => {
    const res = await w.apps.inject({ url: `/finance/api/status?customerId=${MAASIKAS}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('live run mode', () => {
  it('has no console switches: the applications run with every switch off', async () => {
    await w.close();
    w = await makeAppsWorld({ env: { runMode: 'live' } });
    expect((await w.portal.inject({ url: '/sim/api/apps' })).statusCode).toBe(404);
    expect((await w.browser().get(`${w.appsOrigin}/oss/api/ping`)).statusCode).toBe(204);
    const b = await signedIn();
    const { res } = await b.follow(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`);
    expect(res.statusCode).toBe(200);
  });
});
