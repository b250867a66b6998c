/**
 * Model-based test spec of the locale (machines/locale.machine.ts) for `npm run test:model`: the route changes and
 * language choices the session forwards. The cookie writes are no-ops.
 */
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import { resolveLanguage } from '../domain/session/rules';
import { localeMachine } from './locale.machine';

const noop = () => {};

const spec: MachineModelSpec<typeof localeMachine> = {
  name: 'locale',
  tester: {
    person: 'anna (password Ivanova12)',
    address: 'http://localhost:8080/ui/ (or with ?lang=et in the address)',
  },
  machine: localeMachine,
  input: { cookies: { language: 'est', domain: 'EE' } },
  events: () => [
    {
      type: 'session.routeChanged',
      routeId: '/dashboard/$domain/$language/$modalName',
      params: { domain: 'lv', language: 'lav', modalName: 'add-customer' },
    },
    { type: 'session.routeChanged', routeId: '/dashboard', params: {} },
    { type: 'session.languageChange', language: 'ru' },
  ],
  provide: { actions: { persistLanguage: noop, persistDomain: noop } },
  serializeState: serializeWith((s) => [s.context.language, s.context.domain]),
  states: {
    // a route that names no language shows the cookie's (the one the person chose, once they chose)
    following: (s) => {
      const { params, cookies, language } = s.context;
      if (params.language === undefined && language !== resolveLanguage(null, cookies.language))
        throw new Error(`shows ${language}, but the cookie says ${cookies.language}`);
    },
  },
};
export default spec;
