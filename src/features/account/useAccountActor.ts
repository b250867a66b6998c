/**
 * The account flows' actors: the portal's pages machine runs one per visit of an account route, and passes on their
 * navigation, toasts and log lines to the portal.
 */
import type { EulaActor } from '../../../machines/eula.machine';
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
  return usePageActor(PAGE.eula, portal.account.eula, { key }, { restartKey: key ?? '' });
}
