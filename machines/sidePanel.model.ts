import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { serializeWith } from '../tests/support/model/model-serialize';
import { sidePanelMachine } from './sidePanel.machine';

const spec: MachineModelSpec<typeof sidePanelMachine> = {
  name: 'sidePanel',
  tester: {
    person: 'mari (password Maasikas1)',
    address: 'http://localhost:8080/ui/, choose Maasikas OÜ, then the entries of the main menu',
  },
  machine: sidePanelMachine,
  events: () => [
    { type: 'panel.entryClicked', entry: 'private' },
    { type: 'panel.entryClicked', entry: 'logistics' },
    { type: 'panel.linkClicked' },
    { type: 'panel.close' },
    { type: 'menu.select', entry: 'services', iconCode: 'logistics' },
    { type: 'xstate.after.PANEL_SWITCH.sidePanel.switching' },
  ],
  serializeState: serializeWith((s) => [
    s.context.openEntry,
    s.context.pendingEntry,
    s.context.selectedEntry,
    s.context.selectedIcon,
  ]),
  states: {
    closed: (s) => {
      if (s.hasTag('open') || s.context.openEntry !== null) throw new Error('closed panel shows an entry');
    },
    open: (s) => {
      if (!s.hasTag('open') || !s.context.openEntry) throw new Error('open panel without an entry');
    },
    switching: (s) => {
      if (!s.context.pendingEntry) throw new Error('switching without a pending entry');
    },
  },
};
export default spec;
