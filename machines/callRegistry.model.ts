/**
 * Model-based test spec of the call registry (machines/callRegistry.machine.ts) for `npm run test:model`: the calls
 * the frame channel tracks, the answers it hands on, and each call's own CALL_TIMEOUT (a delayed raise, run out on the
 * simulated clock).
 */
import type { EventObject } from 'xstate';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import { callRegistryMachine } from './callRegistry.machine';

/** a model event: a type plus its payload */
const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ ...payload, type });

const spec: MachineModelSpec<typeof callRegistryMachine> = {
  name: 'callRegistry',
  tester: {
    person: 'mari (password Maasikas1)',
    address: "http://localhost:8080/ui/, choose Maasikas OÜ, then 'Shipment registration' on the main page",
    data: 'Maasikas OÜ; the application switches at http://localhost:8080/sim/ make it slow or stop it',
  },
  machine: callRegistryMachine,
  events: (s) => {
    const pending = s.context.pending[0];
    const out = [ev('calls.track', { id: pending ? 'c2' : 'c1' }), ev('calls.abandon')];
    if (pending) {
      out.push(
        ev('channel.answer', { id: pending, result: { id: 42 } }),
        ev('channel.failure', { id: pending, error: 'forbidden', message: 'no rights' }),
        ev('calls.timedOut', { id: pending }),
      );
    }
    return out;
  },
  // which calls wait matters only as "none, one, more" (the next answer settles the oldest)
  serializeState: serializeWith((s) => [Math.min(s.context.pending.length, 2)]),
  states: {
    idle: (s) => {
      if (s.context.pending.length) throw new Error('idle with calls still waiting');
    },
    waiting: (s) => {
      if (!s.context.pending.length) throw new Error('waiting with no call waiting');
    },
  },
};
export default spec;
