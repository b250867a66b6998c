/** One settings form actor per visit of a tab, and the selections its view needs. */
import { useSelector } from '@xstate/react';
import { PAGE } from '../../../domain/pages';
import {
  canSave,
  visibleErrors,
  type FormErrors,
  type FormValues,
  type SettingsFormEvent,
  type SettingsFormInput,
} from '../../../machines/settingsForm.machine';
import { usePageActor } from '../../app/usePageActor';
import { partyOfPreferences, type SettingsFormLogic, type SettingsTab } from './wire';

/**
 * The settings form actor of a tab for a person, run by the portal's pages machine while the tab shows (a draft kept
 * over a sign-on comes back into it), and what its view reads of it; `loading` until the actor runs.
 */
export function useSettingsForm(
  tab: SettingsTab,
  logic: SettingsFormLogic,
  subject: string,
  validate: (v: FormValues) => FormErrors,
  together?: SettingsFormInput['together'],
) {
  const draftKey = `${tab}:${subject}`;
  const actor =
    usePageActor(
      PAGE.userSettingsForm,
      logic,
      {
        subject,
        validate,
        draftKey,
        partyToUse: tab === 'preferences' ? partyOfPreferences : undefined,
        together,
      } satisfies SettingsFormInput,
      { draftKey, restartKey: draftKey },
    ) ?? undefined;
  const values = useSelector(actor, (s) => s?.context.values ?? NO_VALUES);
  const errors = useSelector(actor, (s) => (s ? visibleErrors(s) : NO_ERRORS), sameErrors);
  const loading = useSelector(actor, (s) => !s || s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => !!s?.matches('loadFailed'));
  const saving = useSelector(actor, (s) => !!s && (s.hasTag('saving') || s.matches('signingOnAgain')));
  const saveEnabled = useSelector(actor, (s) => !!s && canSave(s));
  const restored = useSelector(actor, (s) => !!s?.context.restored);
  const send = (event: SettingsFormEvent) => actor?.send(event);
  const edit = (patch: Record<string, unknown>, field?: string) => send({ type: 'form.edit', values: patch, field });
  return { actor, send, values, errors, loading, loadFailed, saving, saveEnabled, restored, edit };
}

const NO_VALUES = {};
const NO_ERRORS: FormErrors = {};
const sameErrors = (a: FormErrors, b: FormErrors) => JSON.stringify(a) === JSON.stringify(b);
