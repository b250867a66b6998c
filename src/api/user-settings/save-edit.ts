/**
 * POST user-settings/edit/{userId} (spec 2 §7): the person's e-mail, phone, mobile, address, language and names. What
 * shows them: the edit form and the settings header (user-settings/edit), the dashboard's user card (mobile and
 * address: context/getUserDetails), and the header's and the dashboard's name (the user context, when it is one's own).
 * With `ifMatch` a save over a version someone else saved meanwhile is refused: ApiError 412, nothing changed.
 */
import { z } from 'zod/mini';
import type { EditUserInput } from '../../../domain/user-settings';
import { userDetailsQuery } from '../context/get-user-details';
import { reloadUserContext } from '../context/reload-user-context';
import type { ApiClient, RequestOptions } from '../client';
import { invalidate, type WriteDeps } from '../invalidate';
import { userEditKey } from './get-edit';

export function saveEditInvalidates(api: ApiClient, fgid: string) {
  return [userEditKey(fgid), userDetailsQuery(api, fgid).queryKey] as const;
}

export async function saveEdit(
  deps: WriteDeps,
  fgid: string,
  body: EditUserInput,
  opts: Pick<RequestOptions, 'ifMatch' | 'onETag'> = {},
): Promise<void> {
  await deps.api.post(`user-settings/edit/${encodeURIComponent(fgid)}`, body, z.unknown(), opts);
  await Promise.all([invalidate(deps.queryClient, saveEditInvalidates(deps.api, fgid)), reloadUserContext(deps, fgid)]);
}
