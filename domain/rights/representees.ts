/**
 * Domain rules: header dropdown (spec 1 §2 header, §4 visibility). Imported from this module, not from
 * domain/rights: only the views that load on first use (the header, its dropdown, the user menu panel, the
 * external application page) need them.
 */
import { type EpitPrincipal, type Represented, type RepresentationRight } from '../contract';
import { isRoleEnded, roleFor } from './validity';
import { applicationForService } from './service-applications';
import { countryOfRight } from './countries';

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
    .map((r): RepresenteeOption => ({
      gid: r.gid,
      name: r.name!,
      isPerson: r.isPerson,
      country: r.isPerson ? null : countryOfRight(r),
    }))
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
    customerType: represented.details?.customerType ?? (represented.isPerson ? 'PRIVATE' : 'BUSINESS'),
    /** null: unknown (no details yet) */
    credit: represented.details?.credit ?? null,
  };
}
