/**
 * Model-based test spec of invoicing management's finance check (machines/financeCheck.machine.ts) for
 * `npm run test:model`: the status request is an inert fake; its answers (no special status, PACKET_NOT_FOUND,
 * UNAVAILABLE) and its failure are the path's synthetic events.
 */
import { fromPromise, type EventObject } from 'xstate';
import { financeCheckMachine, type FinanceStatus } from './financeCheck.machine';
import type { MachineModelSpec } from '../tests/support/model/model-spec';

const CUSTOMER = 'LVLV40003012345';
const answer = (status: string | null): EventObject =>
  ({ type: 'xstate.done.actor.checkFinanceStatus', output: { status } }) as EventObject;

const spec: MachineModelSpec<typeof financeCheckMachine> = {
  name: 'financeCheck',
  tester: {
    person: 'mari (password Maasikas1)',
    address:
      "http://localhost:8080/ui/, choose Maasikas OÜ (with an invoicing package) or Põldmari AS (without one), then 'Invoices'",
    data: 'Maasikas OÜ has an invoicing package, Põldmari AS has none',
  },
  machine: financeCheckMachine,
  input: { customerId: CUSTOMER },
  events: (s): EventObject[] =>
    s.matches('checking')
      ? [
          answer(null),
          answer('PACKET_NOT_FOUND'),
          answer('UNAVAILABLE'),
          { type: 'xstate.error.actor.checkFinanceStatus', error: { status: 503 } } as EventObject,
        ]
      : [],
  provide: {
    actors: { checkFinanceStatus: fromPromise<FinanceStatus, { customerId: string }>(() => new Promise(() => {})) },
  },
  // the outcome is what the application decides on next
  serializeState: (s) => JSON.stringify([s.value, s.context.outcome]),
  states: {
    checking: (s) => {
      if (s.context.customerId !== CUSTOMER) throw new Error('the status is asked for the represented customer');
    },
    checked: (s) => {
      if (s.status !== 'done' || s.output !== s.context.outcome) throw new Error('the check ends with its outcome');
    },
  },
};
export default spec;
