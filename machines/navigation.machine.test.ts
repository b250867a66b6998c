import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type EmittedFrom } from 'xstate';
import { navigationMachine, selectFirstLoad } from './navigation.machine';
import type { NavigationRequest } from './lib/navigation/rules';

function makeNav() {
  const actor = createActor(navigationMachine);
  const emitted: EmittedFrom<typeof navigationMachine>[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted };
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
  it('allows a signed-in user: pre-navigate, start-navigate, post-navigate after render', async () => {
    const { actor, emitted } = makeNav();
    const req = request({});
    actor.send(req);
    const s = await waitFor(actor, (x) => x.context.requestId === req.requestId && x.hasTag('decided'));
    expect(s.matches('navigating')).toBe(true);
    actor.send({ type: 'navigation.rendered', routeId: '/dashboard' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(emitted.map((e) => e.type)).toEqual([
      'navigation.preNavigate',
      'navigation.startNavigate',
      'navigation.postNavigate',
    ]);
    expect(emitted[0]).toMatchObject({ component: 'epit-dashboard' });
    expect(emitted[2]).toMatchObject({ routeId: '/dashboard', component: 'epit-dashboard' });
  });

  it('knows the first load of the page until a route has rendered, in any state', () => {
    const { actor, emitted } = makeNav();
    expect(selectFirstLoad(actor.getSnapshot())).toBe(true);
    actor.send(request({ routeId: '/customer-search', privileges: [] }));
    expect(selectFirstLoad(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'navigation.rendered', routeId: '/' });
    expect(actor.getSnapshot().matches('denied')).toBe(true);
    expect(actor.getSnapshot().context.currentRouteId).toBe('/');
    expect(selectFirstLoad(actor.getSnapshot())).toBe(false);
    // no post-navigate outside a navigation
    expect(emitted.filter((e) => e.type === 'navigation.postNavigate')).toEqual([]);
  });

  it('sends a signed-out user to the security service with the target page', () => {
    const { actor, emitted } = makeNav();
    actor.send(request({ signedIn: false, routeId: '/user-settings/edit/', target: '/ui/user-settings/edit?tab=1' }));
    const s = actor.getSnapshot();
    expect(s.matches('redirectingToLogin')).toBe(true);
    expect(s.context.decision).toEqual({
      kind: 'login',
      url: '/api/security/login?target=%2Fui%2Fuser-settings%2Fedit%3Ftab%3D1',
    });
    expect(emitted.map((e) => e.type)).toEqual(['navigation.preNavigate']);
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
});
