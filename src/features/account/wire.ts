/**
 * The account-creation feature's effects (issue 11; spec 2 §2 "Account creation", §4, §7): the reset-password and
 * terms-of-use (EULA) machines provided with the real calls. The views run one actor per visit of the route and hand
 * its `navigation.requested`, `toast.show` and `warning` to the portal (useAccountActor).
 */
import { fromPromise } from 'xstate';
import { z } from 'zod/mini';
import {
  ConfirmAnswer,
  CredentialsAnswer,
  EulaInfoAnswer,
  RepresentedWithAdminRolesAnswer,
  ResetPasswordUserAnswer,
  type ConfirmBody,
} from '../../../machines/lib/account/schemas';
import { COOKIE, UserContext } from '../../../machines/lib/contract';
import type { CredentialsForm, EulaForm } from '../../../machines/lib/account/forms';
import { eulaMachine, type EulaData } from '../../../machines/eula.machine';
import { resetPasswordMachine } from '../../../machines/resetPassword.machine';
import { readCookie } from '../../app/cookies';
import type { PortalSystem } from '../../app/system';

export interface Account {
  resetPassword: ReturnType<typeof provideResetPassword>;
  eula: ReturnType<typeof provideEula>;
}

const enc = encodeURIComponent;

function provideResetPassword({ api }: PortalSystem) {
  return resetPasswordMachine.provide({
    actors: {
      loadUser: fromPromise(async ({ input, signal }: { input: { key: string }; signal: AbortSignal }) => {
        const answer = await api.get(
          `user-reset-password/getUserByResetPasswordKey/${enc(input.key)}`,
          ResetPasswordUserAnswer,
          { signal },
        );
        return answer.value;
      }),
      saveCredentials: fromPromise(({ input }: { input: { key: string; form: CredentialsForm } }) =>
        api.post(
          'user-reset-password/saveCredentials/',
          { key: input.key, passwordUsed: true, username: input.form.username.trim(), password: input.form.password },
          CredentialsAnswer,
        ),
      ),
    },
  });
}

function provideEula({ api }: PortalSystem) {
  return eulaMachine.provide({
    actors: {
      loadTerms: fromPromise(async ({ input, signal }: { input: { key: string | null }; signal: AbortSignal }) => {
        const query = input.key ? { key: input.key } : undefined;
        const [info, parties] = await Promise.all([
          api.get('user-add/getUserInfo', EulaInfoAnswer, { signal, query }),
          api.get('user-add/getRepresentedWithAdminRoles', RepresentedWithAdminRolesAnswer, { signal, query }),
        ]);
        return {
          info: info.value,
          parties: parties.value,
          packagePrivateUrls: info.value?.packagePrivateUrls ?? {},
        } satisfies EulaData;
      }),
      confirm: fromPromise(({ input }: { input: { key: string | null; form: EulaForm; data: EulaData } }) => {
        const { form, key } = input;
        const body: ConfirmBody = {
          key,
          acceptEula: true,
          uniqueUsernameError: false,
          adminList: [],
          userCredentials: {
            username: form.username.trim(),
            password: form.password,
            passwordAgain: form.repeat,
            passwordUsed: true,
          },
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          preference: { service: form.service, represented: form.represented, serviceUrl: form.serviceUrl },
        };
        return api.post('user-add/confirm', body, ConfirmAnswer);
      }),
      changeRepresented: fromPromise<unknown, { gid: string }>(({ input, signal }) =>
        api.get(`context/changeRepresented/${enc(input.gid)}`, UserContext, { signal, xsrf: true }),
      ),
      // spec 2 §4: the remembered target address (cookie TARGET) is used once, then expired
      takeTarget: fromPromise(() => {
        const target = readCookie(COOKIE.target);
        if (target) document.cookie = `${COOKIE.target}=; Max-Age=0; Path=/`;
        return Promise.resolve(z.catch(z.nullable(z.string().check(z.minLength(1))), null).parse(target));
      }),
    },
  });
}

export function wireAccount(system: PortalSystem): Account {
  return { resetPassword: provideResetPassword(system), eula: provideEula(system) };
}
