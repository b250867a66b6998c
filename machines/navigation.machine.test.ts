import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { navigationMachine } from './navigation.machine';
import type { NavigationRequest } from './lib/navigation/rules';

function makeNav() {
  let cleared = 0;
  const actor = createActor(navigationMachine.provide({ actions: { clearNonPersistentTimers: () => void cleared++ } }));
  const emitted: { type: string; [k: string]: unknown }[] = [];
  actor.on('*', (e) => emitted.push(e as never));
  actor.start();
  return { actor, emitted, cleared: () => cleared };
}

const base: NavigationRequest = {
  routeId: '/dashboard',
  target: '/ui/dashboard',
  signedIn: true,
  privileges: [],
  securityUrl: '/api/security/login',
};
let id = 0;
const request = (over: Partial<NavigationRequest>) => ({
  type: 'navigation.request' as const,
  requestId: ++id,
  ...base,
  ...over,
});

describe('navigation machine', () => {
  it('allows a signed-in user: pre-navigate, start-navigate (timers cleared), post-navigate after render', async () => {
    const { actor, emitted, cleared } = makeNav();
    const req = request({});
    actor.send(req);
    const s = await waitFor(actor, (x) => x.context.requestId === req.requestId && x.hasTag('decided'));
    expect(s.matches('navigating')).toBe(true);
    expect(cleared()).toBe(1);
    actor.send({ type: 'navigation.rendered', routeId: '/dashboard' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(emitted.map((e) => e.type)).toEqual([
      'navigation.preNavigate',
      'navigation.startNavigate',
      'navigation.postNavigate',
    ]);
    expect(emitted[0]).toMatchObject({ component: 'epit-dashboard' });
  });

  it('sends a signed-out user to the security service with the target page', () => {
    const { actor, cleared } = makeNav();
    actor.send(request({ signedIn: false, routeId: '/user-settings/edit/', target: '/ui/user-settings/edit?tab=1' }));
    const s = actor.getSnapshot();
    expect(s.matches('redirectingToLogin')).toBe(true);
    expect(s.context.decision).toEqual({
      kind: 'login',
      url: '/api/security/login?target=%2Fui%2Fuser-settings%2Fedit%3Ftab%3D1',
    });
    expect(cleared()).toBe(0);
  });

  it('lets anybody open a public page', () => {
    const { actor } = makeNav();
    actor.send(request({ signedIn: false, routeId: '/finance/error/unavailable' }));
    expect(actor.getSnapshot().matches('navigating')).toBe(true);
  });

  it('sends a signed-in user without the privilege home with "No rights to access component" as an error toast', () => {
    const { actor, emitted } = makeNav();
    actor.send(request({ routeId: '/customer-search', privileges: ['SHOW_MY_SETTINGS'] }));
    expect(actor.getSnapshot().matches('denied')).toBe(true);
    expect(actor.getSnapshot().context.decision).toMatchObject({ kind: 'denied', to: '/' });
    expect(emitted.at(-1)).toEqual({ type: 'toast.show', toast: { toastType: 'error', messageKey: 'error.noRights' } });
  });

  it('exempts external routes from authorisation when a principal exists, not when signed out', () => {
    const { actor } = makeNav();
    actor.send(request({ routeId: '/external/$service', privileges: [] }));
    expect(actor.getSnapshot().matches('navigating')).toBe(true);
    actor.send(request({ routeId: '/external/$service', signedIn: false }));
    expect(actor.getSnapshot().matches('redirectingToLogin')).toBe(true);
  });

  it('rejects a vetoed navigation with "Navigation to {component} cancelled: {reason}", then allows after unveto', () => {
    const { actor, emitted } = makeNav();
    actor.send({ type: 'navigation.veto', trackerId: 'form', reason: 'unsaved changes', reroute: '/dashboard' });
    actor.send(request({ routeId: '/user-settings/edit/$fgid' }));
    expect(actor.getSnapshot().matches('cancelled')).toBe(true);
    expect(actor.getSnapshot().context.decision).toEqual({
      kind: 'cancelled',
      to: '/dashboard',
      messageKey: 'error.navigation.cancelled',
      values: { component: 'user-settings-edit', reason: 'unsaved changes' },
    });
    expect(emitted.at(-1)).toMatchObject({ type: 'toast.show', toast: { messageKey: 'error.navigation.cancelled' } });
    actor.send({ type: 'navigation.unveto', trackerId: 'form' });
    actor.send(request({ routeId: '/user-settings/edit/$fgid' }));
    expect(actor.getSnapshot().matches('navigating')).toBe(true);
  });

  it('throws when the scheduler action is not provided', () => {
    const actor = createActor(navigationMachine);
    let error: unknown;
    actor.subscribe({ error: (e) => (error = e) });
    actor.start();
    actor.send(request({}));
    expect(String(error)).toContain('clearNonPersistentTimers not provided');
  });
});
