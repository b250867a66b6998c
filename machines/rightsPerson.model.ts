/**
 * Model-based test spec of the person part of the rights dialog (machines/rightsPerson.machine.ts). The lookup is
 * driven by synthetic done/error events (the fake is inert); run on its own, the part has no parent to report to.
 * Maasikas OÜ's users are the fixtures'.
 */
import { fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { knownUsers } from './rightsList.machine';
import { rightsPersonMachine } from './rightsPerson.machine';
import { admins, applicationAnswers, JAAN, MARI, NEW_CODE } from '../tests/support/fixtures/represented-settings';

type Ev = EventObject & Record<string, unknown>;
type Spec = MachineModelSpec<typeof rightsPersonMachine>;
type Snapshot = SnapshotFrom<typeof rightsPersonMachine>;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('network') });

const users = knownUsers({
  apps: {
    OSS: { ok: true, answer: applicationAnswers.OSS.answer },
    PERIODICALS: { ok: true, answer: applicationAnswers.PERIODICALS.answer },
  },
  admins,
});

function events(s: Snapshot): Ev[] {
  const toggleAdmin = { type: 'rights.admin', admin: !s.context.identity.admin };
  if (s.matches('lookingUp'))
    return [
      done('lookupUser', { id: 'EE1', userId: `EE${NEW_CODE}`, firstName: 'Uus', lastName: 'Kasutaja' }),
      done('lookupUser', null),
      fail('lookupUser'),
      { type: 'rights.identity', patch: { personalCode: '1' } },
      // the rest of the person stays editable during the lookup
      { type: 'rights.domain', domain: 'LT' },
      toggleAdmin,
    ];
  if (s.context.mode === 'edit')
    return [
      { type: 'rights.identity', patch: { email: 'jaan.tamm@example.ee' } },
      { type: 'rights.domain', domain: 'LV' },
      toggleAdmin,
    ];
  return [
    // a complete new person: the code is valid, so the lookup runs
    { type: 'rights.identity', patch: { personalCode: NEW_CODE, firstName: 'Uus', lastName: 'Kasutaja' } },
    // one of the customer's users: edit mode
    { type: 'rights.identity', patch: { personalCode: JAAN.slice(2) } },
    // an incomplete code: no lookup
    { type: 'rights.identity', patch: { personalCode: '5020' } },
    { type: 'rights.domain', domain: 'LV' },
    toggleAdmin,
  ];
}

const inertRequest = <TOut, TIn>() => fromPromise<TOut, TIn>(() => new Promise<TOut>(() => {}));

const spec: Spec = {
  name: 'rightsPerson',
  tester: {
    person: 'mari (password Maasikas1)',
    address:
      "http://localhost:8080/ui/, choose Maasikas OÜ, then Settings › 'Rights' (http://localhost:8080/ui/settings/rights), then 'Add user'",
    data: 'Maasikas OÜ; a new user by personal code, e.g. 37503124229 for jaan',
  },
  machine: rightsPersonMachine,
  input: {
    customerCountry: 'EE',
    permissionNoCheckPersonalCode: false,
    currentUserId: MARI,
    user: null,
    findUser: (id) => users.get(id) ?? null,
  },
  events,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.mode,
      s.context.namesLocked,
      s.context.identity.admin,
      s.context.identity.personalCode,
    ]),
  provide: { actors: { lookupUser: inertRequest() } },
  states: {
    lookingUp: (s) => {
      if (!s.hasTag('lookingUp')) throw new Error('the lookup shows');
    },
    editing: (s) => {
      if (s.context.mode === 'edit' && s.context.userId === null) throw new Error('edit mode names its person');
    },
  },
};

export default spec;
