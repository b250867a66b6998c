import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import { ESCAPE_KEY, modalMachine } from './modal.machine';

const spec: MachineModelSpec<typeof modalMachine> = {
  name: 'modal',
  tester: {
    person: 'mari (password Maasikas1)',
    address:
      "http://localhost:8080/ui/, choose Maasikas OÜ, then any entry that opens a dialog (e.g. 'Add a new business customer contract')",
  },
  machine: modalMachine,
  events: () => [
    { type: 'modal.open', component: 'rights-edit' },
    { type: 'modal.open', component: 'represented-choice', class: 'modal-protected' },
    { type: 'modal.open', component: 'terms', class: 'modal-protected modal-closeable' },
    { type: 'modal.openFromUrl', modalName: 'add-customer' },
    { type: 'modal.openFromUrl', modalName: 'no-such-modal' },
    { type: 'modal.close', result: { created: true } },
    { type: 'modal.dismiss', via: 'overlay' },
    { type: 'modal.dismiss', via: 'closeButton' },
    { type: 'modal.keyDown', keyCode: ESCAPE_KEY },
    { type: 'modal.keyDown', keyCode: 13 },
    { type: 'modal.closeAll' },
    { type: 'xstate.after.MODAL_FADE.modals.fadingIn' },
    { type: 'xstate.after.MODAL_FADE.modals.fadingOut' },
  ],
  serializeState: serializeWith((s) => [s.context.current?.component ?? null, s.context.queue.map((q) => q.component)]),
  states: {
    idle: (s) => {
      if (s.hasTag('visible') || s.context.current) throw new Error('idle shows a modal');
    },
    shown: (s) => {
      if (!s.context.current) throw new Error('shown without a modal');
    },
  },
};
export default spec;
