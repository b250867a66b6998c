import { fromPromise } from 'xstate';
import type { CredentialsAnswer, ResetPasswordUser } from '../domain/account/schemas';
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
    { type: 'reset.submit', form: valid },
    { type: 'reset.submit', form: { ...valid, repeat: 'other' } },
    { type: 'reset.usernameEdited' },
    { type: 'reset.cancel' },
    {
      type: 'xstate.done.actor.0.resetPassword.saving',
      output: { errorType: null } satisfies CredentialsAnswer,
    } as never,
    {
      type: 'xstate.done.actor.0.resetPassword.saving',
      output: { errorType: 'UNIQUE' } satisfies CredentialsAnswer,
    } as never,
    {
      type: 'xstate.done.actor.0.resetPassword.saving',
      output: { errorType: 'KEY' } satisfies CredentialsAnswer,
    } as never,
    { type: 'xstate.error.actor.0.resetPassword.saving', error: { status: 500 } } as never,
  ],
  provide: {
    // inert fakes (never settle): only the path's synthetic done/error events drive the machine
    actors: {
      loadUser: fromPromise<ResetPasswordUser | null, { key: string }>(() => new Promise(() => {})),
      saveCredentials: fromPromise<CredentialsAnswer, { key: string; form: CredentialsForm }>(
        () => new Promise(() => {}),
      ),
    },
  },
  serializeState: serializeWith((s) => [s.context.usernameNotUnique, s.context.user === null]),
  states: {
    saving: (s) => {
      if (!s.context.form) throw new Error('saving without a form');
    },
  },
};
export default spec;
