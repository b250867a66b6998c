/**
 * Logging out (spec 1 §4 "Logout"), a child the session spawns when the person clicks Log out and starts at once
 * (`logout.start`, with what the session knows then: the locale and the OSS logout address).
 *
 * It resets session storage and asks the server to end the single sign-on session (single sign-out, which names
 * the sign-out page); at the same time it GETs the OSS logout URL, when the person's applications carry one. The
 * redirect to the sign-out page waits until that GET is over, for OSS_LOGOUT_LIMIT at most (a dead OSS cannot
 * block logout), because leaving the page would abort it. It reports to the session how it ended:
 * `logout.done` (the browser is leaving for the sign-out page) or `logout.failed` (the server did not end the
 * session: the person stays signed in, the session shows the warning, and a later click starts again).
 *
 * Its code is a chunk of its own: the session loads it when the person clicks Log out (actor `loadLogout`, provided by
 * src/app/ with this machine and its effects, `logoutMachine.provide(...)`) and spawns it then. The defaults throw.
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import { notProvided, notProvidedAction } from '../domain/not-provided';
import { reporter } from '../domain/report';

/** What the session tells the logout when the person clicks Log out. */
export interface LogoutStart {
  type: 'logout.start';
  /** `{lang}_{domain}` for single sign-out (spec 1 §7 single-signout?locale=) */
  locale: string;
  /** the OSS logout address from the applications' customParameters, or null when the person has no OSS */
  ossLogoutUrl: string | null;
}

export interface LogoutContext extends Omit<LogoutStart, 'type'> {
  /** the address single sign-out returned, kept until the OSS logout GET is over */
  signoutUrl: string | null;
}

/** What the logout reports to the session. */
export type LogoutEmitted = { type: 'logout.done' } | { type: 'logout.failed' };

const tell = reporter<LogoutContext, LogoutStart, LogoutEmitted>();

export const logoutMachine = setup({
  types: {
    context: {} as LogoutContext,
    events: {} as LogoutStart,
    emitted: {} as LogoutEmitted,
  },
  actors: {
    /** POST single-signout?locale= → the address of the sign-out page */
    singleSignout: notProvided<string, { locale: string }>('singleSignout'),
    /** GET the OSS logout URL (no payload; the answer is not shown) */
    fetchOssLogout: notProvided<void, { url: string }>('fetchOssLogout'),
  },
  actions: {
    resetSessionStorage: notProvidedAction('resetSessionStorage'),
    /** full page redirect */
    redirect: notProvidedAction<{ url: string }>('redirect'),
    start: assign((_, { locale, ossLogoutUrl }: Omit<LogoutStart, 'type'>) => ({
      locale,
      ossLogoutUrl,
      signoutUrl: null,
    })),
    rememberSignoutUrl: assign((_, params: { url: string }) => ({ signoutUrl: params.url })),
    reportDone: tell(() => ({ type: 'logout.done' })),
    reportFailed: tell(() => ({ type: 'logout.failed' })),
  },
  guards: {
    hasOssLogoutUrl: ({ context }) => context.ossLogoutUrl !== null,
  },
  delays: {
    /** upper bound on the OSS logout GET before the logout redirect leaves the page anyway */
    OSS_LOGOUT_LIMIT: 3_000,
  },
}).createMachine({
  id: 'logout',
  description:
    'Logging out: the portal ends the sign-on session and the order application logs out too, then the browser goes to the sign-out page.',
  context: { locale: '', ossLogoutUrl: null, signoutUrl: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The person is signed in; nothing is being logged out.',
      on: {
        'logout.start': {
          target: 'loggingOut',
          actions: { type: 'start', params: ({ event }) => event },
          description: 'Clicks Log out',
        },
      },
    },
    loggingOut: {
      description: 'The person is being logged out of the portal and of the order application at once.',
      entry: 'resetSessionStorage',
      type: 'parallel',
      onDone: {
        target: 'redirected',
        actions: [{ type: 'redirect', params: ({ context }) => ({ url: context.signoutUrl ?? '' }) }, 'reportDone'],
        description: 'Both logouts are done: the browser goes to the sign-out page',
      },
      states: {
        signout: {
          description: 'The portal ends the single sign-on session.',
          initial: 'signingOut',
          states: {
            signingOut: {
              description: 'The portal asks the server to end the session and waits for its answer.',
              invoke: {
                id: 'singleSignout',
                src: 'singleSignout',
                input: ({ context }) => ({ locale: context.locale }),
                onDone: {
                  target: 'answered',
                  actions: { type: 'rememberSignoutUrl', params: ({ event }) => ({ url: event.output }) },
                  description: 'The server ends the session and names the sign-out page',
                },
                onError: {
                  target: '#logout.idle',
                  actions: 'reportFailed',
                  description: 'The server cannot end the session: the person stays signed in and may try again',
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
                { guard: 'hasOssLogoutUrl', target: 'fetching', description: 'The person has the order application' },
                { target: 'done', description: 'The person does not have the order application' },
              ],
            },
            fetching: {
              description: 'The order application is asked to log the person out.',
              invoke: {
                id: 'fetchOssLogout',
                src: 'fetchOssLogout',
                input: ({ context }) => ({ url: context.ossLogoutUrl ?? '' }),
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
    redirected: {
      type: 'final',
      description: 'The person is logged out; the browser is on its way to the sign-out page.',
    },
  },
});

export type LogoutLogic = typeof logoutMachine;
export type LogoutActor = ActorRefFrom<typeof logoutMachine>;
