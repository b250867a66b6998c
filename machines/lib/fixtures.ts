/**
 * Realistic user contexts for machine tests and model specs (shaped like the demo people of
 * server/db/seed/portal-demo.json). Data only.
 */
import type { EpitPrincipal, RepresentationRight, UserContext, UserRole } from './contract';

export const role = (application: string, over: Partial<UserRole> = {}): UserRole => ({
  application,
  roleId: 101,
  begin: '01.01.2024',
  end: null,
  notActive: false,
  ...over,
});

export const right = (gid: string, name: string | null, isPerson: boolean, roles: UserRole[] = []): RepresentationRight => ({
  gid,
  name,
  isPerson,
  userRoleList: roles,
});

export const MARI_ID = 'EE48709050218';

/** mari: her own entry, main admin of Maasikas OÜ, an ordinary right in Põldmari AS, an ended right in Vana Kaup OÜ. */
export function mariPrincipal(over: Partial<EpitPrincipal> = {}): EpitPrincipal {
  return {
    representative: { id: MARI_ID, firstName: 'Mari', lastName: 'Maasikas' },
    represented: null,
    representationRightsCache: {
      [MARI_ID]: right(MARI_ID, 'Mari Maasikas', true),
      EPEE11000015: right('EPEE11000015', 'Maasikas OÜ', false, [role('AXAPTA', { roleId: 900 }), role('OSS'), role('PERIODICALS', { roleId: 111 })]),
      EPEE11000026: right('EPEE11000026', 'Põldmari AS', false, [role('OSS', { roleId: 102 })]),
      EPEE11000032: right('EPEE11000032', 'Vana Kaup OÜ', false, [role('OSS', { roleId: 102, end: '01.01.2025' })]),
    },
    userPreference: null,
    errors: {},
    authChannel: 'WEB',
    ...over,
  };
}

export function userContext(over: Partial<UserContext> = {}, principal: Partial<EpitPrincipal> = {}): UserContext {
  return {
    epitPrincipal: mariPrincipal(principal),
    externalApps: [
      { service: 'LOGISTICS', name: 'OSS', iconCode: 'logistics', customParameters: {} },
      { service: 'PERIODICS', name: 'PERIODICALS', iconCode: 'periodicals', customParameters: {} },
      { service: 'FINANCE', name: 'FINANCE', iconCode: 'finance', customParameters: {} },
    ],
    applications: [],
    uiLanguages: [{ twoLetterCode: 'et', threeLetterCode: 'est' }],
    language: 'EST',
    homeUrls: { EE: 'https://www.post.example' },
    privileges: ['SHOW_REPRESENTEES', 'SHOW_MY_SETTINGS'],
    preference: null,
    deadApplications: [],
    ...over,
  };
}

export const maasikas = {
  gid: 'EPEE11000015',
  name: 'Maasikas OÜ',
  isPerson: false,
  details: null,
};

/** mari after picking Maasikas OÜ */
export function mariAsMaasikas(over: Partial<UserContext> = {}): UserContext {
  return userContext(over, { represented: maasikas });
}
