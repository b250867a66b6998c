/** One settings form actor per visit of a tab, and the selections its view needs. */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import {
  canSave,
  visibleErrors,
  type FieldMessage,
  type FormErrors,
  type FormValues,
} from '../../../machines/settingsForm.machine';
import { usePortal } from '../../app/PortalContext';
import type { SettingsFormLogic } from './wire';

export function useSettingsForm(logic: SettingsFormLogic, subject: string, validate: (v: FormValues) => FormErrors) {
  const portal = usePortal();
  const actor = useActorRef(logic, { input: { subject, validate } });
  useEffect(() => {
    const sub = actor.on('toast.show', (e) => portal.showToast(e.toast));
    return () => sub.unsubscribe();
  }, [actor, portal]);
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, visibleErrors, sameErrors);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const saving = useSelector(actor, (s) => s.hasTag('saving') || s.matches('signingOnAgain'));
  const saveEnabled = useSelector(actor, canSave);
  const restored = useSelector(actor, (s) => s.context.restored);
  const edit = (patch: Record<string, unknown>, field?: string) =>
    actor.send({ type: 'form.edit', values: patch, field });
  return { actor, values, errors, loading, loadFailed, saving, saveEnabled, restored, edit };
}

const sameErrors = (a: FormErrors, b: FormErrors) => JSON.stringify(a) === JSON.stringify(b);

/** A field message in the current language; its `field` value is a label key. */
export function useFieldMessage() {
  const intl = useIntl();
  return (m: FieldMessage | undefined): string | null => {
    if (!m) return null;
    const values: Record<string, string | number> = { ...m.values };
    if (typeof values.field === 'string') values.field = intl.formatMessage({ id: values.field });
    return intl.formatMessage({ id: m.key }, values);
  };
}
