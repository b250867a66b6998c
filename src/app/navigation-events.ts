/**
 * Navigation events and trackers (spec 1 §4 "Navigation events"): `portal.navigationEvents`.
 *
 * - `on(type, listener)` hears, in order, pre-navigate, start-navigate, pre-partial, post-partial and
 *   post-navigate for every guarded navigation, and url-changed, route-updated and language-changed when they
 *   happen (also navigation-cancelled when a tracker vetoed a start). It returns the unsubscribe function.
 * - `addTracker(tracker)` registers a navigation tracker: its `start` hook (or the function itself) runs when a
 *   navigation the guard allowed starts, and may veto it by returning `{ cancel: reason, reroute? }` (also as a
 *   promise). The navigation then goes home, or to `reroute` (an in-app address), the person sees
 *   'Navigation to {component} cancelled: {reason}' (error.navigation.cancelled), and a `navigate` of it is
 *   rejected with that message. A tracker that throws does not veto; the error is logged.
 * - `navigate(href)` navigates in the app and settles when the navigation has rendered (resolves) or was
 *   cancelled by a tracker (rejects with Error('Navigation to {component} cancelled: {reason}')).
 *
 * Where the events come from: the navigation machine emits them (machines/navigation.machine.ts, driven by
 * guard.ts and router.tsx); language-changed follows the session's language.
 *
 * Test hook: when `config.runMode === 'test'` the same object is `window.__epitNavigation`, so end-to-end tests
 * can register a tracker in the page (tests/e2e/skeleton/navigation-events.spec.ts). Never in live or dev.
 */
import type { Language } from '../../domain/contract';
import type { NavigationVeto } from '../../machines/navigation.machine';
import type { NavigationActor } from '../../machines/navigation.machine';
import type { PortalSystem } from './system';

export type { NavigationVeto } from '../../machines/navigation.machine';

interface RouteInfo {
  /** TanStack Router route id, e.g. '/user-settings/edit/' */
  routeId: string;
  /** the spec's component name, e.g. 'user-settings-edit' */
  component: string;
}

export interface NavigationEventMap {
  'pre-navigate': RouteInfo;
  'start-navigate': RouteInfo;
  'pre-partial': RouteInfo;
  'post-partial': RouteInfo;
  'post-navigate': RouteInfo;
  'url-changed': { href: string; previousHref: string | null };
  'route-updated': RouteInfo & { href: string; previousHref: string };
  'language-changed': { language: Language; previousLanguage: Language };
  'navigation-cancelled': RouteInfo & { reason: string; to: string; message: string };
}
export type NavigationEventType = keyof NavigationEventMap;
export type NavigationListener<T extends NavigationEventType> = (event: NavigationEventMap[T]) => void;

/** What a start hook is told about the navigation that is starting. */
export interface NavigationStart extends RouteInfo {
  /** the page as the browser will show it, with the base ('/ui/dashboard?x=1') */
  target: string;
}
export type NavigationStartHook = (
  start: NavigationStart,
) => NavigationVeto | undefined | void | Promise<NavigationVeto | undefined | void>;
export type NavigationTracker = NavigationStartHook | { start?: NavigationStartHook };

export interface NavigationEvents {
  on<T extends NavigationEventType>(type: T, listener: NavigationListener<T>): () => void;
  addTracker(tracker: NavigationTracker): () => void;
  navigate(href: string): Promise<void>;
  /** the guard: asks every tracker's start hook in order; the first veto wins */
  runStartHooks(start: NavigationStart): Promise<NavigationVeto | null>;
}

declare global {
  interface Window {
    /** runMode 'test' only: the navigation events and trackers, for end-to-end tests */
    __epitNavigation?: NavigationEvents;
  }
}

const isVeto = (v: unknown): v is NavigationVeto =>
  typeof v === 'object' && v !== null && typeof (v as { cancel?: unknown }).cancel === 'string';

/** What the bridge uses: the navigation guard, the session's language, the router's navigate and the run mode. */
interface NavigationEventsDeps {
  navigation: NavigationActor;
  session: LanguageSource;
  navigator: Pick<PortalSystem['navigator'], 'navigateTo'>;
  config: Pick<PortalSystem['config'], 'runMode'>;
}

/** a source of the person's language, as the session is one */
interface LanguageSource {
  getSnapshot(): { context: { language: Language } };
  subscribe(listener: (s: { context: { language: Language } }) => void): unknown;
}

export function createNavigationEvents({
  navigation,
  session,
  navigator,
  config,
}: NavigationEventsDeps): NavigationEvents {
  const listeners = new Map<NavigationEventType, Set<(e: never) => void>>();
  const trackers: NavigationTracker[] = [];

  function fire<T extends NavigationEventType>(type: T, event: NavigationEventMap[T]) {
    for (const l of [...(listeners.get(type) ?? [])]) {
      try {
        (l as NavigationListener<T>)(event);
      } catch (error) {
        console.error(`navigation ${type} listener failed`, error);
      }
    }
  }

  function on<T extends NavigationEventType>(type: T, listener: NavigationListener<T>) {
    const set = listeners.get(type) ?? new Set();
    listeners.set(type, set);
    set.add(listener);
    return () => void set.delete(listener);
  }

  const route = ({ routeId, component }: RouteInfo): RouteInfo => ({ routeId, component });
  // a bridge to the outside: what the navigation guard emits becomes the public events of spec 1 §4 for the
  // trackers and listeners of other scripts (no actor hears it through here)
  navigation.on('*', (e) => {
    switch (e.type) {
      case 'navigation.preNavigate':
        return fire('pre-navigate', route(e));
      case 'navigation.startNavigate':
        return fire('start-navigate', route(e));
      case 'navigation.prePartial':
        return fire('pre-partial', route(e));
      case 'navigation.postPartial':
        return fire('post-partial', route(e));
      case 'navigation.postNavigate':
        return fire('post-navigate', route(e));
      case 'navigation.urlChanged':
        return fire('url-changed', { href: e.href, previousHref: e.previousHref });
      case 'navigation.routeUpdated':
        return fire('route-updated', { ...route(e), href: e.href, previousHref: e.previousHref });
      case 'navigation.cancelled':
        return fire('navigation-cancelled', { ...route(e), reason: e.reason, to: e.to, message: e.message });
    }
  });
  let language = session.getSnapshot().context.language;
  session.subscribe((s) => {
    const previousLanguage = language;
    language = s.context.language;
    if (language !== previousLanguage) fire('language-changed', { language, previousLanguage });
  });

  const events: NavigationEvents = {
    on,
    addTracker(tracker) {
      trackers.push(tracker);
      return () => {
        const i = trackers.indexOf(tracker);
        if (i >= 0) trackers.splice(i, 1);
      };
    },
    async runStartHooks(start) {
      for (const tracker of [...trackers]) {
        const hook = typeof tracker === 'function' ? tracker : tracker.start;
        if (!hook) continue;
        try {
          const answer = await hook(start);
          if (isVeto(answer)) return answer;
        } catch (error) {
          console.error('navigation tracker failed', error);
        }
      }
      return null;
    },
    navigate(href) {
      return new Promise<void>((resolve, reject) => {
        const done = () => {
          offRendered();
          offCancelled();
        };
        const offRendered = on('post-navigate', () => {
          done();
          resolve();
        });
        const offCancelled = on('navigation-cancelled', ({ message }) => {
          done();
          reject(new Error(message));
        });
        navigator.navigateTo({ kind: 'path', path: href });
      });
    },
  };
  if (config.runMode === 'test' && typeof window !== 'undefined') window.__epitNavigation = events;
  return events;
}
