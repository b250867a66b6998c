import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type EmittedFrom } from 'xstate';
import { navigationMachine, selectFirstLoad } from './navigation.machine';
import type { NavigationRequest, RouteFacts } from '../domain/navigation/rules';

function makeNav() {
  const actor = createActor(navigationMachine);
  const emitted: EmittedFrom<typeof navigationMachine>[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted };
}

/** the facts the routes these tests open declare (their staticData in src/routes/) */
const FACTS: Record<string, RouteFacts> = {
  '/': { component: 'index', access: 'public' },
  '/dashboard': { component: 'epit-dashboard', access: 'protected' },
  '/user-settings/edit/': { component: 'user-settings-edit', access: 'protected' },
  '/customer-search': {
    component: 'customer-search',
    access: 'protected',
    privileges: ['EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER'],
  },
  '/finance/error/unavailable': { component: 'finance-unavailable', access: 'public' },
  '/external/$service': { component: 'external-service', access: 'external' },
};

const base: NavigationRequest = {
  routeId: '/dashboard',
  route: FACTS['/dashboard'],
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
  route: FACTS[over.routeId ?? base.routeId],
});
/** the router's report of a route on screen, with the component its route declares */
const rendered = (routeId: string, href: string) => ({
  type: 'navigation.rendered' as const,
  routeId,
  component: FACTS[routeId].component,
  href,
});

/** a whole allowed navigation: request, started, loaded, rendered */
function navigate(actor: ReturnType<typeof makeNav>['actor'], routeId: string, href: string) {
  const req = request({ routeId, target: `/ui${href}` });
  actor.send(req);
  actor.send({ type: 'navigation.started', requestId: req.requestId });
  actor.send({ type: 'navigation.loaded' });
  actor.send(rendered(routeId, href));
}

