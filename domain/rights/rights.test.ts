import { describe, expect, it } from 'vitest';
import type { EpitPrincipal } from '../contract';
import { pageOf } from '../paging';
import { MARI_ID, mariAsMaasikas, mariPrincipal, right, role, userContext } from '../../tests/support/fixtures/shell';
import {
  addContractLink,
  buildServiceUrl,
  businessSettingsLink,
  choiceRequiredByContext,
  choiceRows,
  choiceView,
  codeOfRight,
  countryOfRepresentedGid,
  countryOfRight,
  dashboardShortcuts,
  dayNumber,
  filterChoiceRows,
  inAppPath,
  isAxaptaDead,
  isMainAdmin,
  isMainAdminOfRepresented,
  isRoleEnded,
  isRoleValid,
  isShortcutShown,
  isUsableInApplication,
  needsRepresentedChoice,
  preferenceTarget,
  preferredRepresentedToApply,
  rootRedirect,
  shortcutUrl,
  showAdminSearch,
  showChoiceSearch,
} from '.';
import { filterRepresenteeGroups, groupRepresentees, representedSummary, visibleRepresentees } from './representees';
import { panelLinks, panelRepresenteeMode } from './side-panel';

// 15.06.2025, late in the evening (local time): the end day must still count
const today = new Date(2025, 5, 15, 23, 59, 59);

describe('role validity (spec 1 §4)', () => {
  it('parses DD.MM.YYYY', () => {
    expect(dayNumber('05.09.2025')).toBe(20250905);
    expect(dayNumber('2025-09-05')).toBe(20250905);
    expect(dayNumber('garbage')).toBeNull();
    expect(dayNumber(null)).toBeNull();
  });
  it('is valid with no dates, and through the end of the end day', () => {
    expect(isRoleValid(role('OSS', { begin: null, end: null }), today)).toBe(true);
    expect(isRoleValid(role('OSS', { end: '15.06.2025' }), today)).toBe(true);
    expect(isRoleValid(role('OSS', { end: '14.06.2025' }), today)).toBe(false);
  });
  it('is not valid when notActive or when it begins in the future', () => {
    expect(isRoleValid(role('OSS', { notActive: true }), today)).toBe(false);
    expect(isRoleValid(role('OSS', { begin: '16.06.2025' }), today)).toBe(false);
    expect(isRoleValid(role('OSS', { begin: '15.06.2025' }), today)).toBe(true);
  });
  it('compares across months and years, not as text', () => {
    expect(isRoleEnded(role('OSS', { end: '01.07.2024' }), today)).toBe(true);
    expect(isRoleEnded(role('OSS', { end: '02.01.2026' }), today)).toBe(false);
  });
});

describe('main admin (spec 1 §5, §6)', () => {
  it('holds an AXAPTA role that is not notActive', () => {
    expect(isMainAdmin(right('EPEE1', 'X', false, [role('AXAPTA')]), today)).toBe(true);
    expect(isMainAdmin(right('EPEE1', 'X', false, [role('AXAPTA', { notActive: true })]), today)).toBe(false);
    expect(isMainAdmin(right('EPEE1', 'X', false, [role('OSS')]), today)).toBe(false);
    expect(isMainAdmin(undefined, today)).toBe(false);
  });
  it('an ended AXAPTA role (rights removed: end set to yesterday) no longer counts', () => {
    expect(isMainAdmin(right('EPEE1', 'X', false, [role('AXAPTA', { end: '14.06.2025' })]), today)).toBe(false);
  });
  it('of the represented party', () => {
    expect(isMainAdminOfRepresented(mariAsMaasikas().epitPrincipal, today)).toBe(true);
    expect(isMainAdminOfRepresented(mariPrincipal(), today)).toBe(false);
    const poldmari = mariPrincipal({
      represented: { gid: 'EPEE11000026', name: 'Põldmari AS', isPerson: false, details: null },
    });
    expect(isMainAdminOfRepresented(poldmari, today)).toBe(false);
  });
});

