/**
 * The portal's core (the composition root's first chapter): configuration, the API client, the query cache, the
 * navigator, and the actor system — the root `portal` machine (machines/portal.machine.ts) with its first-screen
 * children and their real effects (API calls, cookies, sessionStorage, redirects, the router, the log). What one
 * actor tells another is the root's business; this file only supplies effects.
 */
import { QueryClient } from '@tanstack/react-query';
import { createActor, fromPromise, type AnyActorLogic, type InspectionEvent, type Observer } from 'xstate';
import { ApiError, createApiClient, type ApiClient } from '../api/client';
import { changeLanguage } from '../api/context/change-language';
import { getSimpleUserContext } from '../api/context/get-simple-user-context';
import { getUserContext } from '../api/context/get-user-context';
import { COOKIE, type PortalConfig } from '../../domain/contract';
import { SYSTEM_ID } from '../../domain/system-ids';
import type { Draft } from '../../domain/pages';
import type { Warning } from '../../domain/shell-events';
import { languageCookieValue } from '../../domain/session/rules';
import { loginUrl } from '../../domain/navigation/rules';
import { customerAddModalMachine } from '../../machines/customerAddModal.machine';
import { pagesMachine } from '../../machines/pages.machine';
import { portalMachine, type PortalActor } from '../../machines/portal.machine';
import { localeMachine } from '../../machines/locale.machine';
import { sessionMachine } from '../../machines/session.machine';
import type { ToastRequest } from '../../machines/toasts.machine';
import { shellEffects } from '../features/shell';
import { createNavigator, currentTarget, redirectBrowser, type AttachableNavigator } from './browser';
import { clearCookie, readCookie, writePermanentCookie } from './cookies';
import { privacySignals } from './privacy';
import { readDrafts, writeDrafts } from './drafts';
import { BUILD_HEADER, noteServerBuild } from './release';

type Inspect = Observer<InspectionEvent> | ((e: InspectionEvent) => void);

export interface PortalOptions {
  inspect?: Inspect;
  /** for tests: a fake fetch */
  fetch?: typeof fetch;
}

export interface PortalSystem {
  config: PortalConfig;
  api: ApiClient;
  queryClient: QueryClient;
  /** the dev inspector, for every actor of the system */
  inspect?: Inspect;
  navigator: AttachableNavigator;
  /** the root of the actor system (systemId `portal`); its children are read from it below */
  root: PortalActor;
  /** a view's own message (the toasts actor shows it) */
  showToast: (toast: ToastRequest) => void;
  /** what the spec says is only logged (spec 1 §8) */
  logWarning: (warning: Warning) => void;
}

/** What the system needs from the lazily loaded parts (src/app/portal.ts). */
export interface SystemHooks {
  /** the customer-add flow's logic with its effects and input; loads its chunk on the modal's first opening */
  loadCustomerAdd: () => Promise<{ logic: AnyActorLogic; input: unknown }>;
}

