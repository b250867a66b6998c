/**
 * POST settings (spec 2 §7): the business customer's data → the customer as saved. What shows it: the settings pages
 * (settings/get: the answer is written there, it is what the server now holds), the dashboard's business card
 * (context/representedDetails: phone, legal address), and the header and the represented lists, which show the
 * customer's name from the user context. With `ifMatch` (the ETag the form's values are based on) a save over a
 * version someone else has saved meanwhile is refused: ApiError 412 CHANGED_MEANWHILE, nothing changed.
 */
import { RepresentedCustomer, type SettingsSaveBody } from '../../../domain/represented-settings';
import type { ApiClient, RequestOptions } from '../client';
import { representedDetailsQuery } from '../context/get-represented-details';
import { reloadUserContext } from '../context/reload-user-context';
import { invalidate, type WriteDeps } from '../invalidate';
import { representedCustomerKey } from './get-customer';

export function saveCustomerInvalidates(api: ApiClient, customer: Pick<RepresentedCustomer, 'gid'>) {
  return [representedDetailsQuery(api, customer.gid).queryKey] as const;
}

export async function saveCustomer(
  deps: WriteDeps,
  body: SettingsSaveBody,
  opts: Pick<RequestOptions, 'signal' | 'ifMatch' | 'onETag'> = {},
): Promise<RepresentedCustomer> {
  const saved = await deps.api.post('settings', body, RepresentedCustomer, opts);
  deps.queryClient.setQueryData(representedCustomerKey(saved.id), saved);
  await Promise.all([invalidate(deps.queryClient, saveCustomerInvalidates(deps.api, saved)), reloadUserContext(deps)]);
  return saved;
}
