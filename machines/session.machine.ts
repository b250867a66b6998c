/**
 * The session: spec 1 §4 "Login state" and "Logout", §1 language and domain.
 *
 * - The user context loads on the first route change (`session.routeChanged`, with the route's declared facts); a
 *   route declared `simpleContext` (the terms of use) gets only the simple context.
 * - Signed in = the context has a principal.
 * - Language and domain are the `locale` child's (machines/locale.machine.ts): the session forwards it the route
 *   changes and language choices and keeps the language and domain it reports. A chosen language is announced
 *   (`session.languageChanged`) and, only when signed in, posted to the account (actor postLanguage).
 * - `session.logout`: reports `session.loggedOut`, loads the logout's logic (a chunk of its own: only a person who
 *   logs out needs it) and starts it as the `logout` child (machines/logout.machine.ts: single sign-out, the OSS
 *   logout GET, the redirect). When it reports `logout.failed`, or its chunk cannot be loaded, the person stays
 *   signed in and the session reports a warning toast error.server.
 * - A right ended is ended at once (spec 1 §4 role validity): while the person acts for a party, each route change
 *   asks the server again in the background (`signedIn.checkingRight`; the page does not wait), and a context load
 *   that the server refuses with RIGHT_ENDED (it has cleared the represented party) loads again, acting for no one.
 *   The API client tells the portal of every RIGHT_ENDED answer (api.rightEnded), which says so and asks again.
 * - Spec 1 §7 cross-domain ticket check: signed out on a public page, the `checkTicket` actor asks the sign-on
 *   service whether the browser already has a session there (once per tab, its effect's rule); when it has, the
 *   session reports `signOn.required` and the portal sends the browser to sign on. A failure is only logged (§8).
 * Effects are provided by src/app/system.ts (the logout's with the logic `loadLogout` returns); the defaults throw.
 */
