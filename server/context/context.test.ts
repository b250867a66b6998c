import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DeadApplicationsResponse,
  PortalConfig,
  RepresentedDetailsResponse,
  RolesAndPackets,
  ServiceError,
  SimpleUserContext,
  UserContext,
} from '../../domain/contract.js';
import { isoDay, isoToDmy, addDays } from '../lib/dates.js';
import { executionOf, makeTestApp, serviceOf, type Client, type TestApp } from '../test/helpers.js';

/** The simulator console's answer about the applications' switches (server/sim/console). */
const ApplicationStates = z.object({ value: z.array(z.object({ application: z.string(), dead: z.boolean() })) });

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ now: '2025-03-01T09:00:00.000Z' });
});
afterEach(async () => t.close());

/** DD.MM.YYYY of a seeding offset (the seed ran at the fake clock's 2025-03-01) */
const day = (offset: number) => isoToDmy(isoDay(addDays(new Date('2025-03-01T09:00:00Z'), offset)));

const context = async (c: Client) => {
  const res = await c.get('/api/context/getUserContext');
  expect(res.statusCode).toBe(200);
  return UserContext.parse(res.json());
};

describe('user context', () => {
  it('mari: 4 representation rights, her own entry present, no represented party yet', async () => {
    const ctx = await context(await t.login('mari'));
    const p = ctx.epitPrincipal!;
    expect(p.representative).toEqual({ id: 'EE48709050218', firstName: 'Mari', lastName: 'Maasikas' });
    expect(p.represented).toBeNull();
    expect(p.authChannel).toBe('WEB');
    expect(Object.keys(p.representationRightsCache).sort()).toEqual([
      'EE48709050218',
      'EPEE11000015',
      'EPEE11000026',
      'EPEE11000032',
    ]);
    expect(p.representationRightsCache.EE48709050218).toMatchObject({ name: 'Mari Maasikas', isPerson: true });
    const maasikas = p.representationRightsCache.EPEE11000015;
    expect(maasikas).toMatchObject({ name: 'Maasikas OÜ', isPerson: false });
    expect(maasikas.userRoleList).toContainEqual({
      application: 'AXAPTA',
      roleId: 900,
      begin: day(-400),
      end: null,
      notActive: false,
    });
    // the ended right is still delivered; the client decides validity
    expect(p.representationRightsCache.EPEE11000032.userRoleList).toEqual([
      { application: 'OSS', roleId: 102, begin: day(-400), end: day(-30), notActive: false },
    ]);
    expect(maasikas.userRoleList.find((r) => r.application === 'PERIODICALS')).toMatchObject({
      begin: day(-30),
      end: day(335),
    });
    expect(ctx.privileges).toEqual(['SHOW_REPRESENTEES', 'SHOW_MY_SETTINGS']);
    expect(ctx.language).toBe('EST');
    expect(ctx.uiLanguages.map((l) => l.twoLetterCode)).toEqual(['et', 'en', 'ru', 'lv', 'lt']);
    expect(Object.keys(ctx.homeUrls)).toEqual(['EE', 'LV', 'LT']);
    expect(ctx.deadApplications).toEqual([]);
    expect(ctx.preference).toBeNull();
    expect(ctx.externalApps.map((a) => a.service)).toEqual(['FINANCE', 'LOGISTICS', 'PERIODICS']);
    expect(ctx.externalApps.find((a) => a.service === 'LOGISTICS')!.customParameters.logoutUrl).toBe(
      'http://localhost:8081/oss/logout', // the demo applications' origin: the portal's host on APPS_PORT
    );
    expect(ctx.applications.map((a) => a.name)).toEqual(['AXAPTA', 'OSS', 'PERIODICALS', 'FINANCE']);
  });

  it('jaan: 12 representation rights and his start-up preference', async () => {
    const ctx = await context(await t.login('jaan'));
    expect(Object.keys(ctx.epitPrincipal!.representationRightsCache)).toHaveLength(12);
    expect(ctx.preference).toEqual({ representedId: 'EPEE11000049', serviceUrl: '/ui/business/ee/et/LOGISTICS' });
    expect(ctx.epitPrincipal!.userPreference).toEqual(ctx.preference);
    // a future role and an inactive one are delivered as they are
    expect(
      ctx.epitPrincipal!.representationRightsCache.EPEE11000049.userRoleList.find(
        (r) => r.application === 'PERIODICALS',
      )!.begin,
    ).toBe(day(10));
    expect(ctx.epitPrincipal!.representationRightsCache.EPEE11000084.userRoleList[0].notActive).toBe(true);
  });

  it('kristi: internal user (IN_AD) with her privileges and no own person entry', async () => {
    const ctx = await context(await t.login('kristi'));
    expect(ctx.epitPrincipal!.authChannel).toBe('IN_AD');
    expect(ctx.epitPrincipal!.represented).toBeNull();
    expect(ctx.privileges).toEqual([
      'SHOW_REPRESENTEES',
      'SHOW_MY_SETTINGS',
      'EDIT_ANY_CUSTOMER',
      'EDIT_ANY_USER',
      'ADD_ANY_CUSTOMER',
      'DEPLOYMENT_ADMIN', // the deployment admin page
    ]);
    expect(Object.keys(ctx.epitPrincipal!.representationRightsCache)).toEqual(['EPEE11000015']);
  });

  it('anna: NO_REPRESENTEE, only her own entry, LOGISTICS usable', async () => {
    const ctx = await context(await t.login('anna'));
    expect(Object.keys(ctx.epitPrincipal!.representationRightsCache)).toEqual(['EE49506205717']);
    expect(ctx.privileges).toContain('NO_REPRESENTEE');
    expect(ctx.externalApps.map((a) => a.service)).toEqual(['LOGISTICS']);
  });

  it('the language follows the EPIT-LANGUAGE cookie at login, and changeLanguage', async () => {
    const c = t.client();
    c.cookies.set('EPIT-LANGUAGE', 'eng');
    const start = await c.get('/api/security/login?target=/ui/');
    const service = serviceOf(start.headers.location as string);
    const page = await c.get(`/cas/login?service=${encodeURIComponent(service)}`);
    const posted = await c.request('POST', '/cas/login', {
      form: { service, demoUser: 'liga', execution: executionOf(page.body) },
    });
    await c.get(
      new URL(posted.headers.location as string).pathname + new URL(posted.headers.location as string).search,
    );
    expect((await context(c)).language).toBe('ENG');
    const changed = await c.post('/api/context/changeLanguage', { value: 'LAV' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ value: 'LAV' });
    expect((await context(c)).language).toBe('LAV');
  });

  it('getSimpleUserContext needs no session and carries only uiLanguages', async () => {
    const res = await t.client().get('/api/context/getSimpleUserContext');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['uiLanguages']);
    expect(SimpleUserContext.parse(res.json()).uiLanguages).toHaveLength(5);
  });

  it('getUserDetails answers the own address and mobile', async () => {
    const res = await (await t.login('jaan')).get('/api/context/getUserDetails');
    expect(res.json()).toEqual({ address: null, mobile: '+37255500002' });
  });
});

