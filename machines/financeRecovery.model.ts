/**
 * Model-based test spec of the invoicing maintenance page (machines/financeRecovery.machine.ts) for
 * `npm run test:model`: the page that refreshes itself (its delay on the simulated clock) and the one that asks the
 * person to.
 */
import type { EventObject } from 'xstate';
import { financeRecoveryMachine } from './financeRecovery.machine';
import type { MachineModelSpec } from '../tests/support/model/model-spec';

const spec: MachineModelSpec<typeof financeRecoveryMachine> = {
  name: 'financeRecovery',
  tester: {
    person: 'mari (password Maasikas1)',
    address:
      'http://localhost:8080/ui/finance/error/unavailable?refresh=auto (or refresh=manual), after choosing Maasikas OÜ',
    data: 'Maasikas OÜ has an invoicing package',
  },
  machine: financeRecoveryMachine,
  inputs: {
    'invoicing unavailable for now (refresh=auto)': { refresh: 'auto' },
    'the invoicing status could not be read (refresh=manual)': { refresh: 'manual' },
  },
  events: (s): EventObject[] => {
    if (s.matches('waiting')) return [{ type: 'xstate.after.FINANCE_RECOVERY_REFRESH.financeRecovery.waiting' }];
    if (s.matches('askingToRefresh')) return [{ type: 'recovery.refresh' }];
    return [];
  },
  states: {
    waiting: (s) => {
      if (s.context.refresh !== 'auto') throw new Error('only the auto page refreshes itself');
    },
    askingToRefresh: (s) => {
      if (s.context.refresh !== 'manual') throw new Error('only the manual page asks for a refresh');
    },
    done: (s) => {
      if (s.status !== 'done') throw new Error('the page has done its part');
    },
  },
};
export default spec;