import { assign, enqueueActions, forwardTo, setup } from 'xstate';
import { notProvided } from '../domain/not-provided';
import { reporter, ownId } from '../domain/report';
import { isRightEnded, type Domain, type Language, type SimpleUserContext, type UserContext } from '../domain/contract';
import { signoutLocale } from '../domain/session/rules';
import { ossLogoutUrl } from '../domain/external/oss-logout';
import {
  errorInfo,
  type SessionContext,
  type SessionEmitted,
  type SessionEvent,
  type SessionInput,
} from './session.types';
import { SYSTEM_ID } from '../domain/system-ids';
import { initialLocale, localeMachine, type LocaleEmitted } from './locale.machine';
import type { LogoutLogic } from './logout.machine';

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
    /** the logout's logic with its effects (single sign-out, the OSS logout GET, the redirect): a chunk of its own */
    loadLogout: notProvided<LogoutLogic>('loadLogout'),
    /** spec 1 §7: true when the browser has a sign-on session elsewhere (false on any failure, which it logs) */
    checkTicket: notProvided<boolean>('checkTicket'),
  },
  actions: {
    tellLocale: forwardTo('locale'),
    notePage: assign({
      publicPage: ({ event }) => event.type === 'session.routeChanged' && event.route.access === 'public',
    }),
    spawnLogout: assign({
      logout: ({ spawn }, p: { logic: LogoutLogic }) =>
        spawn(p.logic, { systemId: SYSTEM_ID.logout, ...ownId(SYSTEM_ID.logout) }),
    }),
    startLogout: enqueueActions(({ context, enqueue }) => {
      if (context.logout)
        enqueue.sendTo(context.logout, {
          type: 'logout.start',
          locale: signoutLocale(context.language, context.domain),
          ossLogoutUrl: ossLogoutUrl(context.userContext),
        });
    }),
    // a logout that failed went back to idle: stopped, so that the next click spawns a fresh one
    stopLogout: enqueueActions(({ context, enqueue }) => {
      if (context.logout) enqueue.stopChild(context.logout);
      enqueue.assign({ logout: null });
    }),
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
    requireSignOn: tell(() => ({ type: 'signOn.required' })),
    warnServerError: tell(() => ({ type: 'toast.show', toast: { toastType: 'warning', messageKey: 'error.server' } })),
    clearError: assign({ error: null }),
  },
  guards: {
    wantsSimpleContext: ({ event }) => event.type === 'session.routeChanged' && event.route.simpleContext === true,
    wantsFullContext: ({ event }) => event.type === 'session.routeChanged' && event.route.simpleContext !== true,
    onPublicPage: ({ context }) => context.publicPage,
    toPublicPage: ({ event }) => event.type === 'session.routeChanged' && event.route.access === 'public',
    hasTicket: (_, { hasTicket }: { hasTicket: boolean }) => hasTicket,
    hasPrincipal: ({ context }) => context.userContext?.epitPrincipal != null,
    isUnauthenticated: ({ context }) => context.error?.status === 401,
    isRightEnded: ({ context }) =>
      context.error?.status !== undefined && isRightEnded(context.error as { status: number }),
    representsParty: ({ context }) => context.userContext?.epitPrincipal?.represented != null,
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
    logout: null,
    publicPage: false,
  }),
  invoke: { id: 'locale', src: 'locale', input: ({ context }) => context.start },
  initial: 'idle',
  on: {
    'session.routeChanged': {
      actions: ['tellLocale', 'notePage'],
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
            actions: ['tellLocale', 'notePage'],
            description: 'The first page opens, if it is the terms-of-use page of a new account',
          },
          {
            target: 'loadingContext',
            actions: ['tellLocale', 'notePage'],
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
        {
          guard: 'isRightEnded',
          target: 'loadingContext',
          description:
            'The server says the right to act for the chosen party has ended and has cleared it: the portal loads again',
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
            actions: ['tellLocale', 'notePage'],
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
        ready: {
          description: 'The person is signed in; nothing is being saved.',
          on: {
            'session.routeChanged': {
              guard: 'representsParty',
              target: 'checkingRight',
              actions: ['tellLocale', 'notePage'],
              description:
                'Opens another page while acting for a party: the portal asks whether that right still holds',
            },
          },
        },
        checkingRight: {
          // spec 1 §4 role validity: a right ended by an administrator, or at midnight, ends at the next page
          description:
            'The portal asks the server in the background whether the person may still act for the party; the page does not wait.',
          invoke: {
            id: 'checkRight',
            src: 'loadUserContext',
            onDone: { target: 'ready', description: 'The server answers: the right still holds' },
            onError: {
              target: 'ready',
              description:
                'The server refuses (a right that has ended is told to the whole portal by the API client) or does not answer',
            },
          },
          on: {
            'session.routeChanged': {
              target: 'checkingRight',
              reenter: true,
              actions: ['tellLocale', 'notePage'],
              description: 'Opens yet another page before the answer: the portal asks again',
            },
          },
        },
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
      initial: 'arriving',
      states: {
        arriving: {
          description: 'The portal looks at the page the person is on.',
          always: [
            {
              guard: 'onPublicPage',
              target: 'checkingTicket',
              description: 'The page is public: the portal asks the sign-on service whether the person signed on there',
            },
            { target: 'ready', description: 'The page is not public: it sends the person to sign on itself' },
          ],
        },
        checkingTicket: {
          // spec 1 §7 cross-domain ticket check (a JSONP request; without such an endpoint, a CAS gateway login)
          description:
            'The portal asks the sign-on service, in the background, whether the person has signed on there already.',
          invoke: {
            id: 'checkTicket',
            src: 'checkTicket',
            onDone: [
              {
                guard: { type: 'hasTicket', params: ({ event }) => ({ hasTicket: event.output }) },
                target: 'signingOn',
                description: 'The person has signed on at the sign-on service',
              },
              {
                target: 'ready',
                description: 'The person has not signed on there, or this tab has asked before',
              },
            ],
            onError: {
              target: 'ready',
              description: 'The sign-on service does not answer (only logged)',
            },
          },
        },
        ready: {
          description: 'The person is not signed on anywhere, as far as the portal knows.',
          on: {
            'session.routeChanged': {
              guard: 'toPublicPage',
              target: 'checkingTicket',
              actions: ['tellLocale', 'notePage'],
              description: 'Opens another public page: the portal asks the sign-on service (once per tab)',
            },
          },
        },
        signingOn: {
          description: 'The person has signed on elsewhere: the browser is on its way to sign on here as well.',
          entry: 'requireSignOn',
        },
      },
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
      // spec 1 §8: a failed context load is logged; the home page also says so (docs/spec-departures.md, D39)
      description:
        'The portal could not find out who the person is; the home page says so with Try again, and the next page tries again.',
      tags: ['settled'],
      on: {
        'session.routeChanged': [
          {
            guard: 'wantsSimpleContext',
            target: 'loadingSimpleContext',
            actions: ['tellLocale', 'notePage'],
            description: 'Opens the terms-of-use page of a new account: the portal tries again',
          },
          {
            target: 'loadingContext',
            actions: ['tellLocale', 'notePage'],
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
      initial: 'loading',
      states: {
        loading: {
          // spec 1 §4 Logout: only a person who logs out needs its code, so it is not part of the first screen's
          description: "The logout's code loads.",
          invoke: {
            id: 'loadLogout',
            src: 'loadLogout',
            onDone: {
              target: 'running',
              actions: [{ type: 'spawnLogout', params: ({ event }) => ({ logic: event.output }) }, 'startLogout'],
              description: 'The code is here: the logout starts, with the language and the order application’s address',
            },
            onError: {
              target: '#session.signedIn',
              actions: 'warnServerError',
              description: 'The code cannot be loaded: a warning shows and the person stays signed in',
            },
          },
        },
        running: { description: 'The sign-on session ends and the order application logs out.' },
      },
      on: {
        'logout.done': {
          target: 'loggedOut',
          description: 'Both logouts are done: the browser goes to the sign-out page',
        },
        'logout.failed': {
          target: 'signedIn',
          actions: ['stopLogout', 'warnServerError'],
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
