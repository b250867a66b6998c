/**
 * The actor system of the portal (composition root): the long-lived actors with their systemIds,
 * provided with the real effects (API via the client, cookies, sessionStorage, location redirects).
 */
import { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { createActor, fromPromise, type InspectionEvent, type Observer } from 'xstate';
import { ApiError, createApiClient, type ApiClient } from '../api/client';
import { COOKIE, ChangeLanguageBody, SignoutResponse, SimpleUserContext, UserContext, type PortalConfig } from '../api/contract';
import { SYSTEM_ID } from '../../machines/lib/system-ids';
import { languageCookieValue, languageWireValue } from '../../machines/lib/session-rules';
import { loginUrl } from '../../machines/lib/navigation-rules';
import { sessionMachine, type SessionActor } from '../../machines/session.machine';
import { navigationMachine, type NavigationActor } from '../../machines/navigation.machine';
import { toastsMachine, type ToastsActor } from '../../machines/toasts.machine';
import { readCookie, writePermanentCookie } from './cookies';
import { createScheduler, type Scheduler } from './scheduler';

export interface Portal {
  config: PortalConfig;
  api: ApiClient;
  queryClient: QueryClient;
  scheduler: Scheduler;
  session: SessionActor;
  navigation: NavigationActor;
  toasts: ToastsActor;
  /** set by the router module once the router exists (403 handling navigates home) */
  goHome: () => void;
}

export interface PortalOptions {
  inspect?: Observer<InspectionEvent> | ((e: InspectionEvent) => void);
  /** for tests: a fake fetch */
  fetch?: typeof fetch;
}

/** A full page redirect (the browser leaves the SPA). */
export function redirectBrowser(url: string): void {
  window.location.assign(url);
}

/** The page as the browser shows it, for ?target= (the server brings the user back there). */
export function currentTarget(): string {
  return window.location.pathname + window.location.search;
}

export function createPortal(config: PortalConfig, options: PortalOptions = {}): Portal {
  const scheduler = createScheduler();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });

  const portal = {} as Portal;
  portal.goHome = () => window.location.assign(config.baseUrl.replace(/\/?$/, '/'));

  const api = createApiClient({
    apiUrl: config.apiUrl,
    fetch: options.fetch,
    // spec 1 §8: authorisation failure → error.auth, then login (home when a principal exists)
    onAuthorizationError: (error: ApiError) => {
      if (error.code === 'XSRF') return; // a stale token: the caller shows error.server
      portal.toasts.send({ type: 'toasts.show', toastType: 'error', messageKey: 'error.auth' });
      const signedIn = portal.session.getSnapshot().hasTag('signedIn');
      if (signedIn) portal.goHome();
      else redirectBrowser(loginUrl(config.securityUrl, currentTarget()));
    },
  });

  const session = createActor(
    sessionMachine.provide({
      actors: {
        loadUserContext: fromPromise(({ signal }) => api.get('context/getUserContext', UserContext, { signal })),
        loadSimpleContext: fromPromise(({ signal }) => api.get('context/getSimpleUserContext', SimpleUserContext, { signal })),
        postLanguage: fromPromise(async ({ input }) => {
          await api.post('context/changeLanguage', { value: languageWireValue(input.language) } satisfies typeof ChangeLanguageBody._input, z.unknown());
        }),
        singleSignout: fromPromise(async ({ input }) => {
          const out = await api.post('single-signout', undefined, SignoutResponse, { query: { locale: input.locale } });
          return out.value;
        }),
        // GET, no payload; the answer is not shown (spec 1 §7). Cross-origin: no-cors so it still reaches the app.
        fetchOssLogout: fromPromise(async ({ input }) => {
          await fetch(input.url, { credentials: 'include', mode: 'no-cors' }).catch(() => undefined);
        }),
      },
      actions: {
        persistLanguage: (_, { language }) => writePermanentCookie(COOKIE.language, languageCookieValue(language)),
        resetSessionStorage: () => {
          try {
            sessionStorage.clear();
          } catch {
            /* storage disabled: nothing to reset */
          }
        },
        redirect: (_, { url }) => redirectBrowser(url),
      },
    }),
    {
      systemId: SYSTEM_ID.session,
      input: { cookies: { language: readCookie(COOKIE.language), domain: readCookie(COOKIE.domain) } },
      inspect: options.inspect,
    },
  );

  const navigation = createActor(
    navigationMachine.provide({ actions: { clearNonPersistentTimers: () => scheduler.clearNonPersistent() } }),
    { systemId: SYSTEM_ID.navigation, inspect: options.inspect },
  );

  const toasts = createActor(toastsMachine, { systemId: SYSTEM_ID.toasts, inspect: options.inspect });

  // Machines emit toast requests as codes; the toasts actor shows them.
  session.on('toast.show', (e) => toasts.send({ type: 'toasts.show', ...e.toast }));
  navigation.on('toast.show', (e) => toasts.send({ type: 'toasts.show', ...e.toast }));
  session.on('session.loggedOut', () => queryClient.clear());

  Object.assign(portal, { config, api, queryClient, scheduler, session, navigation, toasts });
  toasts.start();
  navigation.start();
  session.start();
  return portal;
}
