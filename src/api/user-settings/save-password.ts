/**
 * POST user-settings/password/{userId} (spec 2 §7): passwordUsed, username, password. An answer with errorType UNIQUE
 * changed nothing (the username is taken); otherwise the password tab's data changed.
 */
import { PASSWORD_ERROR_UNIQUE, PasswordSaveAnswer, type PasswordBody } from '../../../domain/user-settings';
import { invalidate, type QueryDeps } from '../invalidate';
import { passwordSettingsKey } from './get-password';

export function savePasswordInvalidates(fgid: string) {
  return [passwordSettingsKey(fgid)] as const;
}

export async function savePassword(deps: QueryDeps, fgid: string, body: PasswordBody): Promise<PasswordSaveAnswer> {
  const answer = await deps.api.post(`user-settings/password/${encodeURIComponent(fgid)}`, body, PasswordSaveAnswer);
  if (answer.errorType !== PASSWORD_ERROR_UNIQUE) await invalidate(deps.queryClient, savePasswordInvalidates(fgid));
  return answer;
}
