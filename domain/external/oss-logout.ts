/**
 * The OSS logout address (spec 1 §4 "Logout", §7). A module of its own: the session needs only this of the
 * external-application rules, and the first screen loads what the session imports.
 */
import type { UserContext } from '../contract';
import { ORDER_SYSTEM } from './order-system';

/**
 * The OSS logout URL (spec 1 §4 Logout: fetched with GET so the OSS session ends with the portal's): the OSS
 * application's `customParameters.logoutUrl`, else that of the external app entry of OSS. Only the order system's
 * parameter counts: another application's logout address is not the OSS one. Null when there is none.
 */
export function ossLogoutUrl(
  ctx: Pick<UserContext, 'applications' | 'externalApps'> | null | undefined,
): string | null {
  const own = ctx?.applications.find((a) => a.name.toUpperCase() === ORDER_SYSTEM)?.customParameters.logoutUrl;
  if (own) return own;
  const ext = ctx?.externalApps.find(
    (e) =>
      (e.customParameters.application ?? '').toUpperCase() === ORDER_SYSTEM ||
      (!e.customParameters.application && e.service.toUpperCase() === 'LOGISTICS'),
  );
  return ext?.customParameters.logoutUrl || null;
}
