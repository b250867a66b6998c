/**
 * The terms-of-use (EULA) modal (spec 2 §2 "Account creation", §4 "EULA confirm", §5 "EULA form", §8):
 * /user-add/edit/$key (an invitation link) and /user-add/edit/ (the signed-in person); the session loads only the
 * simple context there.
 *
 * loading: `loadTerms` (GET user-add/getUserInfo and user-add/getRepresentedWithAdminRoles, with the key when there
 *   is one). No person (the key is unknown, expired or used) → home; an HTTP failure is only logged → home.
 * editing: Confirm stays disabled until here (tag `ready`); `eula.confirm { form }` with a valid form → confirming.
 * confirming: `confirm` (POST user-add/confirm):
 *   - errorType UNIQUE → editing with the username flagged (nothing was saved);
 *   - the current password refused (400 on userCredentials.currentPassword, or 429 while the sign-on throttle makes
 *     the username wait; only the signed-in person who has a password is asked it) → editing with that field
 *     flagged, everything typed kept (nothing was saved);
 *   - errorType KEY (the link was used meanwhile) → home;
 *   - the person already had a preference → redirect to it (the server kept it);
 *   - otherwise the server saved the chosen one; a real represented party (not NOPREFERENCE) is made the active one
 *     (`changeRepresented`), then redirect: to the preference's service URL, else the TARGET cookie's URL
 *     (`takeTarget` reads and expires it), else home.
 *   - a failure → editing with a warning toast (error.server).
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import { notProvided } from '../domain/not-provided';
import { reporter } from '../domain/report';
import { NOPREFERENCE, type Preference, type RepresentationRight } from '../domain/contract';
import type { ConfirmAnswer, EulaInfo } from '../domain/account/schemas';
import { emptyEulaForm, validateEula, type EulaForm } from '../domain/account/forms';
import { currentPasswordRefusal } from '../domain/user-settings/forms';
import { inAppPath, preferenceTarget, type NavTarget } from '../domain/rights/preference';
import type { NavigationRequested, Warning } from '../domain/shell-events';
import type { ToastRequest } from './toasts.machine';
import { failureStatus } from './representedChange.machine';

export interface EulaInput {
  /** the invitation key; null on /user-add/edit/ (the signed-in person) */
  key: string | null;
}

export interface EulaData {
  info: EulaInfo | null;
  parties: RepresentationRight[];
  /** user-settings/service-urls equivalent for the package-private service, by domain */
  packagePrivateUrls: Record<string, string>;
}

export interface EulaContext {
  key: string | null;
  data: EulaData | null;
  form: EulaForm | null;
  usernameNotUnique: boolean;
  /** the message key of the server's refusal of the current password (wrong, or wait); null when none */
  currentPasswordRefused: string | null;
  /** the preference to go to after confirming */
  preference: Preference | null;
}

export type EulaEvent =
  { type: 'eula.confirm'; form: EulaForm } | { type: 'eula.usernameEdited' } | { type: 'eula.currentPasswordEdited' };

export type EulaEmitted = NavigationRequested | Warning | { type: 'toast.show'; toast: ToastRequest };

const hasServiceUrl = (p: Preference | null) => !!p?.serviceUrl && p.serviceUrl !== NOPREFERENCE;

const tell = reporter<EulaContext, EulaEvent, EulaEmitted>();

/** the confirm's current password, refused by the server: its message key, or null for any other failure */
const refusal = (error: unknown) => currentPasswordRefusal(error, 'userCredentials.currentPassword');