describe('usable in an application (spec 1 §5)', () => {
  it('needs a valid role for that service', () => {
    const ctx = mariAsMaasikas();
    expect(isUsableInApplication(ctx, 'LOGISTICS', today)).toBe(true);
    expect(isUsableInApplication(ctx, 'OSS', today)).toBe(true);
    expect(isUsableInApplication(ctx, 'PERIODICS', today)).toBe(true);
    expect(isUsableInApplication(ctx, 'FINANCE', today)).toBe(false);
    const vana = userContext(
      {},
      { represented: { gid: 'EPEE11000032', name: 'Vana Kaup OÜ', isPerson: false, details: null } },
    );
    expect(isUsableInApplication(vana, 'LOGISTICS', today)).toBe(false);
    expect(isUsableInApplication(userContext(), 'LOGISTICS', today)).toBe(false);
  });
  it('NO_REPRESENTEE users may use only LOGISTICS', () => {
    const anna = userContext({ privileges: ['SHOW_MY_SETTINGS', 'NO_REPRESENTEE'] });
    expect(isUsableInApplication(anna, 'LOGISTICS', today)).toBe(true);
    expect(isUsableInApplication(anna, 'PERIODICS', today)).toBe(false);
    expect(isUsableInApplication({ ...mariAsMaasikas(), privileges: ['NO_REPRESENTEE'] }, 'PERIODICS', today)).toBe(
      false,
    );
  });
});

describe('AXAPTA dead', () => {
  it('derives from deadApplications', () => {
    expect(isAxaptaDead(userContext({ deadApplications: ['AXAPTA'] }))).toBe(true);
    expect(isAxaptaDead(userContext({ deadApplications: ['OSS'] }))).toBe(false);
    expect(isAxaptaDead(null)).toBe(false);
  });
});

describe('choice list rows (spec 1 §2)', () => {
  it('derives code, country and type', () => {
    expect(codeOfRight({ gid: 'EE48709050218', isPerson: true })).toBe('48709050218');
    expect(codeOfRight({ gid: 'EPEE11000015', isPerson: false })).toBe('11000015');
    expect(countryOfRight({ gid: 'LV15058912347', isPerson: true })).toBe('LV');
    expect(countryOfRepresentedGid('UBLT110053842')).toBe('LT');
    expect(countryOfRepresentedGid('LVLV40003012345')).toBe('LV');
    expect(countryOfRepresentedGid('EPEE11000015')).toBe('EE');
    expect(countryOfRepresentedGid('XX1')).toBe('EE');
    const rows = choiceRows(mariPrincipal());
    expect(rows.filter((r) => r.type === 'A').map((r) => r.gid)).toEqual([MARI_ID]);
  });
  it('sorts the own entry first, then by name, locale-aware', () => {
    const p = mariPrincipal({
      representationRightsCache: {
        b: right('EPEEb', 'Žiedas', false),
        a: right('EPEEa', 'Ąžuolas', false),
        c: right('EPEEc', 'Zeta', false),
        own: right(MARI_ID, 'Mari Maasikas', true),
      },
    });
    expect(choiceRows(p, 'lt').map((r) => r.name)).toEqual(['Mari Maasikas', 'Ąžuolas', 'Zeta', 'Žiedas']);
  });
  it('filters case-insensitively on name or gid', () => {
    const rows = choiceRows(mariPrincipal());
    expect(filterChoiceRows(rows, 'PÕLD').map((r) => r.gid)).toEqual(['EPEE11000026']);
    expect(filterChoiceRows(rows, 'epee11000032').map((r) => r.name)).toEqual(['Vana Kaup OÜ']);
    expect(filterChoiceRows(rows, '  ')).toHaveLength(4);
  });
  it('pages at 10 and shows the search box only above 10', () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(items, 1, 10).items).toHaveLength(10);
    expect(pageOf(items, 3, 10)).toMatchObject({ items: [20, 21, 22], pageCount: 3, page: 3, total: 23 });
    expect(pageOf(items, 9, 10).page).toBe(3);
    expect(pageOf(items, 0, 10).page).toBe(1);
    expect(pageOf([], 3, 10)).toMatchObject({ page: 1, pageCount: 1, items: [] });
    expect(showChoiceSearch(10)).toBe(false);
    expect(showChoiceSearch(11)).toBe(true);
    expect(choiceView(mariPrincipal(), '', 1).showSearch).toBe(false);
  });
});

