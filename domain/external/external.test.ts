import { describe, expect, it } from 'vitest';
import type { RolesAndPackets } from '../contract';
import {
  APPS_ORIGIN,
  BERZI,
  OSS_BASE,
  PERIODICALS_BASE,
  annaContext,
  emptyRoles,
  externalAppsOf,
  ligaAtBerzi,
  mariAtMaasikas,
  mariAtPoldmari,
  mariAtVanaKaup,
  mariWithNobody,
  ossRoles,
  periodicalsRoles,
} from '../../tests/support/fixtures/external';
import {
  CHANNEL_SCOPE,
  acceptMessage,
  applicationBaseUrl,
  applicationForUser,
  applicationsForService,
  checkRepresentee,
  companyOfParty,
  externalHeader,
  financeOutcome,
  panelRepresentees,
  financeUnavailablePath,
  frameIdentity,
  frameMessageToEvent,
  frameOriginOf,
  frameUrl,
  isApplicationSupported,
  localizedName,
  ossUpdateInitialData,
  parseFrameMessage,
  portalHashFromOss,
  resolveService,
  roleNameFor,
  serviceOfRoute,
  wrapperRedirect,
} from './index';

const TODAY = new Date('2026-11-23T10:00:00Z');

describe('message acceptance (spec 1 §4 iframe message channel)', () => {
  const frameWindow = { id: 'frame' };
  const frame = { frameOrigin: APPS_ORIGIN, frameWindow };

  it('accepts only the frame origin from the frame window', () => {
    expect(acceptMessage({ origin: APPS_ORIGIN, source: frameWindow }, frame)).toEqual({ accepted: true });
    expect(acceptMessage({ origin: 'https://evil.example', source: frameWindow }, frame)).toEqual({
      accepted: false,
      reason: 'origin',
    });
    expect(acceptMessage({ origin: APPS_ORIGIN, source: { id: 'another tab' } }, frame)).toEqual({
      accepted: false,
      reason: 'source',
    });
    expect(acceptMessage({ origin: APPS_ORIGIN, source: null }, frame)).toEqual({ accepted: false, reason: 'source' });
  });

  it('never accepts an opaque origin or a frame without an origin', () => {
    expect(acceptMessage({ origin: 'null', source: frameWindow }, { frameOrigin: 'null', frameWindow })).toEqual({
      accepted: false,
      reason: 'origin',
    });
    expect(acceptMessage({ origin: '', source: frameWindow }, { frameOrigin: null, frameWindow })).toEqual({
      accepted: false,
      reason: 'origin',
    });
  });

  it('takes the origin of the frame source address', () => {
    expect(frameOriginOf(`${OSS_BASE}login?guid=EPEE11000015`)).toBe(APPS_ORIGIN);
    expect(frameOriginOf('/apps/oss/login', 'https://portal.example/ui/oss-wrapper')).toBe('https://portal.example');
    expect(frameOriginOf('about:blank')).toBeNull();
    expect(frameOriginOf('not a url')).toBeNull();
  });

  it('turns foreign and unknown messages into rejections', () => {
    const ready = { scope: CHANNEL_SCOPE, method: 'ready' };
    expect(frameMessageToEvent({ origin: APPS_ORIGIN, source: frameWindow, data: ready }, frame)).toEqual({
      type: 'channel.ready',
    });
    expect(frameMessageToEvent({ origin: 'https://evil.example', source: frameWindow, data: ready }, frame)).toEqual({
      type: 'channel.rejected',
      origin: 'https://evil.example',
      reason: 'origin',
    });
    expect(frameMessageToEvent({ origin: APPS_ORIGIN, source: frameWindow, data: { method: 'ready' } }, frame)).toEqual(
      { type: 'channel.rejected', origin: APPS_ORIGIN, reason: 'format' },
    );
  });
});

