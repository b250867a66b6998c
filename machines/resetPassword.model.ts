import { createMachine, fromPromise } from 'xstate';
import type { ResetPasswordUser } from '../domain/account/schemas';
import type { CredentialsForm } from '../domain/account/forms';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import { resetPasswordMachine } from './resetPassword.machine';

const mari: ResetPasswordUser = {
  userId: 'EE48709050218',
  firstName: 'Mari',
  lastName: 'Maasikas',
  personalCode: '48709050218',
  username: 'mari',
  endUserAgreementVersion: '2025-1',
};
const valid: CredentialsForm = { username: 'mari.uus', password: 'Uus12345pw', repeat: 'Uus12345pw' };

const spec: MachineModelSpec<typeof resetPasswordMachine> = {
  name: 'resetPassword',
  tester: {
    person:
      'uku, who has no password yet: the link is in the e-mail outbox at http://localhost:8080/sim/ after mari (password Maasikas1) adds him in the rights of Maasikas OÜ or he asks for a new password on the sign-on page; or mari (password Maasikas1) asks for a new password',
    address: 'the link from the e-mail (under http://localhost:8080/ui/user-add/reset-password/)',
    data: 'uku (a new account) or mari (an existing one)',
  },
  machine: resetPasswordMachine,
  input: { key: 'k'.repeat(32) },
  events: () => [
    { type: 'xstate.done.actor.0.resetPassword.loading', output: mari } as never,
    { type: 'xstate.done.actor.0.resetPassword.loading', output: null } as never,
    { type: 'xstate.done.actor.0.resetPassword.loading', output: { ...mari, endUserAgreementVersion: null } } as never,
    { type: 'xstate.error.actor.0.resetPassword.loading', error: { status: 500 } } as never,
    // the form (the settings forms' machine, its own model) ends with the server's answer, or reports a failure
    { type: 'xstate.done.actor.form', output: { values: valid, answer: { errorType: null } } } as never,
    { type: 'xstate.done.actor.form', output: { values: valid, answer: { errorType: 'KEY' } } } as never,
    { type: 'toast.show', toast: { toastType: 'error', messageKey: 'error.server' } },
    { type: 'warning', code: 'demo.failed', detail: 500 },
    { type: 'reset.cancel' },
  ],
  provide: {
    // inert fakes (never settle): only the path's synthetic done/error events drive the machine
    actors: {
      loadUser: fromPromise<ResetPasswordUser | null, { key: string }>(() => new Promise(() => {})),
      form: createMachine({}) as never,
    },
  },
  serializeState: serializeWith((s) => [s.context.user === null]),
  states: {
    editing: (s) => {
      if (!s.context.user) throw new Error('the form shows without the loaded user');
    },
  },
};
export default spec;