describe('header dropdown (spec 1 §2, §4 representee visibility)', () => {
  const p = mariPrincipal({
    represented: { gid: 'EPEE11000026', name: 'Põldmari AS', isPerson: false, details: null },
    representationRightsCache: {
      ...mariPrincipal().representationRightsCache,
      EPEE11000099: right('EPEE11000099', null, false, [role('OSS')]),
      EPEE11000098: right('EPEE11000098', 'Passiivne OÜ', false, [role('OSS', { notActive: true })]),
      EPEE11000097: right('EPEE11000097', 'Tulevik OÜ', false, [role('OSS', { begin: '01.01.2030' })]),
    },
  });
  const gids = (rs: { gid: string }[]) => rs.map((r) => r.gid).sort();
  it('never shows rights without a name; without an application every named right', () => {
    expect(gids(visibleRepresentees(p, {}, today))).toEqual([
      'EE48709050218',
      'EPEE11000015',
      'EPEE11000026',
      'EPEE11000032',
      'EPEE11000097',
      'EPEE11000098',
    ]);
  });
  it('with an application: only roles neither inactive nor ended; no role → only the represented party', () => {
    expect(gids(visibleRepresentees(p, { application: 'OSS' }, today))).toEqual([
      'EPEE11000015',
      'EPEE11000026',
      'EPEE11000097',
    ]);
    // nobody has a FINANCE role: only the currently represented party stays
    expect(gids(visibleRepresentees(p, { application: 'FINANCE' }, today))).toEqual(['EPEE11000026']);
    expect(gids(visibleRepresentees(p, { application: 'PERIODICS' }, today))).toEqual(['EPEE11000015', 'EPEE11000026']);
  });
  it("the 'all' flag shows all named rights", () => {
    expect(visibleRepresentees(p, { application: 'OSS', all: true }, today)).toHaveLength(6);
  });
  it('groups private first, then business with country', () => {
    const g = groupRepresentees([
      right('LVLV40003012345', 'SIA Bērzi', false),
      right(MARI_ID, 'Mari Maasikas', true),
      right('EPEE11000015', 'Maasikas OÜ', false),
    ]);
    expect(g.private.map((o) => o.name)).toEqual(['Mari Maasikas']);
    expect(g.business.map((o) => [o.name, o.country])).toEqual([
      ['Maasikas OÜ', 'EE'],
      ['SIA Bērzi', 'LV'],
    ]);
    expect(filterRepresenteeGroups(g, 'bĒr').business.map((o) => o.name)).toEqual(['SIA Bērzi']);
  });
  it('summarises customer type and credit', () => {
    expect(representedSummary(null)).toBeNull();
    expect(representedSummary({ gid: 'EPEE1', name: 'X', isPerson: false, details: null })).toEqual({
      customerType: 'BUSINESS',
      credit: null,
    });
    expect(representedSummary({ gid: 'EE1', name: 'Y', isPerson: true, details: null })?.customerType).toBe('PRIVATE');
  });
});

describe('panel (spec 1 §2 mobile / user menu panel, §6)', () => {
  it('shows representees as links below 10 and a select at 10 or more', () => {
    expect(panelRepresenteeMode(9)).toBe('links');
    expect(panelRepresenteeMode(10)).toBe('select');
  });
  it('links for an ordinary main admin on EE', () => {
    const ctx = mariAsMaasikas();
    ctx.epitPrincipal!.represented!.details = {
      regCode: '11000015',
      phone: null,
      address: null,
      credit: true,
      clientManagerName: 'Kalle Kliendihaldur',
      clientManagerPhone: '+3726616616',
      clientManagerEmail: 'k@x',
    };
    expect(panelLinks(ctx, 'EE', today)).toEqual({
      dashboard: true,
      userSettings: true,
      businessSettings: true,
      representees: true,
      rolesOverview: true,
      addCustomer: 'contract',
      searchCustomer: false,
      clientManager: true,
    });
  });
  it('add-customer only on EE, labelled by ADD_ANY_CUSTOMER; search with EDIT_ANY_*', () => {
    const kristi = userContext(
      {
        privileges: ['SHOW_REPRESENTEES', 'SHOW_MY_SETTINGS', 'EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER', 'ADD_ANY_CUSTOMER'],
      },
      { authChannel: 'IN_AD' },
    );
    expect(panelLinks(kristi, 'EE', today)).toMatchObject({
      addCustomer: 'any',
      searchCustomer: true,
      businessSettings: false,
    });
    expect(panelLinks(kristi, 'LV', today).addCustomer).toBeNull();
    const peeter = userContext({ privileges: ['SHOW_MY_SETTINGS'] }, { authChannel: 'IN_AD' });
    expect(panelLinks(peeter, 'EE', today)).toMatchObject({
      addCustomer: null,
      searchCustomer: false,
      representees: false,
      rolesOverview: false,
    });
    expect(showAdminSearch(kristi)).toBe(true);
    expect(showAdminSearch(peeter)).toBe(false);
  });
});

