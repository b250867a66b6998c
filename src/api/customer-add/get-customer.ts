/** GET customer-add/get/{jgid} (spec 1 §7): the company's fields for the customer-add confirmation form. */
import { CustomerAddGet } from '../../../domain/contract';
import type { ApiClient } from '../client';

export function getCustomer(api: ApiClient, code: string, signal?: AbortSignal): Promise<CustomerAddGet> {
  return api.get(`customer-add/get/${encodeURIComponent(code)}`, CustomerAddGet, { signal });
}
