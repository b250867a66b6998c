/**
 * The reset-password modal (spec 2 §2 "Account creation", §4 "Reset-password", §5, §8): /user-add/reset-password/$key.
 *
 * loading: `loadUser` (GET user-reset-password/getUserByResetPasswordKey/{key}).
 *   - no user (unknown, expired after 24 h on the server's clock, or already used) → home;
 *   - a new account (no endUserAgreementVersion: the terms are still to accept) → the terms-of-use modal of the same
 *     key, which collects the credentials too;
 *   - an HTTP failure is only logged (spec 2 §8) → home.
 * editing: `reset.submit { form }` with a valid form (the password tab's rules) → saving.
 * saving: `saveCredentials` (POST user-reset-password/saveCredentials/).
 *   - errorType UNIQUE → editing with the not-unique error on the username field;
 *   - errorType KEY (the key was used meanwhile or expired) → home;
 *   - success → `success.save` toast and home (the modal closes with the route);
 *   - a failure → editing with the error.server toast.
 * `reset.cancel` closes the modal (home).
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import { notProvided } from '../domain/not-provided';
import { reporter } from '../domain/report';
import type { CredentialsAnswer, ResetPasswordUser } from '../domain/account/schemas';
import { validateCredentials, type CredentialsForm } from '../domain/account/forms';
import type { NavigationRequested, Warning } from '../domain/shell-events';
import type { ToastRequest } from './toasts.machine';
import { failureStatus } from './representedChange.machine';

export interface ResetPasswordInput {
  key: string;
}

export interface ResetPasswordContext {
  key: string;
  user: ResetPasswordUser | null;
  form: CredentialsForm | null;
  /** the server answered UNIQUE for the username last sent */
  usernameNotUnique: boolean;
}

export type ResetPasswordEvent =
  { type: 'reset.submit'; form: CredentialsForm } | { type: 'reset.usernameEdited' } | { type: 'reset.cancel' };

export type ResetPasswordEmitted = NavigationRequested | Warning | { type: 'toast.show'; toast: ToastRequest };

