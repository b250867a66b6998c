import { redirect } from '@tanstack/react-router';
import { mayOpenUserSettings } from '../../machines/lib/user-settings/access';
import type { RouterContext } from '../app/router';

interface AccessArgs {
  context: RouterContext;
  params: { fgid?: string };
  preload: boolean;
}

/**
 * The user-settings routes' beforeLoad (spec 2 §6): another person's settings only with EDIT_ANY_USER. Anyone else
 * is told access was denied (spec 1 §8 error.auth) and goes home, before any settings view renders or asks the server
 * for that person's data. The root route's guard has settled the session by now: a parent's beforeLoad runs before
 * its children's, and a child's does not run when the parent's redirects (to sign-on, or home).
 */
export function checkUserSettingsAccess({ context, params, preload }: AccessArgs): void {
  // a preload decides nothing and shows nothing (the root guard skips it too)
  if (preload) return;
  if (mayOpenUserSettings(context.session.getSnapshot().context.userContext, params.fgid)) return;
  context.portal.showToast({ toastType: 'error', messageKey: 'error.auth' });
  redirect({ to: '/', replace: true, throw: true });
}
