import { redirect } from '@tanstack/react-router';
import { isAxaptaDead } from '../../domain/rights';
import { mayOpenUserSettings } from '../../domain/user-settings/access';
import type { UserContext } from '../../domain/contract';
import type { RouterContext } from '../app/router';

/** What the check reads of the router context: the settled session's user context, and the portal's toasts. */
interface AccessContext {
  session: { getSnapshot(): { context: { userContext: UserContext | null } } };
  portal: Pick<RouterContext['portal'], 'showToast'>;
}

interface AccessArgs {
  context: AccessContext;
  params: { fgid?: string };
  preload: boolean;
}

/**
 * The user-settings routes' beforeLoad (spec 2 §6): another person's settings only with EDIT_ANY_USER. Anyone else
 * is told access was denied (spec 1 §8 error.auth) and goes home, before any settings view renders or asks the server
 * for that person's data. The root route's guard has settled the session by now: a parent's beforeLoad runs before
 * its children's, and a child's does not run when the parent's redirects (to sign-on, or home).
 * Spec 1 §2: the screen also checks whether AXAPTA is down; if so it shows the dead-application error
 * (error.axapta.dead) and returns home.
 */
export function checkUserSettingsAccess({ context, params, preload }: AccessArgs): void {
  // a preload decides nothing and shows nothing (the root guard skips it too)
  if (preload) return;
  const { userContext } = context.session.getSnapshot().context;
  const refusal = !mayOpenUserSettings(userContext, params.fgid)
    ? 'error.auth'
    : isAxaptaDead(userContext)
      ? 'error.axapta.dead'
      : null;
  if (!refusal) return;
  context.portal.showToast({ toastType: 'error', messageKey: refusal });
  redirect({ to: '/', replace: true, throw: true });
}