const tell = reporter<ResetPasswordContext, ResetPasswordEvent, ResetPasswordEmitted>();

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
    emitted: {} as ResetPasswordEmitted,
  },
  actors: {
    /** GET user-reset-password/getUserByResetPasswordKey/{key} → the user, or null */
    loadUser: notProvided<ResetPasswordUser | null, { key: string }>('loadUser'),
    /** POST user-reset-password/saveCredentials/ */
    saveCredentials: notProvided<CredentialsAnswer, { key: string; form: CredentialsForm }>('saveCredentials'),
  },
  guards: {
    noUser: (_, { user }: { user: ResetPasswordUser | null }) => user === null,
    isNewAccount: (_, { user }: { user: ResetPasswordUser | null }) =>
      user !== null && user.endUserAgreementVersion === null,
    formValid: ({ event }) =>
      event.type === 'reset.submit' && Object.keys(validateCredentials(event.form)).length === 0,
    usernameTaken: (_, { answer }: { answer: CredentialsAnswer }) => answer.errorType === 'UNIQUE',
    keyGone: (_, { answer }: { answer: CredentialsAnswer }) => answer.errorType === 'KEY',
  },
  actions: {
    keepUser: assign({ user: (_, { user }: { user: ResetPasswordUser | null }) => user }),
    keepForm: assign({
      form: ({ event }) => (event.type === 'reset.submit' ? event.form : null),
      usernameNotUnique: false,
    }),
    flagUsername: assign({ usernameNotUnique: true }),
    clearUsernameFlag: assign({ usernameNotUnique: false }),
    goHome: tell(() => ({ type: 'navigation.requested' as const, target: { kind: 'home' as const } })),
    goToTerms: tell(({ context }) => ({
      type: 'navigation.requested' as const,
      target: { kind: 'path' as const, path: `/user-add/edit/${context.key}` },
    })),
    showSaved: tell(() => ({
      type: 'toast.show' as const,
      toast: { toastType: 'success' as const, messageKey: 'success.save' },
    })),
    showServerError: tell(() => ({
      type: 'toast.show' as const,
      toast: { toastType: 'error' as const, messageKey: 'error.server' },
    })),
    logFailure: tell((_, { code, error }: { code: string; error: unknown }) => ({
      type: 'warning' as const,
      code,
      detail: failureStatus(error),
    })),
  },
}).createMachine({
  id: 'resetPassword',
  description:
    'A person opens the link from their e-mail and sets a username and password; a new account goes on to the terms of use.',
  context: ({ input }) => ({ key: input.key, user: null, form: null, usernameNotUnique: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      description: 'The portal looks up whose link was opened; a loading indicator is shown.',
      invoke: {
        src: 'loadUser',
        input: ({ context }) => ({ key: context.key }),
        onDone: [
          {
            guard: { type: 'noUser', params: ({ event }) => ({ user: event.output }) },
            target: 'leftHome',
            actions: 'goHome',
            description: 'The link belongs to no one (used or expired): the home page opens',
          },
          {
            guard: { type: 'isNewAccount', params: ({ event }) => ({ user: event.output }) },
            target: 'toTerms',
            actions: 'goToTerms',
            description: 'The link belongs to a new account that has not accepted the terms: the terms of use open',
          },
          {
            target: 'editing',
            actions: { type: 'keepUser', params: ({ event }) => ({ user: event.output }) },
            description: 'The link belongs to an existing account: the username and password form opens',
          },
        ],
        onError: {
          target: 'leftHome',
          description: 'The server does not answer: the home page opens',
          actions: [
            { type: 'logFailure', params: ({ event }) => ({ code: 'resetPassword.load', error: event.error }) },
            'goHome',
          ],
        },
      },
    },
    editing: {
      description: 'The form asks for a username, a new password and the password again.',
      on: {
        'reset.submit': {
          guard: 'formValid',
          target: 'saving',
          actions: 'keepForm',
          description: 'Presses Save, if the username and both passwords are filled in correctly',
        },
        'reset.usernameEdited': {
          actions: 'clearUsernameFlag',
          description: 'Changes the username: the note that it is taken goes away',
        },
        'reset.cancel': { target: 'leftHome', actions: 'goHome', description: 'Cancels: the home page opens' },
      },
    },
    saving: {
      tags: ['busy'],
      description: 'The portal saves the username and password; the form waits.',
      invoke: {
        src: 'saveCredentials',
        input: ({ context }) => ({
          key: context.key,
          form: context.form ?? { username: '', password: '', repeat: '' },
        }),
        onDone: [
          {
            guard: { type: 'usernameTaken', params: ({ event }) => ({ answer: event.output }) },
            target: 'editing',
            actions: 'flagUsername',
            description: 'The server says the username is taken: the form marks it',
          },
          {
            guard: { type: 'keyGone', params: ({ event }) => ({ answer: event.output }) },
            target: 'leftHome',
            actions: 'goHome',
            description: 'The server says the link is no longer valid: the home page opens',
          },
          {
            target: 'saved',
            actions: ['showSaved', 'goHome'],
            description: "The server saves them: 'Saved' shows and the home page opens",
          },
        ],
        onError: {
          target: 'editing',
          description: 'The server does not answer: an error message shows and the form stays filled in',
          actions: [
            { type: 'logFailure', params: ({ event }) => ({ code: 'resetPassword.save', error: event.error }) },
            'showServerError',
          ],
        },
      },
    },
    saved: { type: 'final', description: 'The username and password are saved; the person is on the home page.' },
    leftHome: { type: 'final', description: 'The person is sent to the home page without saving anything.' },
    toTerms: { type: 'final', description: 'The person continues to the terms of use of their new account.' },
  },
});
export type ResetPasswordActor = ActorRefFrom<typeof resetPasswordMachine>;