describe('dashboard (spec 1 §2 user dashboard)', () => {
  it('business settings: edit tab on EE, rights tab otherwise; main admin only', () => {
    expect(businessSettingsLink(mariAsMaasikas().epitPrincipal, today)).toEqual({
      component: 'represented-settings-edit',
      jgid: 'EPEE11000015',
    });
    const liga = mariPrincipal({
      represented: { gid: 'LVLV40003012345', name: 'SIA Bērzi', isPerson: false, details: null },
      representationRightsCache: {
        LVLV40003012345: right('LVLV40003012345', 'SIA Bērzi', false, [role('AXAPTA'), role('OSS')]),
      },
    });
    expect(businessSettingsLink(liga, today)).toEqual({
      component: 'represented-settings-rights',
      jgid: 'LVLV40003012345',
    });
    expect(businessSettingsLink(mariPrincipal(), today)).toBeNull();
  });
  it('add contract: modal on EE, offer form on LV and LT', () => {
    const offers = { LV: 'https://pasts.example/offer', LT: 'https://post.example.lt/offer' };
    expect(addContractLink('EE', offers)).toEqual({ kind: 'modal', component: 'customer-add' });
    expect(addContractLink('LT', offers)).toEqual({ kind: 'external', href: 'https://post.example.lt/offer' });
  });
  it('shortcuts: PERIODICS never, EE all others, LOGISTICS everywhere, FINANCE in LV and LT', () => {
    expect(isShortcutShown('PERIODICS', 'EE')).toBe(false);
    expect(isShortcutShown('PERIODICALS', 'EE')).toBe(false);
    expect(isShortcutShown('LOGISTICS', 'LT')).toBe(true);
    expect(isShortcutShown('FINANCE', 'LV')).toBe(true);
    expect(isShortcutShown('OTHER', 'EE')).toBe(true);
    expect(isShortcutShown('OTHER', 'LV')).toBe(false);
    const liga = mariAsMaasikas({
      externalApps: [
        { service: 'LOGISTICS', name: 'OSS', iconCode: 'logistics', customParameters: {} },
        { service: 'PERIODICS', name: 'P', iconCode: 'p', customParameters: {} },
      ],
    });
    const today = new Date(2026, 10, 23);
    // the main administrator holds invoicing management by her role: the fixed finance shortcut
    expect(dashboardShortcuts(liga, 'LV', today).map((s) => [s.service, !!s.fixed])).toEqual([
      ['LOGISTICS', false],
      ['FINANCE', true],
    ]);
    expect(dashboardShortcuts(mariAsMaasikas(), 'EE', today).map((s) => s.service)).toEqual(['LOGISTICS', 'FINANCE']);
    // finance is shown only where it opens (spec 1 §2): a private person (or nothing represented) has no shortcut
    expect(dashboardShortcuts(userContext(), 'EE', today)).toEqual([]);
    // a shipment-registration role in Põldmari AS is no invoicing management: neither its entry nor the fixed one
    const poldmari = userContext(
      {},
      { represented: { gid: 'EPEE11000026', name: 'Põldmari AS', isPerson: false, details: null } },
    );
    expect(dashboardShortcuts(poldmari, 'EE', today).map((s) => s.service)).toEqual(['LOGISTICS']);
    // a FINANCE role of her own there opens it: the context's entry is the finance shortcut
    const own = poldmari.epitPrincipal!.representationRightsCache.EPEE11000026;
    own.userRoleList.push({ application: 'FINANCE', roleId: 121, begin: null, end: null, notActive: false });
    expect(dashboardShortcuts(poldmari, 'EE', today).map((s) => [s.service, !!s.fixed])).toEqual([
      ['LOGISTICS', false],
      ['FINANCE', false],
    ]);
  });
  it('a private person opening LOGISTICS goes to the package-private URL', () => {
    const base = {
      apiUrl: '/api',
      domain: 'EE',
      language: 'et',
      application: 'LOGISTICS',
      packagePrivateUrls: { EE: 'https://pakk.example/ee' },
    };
    expect(shortcutUrl({ ...base, represented: { isPerson: true } })).toEqual({
      kind: 'packagePrivate',
      url: 'https://pakk.example/ee',
    });
    expect(shortcutUrl({ ...base, represented: { isPerson: false } })).toEqual({
      kind: 'service',
      url: '/ui/business/ee/et/LOGISTICS',
    });
  });
});

describe('service URL builder (spec 1 §7)', () => {
  it('replaces api by ui and picks private or business', () => {
    expect(
      buildServiceUrl({
        apiUrl: 'https://portal.example/api',
        represented: null,
        domain: 'LV',
        language: 'LV',
        application: 'FINANCE',
      }),
    ).toBe('https://portal.example/ui/private/lv/lv/FINANCE');
    expect(
      buildServiceUrl({
        apiUrl: '/api/',
        represented: { isPerson: false },
        domain: 'EE',
        language: 'et',
        application: 'LOGISTICS',
      }),
    ).toBe('/ui/business/ee/et/LOGISTICS');
  });
});