describe('navigation machine', () => {
  it('fires pre-navigate, start-navigate, pre-partial, post-partial, post-navigate in order, and url-changed', async () => {
    const { actor, emitted } = makeNav();
    const req = request({});
    actor.send(req);
    // the trackers are asked before the start: nothing is decided yet
    expect(actor.getSnapshot().hasTag('starting')).toBe(true);
    expect(actor.getSnapshot().hasTag('decided')).toBe(false);
    actor.send({ type: 'navigation.started', requestId: req.requestId });
    const s = await waitFor(actor, (x) => x.context.requestId === req.requestId && x.hasTag('decided'));
    expect(s.matches('navigating')).toBe(true);
    actor.send({ type: 'navigation.loaded' });
    actor.send(rendered('/dashboard', '/dashboard'));
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(emitted.map((e) => e.type)).toEqual([
      'navigation.preNavigate',
      'navigation.startNavigate',
      'navigation.prePartial',
      'navigation.postPartial',
      'navigation.urlChanged',
      'navigation.postNavigate',
    ]);
    expect(emitted[0]).toMatchObject({ component: 'epit-dashboard' });
    expect(emitted[4]).toEqual({
      type: 'navigation.urlChanged',
      routeId: '/dashboard',
      component: 'epit-dashboard',
      href: '/dashboard',
      previousHref: null,
    });
    expect(emitted[5]).toMatchObject({ routeId: '/dashboard', component: 'epit-dashboard' });
  });

  it('still pairs post-partial with pre-partial when the route renders without a separate load', () => {
    const { actor, emitted } = makeNav();
    const req = request({});
    actor.send(req);
    actor.send({ type: 'navigation.started', requestId: req.requestId });
    actor.send(rendered('/dashboard', '/dashboard'));
    expect(emitted.map((e) => e.type)).toEqual([
      'navigation.preNavigate',
      'navigation.startNavigate',
      'navigation.prePartial',
      'navigation.postPartial',
      'navigation.urlChanged',
      'navigation.postNavigate',
    ]);
  });

  it('fires route-updated when the same route is shown with a new address, url-changed for any new address', () => {
    const { actor, emitted } = makeNav();
    const route = '/external/$service';
    navigate(actor, route, '/external/OSS');
    emitted.length = 0;
    navigate(actor, route, '/external/PER');
    expect(emitted.filter((e) => e.type === 'navigation.routeUpdated')).toEqual([
      {
        type: 'navigation.routeUpdated',
        routeId: route,
        component: 'external-service',
        href: '/external/PER',
        previousHref: '/external/OSS',
      },
    ]);
    expect(emitted.filter((e) => e.type === 'navigation.urlChanged')).toEqual([
      {
        type: 'navigation.urlChanged',
        routeId: route,
        component: 'external-service',
        href: '/external/PER',
        previousHref: '/external/OSS',
      },
    ]);
    emitted.length = 0;
    // another route: url-changed, not route-updated
    navigate(actor, '/dashboard', '/dashboard');
    expect(emitted.map((e) => e.type)).toContain('navigation.urlChanged');
    expect(emitted.map((e) => e.type)).not.toContain('navigation.routeUpdated');
    emitted.length = 0;
    // the same address again (the router re-resolving in place): neither
    actor.send(rendered('/dashboard', '/dashboard'));
    expect(emitted).toEqual([]);
  });

  it('cancels a start a tracker vetoed: home by default, with the rejection message and an error toast', () => {
    const { actor, emitted } = makeNav();
    const req = request({ routeId: '/user-settings/edit/', target: '/ui/user-settings/edit' });
    actor.send(req);
    actor.send({ type: 'navigation.vetoed', requestId: req.requestId, veto: { cancel: 'unsaved changes' } });
    const s = actor.getSnapshot();
    expect(s.matches('cancelled')).toBe(true);
    expect(s.hasTag('decided')).toBe(true);
    expect(s.context.decision).toMatchObject({
      kind: 'cancelled',
      to: '/',
      message: 'Navigation to user-settings-edit cancelled: unsaved changes',
    });
    expect(emitted.map((e) => e.type)).toEqual(['navigation.preNavigate', 'navigation.cancelled', 'toast.show']);
    expect(emitted[1]).toEqual({
      type: 'navigation.cancelled',
      routeId: '/user-settings/edit/',
      component: 'user-settings-edit',
      reason: 'unsaved changes',
      to: '/',
      message: 'Navigation to user-settings-edit cancelled: unsaved changes',
    });
    expect(emitted[2]).toEqual({
      type: 'toast.show',
      toast: {
        toastType: 'error',
        messageKey: 'error.navigation.cancelled',
        values: { component: 'user-settings-edit', reason: 'unsaved changes' },
      },
    });
  });

  it('sends a vetoed navigation to the rerouting target when the tracker gives one', () => {
    const { actor } = makeNav();
    const req = request({ routeId: '/customer-search', privileges: ['EDIT_ANY_USER'] });
    actor.send(req);
    actor.send({
      type: 'navigation.vetoed',
      requestId: req.requestId,
      veto: { cancel: 'closed', reroute: '/user-settings/edit/' },
    });
    expect(actor.getSnapshot().context.decision).toMatchObject({ kind: 'cancelled', to: '/user-settings/edit/' });
  });

  it('ignores a start answer for a navigation that a newer one replaced', () => {
    const { actor, emitted } = makeNav();
    const old = request({});
    actor.send(old);
    const newer = request({ routeId: '/finance/error/unavailable' });
    actor.send(newer);
    actor.send({ type: 'navigation.vetoed', requestId: old.requestId, veto: { cancel: 'late' } });
    actor.send({ type: 'navigation.started', requestId: old.requestId });
    expect(actor.getSnapshot().matches('starting')).toBe(true);
    expect(emitted.map((e) => e.type)).toEqual(['navigation.preNavigate', 'navigation.preNavigate']);
    actor.send({ type: 'navigation.started', requestId: newer.requestId });
    expect(actor.getSnapshot().matches('navigating')).toBe(true);
  });

  it('knows the first load of the page until a route has rendered, in any state', () => {
    const { actor, emitted } = makeNav();
    expect(selectFirstLoad(actor.getSnapshot())).toBe(true);
    actor.send(request({ routeId: '/customer-search', privileges: [] }));
    expect(selectFirstLoad(actor.getSnapshot())).toBe(true);
    actor.send(rendered('/', '/'));
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
    expect(actor.getSnapshot().matches('starting')).toBe(true);
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
    expect(actor.getSnapshot().matches('starting')).toBe(true);
    actor.send(request({ routeId: '/external/$service', signedIn: false }));
    expect(actor.getSnapshot().matches('redirectingToLogin')).toBe(true);
  });
});
