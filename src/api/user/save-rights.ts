/**
 * POST user/role/add (a new user) or user/role/edit (spec 2 §7): the save command → the applications whose save
 * failed. What shows a person's rights and roles: another user's settings (their rights and their OSS roles), and
 * one's own user context (the represented lists, the menus), when the person saved is oneself. The rights list
 * machine loads its customer's users again itself. With `ifMatch` (the version of the person's rights the dialog is
 * based on) a save over rights someone else saved meanwhile is refused: ApiError 412 CHANGED_MEANWHILE, nothing
 * changed.
 */
import { SaveAnswer, type SaveCommand } from '../../../domain/represented-settings';
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
  ifMatch: string | null = null,
): Promise<string[]> {
  const path = `user/role/${mode === 'new' ? 'add' : 'edit'}`;
  const answer = await deps.api.post(path, command, SaveAnswer, { signal, ifMatch });
  // a partial failure saved the other applications: they changed too
  await Promise.all([
    invalidate(deps.queryClient, saveRightsInvalidates(command)),
    reloadUserContext(deps, command.userId),
  ]);
  return answer.value;
}
