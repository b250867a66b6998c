/**
 * Pure domain rules of the portal shell (spec 1 §2, §4, §5, §6, §7, §9; spec 2 §2 "Dashboards", §4).
 * Machines use them in guards, views use them in selectors. Nothing here reads a clock: every rule that
 * depends on the date takes `today` (a Date; only its local calendar day counts).
 *
 * Imports only the shared contract, so it stays usable from machines, views and the server.
 */
import {
  NOPREFERENCE,
  type Domain,
  type EpitPrincipal,
  type Preference,
  type Represented,
  type RepresentationRight,
  type UserContext,
  type UserRole,
} from './contract';

// ---------------------------------------------------------------- dates and role validity (spec 1 §4)

/** Day number yyyymmdd of a DD.MM.YYYY (or ISO YYYY-MM-DD) date; null when absent or unreadable. */
export function dayNumber(date: string | null | undefined): number | null {
  if (!date) return null;
  let m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(date.trim());
  if (m) return Number(m[3]) * 10_000 + Number(m[2]) * 100 + Number(m[1]);
  m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date.trim());
  if (m) return Number(m[1]) * 10_000 + Number(m[2]) * 100 + Number(m[3]);
  return null;
}

/** yyyymmdd of the local calendar day of `today`. */
export function todayNumber(today: Date): number {
  return today.getFullYear() * 10_000 + (today.getMonth() + 1) * 100 + today.getDate();
}

/** The end date has passed. The end day itself still counts (spec 1 §4: "through the end of that day"). */
export function isRoleEnded(role: Pick<UserRole, 'end'>, today: Date): boolean {
  if (role.end == null || role.end === '') return false;
  const end = dayNumber(role.end);
  // An unreadable end date cannot prove the role is still running: treat it as ended.
  return end === null ? true : end < todayNumber(today);
}

/** The begin date is still ahead. */
export function isRoleNotStarted(role: Pick<UserRole, 'begin'>, today: Date): boolean {
  if (role.begin == null || role.begin === '') return false;
  const begin = dayNumber(role.begin);
  return begin === null ? true : begin > todayNumber(today);
}

/** Spec 1 §4 role validity: valid unless notActive, begin in the future, or end passed. */
export function isRoleValid(role: UserRole, today: Date): boolean {
  return !role.notActive && !isRoleNotStarted(role, today) && !isRoleEnded(role, today);
}

/** Spec 1 §4: "A role with a past end date is shown as no role." */
export function displayedRole(role: UserRole | undefined, today: Date): UserRole | null {
  return role && !isRoleEnded(role, today) ? role : null;
}

export function roleFor(right: RepresentationRight | null | undefined, application: string): UserRole | undefined {
  return right?.userRoleList.find((r) => r.application === application);
}

// ---------------------------------------------------------------- applications and services (spec 1 §1)

/** Service → application that implements it (the OSS alias maps to LOGISTICS; PERIODICS is named PERIODICALS). */
export const SERVICE_APPLICATION: Record<string, string> = { LOGISTICS: 'OSS', PERIODICS: 'PERIODICALS', FINANCE: 'FINANCE' };
export function applicationForService(serviceOrApplication: string): string {
  const key = serviceOrApplication.toUpperCase();
  return SERVICE_APPLICATION[key] ?? key;
}
export function serviceForApplication(application: string): string {
  const key = application.toUpperCase();
  return Object.entries(SERVICE_APPLICATION).find(([, app]) => app === key)?.[0] ?? key;
}

// ---------------------------------------------------------------- the principal

export function currentRight(principal: EpitPrincipal | null | undefined): RepresentationRight | undefined {
  const gid = principal?.represented?.gid;
  return gid ? principal!.representationRightsCache[gid] : undefined;
}
export function isInternalUser(ctx: Pick<UserContext, 'epitPrincipal'> | null | undefined): boolean {
  return ctx?.epitPrincipal?.authChannel === 'IN_AD';
}
export function hasPrivilege(ctx: Pick<UserContext, 'privileges'> | null | undefined, privilege: string): boolean {
  return !!ctx?.privileges.includes(privilege);
}