describe('preference and root redirect (spec 1 §4)', () => {
  const pref = (serviceUrl: string | null) => ({ representedId: 'EPEE11000049', serviceUrl });
  it('takes the path after /ui, or a full page redirect without a /ui/ segment', () => {
    expect(inAppPath('http://localhost:8080/ui/business/ee/et/LOGISTICS')).toBe('/business/ee/et/LOGISTICS');
    expect(inAppPath('https://elsewhere.example/x')).toBeNull();
    expect(preferenceTarget(pref('/ui/dashboard'), {})).toEqual({ kind: 'path', path: '/dashboard' });
    expect(preferenceTarget(pref('https://pakk.example/ee'), {})).toEqual({
      kind: 'redirect',
      url: 'https://pakk.example/ee',
    });
  });
  it('skips with an application parameter, no preference or NOPREFERENCE', () => {
    expect(preferenceTarget(pref('/ui/x'), { application: 'OSS' })).toBeNull();
    expect(preferenceTarget(null, {})).toBeNull();
    expect(preferenceTarget(pref(null), {})).toBeNull();
    expect(preferenceTarget(pref('NOPREFERENCE'), {})).toBeNull();
  });
  it('root: preference only on first load at the index without modalName/application; else the dashboard', () => {
    const base = {
      signedIn: true,
      preference: pref('/ui/business/ee/et/LOGISTICS'),
      params: {},
      firstLoad: true,
      atIndex: true,
    };
    expect(rootRedirect(base)).toEqual({ kind: 'path', path: '/business/ee/et/LOGISTICS' });
    expect(rootRedirect({ ...base, preference: pref('https://x.example/') })).toEqual({
      kind: 'redirect',
      url: 'https://x.example/',
    });
    expect(rootRedirect({ ...base, firstLoad: false })).toEqual({ kind: 'dashboard' });
    expect(rootRedirect({ ...base, atIndex: false })).toEqual({ kind: 'dashboard' });
    expect(rootRedirect({ ...base, params: { modalName: 'add-customer' } })).toEqual({ kind: 'dashboard' });
    expect(rootRedirect({ ...base, params: { application: 'OSS' } })).toEqual({ kind: 'dashboard' });
    expect(rootRedirect({ ...base, preference: null })).toEqual({ kind: 'dashboard' });
    expect(rootRedirect({ ...base, signedIn: false })).toBeNull();
  });
});

describe('the preferred represented party at the root redirect', () => {
  const withPref = (representedId: string, principal: Partial<EpitPrincipal> = {}) =>
    userContext({ preference: { representedId, serviceUrl: '/ui/business/ee/et/LOGISTICS' } }, principal);
  it('switches to a party with a role valid today, or to the own entry', () => {
    expect(preferredRepresentedToApply(withPref('EPEE11000015'), today)).toBe('EPEE11000015');
    expect(preferredRepresentedToApply(withPref(MARI_ID), today)).toBe(MARI_ID);
  });
  it('does not switch to an ended right, an unknown party, NOPREFERENCE or the current party', () => {
    expect(preferredRepresentedToApply(withPref('EPEE11000032'), today)).toBeNull();
    expect(preferredRepresentedToApply(withPref('EPEE99999999'), today)).toBeNull();
    expect(preferredRepresentedToApply(withPref('NOPREFERENCE'), today)).toBeNull();
    const current = withPref('EPEE11000015', { represented: mariAsMaasikas().epitPrincipal!.represented });
    expect(preferredRepresentedToApply(current, today)).toBeNull();
    expect(preferredRepresentedToApply(null, today)).toBeNull();
  });
});

describe('login state (spec 1 §4)', () => {
  it('offers the choice only with a principal, nothing represented, not IN_AD, no modalName, not NO_REPRESENTEE', () => {
    expect(needsRepresentedChoice(userContext())).toBe(true);
    expect(needsRepresentedChoice(userContext(), { modalName: 'add-customer' })).toBe(false);
    expect(choiceRequiredByContext(userContext())).toBe(true);
    expect(needsRepresentedChoice(mariAsMaasikas())).toBe(false);
    expect(needsRepresentedChoice(userContext({}, { authChannel: 'IN_AD' }))).toBe(false);
    expect(needsRepresentedChoice({ ...userContext(), epitPrincipal: null })).toBe(false);
    expect(needsRepresentedChoice(userContext({ privileges: ['NO_REPRESENTEE'] }))).toBe(false);
  });
});
