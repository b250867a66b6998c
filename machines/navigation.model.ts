import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { navigationMachine, type NavigationEvent } from './navigation.machine';

const req = { securityUrl: '/api/security/login', privileges: ['SHOW_MY_SETTINGS'] };
/** the facts the two routes declare (their staticData in src/routes/) */
const dashboard = { component: 'epit-dashboard', access: 'protected' } as const;
const customerSearch = {
  component: 'customer-search',
  access: 'protected',
  privileges: ['EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER'],
} as const;

const spec: MachineModelSpec<typeof navigationMachine> = {
  name: 'navigation',
  tester: {
    person: 'mari (password Maasikas1); for a refused page, peeter (password Lepp12345)',
    address: 'http://localhost:8080/ui/, then any page of the menu; signed out, http://localhost:8080/ui/dashboard',
  },
  machine: navigationMachine,
  events: (s) => {
    const ev: NavigationEvent[] = [
      {
        type: 'navigation.request',
        requestId: 1,
        routeId: '/dashboard',
        route: dashboard,
        target: '/ui/dashboard',
        signedIn: true,
        ...req,
      },
      {
        type: 'navigation.request',
        requestId: 2,
        routeId: '/dashboard',
        route: dashboard,
        target: '/ui/dashboard',
        signedIn: false,
        ...req,
      },
      {
        type: 'navigation.request',
        requestId: 3,
        routeId: '/customer-search',
        route: customerSearch,
        target: '/ui/customer-search',
        signedIn: true,
        ...req,
      },
      // the trackers' answer for the navigation being started
      { type: 'navigation.started', requestId: s.context.requestId },
      { type: 'navigation.vetoed', requestId: s.context.requestId, veto: { cancel: 'unsaved changes' } },
      { type: 'navigation.loaded' },
      // in navigating/partialLoaded: post-navigate; elsewhere: only the route on screen is recorded
      { type: 'navigation.rendered', routeId: '/dashboard', component: dashboard.component, href: '/dashboard' },
    ];
    return ev;
  },
  states: {
    cancelled: (s) => {
      if (s.context.decision?.kind !== 'cancelled' || s.context.decision.to !== '/')
        throw new Error(`a vetoed navigation should go home, got ${JSON.stringify(s.context.decision)}`);
    },
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.currentRouteId, s.context.currentHref]),
};
export default spec;