describe('message formats', () => {
  it('reads the channel messages', () => {
    expect(parseFrameMessage({ scope: CHANNEL_SCOPE, id: 'ping-3', result: 'pong' })).toEqual({
      type: 'channel.pong',
      id: 'ping-3',
    });
    expect(parseFrameMessage({ scope: CHANNEL_SCOPE, id: 'call-c1', result: { id: 42 } })).toEqual({
      type: 'channel.answer',
      id: 'c1',
      result: { id: 42 },
    });
    expect(parseFrameMessage({ scope: CHANNEL_SCOPE, id: 'call-c1', error: 'forbidden' })).toEqual({
      type: 'channel.failure',
      id: 'c1',
      error: 'forbidden',
      message: null,
    });
    expect(parseFrameMessage({ scope: CHANNEL_SCOPE, id: 5, method: 'ping' })).toEqual({
      type: 'channel.called',
      id: 5,
      method: 'ping',
      params: undefined,
    });
    expect(
      parseFrameMessage({ scope: CHANNEL_SCOPE, method: 'ossChangeUrlHash', params: { changeHash: '/shipments/7' } }),
    ).toEqual({ type: 'channel.notification', method: 'ossChangeUrlHash', params: { changeHash: '/shipments/7' } });
  });

  it('reads scroll|pixels, scroll-to-view|pixels and the invented height|pixels', () => {
    expect(parseFrameMessage('scroll|120')).toEqual({ type: 'channel.scroll', pixels: 120 });
    expect(parseFrameMessage('scroll-to-view|640')).toEqual({ type: 'channel.scrollToView', pixels: 640 });
    expect(parseFrameMessage('height|1780')).toEqual({ type: 'channel.height', pixels: 1780 });
    expect(parseFrameMessage('height|-5')).toBeNull();
    expect(parseFrameMessage('scroll|')).toBeNull();
    expect(parseFrameMessage('scroll|12px')).toBeNull();
  });

  it('ignores other scopes, a ping answered with something else than pong, and unknown ids', () => {
    expect(parseFrameMessage({ scope: 'Other', method: 'ready' })).toBeNull();
    expect(parseFrameMessage({ scope: CHANNEL_SCOPE, id: 'ping-3', result: 'hello' })).toBeNull();
    expect(parseFrameMessage({ scope: CHANNEL_SCOPE, id: 'ping-3', error: 'busy' })).toBeNull();
    expect(parseFrameMessage({ scope: CHANNEL_SCOPE, id: 'x-1', result: 1 })).toBeNull();
    expect(parseFrameMessage(null)).toBeNull();
    expect(parseFrameMessage(42)).toBeNull();
  });
});

describe('frame URL (spec 1 §7)', () => {
  const base = { guid: 'EPEE11000015', isPerson: false, language: 'et', timestamp: 1_700_000_000_000 };

  it('the order system: its base address plus login, with the query', () => {
    expect(frameUrl({ ...base, application: 'OSS', baseUrl: OSS_BASE })).toBe(
      `${OSS_BASE}login?guid=EPEE11000015&lang=et&timestamp=1700000000000`,
    );
    expect(frameUrl({ ...base, application: 'OSS', baseUrl: `${APPS_ORIGIN}/oss` })).toBe(
      `${APPS_ORIGIN}/oss/login?guid=EPEE11000015&lang=et&timestamp=1700000000000`,
    );
    expect(frameUrl({ ...base, application: 'OSS', baseUrl: `${APPS_ORIGIN}/oss/?tenant=ee` })).toBe(
      `${APPS_ORIGIN}/oss/login?tenant=ee&guid=EPEE11000015&lang=et&timestamp=1700000000000`,
    );
  });

  it('other applications: the base address with guid, isPerson=1 for a person, lang, menuPath, timestamp', () => {
    expect(
      frameUrl({
        ...base,
        application: 'PERIODICALS',
        baseUrl: PERIODICALS_BASE,
        guid: 'EE48709050218',
        isPerson: true,
        language: 'EST',
        menuPath: 'subscriptions/new',
      }),
    ).toBe(
      `${PERIODICALS_BASE}?guid=EE48709050218&isPerson=1&lang=et&menuPath=subscriptions%2Fnew&timestamp=1700000000000`,
    );
  });

  it('takes the base address from the context', () => {
    expect(applicationBaseUrl(mariAtMaasikas(), 'OSS')).toBe(OSS_BASE);
    expect(applicationBaseUrl({ applications: [], externalApps: externalAppsOf(['OSS']).externalApps }, 'oss')).toBe(
      OSS_BASE,
    );
    expect(applicationBaseUrl(mariAtMaasikas({ applications: [], externalApps: [] }), 'OSS')).toBeNull();
  });

  it('acts for the represented party, or for a NO_REPRESENTEE person themself', () => {
    expect(frameIdentity(mariAtMaasikas())).toEqual({ guid: 'EPEE11000015', isPerson: false });
    expect(frameIdentity(annaContext())).toEqual({ guid: 'EE49506205717', isPerson: true });
    expect(frameIdentity(mariWithNobody())).toBeNull();
  });
});

