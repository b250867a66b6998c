/**
 * The actor system of the portal (composition root): the long-lived actors with their systemIds,
 * provided with the real effects (API via the client, cookies, sessionStorage, location redirects).
 */
import { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { createActor, fromPromise, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { ApiError, createApiClient, type ApiClient } from '../api/client';
import {
  COOKIE,
  ChangeLanguageBody,
  DeadApplicationsResponse,
  SignoutResponse,
  SimpleUserContext,
  UserContext,
  type PortalConfig,
} from '../../machines/lib/contract';
import { SYSTEM_ID } from '../../machines/lib/system-ids';
import { languageCookieValue, languageWireValue } from '../../machines/lib/session/rules';
import { loginUrl } from '../../machines/lib/navigation/rules';
import { sessionMachine, type SessionActor } from '../../machines/session.machine';
import { navigationMachine, type NavigationActor } from '../../machines/navigation.machine';
import { toastsMachine, type ToastRequest, type ToastsActor } from '../../machines/toasts.machine';
import { representedChoiceMachine } from '../../machines/representedChoice.machine';
import { representedChangeMachine } from '../../machines/representedChange.machine';
import { deadApplicationPollMachine } from '../../machines/deadApplicationPoll.machine';
import { sidePanelMachine } from '../../machines/sidePanel.machine';
import { modalMachine } from '../../machines/modal.machine';
import { isAxaptaDead, type NavTarget } from '../../machines/lib/rights';
import type { ChangeCause } from '../../machines/lib/shell-events';
import {
  CUSTOMER_ADD_COMPONENT,
  accountServiceRedirect,
  createSigning,
  requestCustomerAdd,
  wireCustomerAdd,
  type Signing,
} from '../features/customer-add';
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
  // ---- issue 3: the shell actors (systemIds from machines/lib/system-ids.ts)
  representedChoice: ActorRefFrom<typeof representedChoiceMachine>;
  representedChange: ActorRefFrom<typeof representedChangeMachine>;
  deadApplicationPoll: ActorRefFrom<typeof deadApplicationPollMachine>;
  sidePanel: ActorRefFrom<typeof sidePanelMachine>;
  modals: ActorRefFrom<typeof modalMachine>;
  /** issue 4: the customer-add (signing) actor, systemId 'signing', its ID-card adapter and PIN prompt */
  signing: Signing;
  /** carries out a machine's `navigation.requested` (set by the router module; a full page load until then) */
  navigateTo: (target: NavTarget) => void;
  /**
   * The router calls this once a route is on screen (post-navigate). The first time a signed-in session
   * gets there, the choice machine hears `session.signedIn` with the path, URL parameters and domain.
   */
  routeResolved: (info: {
    path: string;
    params: Record<string, string | undefined>;
    search: Record<string, unknown>;
  }) => void;
  /** no route has been resolved yet in this page load (root redirect: "first load") */
  firstLoad: boolean;
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

function toastFrom(toast: ToastRequest) {
  return { type: 'toasts.show' as const, ...toast };
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
        loadSimpleContext: fromPromise(({ signal }) =>
          api.get('context/getSimpleUserContext', SimpleUserContext, { signal }),
        ),
        postLanguage: fromPromise(async ({ input }) => {
          await api.post(
            'context/changeLanguage',
            { value: languageWireValue(input.language) } satisfies typeof ChangeLanguageBody._input,
            z.unknown(),
          );
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

  // ---------------------------------------------------------------- issue 3: shell actors
  // GET context/changeRepresented/{gid}: shared by the choice modal and the header/panel switch
  const changeRepresented = fromPromise<UserContext, { gid: string }>(({ input, signal }) =>
    api.get(`context/changeRepresented/${encodeURIComponent(input.gid)}`, UserContext, { signal }),
  );
  const representedChoice = createActor(representedChoiceMachine.provide({ actors: { changeRepresented } }), {
    systemId: SYSTEM_ID.representedChoice,
    inspect: options.inspect,
  });
  const representedChange = createActor(representedChangeMachine.provide({ actors: { changeRepresented } }), {
    systemId: SYSTEM_ID.representedChange,
    inspect: options.inspect,
  });
  const deadApplicationPoll = createActor(
    deadApplicationPollMachine.provide({
      actors: {
        checkDeadApplications: fromPromise(
          async ({ signal }) =>
            (await api.get('context/checkDeadApplications', DeadApplicationsResponse, { signal })).value,
        ),
      },
    }),
    { systemId: SYSTEM_ID.deadApplicationPoll, inspect: options.inspect },
  );
  const sidePanel = createActor(sidePanelMachine, { systemId: SYSTEM_ID.sidePanel, inspect: options.inspect });
  const modals = createActor(modalMachine, { systemId: SYSTEM_ID.modals, inspect: options.inspect });

  portal.firstLoad = true;
  portal.navigateTo = (target) => {
    // until the router exists: plain page loads below the base
    const base = config.baseUrl.replace(/\/+$/, '');
    if (target.kind === 'redirect') redirectBrowser(target.url);
    else if (target.kind === 'path') redirectBrowser(base + target.path);
    else if (target.kind === 'reload') window.location.reload();
    else if (target.kind === 'restore' && target.path) redirectBrowser(base + target.path);
    else redirectBrowser(`${base}/${target.kind === 'home' ? '' : 'dashboard'}`);
  };

  // shell-events.ts: what the machines emit, forwarded here
  const showToast = (e: { toast: Parameters<typeof toastFrom>[0] }) => toasts.send(toastFrom(e.toast));
  const contextReplaced = (e: { context: UserContext; cause: ChangeCause }) => {
    const wasDead = isAxaptaDead(session.getSnapshot().context.userContext);
    session.send({ type: 'session.contextReplaced', userContext: e.context });
    // the poll saw the back office die: say so once (the inline notice stays while it is dead)
    if (e.cause === 'SC' && !wasDead && isAxaptaDead(e.context))
      showToast({ toast: { toastType: 'error', messageKey: 'error.axapta.dead' } });
  };
  const representeeChange = (e: { cause: ChangeCause }) => {
    // spec 1 §4: external application pages listen to this DOM event and reload their role data
    window.dispatchEvent(new CustomEvent('REPRESENTEE-CHANGE', { detail: { cause: e.cause } }));
    void queryClient.invalidateQueries();
  };
  const navigate = (e: { target: NavTarget }) => portal.navigateTo(e.target);
  const reselect = () => sidePanel.send({ type: 'represented.changed' });
  representedChoice.on('context.replaced', contextReplaced);
  representedChoice.on('REPRESENTEE-CHANGE', representeeChange);
  representedChoice.on('navigation.requested', navigate);
  representedChoice.on('menu.reselect', reselect);
  representedChange.on('context.replaced', contextReplaced);
  representedChange.on('REPRESENTEE-CHANGE', representeeChange);
  representedChange.on('navigation.requested', navigate);
  representedChange.on('menu.reselect', reselect);
  deadApplicationPoll.on('context.replaced', contextReplaced);
  deadApplicationPoll.on('REPRESENTEE-CHANGE', representeeChange);
  representedChoice.on('toast.show', showToast);
  representedChoice.on('customerAdd.requested', () => requestCustomerAdd(modals));
  // the customer-add content may close with { created, context } (the reloaded user context)
  modals.on('modal.closed', (e) => {
    if (e.component !== CUSTOMER_ADD_COMPONENT) return;
    const result = (e.result ?? {}) as { created?: boolean; context?: UserContext | null };
    representedChoice.send({
      type: 'customerAdd.closed',
      created: !!result.created,
      context: result.context ?? session.getSnapshot().context.userContext,
    });
  });
  session.on('session.languageChanged', () =>
    sidePanel.send({ type: 'language.changed', signedIn: session.getSnapshot().hasTag('signedIn') }),
  );
  session.on('session.loggedOut', () => {
    deadApplicationPoll.send({ type: 'poll.stop' });
    representedChoice.send({ type: 'session.signedOut' });
    modals.send({ type: 'modal.closeAll' });
    announced = false;
  });

  // sign-in: start the poll at once; tell the choice machine once the first route is on screen (router)
  let announced = false;
  let lastContext: UserContext | null = null;
  session.subscribe((s) => {
    const signedIn = s.matches('signedIn');
    if (signedIn && !deadApplicationPoll.getSnapshot().hasTag('polling'))
      deadApplicationPoll.send({ type: 'poll.start' });
    if (!signedIn && !s.matches('loggingOut') && deadApplicationPoll.getSnapshot().hasTag('polling')) {
      deadApplicationPoll.send({ type: 'poll.stop' });
      representedChoice.send({ type: 'session.signedOut' });
      announced = false;
    }
    const ctx = s.context.userContext;
    if (signedIn && ctx && ctx !== lastContext && announced)
      representedChoice.send({ type: 'session.contextChanged', context: ctx });
    lastContext = ctx;
  });
  portal.routeResolved = ({ path, params, search }) => {
    portal.firstLoad = false;
    const s = session.getSnapshot();
    const ctx = s.context.userContext;
    if (announced || !s.matches('signedIn') || !ctx) return;
    announced = true;
    const application =
      (typeof search.application === 'string' ? search.application : null) ?? params.application ?? null;
    representedChoice.send({
      type: 'session.signedIn',
      context: ctx,
      path,
      params: { modalName: params.modalName ?? null, application },
      domain: s.context.domain,
    });
  };

  // issue 4: customer-add. The modal system decides when 'customer-add' shows; the signing actor runs the flow.
  const signing = createSigning({
    config,
    api,
    showToast: (toast) => showToast({ toast }),
    redirect: accountServiceRedirect(
      config,
      api,
      session,
      (path) => portal.navigateTo({ kind: 'path', path }),
      redirectBrowser,
    ),
    inspect: options.inspect,
  });
  wireCustomerAdd(signing, modals, session, api);

  Object.assign(portal, { config, api, queryClient, scheduler, session, navigation, toasts });
  Object.assign(portal, { signing });
  Object.assign(portal, { representedChoice, representedChange, deadApplicationPoll, sidePanel, modals });
  toasts.start();
  navigation.start();
  modals.start();
  sidePanel.start();
  representedChoice.start();
  representedChange.start();
  deadApplicationPoll.start();
  signing.actor.start();
  session.start();
  return portal;
}
