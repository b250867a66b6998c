/** Domain rules: login state (spec 1 §4). Part of domain/rights (see index.ts). */
import { type UserContext } from '../contract';
import { hasPrivilege } from './principal';

export interface LoginParams {
  modalName?: string | null;
  application?: string | null;
}
/**
 * Spec 1 §4 login state: the choice modal opens when there is a principal with no represented party, the auth channel
 * is not IN_AD and no modalName parameter exists. Also skipped for NO_REPRESENTEE users: §6 lets them "use LOGISTICS
 * without a chosen representee" (anna reaches her dashboard without choosing).
 */
export function needsRepresentedChoice(ctx: UserContext | null | undefined, params: LoginParams = {}): boolean {
  return choiceRequiredByContext(ctx) && !params.modalName;
}
/** The same rule without the URL part: used after customer-add closes (reopen) and for /.../add-customer. */
export function choiceRequiredByContext(ctx: UserContext | null | undefined): boolean {
  const principal = ctx?.epitPrincipal;
  return (
    !!principal && !principal.represented && principal.authChannel !== 'IN_AD' && !hasPrivilege(ctx, 'NO_REPRESENTEE')
  );
}

/** URL modal names → modal components (spec 1 §2: /dashboard/:domain/:language/:modalName, /home/show/...). */
export const URL_MODALS: Record<string, string> = { 'add-customer': 'customer-add', 'customer-add': 'customer-add' };
export function isAddCustomerModalName(modalName: string | null | undefined): boolean {
  return !!modalName && URL_MODALS[modalName] === 'customer-add';
}
