/**
 * The session: spec 1 §4 "Login state" and "Logout", §1 language and domain.
 *
 * - The user context loads on the first route change (`session.routeChanged`); the user-add-edit
 *   route (RouteMeta.simpleContext) gets only the simple context.
 * - Signed in = the context has a principal.
 * - Language and domain are the `locale` child's (machines/locale.machine.ts): the session forwards it the route
 *   changes and language choices and keeps the language and domain it reports. A chosen language is announced
 *   (`session.languageChanged`) and, only when signed in, posted to the account (actor postLanguage).
 * - `session.logout`: reports `session.loggedOut` and starts the `logout` child (machines/logout.machine.ts: single
 *   sign-out, the OSS logout GET, the redirect). When it reports `logout.failed` the person stays signed in and the
 *   session reports a warning toast error.server.
 * Effects are provided by src/app/system.ts (the logout's through the `logout` actor); the defaults throw.
 */
import { assign, forwardTo, sendTo, setup, type ActorRefFrom } from 'xstate';
import { notProvided } from './lib/not-provided';
import { reporter } from './lib/report';
import type { Domain, Language, SimpleUserContext, UserContext } from './lib/contract';
import { routeMeta } from './lib/navigation/rules';
import { signoutLocale } from './lib/session/rules';
import { ossLogoutUrl } from './lib/external/oss-logout';
import { initialLocale, localeMachine, type LocaleEmitted, type LocaleInput } from './locale.machine';
import { logoutMachine, type LogoutEmitted } from './logout.machine';
import type { ToastRequest } from './toasts.machine';

/** The cookie values read by the app at start (they go on to the locale). */
export type SessionInput = LocaleInput;

export interface SessionContext {
  /** as the locale last reported them */
  language: Language;
  domain: Domain;
  /** the cookies read at start, for the locale */
  start: SessionInput;
  userContext: UserContext | null;
  simpleContext: SimpleUserContext | null;
  /** status of the last failed context load (401 = signed out) */
  error: { status?: number; message: string } | null;
}

export type SessionEvent =
  | { type: 'session.routeChanged'; routeId: string; params?: Record<string, string | undefined> }
  | { type: 'session.languageChange'; language: Language }
  | { type: 'session.logout' }
  | { type: 'session.contextReplaced'; userContext: UserContext }
  | { type: 'session.reload' }
  /** what the children report */
  | LocaleEmitted
  | LogoutEmitted;

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

type Reported<T extends LocaleEmitted['type']> = { event: Extract<LocaleEmitted, { type: T }> };
const languageOf = ({ event }: Reported<'locale.chosen'>) => ({ language: event.language });

const tell = reporter<SessionContext, SessionEvent, SessionEmitted>();

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    loadUserContext: notProvided<UserContext>('loadUserContext'),
    loadSimpleContext: notProvided<SimpleUserContext>('loadSimpleContext'),
    postLanguage: notProvided<void, { language: Language }>('postLanguage'),
    /** the language and the domain, and their cookies (its own effects are provided to it) */
    locale: localeMachine,
    /** single sign-out, the OSS logout GET and the redirect (its own effects are provided to it) */
    logout: logoutMachine,
  },
  actions: {
    tellLocale: forwardTo('locale'),
    startLogout: sendTo('logout', ({ context }) => ({
      type: 'logout.start' as const,
      locale: signoutLocale(context.language, context.domain),
      ossLogoutUrl: ossLogoutUrl(context.userContext),
    })),
    storeLocale: assign((_, p: { language: Language; domain?: Domain }) => p),
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
  },
}).createMachine({
  id: 'session',
  description:
    'Who is using the portal: the portal finds out whether the person is signed in, keeps their language and country, and logs them out.',
  context: ({ input }) => ({
    ...initialLocale(input.cookies),
    start: input,
    userContext: null,
    simpleContext: null,
    error: null,
  }),
  invoke: [
    { id: 'locale', src: 'locale', input: ({ context }) => context.start },
    { id: 'logout', src: 'logout' },
  ],
  initial: 'idle',
  on: {
    'session.routeChanged': {
      actions: 'tellLocale',
      description: 'Opens another page: the locale takes its language and country',
      meta: { bookkeeping: true },
    },
    'session.languageChange': {
      actions: 'tellLocale',
      description: 'Picks another language: the locale switches to it and remembers it',
      meta: { bookkeeping: true },
    },
    'locale.resolved': {
      actions: {
        type: 'storeLocale',
        params: ({ event }: Reported<'locale.resolved'>) => ({ language: event.language, domain: event.domain }),
      },
      description: "The page's language and country are known: the portal shows them",
      meta: { bookkeeping: true },
    },
    'locale.chosen': {
      actions: [{ type: 'storeLocale', params: languageOf }, 'announceLanguage'],
      description: 'The person picked another language: the portal switches to it',
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
            actions: 'tellLocale',
            description: 'The first page opens, if it is the terms-of-use page of a new account',
          },
          {
            target: 'loadingContext',
            actions: 'tellLocale',
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
            actions: 'tellLocale',
            description: 'Opens any other page, if it is not the terms-of-use page: the portal loads who the person is',
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
        'locale.chosen': {
          target: '.postingLanguage',
          reenter: true,
          actions: [{ type: 'storeLocale', params: languageOf }, 'announceLanguage'],
          description: 'The person picked another language: the portal switches to it and saves it for the account',
        },
        'session.logout': { target: 'loggingOut', actions: 'startLogout', description: 'Clicks Log out' },
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
            actions: 'tellLocale',
            description: 'Opens the terms-of-use page of a new account: the portal tries again',
          },
          {
            target: 'loadingContext',
            actions: 'tellLocale',
            description: 'Opens another page: the portal tries again',
          },
        ],
        'session.reload': { target: 'loadingContext', description: 'The portal tries again' },
      },
    },
    loggingOut: {
      tags: ['busy', 'signedIn'],
      description: 'The person is being logged out of the portal and of the order application at once.',
      entry: 'announceLogout',
      on: {
        'logout.done': {
          target: 'loggedOut',
          description: 'Both logouts are done: the browser goes to the sign-out page',
        },
        'logout.failed': {
          target: 'signedIn',
          actions: 'warnServerError',
          description: 'The server cannot end the session: a warning shows and the person stays signed in',
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
