import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { toastsMachine } from './toasts.machine';

const spec: MachineModelSpec<typeof toastsMachine> = {
  name: 'toasts',
  tester: {
    person: 'mari (password Maasikas1)',
    address: "http://localhost:8080/ui/user-settings/edit, then 'Save'",
  },
  machine: toastsMachine,
  events: (s) => {
    const ev: { type: string; [k: string]: unknown }[] = [];
    if (s.context.toasts.length < 2) {
      ev.push({ type: 'toasts.show', toastType: 'success', messageKey: 'success.save' });
      ev.push({ type: 'toasts.show', toastType: 'error', messageKey: 'error.server' });
    }
    for (const t of s.context.toasts) {
      ev.push({ type: 'toasts.close', id: t.id });
      // the delayed raise of a timed toast (TOAST_DISPLAY) arrives as toasts.expire
      if (!t.sticky) ev.push({ type: 'toasts.expire', id: t.id });
    }
    if (s.context.toasts.length) ev.push({ type: 'toasts.closeAll' });
    return ev;
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.toasts.map((t) => t.toastType)]),
};
export default spec;
