import { fromPromise } from 'xstate';
import type { UserContext } from '../domain/contract';
import { mariAsMaasikas } from '../tests/support/fixtures/shell';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import { deadApplicationPollMachine } from './deadApplicationPoll.machine';

const spec: MachineModelSpec<typeof deadApplicationPollMachine> = {
  name: 'deadApplicationPoll',
  tester: {
    person: 'mari (password Maasikas1)',
    address: 'http://localhost:8080/ui/',
    data: 'the application switches at http://localhost:8080/sim/ take an application down and bring it back',
  },
  machine: deadApplicationPollMachine,
  events: () => [
    { type: 'poll.start' },
    { type: 'poll.stop' },
    { type: 'xstate.after.DEAD_APP_POLL.deadApplicationPoll.running.waiting' },
    {
      type: 'xstate.done.actor.checkDeadApplications',
      output: mariAsMaasikas({ deadApplications: ['AXAPTA'] }),
    } as never,
    { type: 'xstate.done.actor.checkDeadApplications', output: null } as never,
    {
      type: 'xstate.error.actor.checkDeadApplications',
      error: { status: 500, serviceErrorMessage: 'Error occured during request' },
    } as never,
  ],
  // inert fakes (never settle): only the path's synthetic done/error events drive the machine
  provide: {
    actors: { checkDeadApplications: fromPromise<UserContext | null>(() => new Promise(() => {})) },
  },
  serializeState: serializeWith(() => null),
};
export default spec;
