/**
 * The terms-of-use (EULA) modal (spec 2 §2 "Account creation", §4 "EULA confirm", §5 "EULA form", §8):
 * /user-add/edit/$key (an invitation link) and /user-add/edit/ (the signed-in person); the session loads only the
 * simple context there.
 *
 * loading: `loadTerms` (GET user-add/getUserInfo and user-add/getRepresentedWithAdminRoles, with the key when there
 *   is one). No person (the key is unknown, expired or used) → home; an HTTP failure is only logged → home.
 * editing: the form is the settings forms' machine (machines/settingsForm.machine.ts, child `form`), started with
 *   the loaded person's values and the EULA rules: it keeps what is typed, what was touched and the errors, and its
 *   save is `confirm` (POST user-add/confirm, provided with the form). Confirm stays disabled until here (tag
 *   `ready`). What the form's save answers:
 *   - errorType UNIQUE → the username flagged (the server's field error), nothing saved;
 *   - the current password refused (400 on userCredentials.currentPassword, or 429 while the sign-on throttle makes
 *     the username wait; only the signed-in person who has a password is asked it) → that field flagged, everything
 *     typed kept;
 *   - a failure → a warning toast (error.server) and a log line, the form stays filled in;
 *   - anything else ends the form with the answer (below).
 *   The confirm sends no version (the record is the person's own acceptance): the form's conflict state never fires.
 * After the form: errorType KEY (the link was used meanwhile) → home; the person already had a preference → redirect
 *   to it (the server kept it); otherwise the server saved the chosen one: a real represented party (not
 *   NOPREFERENCE) is made the active one (`changeRepresented`), then redirect: to the preference's service URL, else
 *   the TARGET cookie's URL (`takeTarget` reads and expires it), else home.
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import { notProvided } from '../domain/not-provided';
import { reporter } from '../domain/report';
import { NOPREFERENCE, type Preference, type RepresentationRight } from '../domain/contract';
import type { ConfirmAnswer, EulaInfo } from '../domain/account/schemas';
import { eulaFormOf, eulaServiceUrl, type EulaForm, validateEula } from '../domain/account/forms';
import { MSG } from '../domain/user-settings/fields';
import { currentPasswordRefusal } from '../domain/user-settings/forms';
import type { ServiceUrlContext } from '../domain/user-settings/preferences';
import { inAppPath, preferenceTarget, type NavTarget } from '../domain/rights/preference';
import type { NavigationRequested, Warning } from '../domain/shell-events';
import { failureStatus } from './representedChange.machine';
import {
  settingsFormMachine,
  type FormValues,
  type SaveOutcome,
  type SettingsFormEmitted,
  type SettingsFormInput,
  type SubmittedForm,
} from './settingsForm.machine';

export interface EulaInput {
  /** the invitation key; null on /user-add/edit/ (the signed-in person) */
  key: string | null;
  /** what the preference's service address is built with (the portal's API address, the domain and language shown) */
  urls?: Omit<ServiceUrlContext, 'packagePrivateUrls'>;
}

export interface EulaData {
  info: EulaInfo | null;
  parties: RepresentationRight[];
  /** user-settings/service-urls equivalent for the package-private service, by domain */
  packagePrivateUrls: Record<string, string>;
}

export interface EulaContext {
  key: string | null;
  urls: Omit<ServiceUrlContext, 'packagePrivateUrls'>;
  data: EulaData | null;
  /** what the person typed before a sign-on, handed back before the form started */
  draft: Record<string, unknown> | null;
  /** the form as it was confirmed (the form itself has ended) */
  sent: EulaForm | null;
  /** the preference to go to after confirming */
  preference: Preference | null;
}

/** What the form reports on the way to the portal: its messages, and a sign-on it needs. */
type FormReport = Extract<SettingsFormEmitted, { type: 'toast.show' | 'warning' | 'form.sessionExpired' }>;

export type EulaEvent = FormReport | { type: 'form.restoreDraft'; values: Record<string, unknown> };

export type EulaEmitted = NavigationRequested | Warning | FormReport;

/** The form's draft over a sign-on (the person's own confirm; an invitation needs none). */
export const eulaDraftKey = (key: string | null) => `eula:${key ?? ''}`;

/**
 * The confirm's answer as the form's save outcome: a taken username is the server's field error (nothing saved);
 * anything else ends the form with the answer.
 */
export function confirmOutcome(answer: ConfirmAnswer): SaveOutcome {
  if (answer.errorType === 'UNIQUE') return { fieldErrors: { username: { key: MSG.usernameNotUnique } } };
  return { answer };
}

/** A failed confirm that refused the current password (wrong, or wait): its field error; null for any other failure. */
export function confirmRefusal(error: unknown): SaveOutcome | null {
  const key = currentPasswordRefusal(error, 'userCredentials.currentPassword');
  return key ? { fieldErrors: { currentPassword: { key } } } : null;
}