/**
 * Main admin (spec 1 §5): the right holds an AXAPTA role that is not notActive.
 * An ENDED (or not yet begun) AXAPTA role does NOT count: §6 says "holder of an ACTIVE AXAPTA role", §4 says a role
 * with a past end date "is shown as no role", and spec 2 §4 removes a right by "setting the end date to yesterday,
 * ending the right" — so a removed main admin keeps notActive=false and must stop being main admin.
 */
export function isMainAdmin(right: RepresentationRight | null | undefined, today: Date): boolean {
  const axapta = roleFor(right, 'AXAPTA');
  return !!axapta && isRoleValid(axapta, today);
}
/** Main admin of the currently represented party. */
export function isMainAdminOfRepresented(principal: EpitPrincipal | null | undefined, today: Date): boolean {
  return !!principal?.represented && isMainAdmin(currentRight(principal), today);
}

/**
 * Spec 1 §5: usable in an application only with a role for that service that is neither inactive nor ended
 * (we also require the role to have begun: §4 role validity); NO_REPRESENTEE users may use only LOGISTICS
 * (§6: "use LOGISTICS without a chosen representee").
 */
export function isUsableInApplication(
  ctx: Pick<UserContext, 'epitPrincipal' | 'privileges'> | null | undefined,
  serviceOrApplication: string,
  today: Date,
): boolean {
  if (!ctx) return false;
  const application = applicationForService(serviceOrApplication);
  if (hasPrivilege(ctx, 'NO_REPRESENTEE')) return application === 'OSS';
  const role = roleFor(currentRight(ctx.epitPrincipal), application);
  return !!role && isRoleValid(role, today);
}

/** `axaptaDead`: the back office (AXAPTA) is reported dead; gates settings pages and add-customer (error.axapta.dead). */
export function isAxaptaDead(ctx: Pick<UserContext, 'deadApplications'> | null | undefined): boolean {
  return !!ctx?.deadApplications.some((a) => a.toUpperCase() === 'AXAPTA');
}
export function isApplicationDead(ctx: Pick<UserContext, 'deadApplications'> | null | undefined, application: string): boolean {
  const app = applicationForService(application);
  return !!ctx?.deadApplications.some((a) => a.toUpperCase() === app);
}

// ---------------------------------------------------------------- countries and codes (spec 1 §2, §3)

/** Spec 1 §3: country from a represented gid prefix: UB → LT, LV → LV, anything else → EE. */
export function countryOfRepresentedGid(gid: string): Domain {
  const p = gid.slice(0, 2).toUpperCase();
  return p === 'UB' ? 'LT' : p === 'LV' ? 'LV' : 'EE';
}
/** Country of any right: a person's gid (fgid) starts with the country; a business's is derived from its prefix. */
export function countryOfRight(right: { gid: string; isPerson: boolean }): string {
  return right.isPerson ? right.gid.slice(0, 2) : countryOfRepresentedGid(right.gid);
}
/** Code shown for a right: gid minus its first 2 characters for a person, otherwise minus its first 4. */
export function codeOfRight(right: { gid: string; isPerson: boolean }): string {
  return right.gid.slice(right.isPerson ? 2 : 4);
}

// ---------------------------------------------------------------- represented-choice list (spec 1 §2)

export const CHOICE_PAGE_SIZE = 10;
/** A search box appears only when there are MORE than 10 representation rights. */
export const CHOICE_SEARCH_THRESHOLD = 10;

export interface ChoiceRow {
  gid: string;
  name: string;
  isPerson: boolean;
  code: string;
  country: string;
  /** A: the user's own entry; B: anyone else */
  type: 'A' | 'B';
}

