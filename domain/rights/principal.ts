/** Domain rules: the principal. Part of domain/rights (see index.ts). */
import { type EpitPrincipal, type RepresentationRight, type UserContext } from '../contract';
import { isRoleValid, roleFor } from './validity';
import { applicationForService } from './service-applications';

export function currentRight(principal: EpitPrincipal | null | undefined): RepresentationRight | undefined {
  const gid = principal?.represented?.gid;
  return gid ? principal.representationRightsCache[gid] : undefined;
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
 * Invoicing management opens a business party's invoices only for a FINANCE role valid today, or for its main
 * administrator, who holds every right by their role (spec 2 §6); spec 2 §8 "Subscribe first to billing services and
 * then set the permissions": finance has permissions of its own, so a right in another application is none. A private
 * person has no invoicing management.
 */
export function holdsFinance(right: RepresentationRight | null | undefined, today: Date): boolean {
  if (!right || right.isPerson) return false;
  return (
    isMainAdmin(right, today) || right.userRoleList.some((r) => r.application === 'FINANCE' && isRoleValid(r, today))
  );
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
export function isApplicationDead(
  ctx: Pick<UserContext, 'deadApplications'> | null | undefined,
  application: string,
): boolean {
  const app = applicationForService(application);
  return !!ctx?.deadApplications.some((a) => a.toUpperCase() === app);
}
