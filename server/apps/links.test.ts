/**
 * Where the portal tells the browser the applications live (user context applications[] and externalApps[]
 * customParameters): the database's external_applications rows, relative ones on the applications' origin, with
 * APP_*_URL and APPS_ORIGIN winning — so a deployment points them at real applications without a code change.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadAppsSettings, loadEnv } from '../env.js';
import { makeTestApp, type TestApp } from '../test/helpers.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

interface Ctx {
  applications: { name: string; customParameters: Record<string, string> }[];
  externalApps: { service: string; customParameters: Record<string, string> }[];
}
const contextOf = async (app: TestApp, headers: Record<string, string> = {}) => {
  const mari = await app.login('mari');
  return (await mari.get('/api/context/getUserContext', headers)).json<Ctx>();
};
const params = (ctx: Ctx, name: string) => ctx.applications.find((a) => a.name === name)!.customParameters;
const external = (ctx: Ctx, service: string) => ctx.externalApps.find((a) => a.service === service)!.customParameters;

describe('application addresses in the user context', () => {
  it('by default: the demo applications on the portal\u2019s host at APPS_PORT', async () => {
    t = await makeTestApp();
    const ctx = await contextOf(t, { host: 'portal.test:8080' });
    expect(params(ctx, 'OSS')).toEqual({
      service: 'LOGISTICS',
      baseUrl: 'http://portal.test:8081/oss/',
      logoutUrl: 'http://portal.test:8081/oss/logout',
      profileChangeUrl: 'http://portal.test:8081/oss/profile',
    });
    expect(params(ctx, 'PERIODICALS').baseUrl).toBe('http://portal.test:8081/periodicals/');
    expect(params(ctx, 'FINANCE').baseUrl).toBe('http://portal.test:8081/finance/');
    expect(external(ctx, 'LOGISTICS')).toEqual({
      application: 'OSS',
      url: 'http://portal.test:8081/oss/',
      logoutUrl: 'http://portal.test:8081/oss/logout',
    });
    expect(external(ctx, 'FINANCE')).toEqual({ application: 'FINANCE', url: 'http://portal.test:8081/finance/' });
    // the same process asked through another host name: that host's addresses (the origins are kept per Host)
    const mari = await t.login('mari');
    const other = await mari.get('/api/context/getUserContext', { host: 'other.test:8080' });
    expect(params(other.json<Ctx>(), 'OSS').baseUrl).toBe('http://other.test:8081/oss/');
    expect(other.headers['content-security-policy']).toContain("frame-src 'self' http://other.test:8081;");
  });

  it('from the database: an absolute address and extra custom parameters are handed on as they are', async () => {
    t = await makeTestApp();
    await t.db
      .updateTable('external_applications')
      .set({
        base_url: 'https://oss.example/app/',
        custom_parameters: JSON.stringify({ logoutUrl: 'https://oss.example/app/logout', theme: 'dark' }),
      })
      .where('application', '=', 'OSS')
      .execute();
    const ctx = await contextOf(t);
    expect(params(ctx, 'OSS')).toEqual({
      service: 'LOGISTICS',
      baseUrl: 'https://oss.example/app/',
      logoutUrl: 'https://oss.example/app/logout',
      theme: 'dark',
    });
    expect(external(ctx, 'LOGISTICS').url).toBe('https://oss.example/app/');
  });

  it('from the environment: APP_*_URL win over the database, APPS_ORIGIN places the relative ones', async () => {
    const apps = loadAppsSettings({
      APPS_ORIGIN: 'https://apps.example',
      APP_OSS_URL: 'https://oss.example/',
      APP_OSS_LOGOUT_URL: 'https://oss.example/sso/logout',
    });
    t = await makeTestApp({ env: { apps } });
    const ctx = await contextOf(t);
    expect(params(ctx, 'OSS')).toMatchObject({
      baseUrl: 'https://oss.example/',
      logoutUrl: 'https://oss.example/sso/logout',
      profileChangeUrl: 'https://apps.example/oss/profile',
    });
    expect(params(ctx, 'PERIODICALS').baseUrl).toBe('https://apps.example/periodicals/');
  });

  it('PUBLIC_ORIGIN: the applications on its host at APPS_PORT', async () => {
    t = await makeTestApp({ env: { publicOrigin: 'https://portal.example', appsPort: 9443 } });
    const ctx = await contextOf(t);
    expect(params(ctx, 'OSS').baseUrl).toBe('https://portal.example:9443/oss/');
  });
});

describe('settings', () => {
  it('refuses addresses that are not absolute http(s) and a short secret', () => {
    expect(() => loadAppsSettings({ APP_OSS_URL: '/oss/' })).toThrow(
      'APP_OSS_URL is "/oss/"; allowed: an absolute http:// or https:// address',
    );
    expect(() => loadAppsSettings({ APPS_ORIGIN: 'https://apps.example/x' })).toThrow(
      /^APPS_ORIGIN is "https:\/\/apps.example\/x"; allowed: an origin/,
    );
    expect(() => loadAppsSettings({ APPS_SECRET: 'short' })).toThrow(
      'APPS_SECRET is "(hidden, 5 characters)"; allowed: at least 16 characters',
    );
  });

  it('APPS_PORT defaults to PORT + 1, and each start gets its own secret unless APPS_SECRET is set', () => {
    expect(loadEnv({ PORT: '8380' }).appsPort).toBe(8381);
    expect(loadEnv({}).apps.secret).not.toBe(loadEnv({}).apps.secret);
    expect(loadEnv({ APPS_SECRET: 'a-shared-secret-of-16+' }).apps.secret).toBe('a-shared-secret-of-16+');
  });
});