const hasServiceUrl = (p: Preference | null) => !!p?.serviceUrl && p.serviceUrl !== NOPREFERENCE;

const tell = reporter<EulaContext, EulaEvent, EulaEmitted>();

/** the answer a form that ended on save hands on */
const answerOf = (output: SubmittedForm) => output.answer as ConfirmAnswer;

/** the form of the loaded person, with the EULA rules and the service address computed from the choice */
function formInput(c: EulaContext): SettingsFormInput {
  const data = c.data ?? { info: null, parties: [], packagePrivateUrls: {} };
  const ctx: ServiceUrlContext = { ...c.urls, packagePrivateUrls: data.packagePrivateUrls };
  return {
    subject: c.key ?? '',
    initial: { values: eulaFormOf(data.info, c.key !== null) },
    draft: c.draft,
    draftKey: eulaDraftKey(c.key),
    validate: (v: FormValues) => validateEula(v as EulaForm),
    derive: (v: FormValues, field?: string) => {
      const f = v as EulaForm;
      // spec 2 §4: changing the service clears the represented choice
      const picked = field === 'service' ? { ...f, represented: NOPREFERENCE } : f;
      return { ...picked, serviceUrl: eulaServiceUrl(picked, data.parties, ctx) };
    },
    endsOnSave: true,
    // spec 2 §8: a failed confirm is a warning, and logged
    failureToast: { toastType: 'warning', messageKey: 'error.server' },
    logAs: 'eula.confirm',
  };
}

export const eulaMachine = setup({
  types: {
    context: {} as EulaContext,
    events: {} as EulaEvent,
    input: {} as EulaInput,
    emitted: {} as EulaEmitted,
    children: {} as { form: 'form' },
  },
  actors: {
    /** GET user-add/getUserInfo + GET user-add/getRepresentedWithAdminRoles (with ?key= when there is one) */
    loadTerms: notProvided<EulaData, { key: string | null }>('loadTerms'),
    /** the form: the settings forms' machine, its save provided as POST user-add/confirm (confirmOutcome) */
    form: settingsFormMachine,
    /** GET context/changeRepresented/{gid} */
    changeRepresented: notProvided<unknown, { gid: string }>('changeRepresented'),
    /** reads the TARGET cookie's URL and expires the cookie; null when there is none */
    takeTarget: notProvided<string | null, unknown>('takeTarget'),
  },
  guards: {
    noPerson: (_, { data }: { data: EulaData }) => data.info === null,
    keyGone: (_, { answer }: { answer: ConfirmAnswer }) => answer.errorType === 'KEY',
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
    keepDraft: assign({ draft: (_, { values }: { values: Record<string, unknown> }) => values }),
    /** what the form sent (shown while the flow goes on) and the preference the server answered */
    keepSent: assign((_, { output }: { output: SubmittedForm }) => ({
      sent: output.values as EulaForm,
      preference: answerOf(output).preference,
    })),
    /** the form's messages and its need of a sign-on go on to the portal */
    passOn: tell((_, { event }: { event: FormReport }) => event),
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
    urls: input.urls ?? { apiUrl: '', domain: 'ee', language: 'et' },
    data: null,
    draft: null,
    sent: null,
    preference: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      description: "The portal loads the person's name and the parties they may represent; a loading indicator shows.",
      on: {
        'form.restoreDraft': {
          actions: { type: 'keepDraft', params: ({ event }) => event },
          description: 'The portal hands back what the person typed before signing in again, for the form',
        },
      },
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
      invoke: {
        id: 'form',
        src: 'form',
        input: ({ context }) => formInput(context),
        onDone: [
          {
            guard: { type: 'keyGone', params: ({ event }) => ({ answer: answerOf(event.output) }) },
            target: 'leftHome',
            actions: 'goHome',
            description: 'Presses Confirm; the server says the link is no longer valid: the home page opens',
          },
          {
            guard: { type: 'hadPreference', params: ({ event }) => ({ answer: answerOf(event.output) }) },
            target: 'redirecting',
            actions: { type: 'keepSent', params: ({ event }) => ({ output: event.output }) },
            description:
              'Presses Confirm; the server accepts, and the person already had start-up preferences: they are kept',
          },
          {
            target: 'applyingRepresented',
            actions: { type: 'keepSent', params: ({ event }) => ({ output: event.output }) },
            description: 'Presses Confirm; the server accepts and saves the chosen start-up preferences',
          },
        ],
      },
      on: {
        'toast.show': {
          actions: { type: 'passOn', params: ({ event }) => ({ event }) },
          description: 'The form has a message (the confirm failed): the portal shows it',
        },
        warning: {
          actions: { type: 'passOn', params: ({ event }) => ({ event }) },
          description: 'The form logs a failed confirm: the portal logs it',
        },
        'form.sessionExpired': {
          actions: { type: 'passOn', params: ({ event }) => ({ event }) },
          description: 'The sign-in expired while confirming: the portal keeps what was typed and asks to sign in',
        },
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