describe('OSS hash sync (spec 1 §4)', () => {
  it('the frame hash becomes the portal hash; the login hash is the root', () => {
    expect(portalHashFromOss({ changeHash: '/shipments/42' })).toBe('#/shipments/42');
    expect(portalHashFromOss({ changeHash: '#/shipments/42' })).toBe('#/shipments/42');
    expect(portalHashFromOss({ changeHash: '/login' })).toBe('');
    expect(portalHashFromOss({ changeHash: '#login?guid=EPEE11000015' })).toBe('');
    expect(portalHashFromOss({ changeHash: '' })).toBe('');
    expect(portalHashFromOss({ hash: '/x' })).toBeNull();
    expect(portalHashFromOss('/x')).toBeNull();
  });

  it('ossUpdateInitialData: customer, two upper-case letters, domain, the hash without #', () => {
    expect(
      ossUpdateInitialData({ customerId: 'EPEE11000015', language: 'et', domain: 'ee', portalHash: '#/shipments/42' }),
    ).toEqual({ customerId: 'EPEE11000015', language: 'ET', domain: 'EE', urlHash: '/shipments/42' });
    expect(
      ossUpdateInitialData({ customerId: 'LVLV40003012345', language: 'LAV', domain: 'LV', portalHash: '' }),
    ).toEqual({ customerId: 'LVLV40003012345', language: 'LV', domain: 'LV', urlHash: '' });
    expect(ossUpdateInitialData({ customerId: 'x', language: 'en', domain: 'EE', portalHash: '#/login' }).urlHash).toBe(
      '',
    );
  });
});