export function choiceRows(principal: EpitPrincipal | null | undefined, locale = 'et'): ChoiceRow[] {
  if (!principal) return [];
  const ownId = principal.representative.id;
  const rows = Object.values(principal.representationRightsCache).map(
    (r): ChoiceRow => ({
      gid: r.gid,
      // a right without a name is still a party the user may act for; show its gid rather than hide it
      name: r.name ?? r.gid,
      isPerson: r.isPerson,
      code: codeOfRight(r),
      country: countryOfRight(r),
      type: r.gid === ownId ? 'A' : 'B',
    }),
  );
  return sortChoiceRows(rows, locale);
}

/** Own entry (type A) first, then by name, locale-aware. */
export function sortChoiceRows(rows: ChoiceRow[], locale = 'et'): ChoiceRow[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...rows].sort((a, b) => (a.type !== b.type ? (a.type === 'A' ? -1 : 1) : collator.compare(a.name, b.name) || a.gid.localeCompare(b.gid)));
}

/** Case-insensitive match on name or gid; an empty term keeps everything. */
export function filterChoiceRows(rows: ChoiceRow[], term: string): ChoiceRow[] {
  const t = term.trim().toLocaleLowerCase();
  if (!t) return rows;
  return rows.filter((r) => r.name.toLocaleLowerCase().includes(t) || r.gid.toLocaleLowerCase().includes(t));
}

export function showChoiceSearch(rightsCount: number): boolean {
  return rightsCount > CHOICE_SEARCH_THRESHOLD;
}

export interface Page<T> {
  items: T[];
  /** zero-based, clamped to the available pages */
  page: number;
  pageCount: number;
  total: number;
}
export function pageOf<T>(items: T[], page: number, size = CHOICE_PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const p = Math.min(Math.max(0, Math.floor(page) || 0), pageCount - 1);
  return { items: items.slice(p * size, p * size + size), page: p, pageCount, total: items.length };
}

/** Everything the choice modal shows for a search term and page. */
export function choiceView(principal: EpitPrincipal | null | undefined, term: string, page: number, locale = 'et') {
  const all = choiceRows(principal, locale);
  return { showSearch: showChoiceSearch(all.length), ...pageOf(filterChoiceRows(all, term), page) };
}

// ---------------------------------------------------------------- header dropdown (spec 1 §2 header, §4 visibility)

export interface RepresenteeVisibilityOptions {
  /** the current application (route parameter), e.g. 'OSS'; a service name is mapped to its application */
  application?: string | null;
  /** show every named right */
  all?: boolean;
}

/**
 * Spec 1 §4 representee visibility: rights without a name are never shown; 'all' shows every named right;
 * with a current application a right is shown only if its role for that application is neither inactive nor
 * ended, and when it has no role for that application only the currently represented party is shown.
 * Without an application every named right is shown.
 */
export function visibleRepresentees(
  principal: EpitPrincipal | null | undefined,
  options: RepresenteeVisibilityOptions,
  today: Date,
): RepresentationRight[] {
  if (!principal) return [];
  const named = Object.values(principal.representationRightsCache).filter((r) => !!r.name);
  if (options.all || !options.application) return named;
  const application = applicationForService(options.application);
  const currentGid = principal.represented?.gid;
  return named.filter((r) => {
    const role = roleFor(r, application);
    if (!role) return r.gid === currentGid;
    return !role.notActive && !isRoleEnded(role, today);
  });
}

