/**
 * Model-based test spec of one settings form (machines/settingsForm.machine.ts), configured like the edit tab:
 * a first name of at most 25 characters. Loads and saves are driven by synthetic done/error events; "Save and use"
 * is a child (machines/preferenceUse.model.ts drives it) that here reports nothing, so its reports are synthetic
 * events too, as are the portal's answers to the party switch and a draft handed back.
 */
import { fromPromise, type EventObject } from 'xstate';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { capitalised, DRAFT_KEPT_ACROSS_SIGN_ON } from '../tests/support/model/departures';
import { preferenceUseMachine } from './preferenceUse.machine';
import {
  canSave,
  settingsFormMachine,
  type FormErrors,
  type LoadedForm,
  type SaveOutcome,
  type SaveRequest,
  type SettingsFormSnapshot,
} from './settingsForm.machine';

type Ev = EventObject & Record<string, unknown>;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, status = 500) => ({
  type: `xstate.error.actor.${id}`,
  error: Object.assign(new Error(String(status)), { status }),
});

const validate = (v: object): FormErrors => {
  const name = 'firstName' in v && typeof v.firstName === 'string' ? v.firstName : '';
  return name.length > 25 ? { firstName: { key: 'validation.maxLength' } } : {};
};
const loaded: LoadedForm = { values: { firstName: 'Mari' }, version: '"1"' };
/** the record as someone else saved it meanwhile (a save answered 412 loads it again) */
const theirs: LoadedForm = { values: { firstName: 'Maria' }, version: '"2"' };
const draft = { type: 'form.restoreDraft', values: { firstName: 'Mari-Liis' } };

function events(s: SettingsFormSnapshot): Ev[] {
  if (s.matches('loading')) return [done('loadForm', loaded), fail('loadForm'), draft];
  if (s.matches('loadFailed')) return [{ type: 'form.retry' }];
  if (s.matches('saving'))
    return [
      done('saveForm', {}),
      done('saveForm', { fieldErrors: { username: { key: 'validation.username.unique' } } }),
      fail('saveForm'),
      fail('saveForm', 401),
      fail('saveForm', 412),
    ];
  if (s.matches({ conflict: 'reloading' })) return [done('reloadForm', theirs), fail('reloadForm')];
  if (s.matches('using'))
    return [
      { type: 'form.switchParty', gid: 'EE10000001' },
      { type: 'form.partySwitched', gid: 'EE10000001' },
      { type: 'form.partySwitchFailed', gid: 'EE10000001' },
      { type: 'preferences.opened', target: { kind: 'dashboard' } },
      { type: 'preferences.failed' },
    ];
  // the session has ended: the page goes away with the sign-on
  if (s.matches('signingOnAgain') || s.status === 'done') return [];
  return [
    { type: 'form.edit', values: { firstName: 'Mari-Liis' } },
    { type: 'form.edit', values: { firstName: 'A'.repeat(26) } },
    { type: 'form.save' },
    { type: 'form.save', andUse: true },
    { type: 'form.touch', field: 'firstName' },
    { type: 'form.reveal' },
    ...(s.matches('editing') ? [{ type: 'form.reset', values: { firstName: 'Mari' } }] : []),
    ...(s.matches('editing') ? [draft] : []),
    ...(s.matches('editing') || s.matches({ conflict: 'merged' })
      ? [
          { type: 'form.choose', field: 'firstName', side: 'theirs' },
          { type: 'form.choose', field: 'firstName', side: 'mine' },
        ]
      : []),
  ];
}

const silent = () => {};
const inert = <O, I>() => fromPromise<O, I>(() => new Promise<never>(() => {}));

const spec: MachineModelSpec<typeof settingsFormMachine> = {
  name: 'settingsForm',
  tester: {
    person: 'mari (password Maasikas1)',
    address: 'http://localhost:8080/ui/user-settings/edit (contact details; the other tabs: password, preferences)',
    data: 'mari’s own details; to see a refused save, change the same field in a second tab first',
  },
  machine: settingsFormMachine,
  inputs: {
    'contact details': { subject: 'EE48709050218', validate },
    // a form of another flow: the values handed in, every edit reported, the flow goes on after the save
    'a form of another flow (terms of use, customer add)': {
      subject: 'EE48709050218',
      validate,
      initial: loaded,
      endsOnSave: true,
      reportsEdits: true,
      logAs: 'eula.confirm',
    },
  },
  events,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      validate(s.context.values),
      Object.keys(s.context.serverErrors).length,
      s.context.andUse,
      s.context.pendingDraft !== null,
      s.context.version,
      s.context.conflict,
    ]),
  provide: {
    actors: {
      loadForm: inert<LoadedForm, { subject: string }>(),
      saveForm: inert<SaveOutcome, SaveRequest>(),
      preferenceUse: preferenceUseMachine.provide({
        actors: { findService: inert() },
        actions: { askForParty: silent, reportOpened: silent, reportFailed: silent },
      }),
    },
  },
  // the questions a product owner asks of this flow, answered step by step (the flow book lists them)
  scenarios: [
    {
      title: `What happens if the session expires while settings are saved? ${capitalised(DRAFT_KEPT_ACROSS_SIGN_ON)}`,
      steps: [
        { event: done('loadForm', loaded) },
        { event: { type: 'form.edit', values: { firstName: 'Mari-Liis' } } as Ev },
        { event: { type: 'form.save' } },
        { event: fail('saveForm', 401) },
      ],
    },
  ],
  states: {
    saving: (s) => {
      if (canSave(s)) throw new Error('Save is disabled while a save is pending');
    },
    'conflict.merged': (s) => {
      // the other person's value is known and offered beside the person's own
      for (const offered of Object.values(s.context.conflict?.both ?? {}))
        if (offered.theirs !== (theirs.values as { firstName: string }).firstName)
          throw new Error('the saved value is not offered');
      if (s.context.version !== theirs.version) throw new Error('the next save must be based on the reloaded version');
    },
    validating: () => {
      throw new Error('validating is transient');
    },
    editing: (s) => {
      if (
        canSave(s) !==
        (Object.keys(validate(s.context.values)).length === 0 && !Object.keys(s.context.serverErrors).length)
      )
        throw new Error('Save is enabled exactly for a valid form');
    },
  },
};

export default spec;
