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
 *   - errorType KEY (the link was used meanwhile) → home;
 *   - the person already had a preference → redirect to it (the server kept it);
 *   - otherwise the server saved the chosen one; a real represented party (not NOPREFERENCE) is made the active one
 *     (`changeRepresented`), then redirect: to the preference's service URL, else the TARGET cookie's URL
 *     (`takeTarget` reads and expires it), else home.
 *   - a failure → editing with a warning toast (error.server).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { NOPREFERENCE, type Preference, type RepresentationRight } from './lib/contract';
import type { ConfirmAnswer, EulaInfo } from './lib/account/schemas';
import { emptyEulaForm, validateEula, type EulaForm } from './lib/account/forms';
import { inAppPath, preferenceTarget, type NavTarget } from './lib/rights/preference';
import type { NavigationRequested, Warning } from './lib/shell-events';
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
  /** the preference to go to after confirming */
  preference: Preference | null;
}

export type EulaEvent = { type: 'eula.confirm'; form: EulaForm } | { type: 'eula.usernameEdited' };

export type EulaEmitted = NavigationRequested | Warning | { type: 'toast.show'; toast: ToastRequest };

const hasServiceUrl = (p: Preference | null) => !!p?.serviceUrl && p.serviceUrl !== NOPREFERENCE;

export const eulaMachine = setup({
  types: {
    context: {} as EulaContext,
    events: {} as EulaEvent,
    input: {} as EulaInput,
    emitted: {} as EulaEmitted,
  },
  actors: {
    /** GET user-add/getUserInfo + GET user-add/getRepresentedWithAdminRoles (with ?key= when there is one) */
    loadTerms: fromPromise<EulaData, { key: string | null }>(() => Promise.reject(new Error('loadTerms not provided'))),
    /** POST user-add/confirm */
    confirm: fromPromise<ConfirmAnswer, { key: string | null; form: EulaForm; data: EulaData }>(() =>
      Promise.reject(new Error('confirm not provided')),
    ),
    /** GET context/changeRepresented/{gid} */
    changeRepresented: fromPromise<unknown, { gid: string }>(() =>
      Promise.reject(new Error('changeRepresented not provided')),
    ),
    /** reads the TARGET cookie's URL and expires the cookie; null when there is none */
    takeTarget: fromPromise<string | null>(() => Promise.reject(new Error('takeTarget not provided'))),
  },
  guards: {
    noPerson: (_, { data }: { data: EulaData }) => data.info === null,
    formValid: ({ event }) => event.type === 'eula.confirm' && Object.keys(validateEula(event.form)).length === 0,
    usernameTaken: (_, { answer }: { answer: ConfirmAnswer }) => answer.errorType === 'UNIQUE',
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
    keepForm: assign({
      form: ({ event }) => (event.type === 'eula.confirm' ? event.form : null),
      usernameNotUnique: false,
    }),
    keepPreference: assign({ preference: (_, { answer }: { answer: ConfirmAnswer }) => answer.preference }),
    flagUsername: assign({ usernameNotUnique: true }),
    clearUsernameFlag: assign({ usernameNotUnique: false }),
    goHome: emit({ type: 'navigation.requested' as const, target: { kind: 'home' as const } }),
    goToPreference: emit(({ context }) => ({
      type: 'navigation.requested' as const,
      target: preferenceTarget(context.preference, {}) ?? ({ kind: 'home' } satisfies NavTarget),
    })),
    goToTarget: emit((_, { target }: { target: string | null }) => {
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
    showConfirmFailed: emit({
      type: 'toast.show' as const,
      toast: { toastType: 'warning' as const, messageKey: 'error.server' },
    }),
    logFailure: emit((_, { code, error }: { code: string; error: unknown }) => ({
      type: 'warning' as const,
      code,
      detail: failureStatus(error),
    })),
  },
}).createMachine({
  id: 'eula',
  context: ({ input }) => ({ key: input.key, data: null, form: null, usernameNotUnique: false, preference: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadTerms',
        input: ({ context }) => ({ key: context.key }),
        onDone: [
          {
            guard: { type: 'noPerson', params: ({ event }) => ({ data: event.output }) },
            target: 'leftHome',
            actions: 'goHome',
          },
          { target: 'editing', actions: { type: 'keepData', params: ({ event }) => ({ data: event.output }) } },
        ],
        onError: {
          target: 'leftHome',
          actions: [
            { type: 'logFailure', params: ({ event }) => ({ code: 'eula.load', error: event.error }) },
            'goHome',
          ],
        },
      },
    },
    editing: {
      tags: ['ready'],
      on: {
        'eula.confirm': { guard: 'formValid', target: 'confirming', actions: 'keepForm' },
        'eula.usernameEdited': { actions: 'clearUsernameFlag' },
      },
    },
    confirming: {
      tags: ['busy'],
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
          },
          {
            guard: { type: 'keyGone', params: ({ event }) => ({ answer: event.output }) },
            target: 'leftHome',
            actions: 'goHome',
          },
          {
            guard: { type: 'hadPreference', params: ({ event }) => ({ answer: event.output }) },
            target: 'redirecting',
            actions: { type: 'keepPreference', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            target: 'applyingRepresented',
            actions: { type: 'keepPreference', params: ({ event }) => ({ answer: event.output }) },
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            { type: 'logFailure', params: ({ event }) => ({ code: 'eula.confirm', error: event.error }) },
            'showConfirmFailed',
          ],
        },
      },
    },
    applyingRepresented: {
      tags: ['busy'],
      always: [{ guard: 'realRepresented', target: 'changingRepresented' }, { target: 'redirecting' }],
    },
    changingRepresented: {
      tags: ['busy'],
      invoke: {
        src: 'changeRepresented',
        input: ({ context }) => ({ gid: context.preference?.representedId ?? '' }),
        onDone: { target: 'redirecting' },
        // spec 1 §8: a failed represented change is only logged; the redirect still happens
        onError: {
          target: 'redirecting',
          actions: {
            type: 'logFailure',
            params: ({ event }) => ({ code: 'eula.changeRepresented', error: event.error }),
          },
        },
      },
    },
    redirecting: {
      tags: ['busy'],
      always: [{ guard: 'preferenceHasUrl', target: 'done', actions: 'goToPreference' }, { target: 'takingTarget' }],
    },
    takingTarget: {
      tags: ['busy'],
      invoke: {
        src: 'takeTarget',
        onDone: [
          {
            guard: { type: 'hasTarget', params: ({ event }) => ({ target: event.output }) },
            target: 'done',
            actions: { type: 'goToTarget', params: ({ event }) => ({ target: event.output }) },
          },
          { target: 'done', actions: 'goHome' },
        ],
        onError: { target: 'done', actions: 'goHome' },
      },
    },
    done: { type: 'final' },
    leftHome: { type: 'final' },
  },
});
