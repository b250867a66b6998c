/**
 * The reset-password modal (spec 2 §2 "Account creation", §4 "Reset-password", §5, §8): /user-add/reset-password/$key.
 *
 * loading: `loadUser` (GET user-reset-password/getUserByResetPasswordKey/{key}).
 *   - no user (unknown, expired after 24 h on the server's clock, or already used) → home;
 *   - a new account (no endUserAgreementVersion: the terms are still to accept) → the terms-of-use modal of the same
 *     key, which collects the credentials too;
 *   - an HTTP failure is only logged (spec 2 §8) → home.
 * editing: the form is the settings forms' machine (machines/settingsForm.machine.ts, child `form`) with the
 *   password tab's rules; its save is `saveCredentials` (POST user-reset-password/saveCredentials/, provided with the
 *   form, credentialsOutcome):
 *   - errorType UNIQUE → the not-unique error on the username field (the server's field error);
 *   - a failure → the error.server toast and a log line; the form stays filled in;
 *   - otherwise the form ends with the answer: errorType KEY (the key was used meanwhile or expired) → home;
 *     success → `success.save` toast and home (the modal closes with the route).
 *   The save sends no version (the key is used once): the form's conflict state never fires.
 * `reset.cancel` closes the modal (home).
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import { notProvided } from '../domain/not-provided';
import { reporter } from '../domain/report';
import type { CredentialsAnswer, ResetPasswordUser } from '../domain/account/schemas';
import { validateCredentials, type CredentialsForm } from '../domain/account/forms';
import { MSG } from '../domain/user-settings/fields';
import type { NavigationRequested, Warning } from '../domain/shell-events';
import type { ToastRequest } from './toasts.machine';
import { failureStatus } from './representedChange.machine';
import {
  settingsFormMachine,
  type FormValues,
  type SaveOutcome,
  type SettingsFormEmitted,
  type SubmittedForm,
} from './settingsForm.machine';

export interface ResetPasswordInput {
  key: string;
}

export interface ResetPasswordContext {
  key: string;
  user: ResetPasswordUser | null;
}

/** What the form reports on the way to the portal: its messages. */
type FormReport = Extract<SettingsFormEmitted, { type: 'toast.show' | 'warning' }>;

export type ResetPasswordEvent = { type: 'reset.cancel' } | FormReport;

export type ResetPasswordEmitted = NavigationRequested | Warning | { type: 'toast.show'; toast: ToastRequest };

/** The answer as the form's save outcome: a taken username is the server's field error, nothing saved. */
export function credentialsOutcome(answer: CredentialsAnswer): SaveOutcome {
  if (answer.errorType === 'UNIQUE') return { fieldErrors: { username: { key: MSG.usernameNotUnique } } };
  return { answer };
}

const EMPTY: CredentialsForm = { username: '', password: '', repeat: '' };

const tell = reporter<ResetPasswordContext, ResetPasswordEvent, ResetPasswordEmitted>();

const answerOf = (output: SubmittedForm) => output.answer as CredentialsAnswer;

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
    emitted: {} as ResetPasswordEmitted,
    children: {} as { form: 'form' },
  },
  actors: {
    /** GET user-reset-password/getUserByResetPasswordKey/{key} → the user, or null */
    loadUser: notProvided<ResetPasswordUser | null, { key: string }>('loadUser'),
    /** the form: the settings forms' machine, its save provided as POST user-reset-password/saveCredentials/ */
    form: settingsFormMachine,
  },
  guards: {
    noUser: (_, { user }: { user: ResetPasswordUser | null }) => user === null,
    isNewAccount: (_, { user }: { user: ResetPasswordUser | null }) =>
      user !== null && user.endUserAgreementVersion === null,
    keyGone: (_, { answer }: { answer: CredentialsAnswer }) => answer.errorType === 'KEY',
  },
  actions: {
    keepUser: assign({ user: (_, { user }: { user: ResetPasswordUser | null }) => user }),
    /** the form's messages go on to the portal */
    passOn: tell((_, { event }: { event: FormReport }) => event),
    goHome: tell(() => ({ type: 'navigation.requested' as const, target: { kind: 'home' as const } })),
    goToTerms: tell(({ context }) => ({
      type: 'navigation.requested' as const,
      target: { kind: 'path' as const, path: `/user-add/edit/${context.key}` },
    })),
    showSaved: tell(() => ({
      type: 'toast.show' as const,
      toast: { toastType: 'success' as const, messageKey: 'success.save' },
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
  context: ({ input }) => ({ key: input.key, user: null }),
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
      invoke: {
        id: 'form',
        src: 'form',
        input: ({ context }) => ({
          subject: context.key,
          initial: { values: EMPTY },
          validate: (v: FormValues) => validateCredentials(v as CredentialsForm),
          endsOnSave: true,
          logAs: 'resetPassword.save',
        }),
        onDone: [
          {
            guard: { type: 'keyGone', params: ({ event }) => ({ answer: answerOf(event.output) }) },
            target: 'leftHome',
            actions: 'goHome',
            description: 'Presses Save; the server says the link is no longer valid: the home page opens',
          },
          {
            target: 'saved',
            actions: ['showSaved', 'goHome'],
            description: "Presses Save; the server saves them: 'Saved' shows and the home page opens",
          },
        ],
      },
      on: {
        'toast.show': {
          actions: { type: 'passOn', params: ({ event }) => ({ event }) },
          description: 'The form has a message (saving failed): the portal shows it',
        },
        warning: {
          actions: { type: 'passOn', params: ({ event }) => ({ event }) },
          description: 'The form logs a failed save: the portal logs it',
        },
        'reset.cancel': { target: 'leftHome', actions: 'goHome', description: 'Cancels: the home page opens' },
      },
    },
    saved: { type: 'final', description: 'The username and password are saved; the person is on the home page.' },
    leftHome: { type: 'final', description: 'The person is sent to the home page without saving anything.' },
    toTerms: { type: 'final', description: 'The person continues to the terms of use of their new account.' },
  },
});
export type ResetPasswordActor = ActorRefFrom<typeof resetPasswordMachine>;
