/**
 * POST user/role/add (a new user) or user/role/edit (spec 2 §7): the save command → the applications whose save
 * failed. What shows a person's rights and roles: another user's settings (their rights and their OSS roles), and
 * one's own user context (the represented lists, the menus), when the person saved is oneself. The rights list
 * machine loads its customer's users again itself.
 */
import { SaveAnswer, type SaveCommand } from '../../../machines/lib/represented-settings';
import { reloadUserContext } from '../context/reload-user-context';
import { invalidate, type WriteDeps } from '../invalidate';
import { ossRolesKey } from '../user-settings/get-oss-roles';
import { userRightsKey } from '../user-settings/get-rights';

export function saveRightsInvalidates(command: Pick<SaveCommand, 'userId'>) {
  return [userRightsKey(command.userId), ossRolesKey(command.userId)] as const;
}

export async function saveRights(
  deps: WriteDeps,
  mode: 'new' | 'edit',
  command: SaveCommand,
  signal?: AbortSignal,
): Promise<string[]> {
  const answer = await deps.api.post(`user/role/${mode === 'new' ? 'add' : 'edit'}`, command, SaveAnswer, { signal });
  // a partial failure saved the other applications: they changed too
  await Promise.all([
    invalidate(deps.queryClient, saveRightsInvalidates(command)),
    reloadUserContext(deps, command.userId),
  ]);
  return answer.value;
}
