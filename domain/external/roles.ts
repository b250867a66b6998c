/**
 * The role map of an application (spec 1 §3 "Roles are grouped by application, then role id, then company (EP, LV,
 * UB)"), role names (spec 1 §6) and the applications supported for a represented party (spec 1 §4 "Service recovery
 * (finance)": OSS hidden for profile code OLD, the role-map and company rules).
 */
import type { EpitPrincipal, Role, RolesAndPackets } from '../contract';
import { countryOfRight, currentRight, roleFor } from '../rights';
import { twoLetterLanguage } from './frame-url';
import { isOneOf } from './one-of';

const COMPANIES = ['EP', 'LV', 'UB'] as const;
export type Company = (typeof COMPANIES)[number];
/** spec 1 §4: the default company when the role map has no entry for the party's company */
const DEFAULT_COMPANY: Company = 'EP';
/** spec 1 §9, spec 2 §3: the profile code of a party whose profile code is not known */
const DEFAULT_PROFILE_CODE = 'OLD';
/** spec 1 §4: the applications a represented party may be offered (OSS only when its profile code is not OLD) */
export const SUPPORTED_APPLICATIONS = ['OSS', 'PERIODICALS'] as const;
/** spec 1 §1: fallback languages for missing texts */
const FALLBACK_LANGUAGES = ['en', 'et'] as const;

const COMPANY_OF_COUNTRY: Record<string, Company> = { EE: 'EP', LV: 'LV', LT: 'UB' };

/** The provider company a party belongs to, by its country: EE → EP, LV → LV, LT → UB (others: EP). */
export function companyOfParty(party: { gid: string; isPerson: boolean }): Company {
  return COMPANY_OF_COUNTRY[countryOfRight(party).toUpperCase()] ?? DEFAULT_COMPANY;
}

/** role id → company → role, for one application. */
type RoleMap = Map<number, Map<string, Role>>;

function roleMapOf(rolesAndPackets: RolesAndPackets | null | undefined): RoleMap {
  const map: RoleMap = new Map();
  for (const packet of rolesAndPackets?.packets ?? []) {
    for (const category of packet.categories) {
      for (const role of category.roles) {
        const byCompany = map.get(role.id) ?? new Map<string, Role>();
        // the first packet's entry wins: the catalogue lists the company's own packet first
        if (!byCompany.has(role.epCompanyId)) byCompany.set(role.epCompanyId, role);
        map.set(role.id, byCompany);
      }
    }
  }
  return map;
}

/** Spec 1 §6: the role for a company, falling back from the company to EP, LV and UB. */
function roleInMap(map: RoleMap, roleId: number, company: string): Role | null {
  const byCompany = map.get(roleId);
  if (!byCompany) return null;
  for (const c of [company, ...COMPANIES]) {
    const role = byCompany.get(c);
    if (role) return role;
  }
  return null;
}

/** A text in the language, else in the fallback languages (en, then et); null when none has one. */
export function localizedName(names: Record<string, string> | null | undefined, language: string): string | null {
  if (!names) return null;
  const lang = twoLetterLanguage(language) ?? language.toLowerCase();
  for (const l of [lang, ...FALLBACK_LANGUAGES]) {
    const text = names[l];
    if (text) return text;
  }
  return null;
}

/**
 * Spec 1 §6: a person's represented party has no user role id; for a business it is the role id of the user's role
 * for that application (null when the user has none).
 */
function userRoleId(principal: EpitPrincipal | null | undefined, application: string): number | null {
  const represented = principal?.represented;
  if (!represented || represented.isPerson) return null;
  return roleFor(currentRight(principal), application.toUpperCase())?.roleId ?? null;
}

/**
 * The person's role name in the application for the external page header: the user's role id, looked up in the
 * application's role map for the represented party's company (with the EP, LV, UB fallback), named in the language
 * (with the en, et fallback). Null when there is none to show.
 */
export function roleNameFor(input: {
  principal: EpitPrincipal | null | undefined;
  application: string;
  rolesAndPackets: RolesAndPackets | null | undefined;
  language: string;
}): string | null {
  const represented = input.principal?.represented;
  const roleId = userRoleId(input.principal, input.application);
  if (!represented || roleId === null) return null;
  const role = roleInMap(roleMapOf(input.rolesAndPackets), roleId, companyOfParty(represented));
  return localizedName(role?.names, input.language);
}

/** Some role of the application's role map belongs to the company. */
function hasRoleForCompany(rolesAndPackets: RolesAndPackets, company: string): boolean {
  return rolesAndPackets.packets.some((p) => p.categories.some((c) => c.roles.some((r) => r.epCompanyId === company)));
}

function hasRoles(rolesAndPackets: RolesAndPackets | null | undefined): rolesAndPackets is RolesAndPackets {
  return !!rolesAndPackets?.packets.some((p) => p.categories.some((c) => c.roles.length > 0));
}

export interface SupportInput {
  /** the represented party's profile code (spec 2 §3 userProfileCode); unknown counts as OLD */
  profileCode: string | null | undefined;
  company: string;
  /** the application's roles-and-packets answer; null or absent: not loaded, no entries */
  rolesAndPackets: RolesAndPackets | null | undefined;
}

/**
 * Spec 1 §4: OSS and PERIODICALS are supported; OSS is hidden when the profile code is OLD. An application with no
 * role-map entries is offered; otherwise it is offered if some role exists for the party's company, or — when the map
 * has no entry for that company — for the default company EP. Any other application is not in this list.
 */
export function isApplicationSupported(application: string, input: SupportInput): boolean {
  const app = application.toUpperCase();
  if (!isOneOf(SUPPORTED_APPLICATIONS, app)) return false;
  if (app === 'OSS' && (input.profileCode || DEFAULT_PROFILE_CODE).toUpperCase() === DEFAULT_PROFILE_CODE) return false;
  if (!hasRoles(input.rolesAndPackets)) return true;
  if (hasRoleForCompany(input.rolesAndPackets, input.company)) return true;
  return hasRoleForCompany(input.rolesAndPackets, DEFAULT_COMPANY);
}
