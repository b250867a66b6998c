/**
 * The account-creation feature's effects (spec 2 §2 "Account creation", §4, §7): the reset-password and
 * terms-of-use (EULA) machines provided with the real calls. The views run one actor per visit of the route and hand
 * its `navigation.requested`, `toast.show` and `warning` to the portal (useAccountActor).
 */
import { fromPromise } from 'xstate';
import type { ConfirmBody } from '../../../domain/account/schemas';
import type { CredentialsForm, EulaForm } from '../../../domain/account/forms';
import { confirmOutcome, confirmRefusal, eulaMachine, type EulaData } from '../../../machines/eula.machine';
import { settingsFormMachine, type SaveOutcome, type SaveRequest } from '../../../machines/settingsForm.machine';
import { credentialsOutcome, resetPasswordMachine } from '../../../machines/resetPassword.machine';
import { changeRepresented } from '../../api/context/change-represented';
import { confirmTerms } from '../../api/user-add/confirm';
import { getRepresentedWithAdminRoles } from '../../api/user-add/get-represented-with-admin-roles';
import { getUserInfo } from '../../api/user-add/get-user-info';
import { getUserByResetKey } from '../../api/user-reset-password/get-user-by-key';
import { saveCredentials } from '../../api/user-reset-password/save-credentials';
import { takeTargetCookie } from '../../app/cookies';
import type { PortalCore } from '../../app/portal';

export interface Account {
  resetPassword: ReturnType<typeof provideResetPassword>;
  eula: ReturnType<typeof provideEula>;
}

function provideResetPassword({ api }: PortalCore) {
  return resetPasswordMachine.provide({
    actors: {
      loadUser: fromPromise(({ input, signal }: { input: { key: string }; signal: AbortSignal }) =>
        getUserByResetKey(api, input.key, signal),
      ),
      form: settingsFormMachine.provide({
        actors: {
          saveForm: fromPromise(async ({ input }: { input: SaveRequest }): Promise<SaveOutcome> => {
            const form = input.values as CredentialsForm;
            const answer = await saveCredentials(api, {
              key: input.subject,
              passwordUsed: true,
              username: form.username.trim(),
              password: form.password,
            });
            return credentialsOutcome(answer);
          }),
        },
      }),
    },
  });
}

function provideEula(system: PortalCore) {
  const { api } = system;
  return eulaMachine.provide({
    actors: {
      loadTerms: fromPromise(async ({ input, signal }: { input: { key: string | null }; signal: AbortSignal }) => {
        const [info, parties] = await Promise.all([
          getUserInfo(api, input.key, signal),
          getRepresentedWithAdminRoles(api, input.key, signal),
        ]);
        return { info, parties, packagePrivateUrls: info?.packagePrivateUrls ?? {} } satisfies EulaData;
      }),
      form: settingsFormMachine.provide({
        actors: {
          saveForm: fromPromise(async ({ input }: { input: SaveRequest }): Promise<SaveOutcome> => {
            const form = input.values as EulaForm;
            const body: ConfirmBody = {
              key: input.subject === '' ? null : input.subject,
              acceptEula: true,
              uniqueUsernameError: false,
              adminList: [],
              userCredentials: {
                username: form.username.trim(),
                password: form.password,
                passwordAgain: form.repeat,
                passwordUsed: true,
                ...(form.askCurrentPassword ? { currentPassword: form.currentPassword } : {}),
              },
              firstName: form.firstName.trim(),
              lastName: form.lastName.trim(),
              preference: { service: form.service, represented: form.represented, serviceUrl: form.serviceUrl },
            };
            try {
              return confirmOutcome(await confirmTerms(api, body));
            } catch (error) {
              // a wrong current password (or the sign-on throttle's wait) is marked on its field; nothing was saved
              const refused = confirmRefusal(error);
              if (refused) return refused;
              throw error;
            }
          }),
        },
      }),
      changeRepresented: fromPromise<unknown, { gid: string }>(({ input, signal }) =>
        changeRepresented(system, input.gid, signal),
      ),
      // spec 2 §4: the remembered target address (cookie TARGET) is used once, then expired
      takeTarget: fromPromise(() => {
        return Promise.resolve(takeTargetCookie());
      }),
    },
  });
}

export function wireAccount(system: PortalCore): Account {
  return { resetPassword: provideResetPassword(system), eula: provideEula(system) };
}
