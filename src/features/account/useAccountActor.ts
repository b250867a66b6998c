/** One flow actor per visit of an account route; its navigation, toasts and warnings go to the portal. */
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { usePortal } from '../../app/PortalContext';

export function useResetPasswordActor(key: string) {
  const portal = usePortal();
  const actor = useActorRef(portal.account.resetPassword, { input: { key } });
  useEffect(() => {
    const subs = [
      actor.on('navigation.requested', (e) => portal.navigateTo(e.target)),
      actor.on('toast.show', (e) => portal.showToast(e.toast)),
      actor.on('warning', (e) => portal.logWarning(e)),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, portal]);
  return actor;
}

export function useEulaActor(key: string | null) {
  const portal = usePortal();
  const actor = useActorRef(portal.account.eula, { input: { key } });
  useEffect(() => {
    const subs = [
      actor.on('navigation.requested', (e) => portal.navigateTo(e.target)),
      actor.on('toast.show', (e) => portal.showToast(e.toast)),
      actor.on('warning', (e) => portal.logWarning(e)),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, portal]);
  return actor;
}
