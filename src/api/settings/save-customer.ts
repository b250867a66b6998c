/**
 * POST settings (spec 2 §7): the business customer's data → the customer as saved. What shows it: the settings pages
 * (settings/get: the answer is written there, it is what the server now holds), the dashboard's business card
 * (context/representedDetails: phone, legal address), and the header and the represented lists, which show the
 * customer's name from the user context.
 */
import { RepresentedCustomer, type SettingsSaveBody } from '../../../machines/lib/represented-settings';
import type { ApiClient } from '../client';
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
  signal?: AbortSignal,
): Promise<RepresentedCustomer> {
  const saved = await deps.api.post('settings', body, RepresentedCustomer, { signal });
  deps.queryClient.setQueryData(representedCustomerKey(saved.id), saved);
  await Promise.all([invalidate(deps.queryClient, saveCustomerInvalidates(deps.api, saved)), reloadUserContext(deps)]);
  return saved;
}
