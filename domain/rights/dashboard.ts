/** Domain rules: dashboard (spec 1 §2, spec 2 §2 "Dashboards"). Part of domain/rights (see index.ts). */
import { type Domain, type EpitPrincipal, type UserContext } from '../contract';
import { serviceForApplication } from './service-applications';
import { currentRight, hasPrivilege, holdsFinance, isMainAdminOfRepresented } from './principal';
import { countryOfRepresentedGid } from './countries';

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
  return domain === 'EE'
    ? { kind: 'modal', component: 'customer-add' }
    : { kind: 'external', href: offerFormUrl[domain] ?? null };
}

export interface Shortcut {
  service: string;
  iconCode: string;
  name: string;
  /** the fixed finance shortcut (shown where invoicing management opens) */
  fixed?: boolean;
}
/** Spec 1 §2: PERIODICS never; in EE all others; LOGISTICS everywhere; FINANCE in LV and LT. */
export function isShortcutShown(service: string, domain: Domain): boolean {
  const s = serviceForApplication(service);
  if (s === 'PERIODICS') return false;
  if (domain === 'EE') return true;
  return s === 'LOGISTICS' || s === 'FINANCE';
}
const FIXED_FINANCE_SHORTCUT: Shortcut = {
  service: 'FINANCE',
  iconCode: 'finance',
  name: 'FINANCE',
  fixed: true,
};
/**
 * Dashboard shortcuts: the represented business customer's applications (only when the represented party is not a
 * person and has applications) filtered per domain, plus the fixed finance shortcut (once: an application shortcut
 * for FINANCE already is the finance shortcut). Invoicing management is shown only where it opens: for a represented
 * business whose right holds it today (`holdsFinance`), never for a private person, whom it would only answer "No
 * rights to access component" (spec 1 §2).
 */
export function dashboardShortcuts(
  ctx: Pick<UserContext, 'epitPrincipal' | 'externalApps'> | null | undefined,
  domain: Domain,
  today: Date,
): Shortcut[] {
  const rep = ctx?.epitPrincipal?.represented;
  const finance = holdsFinance(currentRight(ctx?.epitPrincipal), today);
  const apps =
    rep && !rep.isPerson
      ? ctx.externalApps
          .filter((a) => isShortcutShown(a.service, domain))
          .map((a): Shortcut => ({ service: serviceForApplication(a.service), iconCode: a.iconCode, name: a.name }))
          .filter((a) => finance || a.service !== 'FINANCE')
      : [];
  return !finance || apps.some((a) => a.service === 'FINANCE') ? apps : [...apps, FIXED_FINANCE_SHORTCUT];
}

/** Admin dashboard: customer (and user) search only with EDIT_ANY_CUSTOMER or EDIT_ANY_USER. */
export function showAdminSearch(ctx: UserContext | null | undefined): boolean {
  return hasPrivilege(ctx, 'EDIT_ANY_CUSTOMER') || hasPrivilege(ctx, 'EDIT_ANY_USER');
}
