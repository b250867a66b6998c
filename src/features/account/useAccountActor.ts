/**
 * The account flows' actors: the portal's pages machine runs one per visit of an account route, and passes on their
 * navigation, toasts and log lines to the portal.
 */
import { eulaDraftKey, type EulaActor, type EulaInput } from '../../../machines/eula.machine';
import { PAGE } from '../../../domain/pages';
import type { ResetPasswordActor } from '../../../machines/resetPassword.machine';
import { usePortal } from '../../app/PortalContext';
import { usePageActor } from '../../app/usePageActor';

export function useResetPasswordActor(key: string): ResetPasswordActor | null {
  const portal = usePortal();
  return usePageActor(PAGE.resetPassword, portal.account.resetPassword, { key }, { restartKey: key });
}

export function useEulaActor(key: string | null): EulaActor | null {
  const portal = usePortal();
  const { domain, language } = portal.session.getSnapshot().context;
  // a draft kept over a sign-on comes back into the form (the signed-in person's confirm may find the session ended)
  const draftKey = eulaDraftKey(key);
  const input: EulaInput = { key, urls: { apiUrl: portal.config.apiUrl, domain, language } };
  return usePageActor(PAGE.eula, portal.account.eula, input, { restartKey: key ?? '', draftKey });
}
