import { fromPromise } from 'xstate';
import type { RepresentedDetails } from '../domain/contract';
import { mariAsMaasikas, userContext } from '../tests/support/fixtures/shell';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import { partyLackingDetails, representedDetailsMachine } from './representedDetails.machine';

const DETAILS: RepresentedDetails = {
  regCode: '11000015',
  phone: null,
  address: null,
  credit: true,
  clientManagerName: 'Kati Kliendihaldur',
  clientManagerPhone: null,
  clientManagerEmail: null,
};

const spec: MachineModelSpec<typeof representedDetailsMachine> = {
  name: 'representedDetails',
  tester: {
    person: 'mari (password Maasikas1)',
    address: 'http://localhost:8080/ui/, choose Maasikas OÜ',
    data: 'Maasikas OÜ, a business customer with a client manager',
  },
  machine: representedDetailsMachine,
  input: { userContext: userContext() },
  events: () => [
    { type: 'session.signedIn', userContext: mariAsMaasikas(), domain: 'EE' },
    { type: 'session.signedIn', userContext: mariAsMaasikas({ deadApplications: ['AXAPTA'] }), domain: 'EE' },
    { type: 'xstate.done.actor.fetchRepresentedDetails', output: DETAILS } as never,
    { type: 'xstate.done.actor.fetchRepresentedDetails', output: null } as never,
    { type: 'xstate.error.actor.fetchRepresentedDetails', error: { status: 503, code: 'DEAD' } } as never,
  ],
  // inert fake (never settles): only the path's synthetic done/error events drive the machine
  provide: {
    actors: {
      fetchRepresentedDetails: fromPromise<RepresentedDetails | null, { gid: string }>(() => new Promise(() => {})),
    },
  },
  serializeState: serializeWith((s) => partyLackingDetails(s.context.userContext)),
  states: {
    fetching: (s) => {
      if (partyLackingDetails(s.context.userContext) === null) throw new Error('fetching for a party that needs none');
    },
  },
};
export default spec;
