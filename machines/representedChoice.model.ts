import { fromPromise, type EventObject } from 'xstate';
import type { UserContext } from '../domain/contract';
import { mariAsMaasikas, userContext } from '../tests/support/fixtures/shell';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import { choiceListOf } from './choiceList.machine';
import { representedChoiceMachine } from './representedChoice.machine';

const mari = userContext();
const internal = userContext({ privileges: ['SHOW_MY_SETTINGS'] }, { authChannel: 'IN_AD' });
const inApp = mariAsMaasikas({
  preference: { representedId: 'EPEE11000015', serviceUrl: 'https://portal.example/ui/business/ee/et/LOGISTICS' },
});
const fullPage = mariAsMaasikas({
  preference: { representedId: 'EPEE11000015', serviceUrl: 'https://logistics.example/start' },
});
const axaptaDead = userContext({ deadApplications: ['AXAPTA'] });

/** a scenario's event: a type plus its payload */
const ev = (e: EventObject & Record<string, unknown>): EventObject => e;

const spec: MachineModelSpec<typeof representedChoiceMachine> = {
  name: 'representedChoice',
  tester: {
    person: 'jaan (password Tamm12345)',
    address: 'http://localhost:8080/ui/ (the choice of whom to represent shows after signing in)',
    data: 'jaan may represent twelve parties; anna (password Ivanova12) represents no one and is never asked',
  },
  machine: representedChoiceMachine,
  events: () => [
    { type: 'session.signedIn', context: mari, path: '/dashboard', params: {}, domain: 'EE' },
    {
      type: 'session.signedIn',
      context: mari,
      path: '/dashboard/EE/et/add-customer',
      params: { modalName: 'add-customer' },
      domain: 'EE',
    },
    // the back office is down at sign-in: Add customer is gated, the choice opens instead
    {
      type: 'session.signedIn',
      context: axaptaDead,
      path: '/dashboard/EE/et/add-customer',
      params: { modalName: 'add-customer' },
      domain: 'EE',
    },
    { type: 'session.signedIn', context: internal, path: '/dashboard', params: {}, domain: 'EE' },
    { type: 'session.signedIn', context: mari, path: '/dashboard', params: {}, domain: 'LV' },
    { type: 'session.signedOut' },
    { type: 'choice.open', path: '/customer-search' },
    { type: 'choice.search', term: 'maasikas' },
    { type: 'choice.page', page: 1, context: mari },
    { type: 'choice.pick', gid: 'EPEE11000015', context: mari },
    { type: 'choice.pick', gid: 'EPEE99999999', context: mari },
    { type: 'choice.createContract', context: mari },
    // the back office died since sign-in: the session's context says so
    { type: 'choice.createContract', context: axaptaDead },
    { type: 'customerAdd.closed', created: true, context: mariAsMaasikas() },
    { type: 'customerAdd.closed', created: true, signed: true, context: mari },
    { type: 'customerAdd.closed', created: false, context: mari },
    { type: 'xstate.done.actor.changeRepresented', output: inApp } as never,
    { type: 'xstate.done.actor.changeRepresented', output: fullPage } as never,
    { type: 'xstate.done.actor.changeRepresented', output: mariAsMaasikas() } as never,
    {
      type: 'xstate.error.actor.changeRepresented',
      error: { status: 500, serviceErrorMessage: 'Error occured during request' },
    } as never,
  ],
  provide: {
    // inert fake (never settles): only the path's synthetic done/error events drive the machine
    actors: { changeRepresented: fromPromise<UserContext, { gid: string }>(() => new Promise(() => {})) },
  },
  serializeState: serializeWith((s) => {
    const c = s.context;
    // previousPath is left out: it changes no decision of the machine (the search and the page are the list's)
    return [c.domain, c.params.modalName ?? null, c.pickedGid];
  }),
  // the questions a product owner asks of this flow, answered step by step (the flow book lists them)
  scenarios: [
    {
      title:
        'When is the choice of whom to represent shown? Right after login, when the person acts for no one yet, is not staff and the address opens no dialog',
      steps: [{ event: ev({ type: 'session.signedIn', context: mari, path: '/dashboard', params: {}, domain: 'EE' }) }],
    },
    {
      title:
        'What happens if a person who acts for no one signs in with an address that opens Add customer? Add customer comes first; the choice shows when it closes without a new customer',
      steps: [
        {
          event: ev({
            type: 'session.signedIn',
            context: mari,
            path: '/dashboard/EE/et/add-customer',
            params: { modalName: 'add-customer' },
            domain: 'EE',
          }),
        },
        { event: ev({ type: 'customerAdd.closed', created: false, context: mari }) },
      ],
    },
    {
      title: 'When is the choice not shown? When staff sign in, or a person who already acts for someone',
      steps: [
        { event: ev({ type: 'session.signedIn', context: internal, path: '/dashboard', params: {}, domain: 'EE' }) },
      ],
    },
  ],
  states: {
    open: (s) => {
      if (!s.hasTag('visible')) throw new Error('open modal not visible');
    },
    closed: (s) => {
      if (s.hasTag('visible')) throw new Error('closed modal visible');
    },
    signedOut: (s) => {
      if (s.hasTag('visible')) throw new Error('modal visible while signed out');
      if (s.context.pickedGid !== null) throw new Error('not reset on sign-out');
      if (choiceListOf(s)) throw new Error('the list outlived the modal');
    },
    'open.choosing': (s) => {
      if (!choiceListOf(s)) throw new Error('the modal is open without its list');
    },
  },
};
export default spec;
