/**
 * Start-up preference rules of the preferences view (spec 2 §2, §4, §5, §9): the services offered, the represented
 * parties allowed for each, the service URL saved for a choice and the choice read back from a stored URL.
 * Pure: the shared contract and domain/rights only.
 */
import { NOPREFERENCE, type Preference, type RepresentationRight, type UserContext } from '../contract';
import { serviceUrlTarget, type NavTarget } from '../rights/preference';
import { buildServiceUrl } from '../rights/service-urls';
import { holdsFinance, isInternalUser } from '../rights/principal';
import { isRoleValid, roleFor } from '../rights/validity';

/** spec 2 §9 services list: NOPREFERENCE, PACKAGE-PRIVATE, LOGISTICS, and FINANCE (invoicing management). */
export const PREFERENCE_SERVICES = [NOPREFERENCE, 'PACKAGE-PRIVATE', 'LOGISTICS', 'FINANCE'] as const;

/**
 * Represented parties offered for a service, by name. LOGISTICS (shipment registration): parties where the person
 * has a valid OSS role or is main administrator (AXAPTA), plus their own private entry; PACKAGE-PRIVATE (the private
 * package service): only private persons; FINANCE (invoicing management): business parties whose right holds it today
 * (a FINANCE role or main administrator), as its page demands; no preference: every party. NOPREFERENCE is always
 * allowed as well.
 */
export function allowedRights(
  rights: readonly RepresentationRight[],
  service: string,
  today: Date,
): RepresentationRight[] {
  const ok = (r: RepresentationRight): boolean => {
    if (service === 'PACKAGE-PRIVATE') return r.isPerson;
    if (service === 'FINANCE') return holdsFinance(r, today);
    if (service === 'LOGISTICS') {
      if (r.isPerson) return true;
      return (['OSS', 'AXAPTA'] as const).some((a) => {
        const role = roleFor(r, a);
        return role !== undefined && isRoleValid(role, today);
      });
    }
    return true;
  };
  return rights.filter(ok).sort((a, b) => (a.name ?? a.gid).localeCompare(b.name ?? b.gid));
}

/** spec 2 §4: after load, a represented value that is missing or not allowed for the service is cleared. */
export function isRepresentedAllowed(
  represented: string,
  service: string,
  rights: readonly RepresentationRight[],
  today: Date,
): boolean {
  if (represented === NOPREFERENCE) return true;
  return allowedRights(rights, service, today).some((r) => r.gid === represented);
}

export interface ServiceUrlContext {
  apiUrl: string;
  domain: string;
  language: string;
  /** user-settings/service-urls: package-private URL by domain */
  packagePrivateUrls: Record<string, string>;
}

/** The serviceUrl saved for a choice (spec 2 §4 "Service URL"); null when it cannot be built (no package URL). */
export function preferenceServiceUrl(
  service: string,
  represented: Pick<RepresentationRight, 'isPerson'> | null,
  ctx: ServiceUrlContext,
): string | null {
  if (service === NOPREFERENCE) return NOPREFERENCE;
  if (service === 'PACKAGE-PRIVATE') return ctx.packagePrivateUrls[ctx.domain.toUpperCase()] ?? null;
  return buildServiceUrl({
    apiUrl: ctx.apiUrl,
    represented,
    domain: ctx.domain,
    language: ctx.language,
    application: service,
  });
}

/** The service a stored URL stands for; '' when the URL is none of the offered ones. */
export function serviceOfUrl(url: string | null | undefined, packagePrivateUrls: Record<string, string>): string {
  if (!url || url === NOPREFERENCE) return NOPREFERENCE;
  if (Object.values(packagePrivateUrls).includes(url)) return 'PACKAGE-PRIVATE';
  if (/\/LOGISTICS\/?$/i.test(url) || /\/OSS\/?$/i.test(url)) return 'LOGISTICS';
  if (/\/FINANCE\/?$/i.test(url)) return 'FINANCE';
  return '';
}

/**
 * Whether a saved preference becomes the portal's cached one (the preference it acts on without asking the server):
 * only one's own, and never an internal user's (spec 2 §4 "Internal users do not update the cached preference").
 */
export function updatesCachedPreference(
  ctx: Pick<UserContext, 'epitPrincipal'> | null | undefined,
  subject: string,
): boolean {
  return ctx?.epitPrincipal?.representative.id === subject && !isInternalUser(ctx);
}

/** The form read from a stored preference; a party not allowed for the service is cleared (spec 2 §4). */
export function preferencesFormOf(
  pref: Preference | null,
  rights: readonly RepresentationRight[],
  packagePrivateUrls: Record<string, string>,
  today: Date,
): { service: string; represented: string } {
  if (!pref) return { service: '', represented: '' };
  const service = serviceOfUrl(pref.serviceUrl, packagePrivateUrls);
  const represented = pref.representedId ?? '';
  const keep = represented !== '' && isRepresentedAllowed(represented, service, rights, today);
  return { service, represented: keep ? represented : '' };
}

/** Whether the settings shown are the signed-in person's own (spec 2 §6: one's own rights come from the context). */
export function isSelf(ctx: UserContext | null, subject: string): boolean {
  return ctx?.epitPrincipal?.representative.id === subject;
}

/** "Save and use" (spec 2 §4) acts for the chosen party first, unless none (NOPREFERENCE) was chosen. */
export function partyOfPreference(represented: string | null | undefined): string | null {
  return represented && represented !== NOPREFERENCE ? represented : null;
}

/**
 * spec 2 §4 "Save and use": where the saved preference leads (the portal has switched to its party first): the
 * service URL, else the remembered target address (cookie TARGET, used once), else the dashboard.
 */
export function savedServiceTarget(serviceUrl: string, remembered: () => string | null): NavTarget {
  if (serviceUrl !== NOPREFERENCE) return serviceUrlTarget(serviceUrl);
  const url = remembered();
  return url ? serviceUrlTarget(url) : { kind: 'dashboard' };
}