describe('represented party', () => {
  it('changeRepresented returns the new context with details; representedDetails follows', async () => {
    const mari = await t.login('mari');
    const res = await mari.get('/api/context/changeRepresented/EPEE11000015');
    expect(res.statusCode).toBe(200);
    const ctx = UserContext.parse(res.json());
    expect(ctx.epitPrincipal!.represented).toMatchObject({ gid: 'EPEE11000015', name: 'Maasikas OÜ', isPerson: false });
    expect(ctx.epitPrincipal!.represented!.details).toMatchObject({
      regCode: '11000015',
      credit: true,
      customerType: 'BUSINESS',
      clientManagerName: 'Kalle Kliendihaldur',
      clientManagerPhone: '+3726616616',
      clientManagerEmail: 'kalle.kliendihaldur@post.example',
    });
    const details = RepresentedDetailsResponse.parse((await mari.get('/api/context/representedDetails')).json());
    expect(details.value!.address).toEqual({
      padreFullName: 'Narva mnt 7, Tallinn, 10117',
      street: 'Narva mnt 7',
      zipCode: '10117',
      city: 'Tallinn',
    });
    // switching to her own person entry
    const own = UserContext.parse((await mari.get('/api/context/changeRepresented/EE48709050218')).json());
    expect(own.epitPrincipal!.represented).toMatchObject({
      gid: 'EE48709050218',
      isPerson: true,
      name: 'Mari Maasikas',
    });
  });

  it('representedDetails is {value:null} with no represented party and 503 while AXAPTA is dead', async () => {
    const mari = await t.login('mari');
    expect((await mari.get('/api/context/representedDetails')).json()).toEqual({ value: null });
    await mari.post('/sim/api/applications/AXAPTA', { dead: true });
    const res = await mari.get('/api/context/representedDetails');
    expect(res.statusCode).toBe(503);
    const error = ServiceError.parse(res.json());
    expect(error.code).toBe('AXAPTA_DEAD');
    expect(error.serviceErrorMessage).toContain('AXAPTA');
  });
});