export interface RepresenteeOption {
  gid: string;
  name: string;
  isPerson: boolean;
  /** for business entries (shown next to the name) */
  country: string | null;
}
export interface RepresenteeGroups {
  private: RepresenteeOption[];
  business: RepresenteeOption[];
}
/** Header dropdown groups: private first, then business with country; each sorted by name. */
export function groupRepresentees(rights: RepresentationRight[], locale = 'et'): RepresenteeGroups {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const opts = rights
    .filter((r) => !!r.name)
    .map((r): RepresenteeOption => ({ gid: r.gid, name: r.name!, isPerson: r.isPerson, country: r.isPerson ? null : countryOfRight(r) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  return { private: opts.filter((o) => o.isPerson), business: opts.filter((o) => !o.isPerson) };
}
/** The dropdown's filter: case-insensitive on name (and gid). */
export function filterRepresenteeGroups(groups: RepresenteeGroups, term: string): RepresenteeGroups {
  const t = term.trim().toLocaleLowerCase();
  if (!t) return groups;
  const m = (o: RepresenteeOption) => o.name.toLocaleLowerCase().includes(t) || o.gid.toLocaleLowerCase().includes(t);
  return { private: groups.private.filter(m), business: groups.business.filter(m) };
}
/** Customer type and credit availability shown in the header; null when nothing is represented. */
export function representedSummary(represented: Represented | null | undefined) {
  if (!represented) return null;
  return {
    customerType: (represented.details?.customerType ?? (represented.isPerson ? 'PRIVATE' : 'BUSINESS')) as 'BUSINESS' | 'PRIVATE',
    /** null: unknown (no details yet) */
    credit: represented.details?.credit ?? null,
  };
}

// ---------------------------------------------------------------- side panel / user menu (spec 1 §2, §6, §9)

/** Panel switches from a link list to a select box at 10 representees. */
export const PANEL_SELECT_THRESHOLD = 10;
export function panelRepresenteeMode(count: number): 'links' | 'select' {
  return count >= PANEL_SELECT_THRESHOLD ? 'select' : 'links';
}

export interface PanelLinks {
  dashboard: boolean;
  userSettings: boolean;
  /** business customer settings: a represented party is selected and the user is its main admin */
  businessSettings: boolean;
  representees: boolean;
  rolesOverview: boolean;
  /** null: hidden; 'any' → label 'Add new customer' (ADD_ANY_CUSTOMER); 'contract' → 'Enter into a business customer contract' */
  addCustomer: null | 'any' | 'contract';
  searchCustomer: boolean;
  clientManager: boolean;
}
/** Which links the mobile / user menu panel shows (spec 1 §2 "Mobile / user menu panel", §6). */
export function panelLinks(ctx: UserContext | null | undefined, domain: Domain, today: Date): PanelLinks {
  const p = (x: string) => hasPrivilege(ctx, x);
  const principal = ctx?.epitPrincipal;
  const addAny = p('ADD_ANY_CUSTOMER');
  return {
    dashboard: p('SHOW_MY_SETTINGS'),
    userSettings: p('SHOW_MY_SETTINGS'),
    businessSettings: isMainAdminOfRepresented(principal, today),
    representees: p('SHOW_REPRESENTEES'),
    rolesOverview: p('SHOW_REPRESENTEES'),
    addCustomer: domain === 'EE' && (addAny || p('SHOW_REPRESENTEES')) ? (addAny ? 'any' : 'contract') : null,
    searchCustomer: p('EDIT_ANY_CUSTOMER') || p('EDIT_ANY_USER'),
    clientManager: !!principal?.represented?.details?.clientManagerName,
  };
}

/** Admin dashboard: customer (and user) search only with EDIT_ANY_CUSTOMER or EDIT_ANY_USER. */
export function showAdminSearch(ctx: UserContext | null | undefined): boolean {
  return hasPrivilege(ctx, 'EDIT_ANY_CUSTOMER') || hasPrivilege(ctx, 'EDIT_ANY_USER');
}

// ---------------------------------------------------------------- dashboard (spec 1 §2, spec 2 §2 "Dashboards")

export type SettingsLink = { component: 'represented-settings-rights' | 'represented-settings-edit'; jgid: string };
/** Business-settings link for the main admin: the rights tab when the represented country is not EE, else the edit tab. */
export function businessSettingsLink(principal: EpitPrincipal | null | undefined, today: Date): SettingsLink | null {
  const rep = principal?.represented;
  if (!rep || !isMainAdminOfRepresented(principal, today)) return null;
  const country = rep.isPerson ? rep.gid.slice(0, 2) : countryOfRepresentedGid(rep.gid);
  return { component: country === 'EE' ? 'represented-settings-edit' : 'represented-settings-rights', jgid: rep.gid };
}

export type AddContractLink = { kind: 'modal'; component: 'customer-add' } | { kind: 'external'; href: string | null };
/** Add-contract: the customer-add modal on EE; the provider's offer form (external link) on LV and LT. */
export function addContractLink(domain: Domain, offerFormUrl: Record<string, string>): AddContractLink {
  return domain === 'EE' ? { kind: 'modal', component: 'customer-add' } : { kind: 'external', href: offerFormUrl[domain] ?? null };
}

export interface Shortcut {
  service: string;
  iconCode: string;
  name: string;
  /** the fixed finance shortcut (always shown) */
  fixed?: boolean;
}
/** Spec 1 §2: PERIODICS never; in EE all others; LOGISTICS everywhere; FINANCE in LV and LT. */
export function isShortcutShown(service: string, domain: Domain): boolean {
  const s = serviceForApplication(service);
  if (s === 'PERIODICS') return false;
  if (domain === 'EE') return true;
  return s === 'LOGISTICS' || s === 'FINANCE';
}
export const FIXED_FINANCE_SHORTCUT: Shortcut = { service: 'FINANCE', iconCode: 'finance', name: 'FINANCE', fixed: true };
/**
 * Dashboard shortcuts: the represented business customer's applications (only when the represented party is not a
 * person and has applications) filtered per domain, plus the fixed finance shortcut (once: an application shortcut
 * for FINANCE already is the finance shortcut).
 */
export function dashboardShortcuts(ctx: Pick<UserContext, 'epitPrincipal' | 'externalApps'> | null | undefined, domain: Domain): Shortcut[] {
  const rep = ctx?.epitPrincipal?.represented;
  const apps =
    rep && !rep.isPerson
      ? ctx!.externalApps
          .filter((a) => isShortcutShown(a.service, domain))
          .map((a): Shortcut => ({ service: serviceForApplication(a.service), iconCode: a.iconCode, name: a.name }))
      : [];
  return apps.some((a) => a.service === 'FINANCE') ? apps : [...apps, FIXED_FINANCE_SHORTCUT];
}

// ---------------------------------------------------------------- service URLs (spec 1 §7, spec 2 §4)

export interface ServiceUrlInput {
  /** API base, e.g. '/api' or 'https://host/api' */
  apiUrl: string;
  represented: Pick<Represented, 'isPerson'> | null | undefined;
  domain: string;
  language: string;
  /** application (service) name as it appears in the route, e.g. 'LOGISTICS' */
  application: string;
}
/** Base UI path (API base with api replaced by ui) + private|business + domain + language (lower case) + application. */
export function buildServiceUrl({ apiUrl, represented, domain, language, application }: ServiceUrlInput): string {
  const base = apiUrl.replace(/\/+$/, '').replace(/api$/, 'ui');
  const kind = !represented || represented.isPerson ? 'private' : 'business';
  return `${base}/${kind}/${domain.toLowerCase()}/${language.toLowerCase()}/${application}`;
}
/**
 * Target of a dashboard shortcut: a private person opening LOGISTICS goes to the package-private URL the server
 * provides for the current domain (user-settings/service-urls); everything else uses the service-URL builder.
 */
export function shortcutUrl(
  input: ServiceUrlInput & { packagePrivateUrls?: Record<string, string> | null },
): { kind: 'packagePrivate'; url: string | null } | { kind: 'service'; url: string } {
  const isPrivate = !input.represented || input.represented.isPerson;
  if (isPrivate && serviceForApplication(input.application) === 'LOGISTICS') {
    return { kind: 'packagePrivate', url: input.packagePrivateUrls?.[input.domain.toUpperCase()] ?? null };
  }
  return { kind: 'service', url: buildServiceUrl(input) };
}

// ---------------------------------------------------------------- preference and root redirect (spec 1 §4)

export type NavTarget =
  | { kind: 'path'; path: string } // in-app path (below the /ui base)
  | { kind: 'redirect'; url: string } // full page redirect
  | { kind: 'dashboard' }
  | { kind: 'home' }
  | { kind: 'reload' }
  | { kind: 'restore'; path: string | null };

/** The preference in force: the context's preference, else the principal's cached one. */
export function effectivePreference(ctx: Pick<UserContext, 'preference' | 'epitPrincipal'> | null | undefined): Preference | null {
  return ctx?.preference ?? ctx?.epitPrincipal?.userPreference ?? null;
}

/** The in-app path after '/ui' of a URL, or null when the URL has no '/ui/' segment (→ full page redirect). */
export function inAppPath(url: string): string | null {
  const i = url.indexOf('/ui/');
  if (i < 0) return null;
  return url.slice(i + 3) || '/';
}

/** Where a service URL leads: in-app path, or a full page redirect when it has no /ui/ segment. */
export function serviceUrlTarget(url: string): NavTarget {
  const path = inAppPath(url);
  return path === null ? { kind: 'redirect', url } : { kind: 'path', path };
}

/**
 * Preference after a pick (spec 1 §4 "Picking in the choice modal"): skipped (null) when an `application` URL
 * parameter exists, the preference is absent or NOPREFERENCE; otherwise the in-app path after '/ui', or a full page
 * redirect when the URL has no '/ui/' segment.
 */
export function preferenceTarget(preference: Preference | null | undefined, params: { application?: string | null }): NavTarget | null {
  if (params.application) return null;
  const url = preference?.serviceUrl;
  if (!url || url === NOPREFERENCE) return null;
  return serviceUrlTarget(url);
}

export interface RootRedirectInput {
  signedIn: boolean;
  preference: Preference | null | undefined;
  params: { modalName?: string | null; application?: string | null };
  /** the first route load of this page */
  firstLoad: boolean;
  /** the current component is the index (the root route) */
  atIndex: boolean;
}
/**
 * Spec 1 §4 root redirect: a signed-in user at / goes to the stored preferred service URL when there is no modalName
 * or application parameter, it is the first load and the current component is the index; otherwise to the
 * dashboard. Signed out: null (the root route's own rule, e.g. login, applies).
 */
export function rootRedirect(input: RootRedirectInput): NavTarget | null {
  if (!input.signedIn) return null;
  if (!input.params.modalName && input.firstLoad && input.atIndex) {
    const target = preferenceTarget(input.preference, input.params);
    if (target) return target;
  }
  return { kind: 'dashboard' };
}

// ---------------------------------------------------------------- login state (spec 1 §4)

export interface LoginParams {
  modalName?: string | null;
  application?: string | null;
}
/**
 * Spec 1 §4 login state: the choice modal opens when there is a principal with no represented party, the auth channel
 * is not IN_AD and no modalName parameter exists. Also skipped for NO_REPRESENTEE users: §6 lets them "use LOGISTICS
 * without a chosen representee" (issue 3: anna reaches her dashboard without choosing).
 */
export function needsRepresentedChoice(ctx: UserContext | null | undefined, params: LoginParams = {}): boolean {
  return choiceRequiredByContext(ctx) && !params.modalName;
}
/** The same rule without the URL part: used after customer-add closes (reopen) and for /.../add-customer. */
export function choiceRequiredByContext(ctx: UserContext | null | undefined): boolean {
  const principal = ctx?.epitPrincipal;
  return !!principal && !principal.represented && principal.authChannel !== 'IN_AD' && !hasPrivilege(ctx, 'NO_REPRESENTEE');
}

/** URL modal names → modal components (spec 1 §2: /dashboard/:domain/:language/:modalName, /home/show/...). */
export const URL_MODALS: Record<string, string> = { 'add-customer': 'customer-add', 'customer-add': 'customer-add' };
export function isAddCustomerModalName(modalName: string | null | undefined): boolean {
  return !!modalName && URL_MODALS[modalName] === 'customer-add';
}
