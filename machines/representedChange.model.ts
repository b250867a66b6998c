import { fromPromise } from 'xstate';
import type { UserContext } from '../domain/contract';
import { mariAsMaasikas } from '../tests/support/fixtures/shell';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import { representedChangeMachine } from './representedChange.machine';

const spec: MachineModelSpec<typeof representedChangeMachine> = {
  name: 'representedChange',
  tester: {
    person: 'jaan (password Tamm12345)',
    address: 'http://localhost:8080/ui/, choose a party, then the list of parties in the header',
    data: 'jaan may represent twelve parties',
  },
  machine: representedChangeMachine,
  events: () => [
    { type: 'represented.change', gid: 'EPEE11000015' },
    { type: 'represented.change', gid: 'EPEE11000015', externalComponent: true },
    { type: 'represented.change', gid: 'EPEE11000015', awaitsResult: true },
    { type: 'xstate.done.actor.changeRepresented', output: mariAsMaasikas() } as never,
    {
      type: 'xstate.error.actor.changeRepresented',
      error: { status: 403, code: 'FORBIDDEN', serviceErrorMessage: 'No rights' },
    } as never,
  ],
  provide: {
    // inert fake (never settles): only the path's synthetic done/error events drive the machine
    actors: { changeRepresented: fromPromise<UserContext, { gid: string }>(() => new Promise(() => {})) },
  },
  serializeState: serializeWith((s) => s.context.request),
  states: {
    changing: (s) => {
      if (!s.hasTag('busy') || !s.context.request) throw new Error('changing without a request');
    },
  },
};
export default spec;
