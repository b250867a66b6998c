import { describe, expect, it } from 'vitest';
import { decideNavigation, loginUrl, securityBase, type RouteFacts } from '../navigation/rules';
import {
  isHomePath,
  languageCookieValue,
  normaliseParam,
  resolveDomain,
  resolveLanguage,
  showsAuthError,
  signoutLocale,
} from './rules';

describe('session rules', () => {
  it('resolves language: param, cookie, eng', () => {
    expect(resolveLanguage('et', 'rus')).toBe('et');
    expect(resolveLanguage('LIT', null)).toBe('lt');
    expect(resolveLanguage(undefined, 'lav')).toBe('lv');
    expect(resolveLanguage('xx', 'yy')).toBe('en');
  });
  it('resolves domain: param, cookie, otherwise EE', () => {
    expect(resolveDomain('lv', 'LT')).toBe('LV');
    expect(resolveDomain(null, 'LT')).toBe('LT');
    expect(resolveDomain(null, 'FI')).toBe('EE');
    expect(resolveDomain(undefined, undefined)).toBe('EE');
  });
  it('formats cookie, wire and locale values', () => {
    expect(languageCookieValue('ru')).toBe('rus');
    expect(signoutLocale('et', 'EE')).toBe('et_EE');
  });
  it('normalises URL parameters to number, boolean or null (spec 1 §5)', () => {
    expect([
      normaliseParam('12'),
      normaliseParam('true'),
      normaliseParam('false'),
      normaliseParam(''),
      normaliseParam('null'),
      normaliseParam('abc'),
    ]).toEqual([12, true, false, null, null, 'abc']);
  });
});

describe('navigation rules', () => {
  it('builds the security URL with the target page', () => {
    expect(loginUrl('/api/security/login', '/ui/a?b=1')).toBe('/api/security/login?target=%2Fui%2Fa%3Fb%3D1');
    expect(loginUrl('https://sso.example/x?y=1', '/ui/')).toBe('https://sso.example/x?y=1&target=%2Fui%2F');
  });
  it('finds the security base of the sign-on address (single-signout is posted there)', () => {
    expect(securityBase('/api/security/login')).toBe('/api/security');
    expect(securityBase('https://sso.example/security/login?x=1')).toBe('https://sso.example/security');
    expect(securityBase('/security/login/')).toBe('/security');
  });
  it("decides by the route's declared access rule: authentication first, then the privileges", () => {
    const at = (route: RouteFacts, signedIn: boolean, privileges: string[] = []) =>
      decideNavigation({ routeId: '/x', route, target: '/ui/x', signedIn, privileges, securityUrl: '/s' }).kind;
    const publicPage: RouteFacts = { component: 'index', access: 'public' };
    const protectedPage: RouteFacts = { component: 'epit-dashboard', access: 'protected' };
    const search: RouteFacts = { component: 'customer-search', access: 'protected', privileges: ['EDIT_ANY_USER'] };
    const external: RouteFacts = { component: 'external-service', access: 'external' };
    expect([at(publicPage, false), at(protectedPage, false), at(search, false), at(external, false)]).toEqual([
      'allow',
      'login',
      'login',
      'login',
    ]);
    expect([
      at(protectedPage, true),
      at(search, true),
      at(search, true, ['EDIT_ANY_USER']),
      at(external, true),
    ]).toEqual(['allow', 'denied', 'allow', 'allow']);
  });
});

describe('error.auth only away from home (spec 1 §8)', () => {
  it('treats the index and the dashboard (with or without a modal) as home', () => {
    for (const p of [
      '/ui',
      '/ui/',
      '/ui/dashboard',
      '/ui/dashboard/',
      '/ui/dashboard/EE/en/add-customer',
      '/ui/home/show/EE/et/add-customer',
    ])
      expect([p, isHomePath(p, '/ui'), showsAuthError(p, '/ui')]).toEqual([p, true, false]);
  });
  it('shows it on every other page, and outside the base path', () => {
    for (const p of [
      '/ui/customer-search',
      '/ui/user-settings/edit/',
      '/ui/dashboard/EE/en',
      '/ui/external/OSS',
      '/uix',
      '/other/dashboard',
    ])
      expect([p, isHomePath(p, '/ui'), showsAuthError(p, '/ui')]).toEqual([p, false, true]);
    expect(isHomePath('/dashboard', '')).toBe(true);
    expect(isHomePath('/dashboard', '/')).toBe(true);
  });
});