describe('service resolution (spec 1 §2, §4)', () => {
  it('/logistics, /logistics/resolve and /business/ee/en/OSS land in the OSS wrapper for a business', () => {
    for (const route of [
      { route: 'logistics' as const },
      { route: 'logistics-resolve' as const },
      { route: 'business' as const, domain: 'ee', language: 'en', service: 'OSS' },
      { route: 'business' as const, domain: 'ee', language: 'en', service: 'logistics' },
    ]) {
      expect(resolveService({ ctx: mariAtMaasikas(), service: serviceOfRoute(route), domain: 'EE' })).toEqual({
        kind: 'wrapper',
        application: 'OSS',
        wrapper: 'oss-wrapper',
        path: '/oss-wrapper',
      });
    }
  });

  it('other services go to the generic external page', () => {
    const route = { route: 'business' as const, domain: 'ee', language: 'en', service: 'PERIODICS' };
    expect(resolveService({ ctx: mariAtMaasikas(), service: serviceOfRoute(route), domain: 'EE' })).toEqual({
      kind: 'wrapper',
      application: 'PERIODICALS',
      wrapper: 'external-service',
      path: '/external/PERIODICALS',
    });
  });

  it('a private person opening LOGISTICS goes to the package-private URL of the current domain', () => {
    const urls = { EE: '/apps/parcels/ee/et/private', LV: '/apps/parcels/lv/lv/private' };
    expect(
      resolveService({ ctx: annaContext(), service: 'LOGISTICS', domain: 'EE', packagePrivateUrls: urls }),
    ).toEqual({ kind: 'packagePrivate', url: '/apps/parcels/ee/et/private' });
    expect(
      resolveService({ ctx: annaContext(), service: 'LOGISTICS', domain: 'LV', packagePrivateUrls: urls }),
    ).toEqual({ kind: 'packagePrivate', url: '/apps/parcels/lv/lv/private' });
    expect(
      resolveService({ ctx: annaContext(), service: 'LOGISTICS', domain: 'LT', packagePrivateUrls: urls }),
    ).toEqual({ kind: 'packagePrivate', url: null });
  });

  it('without an application for the service: no application', () => {
    expect(
      resolveService({ ctx: mariAtMaasikas(externalAppsOf(['OSS'])), service: 'PERIODICS', domain: 'EE' }),
    ).toEqual({ kind: 'noApplication', service: 'PERIODICS' });
  });

  it('logistics with several applications prefers OSS', () => {
    const ctx = mariAtMaasikas({
      applications: [
        { name: 'PARCELS', customParameters: { service: 'LOGISTICS', baseUrl: '/apps/parcels/' } },
        ...externalAppsOf(['OSS']).applications,
      ],
    });
    expect(applicationsForService(ctx, 'LOGISTICS')).toEqual(['PARCELS', 'OSS']);
    expect(applicationForUser(ctx, 'LOGISTICS')).toBe('OSS');
    const parcelsOnly = mariAtMaasikas({
      applications: [{ name: 'PARCELS', customParameters: { service: 'LOGISTICS' } }],
      externalApps: [],
    });
    expect(resolveService({ ctx: parcelsOnly, service: 'LOGISTICS', domain: 'EE' })).toEqual({
      kind: 'wrapper',
      application: 'PARCELS',
      wrapper: 'external-service',
      path: '/external/PARCELS',
    });
  });

  it('the wrong wrapper redirects to the right one', () => {
    const ctx = mariAtMaasikas();
    expect(wrapperRedirect(ctx, { service: 'OSS', wrapper: 'external-service' })).toBe('/oss-wrapper');
    expect(wrapperRedirect(ctx, { service: 'LOGISTICS', wrapper: 'external-service' })).toBe('/oss-wrapper');
    expect(wrapperRedirect(ctx, { service: 'OSS', wrapper: 'oss-wrapper' })).toBeNull();
    expect(wrapperRedirect(ctx, { service: 'PERIODICS', wrapper: 'external-service' })).toBeNull();
    expect(wrapperRedirect(ctx, { service: 'PERIODICALS', wrapper: 'oss-wrapper' })).toBe('/external/PERIODICALS');
  });
});