export const eulaMachine = setup({
  types: {
    context: {} as EulaContext,
    events: {} as EulaEvent,
    input: {} as EulaInput,
    emitted: {} as EulaEmitted,
  },
  actors: {
    /** GET user-add/getUserInfo + GET user-add/getRepresentedWithAdminRoles (with ?key= when there is one) */
    loadTerms: notProvided<EulaData, { key: string | null }>('loadTerms'),
    /** POST user-add/confirm */
    confirm: notProvided<ConfirmAnswer, { key: string | null; form: EulaForm; data: EulaData }>('confirm'),
    /** GET context/changeRepresented/{gid} */
    changeRepresented: notProvided<unknown, { gid: string }>('changeRepresented'),
    /** reads the TARGET cookie's URL and expires the cookie; null when there is none */
    takeTarget: notProvided<string | null, unknown>('takeTarget'),
  },
  guards: {
    noPerson: (_, { data }: { data: EulaData }) => data.info === null,
    formValid: ({ event }) => event.type === 'eula.confirm' && Object.keys(validateEula(event.form)).length === 0,
    usernameTaken: (_, { answer }: { answer: ConfirmAnswer }) => answer.errorType === 'UNIQUE',
    keyGone: (_, { answer }: { answer: ConfirmAnswer }) => answer.errorType === 'KEY',
    currentPasswordRefused: (_, { error }: { error: unknown }) => refusal(error) !== null,
    hadPreference: (_, { answer }: { answer: ConfirmAnswer }) => answer.hadPreference,
    realRepresented: ({ context }) => {
      const gid = context.preference?.representedId;
      return !!gid && gid !== NOPREFERENCE;
    },
    preferenceHasUrl: ({ context }) => hasServiceUrl(context.preference),
    hasTarget: (_, { target }: { target: string | null }) => !!target,
  },
  actions: {
    keepData: assign({ data: (_, { data }: { data: EulaData }) => data }),
    keepForm: assign({
      form: ({ event }) => (event.type === 'eula.confirm' ? event.form : null),
      usernameNotUnique: false,
      currentPasswordRefused: null,
    }),
    keepPreference: assign({ preference: (_, { answer }: { answer: ConfirmAnswer }) => answer.preference }),
    flagUsername: assign({ usernameNotUnique: true }),
    clearUsernameFlag: assign({ usernameNotUnique: false }),
    flagCurrentPassword: assign({ currentPasswordRefused: (_, { error }: { error: unknown }) => refusal(error) }),
    clearCurrentPasswordFlag: assign({ currentPasswordRefused: null }),
    goHome: tell(() => ({ type: 'navigation.requested' as const, target: { kind: 'home' as const } })),
    goToPreference: tell(({ context }) => ({
      type: 'navigation.requested' as const,
      target: preferenceTarget(context.preference, {}) ?? ({ kind: 'home' } satisfies NavTarget),
    })),
    goToTarget: tell((_, { target }: { target: string | null }) => {
      const url = target ?? '/';
      const path = inAppPath(url);
      return {
        type: 'navigation.requested' as const,
        target:
          path === null
            ? ({ kind: 'redirect', url } satisfies NavTarget)
            : ({ kind: 'path', path } satisfies NavTarget),
      };
    }),
    showConfirmFailed: tell(() => ({
      type: 'toast.show' as const,
      toast: { toastType: 'warning' as const, messageKey: 'error.server' },
    })),
    logFailure: tell((_, { code, error }: { code: string; error: unknown }) => ({
      type: 'warning' as const,
      code,
      detail: failureStatus(error),
    })),
  },
}).createMachine({
  id: 'eula',
  description:
    'A new user accepts the terms of use, corrects their name, may set a username and password and start-up preferences, and is taken to their service.',
  context: ({ input }) => ({
    key: input.key,
    data: null,
    form: null,
    usernameNotUnique: false,
    currentPasswordRefused: null,
    preference: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      description: "The portal loads the person's name and the parties they may represent; a loading indicator shows.",
      invoke: {
        src: 'loadTerms',
        input: ({ context }) => ({ key: context.key }),
        onDone: [
          {
            guard: { type: 'noPerson', params: ({ event }) => ({ data: event.output }) },
            target: 'leftHome',
            actions: 'goHome',
            description: 'The server knows no person for this link: the home page opens',
          },
          {
            target: 'editing',
            actions: { type: 'keepData', params: ({ event }) => ({ data: event.output }) },
            description: "The server answers with the person's details: the terms-of-use form opens",
          },
        ],
        onError: {
          target: 'leftHome',
          description: 'The server does not answer: the home page opens',
          actions: [
            { type: 'logFailure', params: ({ event }) => ({ code: 'eula.load', error: event.error }) },
            'goHome',
          ],
        },
      },
    },
    editing: {
      tags: ['ready'],
      description:
        'The terms of use with the acceptance box, the name fields, the optional username and password, and the start-up preferences.',
      on: {
        'eula.confirm': {
          guard: 'formValid',
          target: 'confirming',
          actions: 'keepForm',
          description: 'Presses Confirm, if the terms are accepted and the form is filled in correctly',
        },
        'eula.usernameEdited': {
          actions: 'clearUsernameFlag',
          description: 'Changes the username: the note that it is taken goes away',
        },
        'eula.currentPasswordEdited': {
          actions: 'clearCurrentPasswordFlag',
          description: 'Changes the current password: the note that it was refused goes away',
        },
      },
    },
    confirming: {
      tags: ['busy'],
      description: "The portal saves the acceptance and the person's choices; the form waits.",
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({
          key: context.key,
          form: context.form ?? emptyEulaForm(),
          data: context.data ?? { info: null, parties: [], packagePrivateUrls: {} },
        }),
        onDone: [
          {
            guard: { type: 'usernameTaken', params: ({ event }) => ({ answer: event.output }) },
            target: 'editing',
            actions: 'flagUsername',
            description: 'The server says the username is taken: the form marks it and waits',
          },
          {
            guard: { type: 'keyGone', params: ({ event }) => ({ answer: event.output }) },
            target: 'leftHome',
            actions: 'goHome',
            description: 'The server says the link is no longer valid: the home page opens',
          },
          {
            guard: { type: 'hadPreference', params: ({ event }) => ({ answer: event.output }) },
            target: 'redirecting',
            actions: { type: 'keepPreference', params: ({ event }) => ({ answer: event.output }) },
            description: 'The server accepts, and the person already had start-up preferences: they are kept',
          },
          {
            target: 'applyingRepresented',
            actions: { type: 'keepPreference', params: ({ event }) => ({ answer: event.output }) },
            description: 'The server accepts and saves the chosen start-up preferences',
          },
        ],
        onError: [
          {
            guard: { type: 'currentPasswordRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'flagCurrentPassword', params: ({ event }) => ({ error: event.error }) },
            description:
              'The server refuses the current password (wrong, or too many wrong ones): the form marks it and stays filled in',
          },
          {
            target: 'editing',
            description: 'The server does not answer: a warning shows and the form stays filled in',
            actions: [
              { type: 'logFailure', params: ({ event }) => ({ code: 'eula.confirm', error: event.error }) },
              'showConfirmFailed',
            ],
          },
        ],
      },
    },
    applyingRepresented: {
      tags: ['busy'],
      description: 'The portal checks whether the person chose a party to act for.',
      always: [
        {
          guard: 'realRepresented',
          target: 'changingRepresented',
          description: 'The person chose a party to act for',
        },
        { target: 'redirecting', description: 'The person chose no party' },
      ],
    },
    changingRepresented: {
      tags: ['busy'],
      description: 'The portal switches to the chosen party.',
      invoke: {
        src: 'changeRepresented',
        input: ({ context }) => ({ gid: context.preference?.representedId ?? '' }),
        onDone: { target: 'redirecting', description: 'The server switches the party' },
        // spec 1 §8: a failed represented change is only logged; the redirect still happens
        onError: {
          target: 'redirecting',
          description: 'The server cannot switch the party (only logged; the person goes on anyway)',
          actions: {
            type: 'logFailure',
            params: ({ event }) => ({ code: 'eula.changeRepresented', error: event.error }),
          },
        },
      },
    },
    redirecting: {
      tags: ['busy'],
      description: 'The portal decides where the person goes next.',
      always: [
        {
          guard: 'preferenceHasUrl',
          target: 'done',
          actions: 'goToPreference',
          description: 'The preferences name a service: its page opens',
        },
        { target: 'takingTarget', description: 'The preferences name no service' },
      ],
    },
    takingTarget: {
      tags: ['busy'],
      description: 'The portal looks for the page the person wanted before they had to register.',
      invoke: {
        src: 'takeTarget',
        onDone: [
          {
            guard: { type: 'hasTarget', params: ({ event }) => ({ target: event.output }) },
            target: 'done',
            actions: { type: 'goToTarget', params: ({ event }) => ({ target: event.output }) },
            description: 'An earlier wanted page is found: it opens',
          },
          { target: 'done', actions: 'goHome', description: 'No earlier page is remembered: the home page opens' },
        ],
        onError: {
          target: 'done',
          actions: 'goHome',
          description: 'The remembered page cannot be read: the home page opens',
        },
      },
    },
    done: { type: 'final', description: 'The terms are accepted; the person is on their way to their page.' },
    leftHome: { type: 'final', description: 'The person is sent to the home page without accepting anything.' },
  },
});
export type EulaActor = ActorRefFrom<typeof eulaMachine>;
