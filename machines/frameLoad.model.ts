/**
 * Model-based test spec of watching an application start in its frame (machines/frameLoad.machine.ts) for
 * `npm run test:model`: the frame's document loads (`frame.loaded`), the application reports ready (`frame.ready`),
 * or FRAME_LOAD_TIMEOUT runs out (`xstate.after.FRAME_LOAD_TIMEOUT.*`, on the simulated clock).
 */
import type { EventObject } from 'xstate';
import { frameLoadMachine } from './frameLoad.machine';
import type { MachineModelSpec } from '../tests/support/model/model-spec';

const spec: MachineModelSpec<typeof frameLoadMachine> = {
  name: 'frameLoad',
  tester: {
    person: 'mari (password Maasikas1)',
    address: "http://localhost:8080/ui/, choose Maasikas OÜ, then 'Shipment registration' on the main page",
    data: 'Maasikas OÜ; the application switches at http://localhost:8080/sim/ stop it',
  },
  machine: frameLoadMachine,
  events: (s): EventObject[] =>
    s.matches('loading')
      ? [
          { type: 'frame.loaded' },
          { type: 'frame.ready' },
          { type: 'xstate.after.FRAME_LOAD_TIMEOUT.frameLoad.loading' },
        ]
      : [],
  states: {
    loading: (s) => {
      if (s.context.ready) throw new Error('still loading, but counted ready');
    },
    // the output is what the page decides on: ready, or a load error that says how far the frame got
    done: (s) => {
      if (s.status !== 'done') throw new Error('the watch must end');
      if (s.output?.ready !== s.context.ready || s.output.documentLoaded !== s.context.documentLoaded)
        throw new Error(`the output ${JSON.stringify(s.output)} is not what was seen ${JSON.stringify(s.context)}`);
    },
  },
};
export default spec;