describe('roles (spec 1 §3, §6)', () => {
  it('companies by country: EE → EP, LV → LV, LT → UB', () => {
    expect(companyOfParty({ gid: 'EPEE11000015', isPerson: false })).toBe('EP');
    expect(companyOfParty(BERZI)).toBe('LV');
    expect(companyOfParty({ gid: 'UBLT110053842', isPerson: false })).toBe('UB');
    expect(companyOfParty({ gid: 'LT38507160454', isPerson: true })).toBe('UB');
  });

  it('role names by language with the en, et fallback', () => {
    const principal = mariAtMaasikas().epitPrincipal;
    expect(roleNameFor({ principal, application: 'OSS', rolesAndPackets: ossRoles, language: 'et' })).toBe(
      'Saadetiste administraator',
    );
    // no Russian name in the fixture: English
    expect(roleNameFor({ principal, application: 'OSS', rolesAndPackets: ossRoles, language: 'ru' })).toBe(
      'Shipment administrator',
    );
    expect(localizedName({ et: 'Haldur' }, 'lv')).toBe('Haldur');
    expect(localizedName({}, 'lv')).toBeNull();
  });

  it('role names by company, falling back to EP', () => {
    const liga = ligaAtBerzi().epitPrincipal;
    expect(roleNameFor({ principal: liga, application: 'OSS', rolesAndPackets: ossRoles, language: 'lv' })).toBe(
      'Sūtījumu administrators',
    );
    const courier = {
      ...liga!,
      representationRightsCache: {
        ...liga!.representationRightsCache,
        [BERZI.gid]: {
          ...liga!.representationRightsCache[BERZI.gid],
          userRoleList: [{ application: 'OSS', roleId: 104, begin: null, end: null, notActive: false }],
        },
      },
    };
    // role 104 exists for EP only
    expect(roleNameFor({ principal: courier, application: 'OSS', rolesAndPackets: ossRoles, language: 'en' })).toBe(
      'Courier orderer',
    );
  });

  it('a person represented has no role id, so no role name', () => {
    const anna = annaContext().epitPrincipal!;
    const asHerself = {
      ...anna,
      represented: { gid: anna.representative.id, name: 'Anna', isPerson: true, details: null },
    };
    expect(
      roleNameFor({ principal: asHerself, application: 'OSS', rolesAndPackets: ossRoles, language: 'en' }),
    ).toBeNull();
  });

  describe('supported applications (spec 1 §4)', () => {
    const lvOnly: RolesAndPackets = {
      application: 'PERIODICALS',
      packets: [
        {
          packet: 2,
          categories: [
            {
              category: 'PUBLISHING',
              roles: [{ ...periodicalsRoles.packets[0].categories[0].roles[0], epCompanyId: 'LV' }],
            },
          ],
        },
      ],
    };

    it('OSS is hidden for the profile code OLD (also the default)', () => {
      const oss = (profileCode: string | null) =>
        isApplicationSupported('OSS', { profileCode, company: 'EP', rolesAndPackets: ossRoles });
      expect(oss('NEW')).toBe(true);
      expect(oss('OLD')).toBe(false);
      expect(oss(null)).toBe(false);
      expect(
        isApplicationSupported('PERIODICALS', { profileCode: 'OLD', company: 'EP', rolesAndPackets: periodicalsRoles }),
      ).toBe(true);
    });

    it('no role-map entries: offered; else a role for the company, or EP when the company has no entry', () => {
      const support = (rolesAndPackets: RolesAndPackets | null, company: string) =>
        isApplicationSupported('PERIODICALS', { profileCode: 'NEW', company, rolesAndPackets });
      expect(support(null, 'UB')).toBe(true);
      expect(support(emptyRoles('PERIODICALS'), 'UB')).toBe(true);
      expect(support(periodicalsRoles, 'EP')).toBe(true);
      expect(support(periodicalsRoles, 'LV')).toBe(true); // no LV entry: EP has roles
      expect(support(lvOnly, 'LV')).toBe(true);
      expect(support(lvOnly, 'EP')).toBe(false); // no EP entry, and EP is the default
      expect(support(lvOnly, 'UB')).toBe(false);
      expect(isApplicationSupported('FINANCE', { profileCode: 'NEW', company: 'EP', rolesAndPackets: null })).toBe(
        false,
      );
    });
  });
});

