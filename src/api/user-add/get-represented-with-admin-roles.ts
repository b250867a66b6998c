/** GET user-add/getRepresentedWithAdminRoles[?key=] (spec 2 §7): the parties the invited person may administer. */
import { RepresentedWithAdminRolesAnswer } from '../../../domain/account/schemas';
import type { ApiClient } from '../client';

export async function getRepresentedWithAdminRoles(api: ApiClient, key: string | null, signal?: AbortSignal) {
  const query = key ? { key } : undefined;
  return (await api.get('user-add/getRepresentedWithAdminRoles', RepresentedWithAdminRolesAnswer, { signal, query }))
    .value;
}
