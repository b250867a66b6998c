/**
 * Model-based test spec of the customer-add modal's flow (machines/customerAddModal.machine.ts) for
 * `npm run test:model`. The flow it loads is a stand-in that keeps what it is told (tests/support/model/recorder.ts), so the
 * paths check that the flow hears of each opening and closing of the modal.
 */
import { fromPromise, type AnyActorLogic } from 'xstate';
import type { UserContext } from '../domain/contract';
import { mariAtMaasikas } from '../tests/support/fixtures/external';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { recorderMachine, told } from '../tests/support/model/recorder';
import { customerAddModalMachine, type CustomerAddModalEvent } from './customerAddModal.machine';

const opening = { privileges: ['ADD_CUSTOMER'], representativeId: 'EE48709050218', returnUrl: '/ui/dashboard' };

const spec: MachineModelSpec<typeof customerAddModalMachine> = {
  name: 'customerAddModal',
  tester: {
    person: 'mary (password Suslik123)',
    address:
      "http://localhost:8080/ui/; after signing in, 'Create new business customer contract' in the choice 'Choose, whose main page You want to enter' (or 'Add a new business customer contract' on the main page)",
    data: 'type the name in “Name or registry code of the represented company”: Testfirma OÜ (11000109) has no contract yet, so a board member signs a new one (button Sign); Põldmari AS (11000026) has one, so the person asks for rights (button Confirm); Peatatud Leping OÜ (11000115): its contract is stopped',
  },
  machine: customerAddModalMachine,
  events: (s) => {
    const out: (CustomerAddModalEvent | { type: string; [k: string]: unknown })[] = [
      { type: 'customerAddModal.opened', ...opening },
      { type: 'customerAddModal.closed' },
      { type: 'customerAddModal.backOfficeDown' },
      { type: 'toast.show', toast: { toastType: 'success', messageKey: 'customer-add.added' } },
      { type: 'navigation.requested', target: { kind: 'home' } },
      { type: 'warning', code: 'demo.failed', detail: 500 },
    ];
    if (s.matches({ ready: 'running' }))
      out.push(
        { type: 'customerAdd.finished', created: true, signed: true },
        { type: 'customerAdd.finished', created: true, signed: false },
        { type: 'customerAdd.finished', created: false, signed: false },
      );
    if (s.matches('loading'))
      out.push(
        { type: 'xstate.done.actor.loadCustomerAdd', output: { logic: recorderMachine, input: {} } },
        { type: 'xstate.error.actor.loadCustomerAdd', error: new Error('chunk failed') },
      );
    if (s.matches({ ready: 'reloadingContext' }))
      out.push(
        { type: 'xstate.done.actor.reloadUserContext', output: mariAtMaasikas() },
        { type: 'xstate.error.actor.reloadUserContext', error: new Error('down') },
      );
    return out;
  },
  provide: {
    // inert: only the path's events answer
    actors: {
      loadCustomerAdd: fromPromise<{ logic: AnyActorLogic; input: unknown }, void>(() => new Promise(() => {})),
      reloadUserContext: fromPromise<UserContext, void>(() => new Promise(() => {})),
    },
  },
  states: {
    ready: (s) => {
      // the flow started with the opening that loaded it, and hears of every later one
      const flow = s.context.flow;
      if (!flow) throw new Error('ready, but no flow runs');
      if (!told(flow, 'customerAdd.open').length) throw new Error('the flow never heard of the opening');
    },
  },
};
export default spec;
