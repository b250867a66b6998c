/**
 * The session: spec 1 §4 "Login state" and "Logout", §1 language and domain.
 *
 * - The user context loads on the first route change (`session.routeChanged`); the user-add-edit
 *   route (RouteMeta.simpleContext) gets only the simple context.
 * - Signed in = the context has a principal.
 * - Language: route param → EPIT-LANGUAGE cookie → eng. Domain: route param → EPIT-DOMAIN → EE; a valid route domain is kept in EPIT-DOMAIN.
 * - `session.languageChange` writes the cookie (action persistLanguage) and posts changeLanguage
 *   only when signed in (actor postLanguage).
 * - `session.logout`: emits `session.loggedOut`, resets session storage, single sign-out; in parallel GET the OSS
 *   logout URL. The redirect to the returned address waits until that GET has finished (at most OSS_LOGOUT_LIMIT, so
 *   a dead OSS cannot block logout): leaving the page would abort it. Failure emits a warning toast error.server.
 *
 * Effects are provided by src/app/system.ts; the defaults throw so a forgotten one is loud.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { reporter } from './lib/report';
import { DOMAINS, type Domain, type Language, type SimpleUserContext, type UserContext } from './lib/contract';
import { routeMeta } from './lib/navigation/rules';
import { ossLogoutUrl, resolveDomain, resolveLanguage, signoutLocale, toLanguage } from './lib/session/rules';
import type { ToastRequest } from './toasts.machine';

export interface SessionInput {
  /** cookie values read by the app at start: EPIT-LANGUAGE, EPIT-DOMAIN (absent or null: no cookie) */
  cookies: { language?: string | null; domain?: string | null };
}

export interface SessionContext {
  language: Language;
  domain: Domain;
  cookies: { language: string | null; domain: string | null };
  routeId: string | null;
  params: Record<string, string>;
  userContext: UserContext | null;
  simpleContext: SimpleUserContext | null;
  /** status of the last failed context load (401 = signed out) */
  error: { status?: number; message: string } | null;
  /** the address single sign-out returned, kept until the OSS logout GET is over */
  signoutUrl: string | null;
}

export type SessionEvent =
  | { type: 'session.routeChanged'; routeId: string; params?: Record<string, string | undefined> }
  | { type: 'session.languageChange'; language: Language }
  | { type: 'session.logout' }
  | { type: 'session.contextReplaced'; userContext: UserContext }
  | { type: 'session.reload' };

export type SessionEmitted =
  /** signed in, again after each change of the context: the portal hands the context on to the pages */
  | { type: 'session.signedIn'; userContext: UserContext; domain: Domain }
  | { type: 'session.signedOut' }
  | { type: 'session.loggedOut' }
  | { type: 'session.languageChanged'; language: Language }
  | { type: 'toast.show'; toast: ToastRequest };

function errorInfo(error: unknown): { status?: number; message: string } {
  const e = error as { status?: number; message?: string } | undefined;
  return { status: typeof e?.status === 'number' ? e.status : undefined, message: String(e?.message ?? error) };
}

function cleanParams(params: Record<string, string | undefined> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}

/**
 * The domain a route parameter names, when it is EE, LV or LT: it becomes the permanent EPIT-DOMAIN cookie (spec 1
 * §9), which nothing else writes. A route's language is not kept: it applies to that route (spec 1 §1), and the
 * language a person chose with the switcher stays theirs.
 */
function routeDomain(params: Record<string, string | undefined> | undefined): Domain | null {
  const domain = (cleanParams(params).domain ?? '').trim().toUpperCase();
  return DOMAINS.find((d) => d === domain) ?? null;
}

/** `session.routeChanged`: take the route's parameters, and keep a domain it names in the cookie */
const ROUTE_ACTIONS = [
  'applyRoute',
  {
    type: 'persistDomain',
    params: ({ event }: { event: Extract<SessionEvent, { type: 'session.routeChanged' }> }) => ({
      domain: routeDomain(event.params),
    }),
  },
] as const;

/** `session.languageChange` (anywhere; when signed in it also posts the language): one list for both places */
const LANGUAGE_CHANGE_ACTIONS = [
  'setLanguage',
  {
    type: 'persistLanguage',
    params: ({ event }: { event: Extract<SessionEvent, { type: 'session.languageChange' }> }) => ({
      language: event.language,
    }),
  },
  'rememberLanguageCookie',
  'announceLanguage',
] as const;

