import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { navigationMachine } from '../../machines/navigation.machine';
import type { Language } from '../../domain/contract';
import type { NavTarget } from '../../domain/rights';
import { createNavigationEvents } from './navigation-events';

/** the navigation machine for real; a session that only has a language; a navigator that records */
function setup() {
  const navigation = createActor(navigationMachine).start();
  let language: Language = 'et';
  const subscribers: ((s: { context: { language: Language } }) => void)[] = [];
  const session = {
    getSnapshot: () => ({ context: { language } }),
    subscribe: (fn: (s: { context: { language: Language } }) => void) => void subscribers.push(fn),
  };
  const setLanguage = (l: Language) => {
    language = l;
    for (const fn of subscribers) fn({ context: { language } });
  };
  const targets: NavTarget[] = [];
  const navigator = { navigateTo: (t: NavTarget) => void targets.push(t) };
  const deps: Parameters<typeof createNavigationEvents>[0] = {
    navigation,
    session,
    navigator,
    config: { runMode: 'live' },
  };
  return { events: createNavigationEvents(deps), navigation, setLanguage, targets };
}

const start = { routeId: '/dashboard', component: 'epit-dashboard', target: '/ui/dashboard' };
/** what the two routes declare (their staticData) */
const dashboard = { component: 'epit-dashboard', access: 'protected' } as const;
const userSettings = { component: 'user-settings-edit', access: 'protected' } as const;

describe('navigation events', () => {
  it('asks the trackers in order; the first veto wins, a throwing tracker does not veto', async () => {
    const { events } = setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    events.addTracker(() => {
      seen.push('thrower');
      throw new Error('broken tracker');
    });
    const remove = events.addTracker({
      start: async (nav) => {
        seen.push(`async ${nav.component}`);
        return Promise.resolve({ cancel: 'busy', reroute: '/user-settings/edit/' });
      },
    });
    events.addTracker(() => {
      seen.push('never asked');
      return { cancel: 'late' };
    });
    expect(await events.runStartHooks(start)).toEqual({ cancel: 'busy', reroute: '/user-settings/edit/' });
    expect(seen).toEqual(['thrower', 'async epit-dashboard']);
    expect(error).toHaveBeenCalledWith('navigation tracker failed', expect.any(Error));
    remove();
    expect(await events.runStartHooks(start)).toEqual({ cancel: 'late' });
    error.mockRestore();
  });

  it('passes the machine events to listeners under the spec names, and language-changed from the session', () => {
    const { events, navigation, setLanguage } = setup();
    const log: string[] = [];
    const off = events.on('pre-navigate', (e) => log.push(`pre-navigate ${e.component}`));
    events.on('language-changed', (e) => log.push(`language-changed ${e.previousLanguage}->${e.language}`));
    events.on('url-changed', (e) => log.push(`url-changed ${e.href}`));
    navigation.send({
      type: 'navigation.request',
      requestId: 1,
      signedIn: true,
      privileges: [],
      securityUrl: '/s',
      ...start,
      route: dashboard,
    });
    navigation.send({
      type: 'navigation.rendered',
      routeId: '/dashboard',
      component: 'epit-dashboard',
      href: '/dashboard',
    });
    setLanguage('en');
    setLanguage('en');
    off();
    navigation.send({
      type: 'navigation.request',
      requestId: 2,
      signedIn: true,
      privileges: [],
      securityUrl: '/s',
      ...start,
      route: dashboard,
    });
    expect(log).toEqual(['pre-navigate epit-dashboard', 'url-changed /dashboard', 'language-changed et->en']);
  });

  it('navigate() is rejected with the spec message when a tracker vetoes the start', async () => {
    const { events, navigation, targets } = setup();
    const pending = events.navigate('/user-settings/edit/');
    expect(targets).toEqual([{ kind: 'path', path: '/user-settings/edit/' }]);
    navigation.send({
      type: 'navigation.request',
      requestId: 1,
      routeId: '/user-settings/edit/',
      route: userSettings,
      target: '/ui/user-settings/edit/',
      signedIn: true,
      privileges: [],
      securityUrl: '/s',
    });
    navigation.send({ type: 'navigation.vetoed', requestId: 1, veto: { cancel: 'unsaved changes' } });
    await expect(pending).rejects.toThrow('Navigation to user-settings-edit cancelled: unsaved changes');
  });
});