describe('dead applications', () => {
  it('a switch in the simulator console is reported once by checkDeadApplications, then null', async () => {
    const mari = await t.login('mari');
    await context(mari);
    expect((await mari.get('/api/context/checkDeadApplications')).json()).toEqual({ value: null });

    const sim = await mari.post('/sim/api/applications/AXAPTA', { dead: true });
    expect(sim.statusCode).toBe(200);
    expect(ApplicationStates.parse(sim.json()).value).toContainEqual({ application: 'AXAPTA', dead: true });

    const changed = DeadApplicationsResponse.parse((await mari.get('/api/context/checkDeadApplications')).json());
    expect(changed.value!.deadApplications).toEqual(['AXAPTA']);
    expect((await mari.get('/api/context/checkDeadApplications')).json()).toEqual({ value: null });

    await mari.post('/sim/api/applications/OSS', { dead: true });
    const second = DeadApplicationsResponse.parse((await mari.get('/api/context/checkDeadApplications')).json());
    expect(second.value!.deadApplications).toEqual(['AXAPTA', 'OSS']);
    expect(second.value!.epitPrincipal!.errors).toEqual({ OSS: 'ROLE_LOAD_FAILED' });

    await mari.post('/sim/api/applications/AXAPTA', { dead: false });
    await mari.post('/sim/api/applications/OSS', { dead: false });
    const recovered = DeadApplicationsResponse.parse((await mari.get('/api/context/checkDeadApplications')).json());
    expect(recovered.value!.deadApplications).toEqual([]);
    expect((await mari.get('/api/context/checkDeadApplications')).json()).toEqual({ value: null });
  });

  it('the console lists every application and the outbox', async () => {
    const c = t.client();
    const page = await c.get('/sim/');
    expect(page.statusCode).toBe(200);
    for (const app of ['AXAPTA', 'OSS', 'PERIODICALS', 'FINANCE']) expect(page.body).toContain(`data-app="${app}"`);
    expect(page.body).toContain('uku.uus@example.ee');
    const apps = ApplicationStates.parse((await c.get('/sim/api/applications')).json());
    expect(apps.value).toEqual([
      { application: 'AXAPTA', dead: false },
      { application: 'OSS', dead: false },
      { application: 'PERIODICALS', dead: false },
      { application: 'FINANCE', dead: false },
    ]);
  });
});

describe('roles and packets', () => {
  it('OSS: packets with categories and roles in all languages', async () => {
    const mari = await t.login('mari');
    const res = await mari.get('/api/roles-and-packets/clientapp/OSS');
    expect(res.statusCode).toBe(200);
    const rp = RolesAndPackets.parse(res.json());
    expect(rp.application).toBe('OSS');
    expect(rp.packets.map((p) => p.packet)).toEqual([1, 2, 3, 4]);
    const p1 = rp.packets[0];
    expect(p1.categories.map((c) => c.category)).toEqual(['MANAGEMENT', 'OPERATIONS']);
    expect(p1.categories[0].names).toMatchObject({ et: 'Haldus', en: 'Management' });
    expect(p1.categories[0].roles[0]).toMatchObject({
      id: 101,
      primary: true,
      epCompanyId: 'EP',
      packetId: 1,
      names: { en: 'Shipment administrator' },
    });
    expect(rp.packets[3].categories[1].roles.map((r) => r.id)).toEqual([102, 103, 104]);
  });

  it('AXAPTA roles have no packet; a dead application answers 503', async () => {
    const mari = await t.login('mari');
    const ax = RolesAndPackets.parse((await mari.get('/api/roles-and-packets/clientapp/AXAPTA')).json());
    expect(ax.packets).toHaveLength(1);
    expect(ax.packets[0].packet).toBeNull();
    await mari.post('/sim/api/applications/PERIODICALS', { dead: true });
    const dead = await mari.get('/api/roles-and-packets/clientapp/PERIODICALS');
    expect(dead.statusCode).toBe(503);
    expect(ServiceError.parse(dead.json()).code).toBe('PERIODICALS_DEAD');
  });
});

describe('service URLs and configuration', () => {
  it('service-urls answers a package-private address per domain in the session language', async () => {
    const res = await (await t.login('mari')).get('/api/user-settings/service-urls');
    expect(res.json()).toEqual({
      value: {
        EE: 'http://localhost:8081/parcels/ee/et/private',
        LV: 'http://localhost:8081/parcels/lv/et/private',
        LT: 'http://localhost:8081/parcels/lt/et/private',
      },
    });
  });

  it('/ui/config.json is a PortalConfig built from env; / redirects to /ui/', async () => {
    const res = await t.client().get('/ui/config.json');
    const config = PortalConfig.parse(res.json());
    expect(config).toMatchObject({
      apiUrl: '/api',
      baseUrl: '/ui',
      securityUrl: '/api/security/login',
      casUrl: '/cas',
      runMode: 'test',
      roleRequestTimeout: 10000,
      language: 'et',
    });
    expect(config.accountServiceUrl.test).toContain('{jgid}');
    const root = await t.client().get('/');
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/ui/');
  });
});
