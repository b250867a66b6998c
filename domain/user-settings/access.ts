/**
 * Who may open a person's user settings (spec 2 §6): the person themself, or staff with EDIT_ANY_USER. The portal
 * checks it before the settings route loads, to say "not authorised" and go home; the server checks every call
 * itself (server/routes/user-settings/access.ts).
 */
import type { UserContext } from '../contract';

/** `subject`: whose settings (fgid); none means the signed-in person's own. */
export function mayOpenUserSettings(userContext: UserContext | null, subject: string | undefined): boolean {
  if (!subject) return true;
  if (userContext?.epitPrincipal?.representative.id === subject) return true;
  return userContext?.privileges.includes('EDIT_ANY_USER') ?? false;
}
