import type { MachineModelSpec } from './lib/model/model-spec';
import { navigationMachine } from './navigation.machine';

const req = { securityUrl: '/api/security/login', privileges: ['SHOW_MY_SETTINGS'] };

const spec: MachineModelSpec<typeof navigationMachine> = {
  name: 'navigation',
  machine: navigationMachine,
  events: (s) => {
    const ev: { type: string; [k: string]: unknown }[] = [
      {
        type: 'navigation.request',
        requestId: 1,
        routeId: '/dashboard',
        target: '/ui/dashboard',
        signedIn: true,
        ...req,
      },
      {
        type: 'navigation.request',
        requestId: 2,
        routeId: '/dashboard',
        target: '/ui/dashboard',
        signedIn: false,
        ...req,
      },
      {
        type: 'navigation.request',
        requestId: 3,
        routeId: '/customer-search',
        target: '/ui/customer-search',
        signedIn: true,
        ...req,
      },
    ];
    if (s.matches('navigating')) ev.push({ type: 'navigation.rendered', routeId: '/dashboard' });
    if (Object.keys(s.context.vetoes).length === 0)
      ev.push({ type: 'navigation.veto', trackerId: 'form', reason: 'unsaved changes' });
    else ev.push({ type: 'navigation.unveto', trackerId: 'form' });
    return ev as never;
  },
  provide: { actions: { clearNonPersistentTimers: () => {} } },
  serializeState: (s) => JSON.stringify([s.value, Object.keys(s.context.vetoes)]),
};
export default spec;
