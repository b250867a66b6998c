/**
 * The portal's core (the composition root's first chapter): configuration, the API client, the query cache, the
 * navigator, and the app-wide actors — session, navigation guard, toasts — with their real effects (API calls,
 * cookies, sessionStorage, redirects). Every feature's `wire<Feature>(system)` receives this.
 */
import { QueryClient } from '@tanstack/react-query';
import { createActor, fromPromise, type InspectionEvent, type Observer } from 'xstate';
import { ApiError, createApiClient, type ApiClient } from '../api/client';
import { changeLanguage } from '../api/context/change-language';
import { getSimpleUserContext } from '../api/context/get-simple-user-context';
import { getUserContext } from '../api/context/get-user-context';
import type { QueryDeps } from '../api/invalidate';
import { singleSignout } from '../api/single-signout/single-signout';
import { COOKIE, type PortalConfig } from '../../machines/lib/contract';
import { SYSTEM_ID } from '../../machines/lib/system-ids';
import type { Warning } from '../../machines/lib/shell-events';
import { languageCookieValue, showsAuthError } from '../../machines/lib/session/rules';
import { loginUrl } from '../../machines/lib/navigation/rules';
import { sessionMachine, type SessionActor } from '../../machines/session.machine';
import { navigationMachine, type NavigationActor } from '../../machines/navigation.machine';
import { toastsMachine, type ToastRequest, type ToastsActor } from '../../machines/toasts.machine';
import { createNavigator, currentTarget, redirectBrowser, type AttachableNavigator } from './browser';
import { clearCookie, readCookie, writePermanentCookie } from './cookies';

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
  /** the dev inspector, for every long-lived actor */
  inspect?: Inspect;
  navigator: AttachableNavigator;
  session: SessionActor;
  navigation: NavigationActor;
  toasts: ToastsActor;
  /** a machine's toast request (its `toast.show`), shown by the toasts actor */
  showToast: (toast: ToastRequest) => void;
  /** a machine's `warning`: what the spec says is only logged (spec 1 §8) */
  logWarning: (warning: Warning) => void;
}

export function createSystem(config: PortalConfig, { inspect, fetch: fakeFetch }: PortalOptions): PortalSystem {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  const navigator = createNavigator(config.baseUrl);
  const toasts = createActor(toastsMachine, { systemId: SYSTEM_ID.toasts, inspect });
  const showToast = (toast: ToastRequest) => toasts.send({ type: 'toasts.show', ...toast });
  const api = createApiClient({ apiUrl: config.apiUrl, fetch: fakeFetch, onAuthorizationError });
  const session = createActor(withEffects({ api, queryClient }, config.sessionHint === true), {
    systemId: SYSTEM_ID.session,
    input: { cookies: { language: readCookie(COOKIE.language), domain: readCookie(COOKIE.domain) } },
    inspect,
  });
  const navigation = createActor(navigationMachine, { systemId: SYSTEM_ID.navigation, inspect });

  // spec 1 §8: authorisation failure → error.auth, then login (home when a principal exists)
  function onAuthorizationError(error: ApiError) {
    if (error.code === 'XSRF') return; // a stale token: the caller shows error.server
    if (showsAuthError(window.location.pathname, config.baseUrl))
      showToast({ toastType: 'error', messageKey: 'error.auth' });
    if (session.getSnapshot().hasTag('signedIn')) navigator.goHome();
    else redirectBrowser(loginUrl(config.securityUrl, currentTarget()));
  }

  session.on('toast.show', (e) => showToast(e.toast));
  navigation.on('toast.show', (e) => showToast(e.toast));
  const logWarning = ({ code, detail }: Warning) => console.warn(code, detail);
  return { config, api, queryClient, inspect, navigator, session, navigation, toasts, showToast, logWarning };
}

/** The session machine with the real effects: the context calls, cookies, sessionStorage and redirects. */
function withEffects(deps: QueryDeps, sessionHint: boolean) {
  const { api } = deps;
  return sessionMachine.provide({
    actors: {
      loadUserContext: fromPromise(({ signal }) => {
        // issue 12: the backend marks a session with a readable cookie (PortalConfig.sessionHint); without it no one
        // is signed in, which is what its 401 would say, so the first screen need not wait for (or log) that answer
        if (sessionHint && readCookie(COOKIE.signedIn) === null)
          return Promise.reject(new ApiError(401, 'UNAUTHENTICATED', 'not signed in (no EPIT-SIGNED-IN cookie)'));
        return getUserContext(api, signal).catch((error: unknown) => {
          // a hint the session outlived (expired, ended elsewhere): the server clears it too, this is for the next load
          if (sessionHint && error instanceof ApiError && error.status === 401) clearCookie(COOKIE.signedIn);
          throw error;
        });
      }),
      loadSimpleContext: fromPromise(({ signal }) => getSimpleUserContext(api, signal)),
      postLanguage: fromPromise(({ input }) => changeLanguage(deps, input.language)),
      // the signed-out person's cached answers go with the session (api/single-signout)
      singleSignout: fromPromise(({ input }) => singleSignout(deps, input.locale)),
      // GET, no payload; the answer is not shown (spec 1 §7). The OSS app answers CORS with credentials for the portal.
      fetchOssLogout: fromPromise(async ({ input }) => {
        // read the body too: the request is over only then, and the logout redirect waits for it (session machine)
        await fetch(input.url, { credentials: 'include', mode: 'cors' })
          .then((r) => r.text())
          .catch(() => undefined);
      }),
    },
    actions: {
      persistLanguage: (_, { language }) => writePermanentCookie(COOKIE.language, languageCookieValue(language)),
      persistDomain: (_, { domain }) => {
        if (domain) writePermanentCookie(COOKIE.domain, domain);
      },
      resetSessionStorage: () => {
        try {
          sessionStorage.clear();
        } catch {
          /* storage disabled: nothing to reset */
        }
      },
      redirect: (_, { url }) => redirectBrowser(url),
    },
  });
}
