import type { MachineModelSpec } from './lib/model/model-spec';
import { navigationMachine, type NavigationEvent } from './navigation.machine';

const req = { securityUrl: '/api/security/login', privileges: ['SHOW_MY_SETTINGS'] };

const spec: MachineModelSpec<typeof navigationMachine> = {
  name: 'navigation',
  machine: navigationMachine,
  events: () => {
    const ev: NavigationEvent[] = [
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
      // in navigating: post-navigate; elsewhere: only the route on screen is recorded
      { type: 'navigation.rendered', routeId: '/dashboard' },
    ];
    return ev;
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.currentRouteId]),
};
export default spec;
