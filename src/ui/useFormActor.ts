/**
 * What a view reads of a form on the settings forms' machine (machines/settingsForm.machine.ts) and what it sends
 * it: the values as typed, the errors to show (touched fields', every one after a save attempt, the server's), and
 * whether it is busy. The terms-of-use, reset-password and customer-add forms run one as a child of their flow.
 */
import { useSelector } from '@xstate/react';
import {
  canSave,
  visibleErrors,
  type FormErrors,
  type FormValues,
  type SettingsFormActor,
} from '../../machines/settingsForm.machine';

const NO_VALUES = {};
const NO_ERRORS: FormErrors = {};
const sameErrors = (a: FormErrors, b: FormErrors) => JSON.stringify(a) === JSON.stringify(b);

export function useFormActor<V extends FormValues>(actor: SettingsFormActor | undefined) {
  const values = useSelector(actor, (s) => s?.context.values ?? NO_VALUES) as Partial<V>;
  const errors = useSelector(actor, (s) => (s ? visibleErrors(s) : NO_ERRORS), sameErrors);
  const busy = useSelector(actor, (s) => !s || s.hasTag('busy'));
  const valid = useSelector(actor, (s) => !!s && canSave(s));
  return {
    values,
    errors,
    busy,
    /** every rule holds and the server objects to nothing (the form may be sent) */
    valid,
    /** a change of fields; `touch: false` points its mistake out only when the person leaves it */
    edit: (patch: Partial<V>, opts: { touch?: boolean } = {}) =>
      actor?.send({ type: 'form.edit', values: patch, touch: opts.touch }),
    touch: (field: keyof V & string) => actor?.send({ type: 'form.touch', field }),
    save: () => actor?.send({ type: 'form.save' }),
  };
}
