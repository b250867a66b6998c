/**
 * Model-based test spec of the logout (machines/logout.machine.ts) for `npm run test:model`.
 *
 * The requests are inert fakes: the path's `xstate.done.actor.*` / `xstate.error.actor.*` events stand for their
 * answers, and `xstate.after.OSS_LOGOUT_LIMIT.*` for an OSS that never answers.
 */
import { fromPromise, type EventObject } from 'xstate';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import { logoutMachine } from './logout.machine';

const noop = () => {};
/** a model event: a type plus its payload */
const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ ...payload, type });

const spec: MachineModelSpec<typeof logoutMachine> = {
  name: 'logout',
  tester: {
    person: 'mari (password Maasikas1)',
    address: "http://localhost:8080/ui/, then 'Log out' in the user menu",
  },
  machine: logoutMachine,
  events: (s) => {
    const out: EventObject[] = [];
    if (s.matches('idle')) {
      out.push(ev('logout.start', { locale: 'et_EE', ossLogoutUrl: '/apps/oss/logout' }));
      out.push(ev('logout.start', { locale: 'lv_LV', ossLogoutUrl: null }));
    }
    if (s.matches({ loggingOut: { signout: 'signingOut' } })) {
      out.push(ev('xstate.done.actor.singleSignout', { output: '/cas/logout?service=%2Fui%2F' }));
      out.push(ev('xstate.error.actor.singleSignout', { error: new Error('down') }));
    }
    if (s.matches({ loggingOut: { ossLogout: 'fetching' } })) {
      out.push(ev('xstate.done.actor.fetchOssLogout'));
      out.push(ev('xstate.error.actor.fetchOssLogout', { error: new Error('down') }));
      // a dead OSS: the GET hangs, the redirect still goes after OSS_LOGOUT_LIMIT
      out.push(ev('xstate.after.OSS_LOGOUT_LIMIT.logout.loggingOut.ossLogout.fetching'));
    }
    return out;
  },
  provide: {
    // inert: only the path's events answer the requests
    actors: {
      singleSignout: fromPromise<string, { locale: string }>(() => new Promise(() => {})),
      fetchOssLogout: fromPromise<void, { url: string }>(() => new Promise(() => {})),
    },
    actions: { resetSessionStorage: noop, redirect: noop },
  },
  // the locale and the sign-out address change nothing the machine decides; whether there is an OSS does
  serializeState: serializeWith((s) => [s.context.ossLogoutUrl !== null]),
  states: {
    redirected: (s) => {
      if (s.status !== 'done') throw new Error('redirected, but the logout is not over');
    },
  },
};
export default spec;