describe('representee check (spec 1 §4, §5, §6)', () => {
  const check = (ctx = mariAtMaasikas(), application = 'OSS', profileCode: string | null = 'NEW') =>
    checkRepresentee({ ctx, application, today: TODAY, profileCode, rolesAndPackets: ossRoles });

  it('valid: a running role for the application', () => {
    expect(check()).toEqual({ valid: true, guid: 'EPEE11000015', isPerson: false });
    expect(check(mariAtPoldmari())).toEqual({ valid: true, guid: 'EPEE11000026', isPerson: false });
  });

  it('nobody chosen: select.represented; an ended role or OSS for OLD: illegal.represented', () => {
    expect(check(mariWithNobody())).toEqual({ valid: false, messageKey: 'select.represented' });
    expect(check(mariAtVanaKaup())).toEqual({ valid: false, messageKey: 'illegal.represented' });
    expect(check(mariAtMaasikas(), 'OSS', 'OLD')).toEqual({ valid: false, messageKey: 'illegal.represented' });
    expect(check(mariAtPoldmari(), 'PERIODICALS')).toEqual({ valid: false, messageKey: 'illegal.represented' });
  });

  it('NO_REPRESENTEE: OSS only, as themself', () => {
    expect(check(annaContext())).toEqual({ valid: true, guid: 'EE49506205717', isPerson: true });
    expect(check(annaContext(), 'PERIODICALS')).toEqual({ valid: false, messageKey: 'illegal.represented' });
  });

  it('FINANCE: a represented business whose right holds it today; its package is checked by the finance status', () => {
    // liga is SIA Bērzi's main administrator: she holds invoicing management by her role
    expect(check(ligaAtBerzi(), 'FINANCE')).toEqual({ valid: true, guid: BERZI.gid, isPerson: false });
    expect(check(mariWithNobody(), 'FINANCE')).toEqual({ valid: false, messageKey: 'select.represented' });
    // mari holds only a shipment-registration role in Põldmari AS: no invoices (spec 2 §8, finance has its own rights)
    expect(check(mariAtPoldmari(), 'FINANCE')).toEqual({ valid: false, messageKey: 'illegal.represented' });
    const poldmari = mariAtPoldmari();
    const right = poldmari.epitPrincipal!.representationRightsCache.EPEE11000026;
    const withRole = (role: { end: string | null; notActive: boolean }) => ({
      ...poldmari,
      epitPrincipal: {
        ...poldmari.epitPrincipal!,
        representationRightsCache: {
          ...poldmari.epitPrincipal!.representationRightsCache,
          EPEE11000026: {
            ...right,
            userRoleList: [...right.userRoleList, { application: 'FINANCE', roleId: 121, begin: null, ...role }],
          },
        },
      },
    });
    expect(check(withRole({ end: null, notActive: false }), 'FINANCE')).toMatchObject({ valid: true });
    // an ended or inactive FINANCE role is none
    expect(check(withRole({ end: '01.01.2020', notActive: false }), 'FINANCE')).toMatchObject({ valid: false });
    expect(check(withRole({ end: null, notActive: true }), 'FINANCE')).toMatchObject({ valid: false });
    // a private person has no invoicing management
    expect(check(annaContext(), 'FINANCE')).toMatchObject({ valid: false });
  });

  it('the header: title, represented name and code', () => {
    expect(externalHeader(mariAtMaasikas(), 'OSS')).toEqual({
      titleKey: 'app.name.LOGISTICS',
      representedName: 'Maasikas OÜ',
      code: '11000015',
      codeKind: 'regCode',
    });
    const anna = annaContext();
    const asHerself = {
      ...anna,
      epitPrincipal: {
        ...anna.epitPrincipal!,
        represented: { gid: 'EE49506205717', name: 'Anna Ivanova', isPerson: true, details: null },
      },
    };
    expect(externalHeader(asHerself, 'FINANCE')).toEqual({
      titleKey: 'app.name.FINANCE',
      representedName: 'Anna Ivanova',
      code: '49506205717',
      codeKind: 'personalCode',
    });
  });
});

describe('finance recovery (spec 1 §4)', () => {
  it('PACKET_NOT_FOUND and CUSTOMER_NOT_FOUND: no package; other statuses: unavailable', () => {
    expect(financeOutcome(null)).toBe('available');
    expect(financeOutcome('OK')).toBe('available');
    expect(financeOutcome('PACKET_NOT_FOUND')).toBe('noPackage');
    expect(financeOutcome('customer_not_found')).toBe('noPackage');
    expect(financeOutcome('UNAVAILABLE')).toBe('unavailable');
    expect(financeUnavailablePath('auto')).toBe('/finance/error/unavailable?refresh=auto');
  });
});

describe('the representee panel offers (spec 1 §4 External application flow)', () => {
  const today = new Date('2026-11-23T10:00:00Z');
  const offered = (ctx: ReturnType<typeof mariAtMaasikas>, application: string) =>
    panelRepresentees(ctx.epitPrincipal, application, { today, locale: 'et' }).map((r) => r.name);

  it('the other parties with a valid role in the application; an ended role is not offered', () => {
    expect(offered(mariAtMaasikas(), 'OSS')).toEqual(['Põldmari AS']);
    expect(offered(mariAtPoldmari(), 'PERIODICALS')).toEqual(['Maasikas OÜ']);
  });

  it('an application without roles in the rights offers every other party, by name', () => {
    expect(offered(mariAtMaasikas(), 'FINANCE')).toEqual(['Mari Maasikas', 'Põldmari AS', 'Vana Kaup OÜ']);
  });
});