const tell = reporter<SessionContext, SessionEvent, SessionEmitted>();

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    loadUserContext: fromPromise<UserContext, void>(() => Promise.reject(new Error('loadUserContext not provided'))),
    loadSimpleContext: fromPromise<SimpleUserContext, void>(() =>
      Promise.reject(new Error('loadSimpleContext not provided')),
    ),
    postLanguage: fromPromise<void, { language: Language }>(() =>
      Promise.reject(new Error('postLanguage not provided')),
    ),
    singleSignout: fromPromise<string, { locale: string }>(() =>
      Promise.reject(new Error('singleSignout not provided')),
    ),
    fetchOssLogout: fromPromise<void, { url: string }>(() => Promise.reject(new Error('fetchOssLogout not provided'))),
  },
  actions: {
    /** write EPIT-LANGUAGE (100 years) */
    persistLanguage: (_, _params: { language: Language }) => {
      throw new Error('persistLanguage not provided');
    },
    /** write the permanent EPIT-DOMAIN cookie when a domain is given */
    persistDomain: (_, _params: { domain: Domain | null }) => {
      throw new Error('persistDomain not provided');
    },
    resetSessionStorage: () => {
      throw new Error('resetSessionStorage not provided');
    },
    /** full page redirect */
    redirect: (_, _params: { url: string }) => {
      throw new Error('redirect not provided');
    },
    rememberSignoutUrl: assign((_, params: { url: string }) => ({ signoutUrl: params.url })),
    applyRoute: assign(({ context, event }) => {
      if (event.type !== 'session.routeChanged') return {};
      const params = cleanParams(event.params);
      const domain = routeDomain(params);
      return {
        routeId: event.routeId,
        params,
        language: resolveLanguage(params.language, context.cookies.language),
        domain: resolveDomain(params.domain, context.cookies.domain),
        // what persistDomain writes, so a later route without a domain parameter resolves to it
        cookies: { ...context.cookies, domain: domain ?? context.cookies.domain },
      };
    }),
    setLanguage: assign(({ event }) => (event.type === 'session.languageChange' ? { language: event.language } : {})),
    /** the cookie value just written, so a later route without a language parameter resolves to it */
    rememberLanguageCookie: assign(({ context, event }) =>
      event.type === 'session.languageChange'
        ? { cookies: { ...context.cookies, language: toLanguage(event.language) } }
        : {},
    ),
    storeUserContext: assign({ userContext: (_, params: { userContext: UserContext }) => params.userContext }),
    storeSimpleContext: assign({
      simpleContext: (_, params: { simpleContext: SimpleUserContext }) => params.simpleContext,
    }),
    storeError: assign({ error: (_, params: { error: unknown }) => errorInfo(params.error) }),
    forgetUserContext: assign({ userContext: null }),
    announceLanguage: tell(({ context }) => ({ type: 'session.languageChanged', language: context.language })),
    announceLogout: tell(() => ({ type: 'session.loggedOut' })),
    announceSignedIn: tell(({ context }) => ({
      type: 'session.signedIn',
      // only entered with a principal (hasPrincipal)
      userContext: context.userContext!,
      domain: context.domain,
    })),
    announceSignedOut: tell(() => ({ type: 'session.signedOut' })),
    warnServerError: tell(() => ({ type: 'toast.show', toast: { toastType: 'warning', messageKey: 'error.server' } })),
    clearError: assign({ error: null }),
  },
  guards: {
    wantsSimpleContext: ({ event }) =>
      event.type === 'session.routeChanged' && routeMeta(event.routeId).simpleContext === true,
    wantsFullContext: ({ event }) =>
      event.type === 'session.routeChanged' && routeMeta(event.routeId).simpleContext !== true,
    hasPrincipal: ({ context }) => context.userContext?.epitPrincipal != null,
    isUnauthenticated: ({ context }) => context.error?.status === 401,
    hasOssLogoutUrl: ({ context }) => ossLogoutUrl(context.userContext?.applications) !== null,
  },
  delays: {
    /** upper bound on the OSS logout GET before the logout redirect leaves the page anyway */
    OSS_LOGOUT_LIMIT: 3_000,
  },
}).createMachine({
  id: 'session',
  description:
    'Who is using the portal: the portal finds out whether the person is signed in, keeps their language and country, and logs them out.',
  context: ({ input }) => {
    const cookies = { language: input.cookies.language ?? null, domain: input.cookies.domain ?? null };
    return {
      language: resolveLanguage(null, cookies.language),
      domain: resolveDomain(null, cookies.domain),
      cookies,
      routeId: null,
      params: {},
      userContext: null,
      simpleContext: null,
      error: null,
      signoutUrl: null,
    };
  },
  initial: 'idle',
  on: {
    'session.languageChange': {
      actions: LANGUAGE_CHANGE_ACTIONS,
      description: 'Picks another language: the portal switches to it and remembers it',
    },
  },
  states: {
    idle: {
      description: 'The portal has just started in the browser and does not know yet who the person is.',
      on: {
        'session.routeChanged': [
          {
            guard: 'wantsSimpleContext',
            target: 'loadingSimpleContext',
            actions: ROUTE_ACTIONS,
            description: 'The first page opens, if it is the terms-of-use page of a new account',
          },
          {
            target: 'loadingContext',
            actions: ROUTE_ACTIONS,
            description: 'The first page opens',
          },
        ],
      },
    },
    loadingContext: {
      tags: ['busy'],
      description:
        'The portal loads who the person is, whom they represent and what they may do; a loading overlay shows.',
      entry: 'clearError',
      invoke: {
        id: 'loadUserContext',
        src: 'loadUserContext',
        onDone: {
          target: 'resolvingPrincipal',
          actions: { type: 'storeUserContext', params: ({ event }) => ({ userContext: event.output }) },
          description: "The server answers with the person's details",
        },
        onError: {
          target: 'resolvingFailure',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          description: 'The server answers with an error or does not answer',
        },
      },
      on: {
        'session.routeChanged': {
          actions: ROUTE_ACTIONS,
          description: 'Opens another page while loading: its language and country are taken over',
          meta: { bookkeeping: true },
        },
      },
    },
    resolvingPrincipal: {
      description: 'The portal checks whether the answer names a signed-in person.',
      always: [
        { guard: 'hasPrincipal', target: 'signedIn', description: 'The person is signed in' },
        { target: 'signedOut', description: 'No one is signed in' },
      ],
    },
    resolvingFailure: {
      // no session answers 401: that is simply "signed out" (spec 1 §8: failed context loads are only logged)
      description: 'The portal checks why loading failed.',
      always: [
        {
          guard: 'isUnauthenticated',
          target: 'signedOut',
          description: 'The server says no one is signed in',
        },
        { target: 'contextFailed', description: 'Something else went wrong' },
      ],
    },
    loadingSimpleContext: {
      tags: ['busy'],
      description: 'The portal loads only the languages for the terms-of-use page; a loading overlay shows.',
      entry: 'clearError',
      invoke: {
        id: 'loadSimpleContext',
        src: 'loadSimpleContext',
        onDone: {
          target: 'simpleContext',
          actions: { type: 'storeSimpleContext', params: ({ event }) => ({ simpleContext: event.output }) },
          description: 'The server answers with the languages',
        },
        onError: {
          target: 'contextFailed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          description: 'The server answers with an error or does not answer',
        },
      },
      on: {
        'session.routeChanged': {
          actions: ROUTE_ACTIONS,
          description: 'Opens another page while loading: its language and country are taken over',
          meta: { bookkeeping: true },
        },
      },
    },
    simpleContext: {
      description:
        'The terms-of-use page of a new account is shown; the portal knows only the languages, not who the person is.',
      tags: ['settled'],
      on: {
        'session.routeChanged': [
          {
            guard: 'wantsFullContext',
            target: 'loadingContext',
            actions: ROUTE_ACTIONS,
            description: 'Opens any other page, if it is not the terms-of-use page: the portal loads who the person is',
          },
          {
            actions: ROUTE_ACTIONS,
            description: 'Stays on the terms-of-use page: its language and country are taken over',
            meta: { bookkeeping: true },
          },
        ],
      },
    },
    signedIn: {
      tags: ['settled', 'signedIn'],
      description: 'The person is signed in and uses the portal; the header shows their name and a logout button.',
      entry: 'announceSignedIn',
      initial: 'ready',
      states: {
        ready: { description: 'The person is signed in; nothing is being saved.' },
        postingLanguage: {
          // context/changeLanguage, only when signed in (spec 1 §7)
          description: "The portal saves the chosen language for the person's account; nothing is shown about it.",
          invoke: {
            id: 'postLanguage',
            src: 'postLanguage',
            input: ({ context }) => ({ language: context.language }),
            onDone: { target: 'ready', description: 'The server saves the language' },
            onError: {
              target: 'ready',
              description: 'The server cannot save the language (the page stays in it anyway)',
            },
          },
        },
      },
      on: {
        'session.routeChanged': {
          actions: ROUTE_ACTIONS,
          description: 'Opens another page: its language and country are taken over',
          meta: { bookkeeping: true },
        },
        'session.languageChange': {
          target: '.postingLanguage',
          reenter: true,
          actions: LANGUAGE_CHANGE_ACTIONS,
          description: 'Picks another language: the portal switches to it and saves it for the account',
        },
        'session.logout': { target: 'loggingOut', description: 'Clicks Log out' },
        'session.contextReplaced': {
          target: 'resolvingPrincipal',
          actions: { type: 'storeUserContext', params: ({ event }) => ({ userContext: event.userContext }) },
          description:
            "The person's details change (another party is chosen, or an application came back or went down)",
        },
        'session.reload': { target: 'loadingContext', description: 'The portal reloads who the person is' },
      },
    },
    signedOut: {
      description: "No one is signed in; the header shows only 'log in to e-service'.",
      tags: ['settled'],
      entry: 'announceSignedOut',
      on: {
        'session.routeChanged': {
          actions: ROUTE_ACTIONS,
          description: 'Opens another page: its language and country are taken over',
          meta: { bookkeeping: true },
        },
        'session.contextReplaced': {
          target: 'resolvingPrincipal',
          actions: { type: 'storeUserContext', params: ({ event }) => ({ userContext: event.userContext }) },
          description: 'New details about the person arrive',
        },
        'session.reload': { target: 'loadingContext', description: 'The portal reloads who the person is' },
      },
    },
    contextFailed: {
      // spec 1 §8: a failed context load is only logged
      description: 'The portal could not find out who the person is; no message shows, and the next page tries again.',
      tags: ['settled'],
      on: {
        'session.routeChanged': [
          {
            guard: 'wantsSimpleContext',
            target: 'loadingSimpleContext',
            actions: ROUTE_ACTIONS,
            description: 'Opens the terms-of-use page of a new account: the portal tries again',
          },
          {
            target: 'loadingContext',
            actions: ROUTE_ACTIONS,
            description: 'Opens another page: the portal tries again',
          },
        ],
        'session.reload': { target: 'loadingContext', description: 'The portal tries again' },
      },
    },
    loggingOut: {
      tags: ['busy', 'signedIn'],
      description: 'The person is being logged out of the portal and of the order application at once.',
      entry: ['announceLogout', 'resetSessionStorage'],
      type: 'parallel',
      onDone: {
        target: 'loggedOut',
        description: 'Both logouts are done: the browser goes to the sign-out page',
        actions: { type: 'redirect', params: ({ context }) => ({ url: context.signoutUrl ?? '' }) },
      },
      states: {
        signout: {
          description: 'The portal ends the single sign-on session.',
          initial: 'signingOut',
          states: {
            signingOut: {
              description: 'The portal asks the server to end the session.',
              invoke: {
                id: 'singleSignout',
                src: 'singleSignout',
                input: ({ context }) => ({ locale: signoutLocale(context.language, context.domain) }),
                onDone: {
                  target: 'answered',
                  actions: { type: 'rememberSignoutUrl', params: ({ event }) => ({ url: event.output }) },
                  description: 'The server ends the session and names the sign-out page',
                },
                onError: {
                  target: '#session.signedIn',
                  actions: 'warnServerError',
                  description: 'The server cannot end the session: a warning shows and the person stays signed in',
                },
              },
            },
            answered: {
              description: 'The session is ended; the portal waits for the order application to log out too.',
              type: 'final',
            },
          },
        },
        ossLogout: {
          // spec 1 §4 Logout: also GET the OSS logout URL from the applications' customParameters
          description: 'The portal also logs the person out of the order application, waiting at most 3 seconds.',
          initial: 'checking',
          states: {
            checking: {
              description: 'The portal checks whether the person uses the order application.',
              always: [
                {
                  guard: 'hasOssLogoutUrl',
                  target: 'fetching',
                  description: 'The person has the order application',
                },
                { target: 'done', description: 'The person does not have the order application' },
              ],
            },
            fetching: {
              description: 'The order application is asked to log the person out.',
              invoke: {
                id: 'fetchOssLogout',
                src: 'fetchOssLogout',
                input: ({ context }) => ({ url: ossLogoutUrl(context.userContext?.applications) ?? '' }),
                onDone: { target: 'done', description: 'The order application logs the person out' },
                onError: { target: 'done', description: 'The order application does not answer' },
              },
              after: {
                OSS_LOGOUT_LIMIT: {
                  target: 'done',
                  description: 'After 3 seconds without an answer the portal stops waiting',
                },
              },
            },
            done: { type: 'final', description: 'The order application is done (or was not needed).' },
          },
        },
      },
    },
    loggedOut: {
      description: 'The person is logged out; the browser is on its way to the sign-out page.',
      tags: ['settled'],
      entry: 'forgetUserContext',
    },
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Selectors for views and guards (pure). */
export const selectSignedIn = (s: SessionSnapshot) => s.hasTag('signedIn');
export const selectPrincipal = (s: SessionSnapshot) => s.context.userContext?.epitPrincipal ?? null;
export const selectLanguage = (s: SessionSnapshot) => s.context.language;
export const selectDomain = (s: SessionSnapshot) => s.context.domain;
export const selectSettled = (s: SessionSnapshot) => s.hasTag('settled');
