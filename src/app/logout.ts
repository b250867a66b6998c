/**
 * The logout (machines/logout.machine.ts) with its real effects. A chunk of its own: only a person who clicks Log out
 * needs it, so the session loads it then (its `loadLogout` actor, provided in system.ts).
 */
import { fromPromise } from 'xstate';
import { logoutMachine, type LogoutLogic } from '../../machines/logout.machine';
import type { QueryDeps } from '../api/invalidate';
import { singleSignout } from '../api/single-signout/single-signout';
import { redirectBrowser } from './browser';

export function logoutLogic(deps: QueryDeps, securityUrl: string): LogoutLogic {
  return logoutMachine.provide({
    actors: {
      // the signed-out person's cached answers go with the session (api/single-signout)
      singleSignout: fromPromise(({ input }) => singleSignout(deps, securityUrl, input.locale)),
      // GET, no payload; the answer is not shown (spec 1 §7). The OSS app answers CORS with credentials.
      fetchOssLogout: fromPromise(async ({ input }) => {
        // read the body too: the request is over only then, and the logout redirect waits for it
        await fetch(input.url, { credentials: 'include', mode: 'cors' })
          .then((r) => r.text())
          .catch(() => undefined);
      }),
    },
    actions: {
      resetSessionStorage: () => {
        try {
          sessionStorage.clear();
        } catch {
          /* storage disabled: nothing to reset */
        }
      },
      redirect: (_, { url }) => redirectBrowser(url),
    },
  });
}