export function createSystem(config: PortalConfig, { inspect, fetch: fakeFetch }: PortalOptions, hooks: SystemHooks) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  const navigator = createNavigator(config.baseUrl);
  // spec 1 §8: authorisation failure; a stale XSRF token is no such failure (the caller shows error.server)
  const api = createApiClient({
    apiUrl: config.apiUrl,
    fetch: fakeFetch,
    onAuthorizationError: (error: ApiError) => {
      if (error.code !== 'XSRF') root.send({ type: 'api.unauthorized' });
    },
    onAnswer: (headers) => noteServerBuild(headers.get(BUILD_HEADER)),
    // the server has cleared the represented party: the portal says so and asks whom the person represents
    onRightEnded: () => root.send({ type: 'api.rightEnded' }),
  });
  const deps = { api, queryClient };

  const machine = portalMachine.provide({
    actors: {
      session: withSessionEffects(api, queryClient, config),
      ...shellEffects(deps),
      pages: pagesMachine.provide({
        actions: { storeDrafts: (_, { drafts }: { drafts: Draft[] }) => writeDrafts(drafts) },
      }),
      customerAddModal: customerAddModalMachine.provide({
        actors: {
          loadCustomerAdd: fromPromise(() => hooks.loadCustomerAdd()),
          reloadUserContext: fromPromise(({ signal }) => getUserContext(api, signal)),
        },
      }),
    },
    actions: {
      navigate: (_, { target }) => navigator.navigateTo(target),
      logWarning: (_, { code, detail }) => console.warn(code, detail),
      // spec 1 §4: external application pages of other scripts listen to this DOM event
      announceRepresenteeChange: (_, { cause }) =>
        window.dispatchEvent(new CustomEvent('REPRESENTEE-CHANGE', { detail: { cause } })),
      redirectToSignOn: () => redirectBrowser(loginUrl(config.securityUrl, currentTarget())),
      // the hit's code loads with the first counted page view (most portals and browsers count none); a page view
      // whose code cannot load is not the person's concern (as a failed hit)
      trackPageView: (_, view) =>
        void import('./analytics').then(
          ({ sendPageView }) => sendPageView(config, view),
          (error: unknown) => console.warn('analytics', error),
        ),
    },
  });
  const root: PortalActor = createActor(machine, {
    systemId: SYSTEM_ID.portal,
    input: {
      session: { cookies: { language: readCookie(COOKIE.language), domain: readCookie(COOKIE.domain) } },
      drafts: readDrafts(),
      baseUrl: config.baseUrl.replace(/\/+$/, ''),
      // spec 1 §9: the root counts page views only in live mode, with an endpoint, and without a privacy signal
      analytics: { runMode: config.runMode, analytics: config.analytics, privacy: privacySignals() },
    },
    inspect,
  });
  const system: PortalSystem = {
    config,
    api,
    queryClient,
    inspect,
    navigator,
    root,
    showToast: (toast) => root.getSnapshot().children.toasts?.send({ type: 'toasts.show', ...toast }),
    logWarning: ({ code, detail }) => console.warn(code, detail),
  };
  return system;
}

/** The session machine with the real effects: the context calls, cookies, and the logout's chunk. */
function withSessionEffects(api: ApiClient, queryClient: QueryClient, config: PortalConfig) {
  const sessionHint = config.sessionHint === true;
  return sessionMachine.provide({
    actors: {
      loadUserContext: fromPromise(({ signal }) => {
        // the backend marks a session with a readable cookie (PortalConfig.sessionHint); without it no one is signed
        // in, which is what its 401 would say, so the first screen need not wait for (or log) that answer
        if (sessionHint && readCookie(COOKIE.signedIn) === null)
          return Promise.reject(new ApiError(401, 'UNAUTHENTICATED', 'not signed in (no EPIT-SIGNED-IN cookie)'));
        return getUserContext(api, signal).catch((error: unknown) => {
          // a hint the session outlived (expired, ended elsewhere): the server clears it too, this is for the next load
          if (sessionHint && error instanceof ApiError && error.status === 401) clearCookie(COOKIE.signedIn);
          throw error;
        });
      }),
      loadSimpleContext: fromPromise(({ signal }) => getSimpleUserContext(api, signal)),
      postLanguage: fromPromise(({ input }) => changeLanguage({ api, queryClient }, input.language)),
      locale: localeMachine.provide({
        actions: {
          persistLanguage: (_, { language }) => writePermanentCookie(COOKIE.language, languageCookieValue(language)),
          persistDomain: (_, { domain }) => {
            if (domain) writePermanentCookie(COOKIE.domain, domain);
          },
        },
      }),
      // spec 1 §7 cross-domain ticket check, asked by the session while signed out on a public page; its code loads
      // then. A failure, the import's too, is only logged (spec 1 §8)
      checkTicket: fromPromise(() =>
        import('./ticket-check')
          .then(({ checkTicketOnce }) => checkTicketOnce(config))
          .catch((error: unknown) => {
            console.warn(error);
            return false;
          }),
      ),
      // spec 1 §4 Logout: loaded when the person clicks Log out (the import fails: the session warns, stays signed in)
      loadLogout: fromPromise(() =>
        import('./logout').then((m) => m.logoutLogic({ api, queryClient }, config.securityUrl)),
      ),
    },
  });
}
