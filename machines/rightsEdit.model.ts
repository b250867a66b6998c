/**
 * Model-based test spec of the rights edit modal (machines/rightsEdit.machine.ts). The lookup and the save are
 * driven by synthetic done/error events; the fakes are inert. Maasikas OÜ's users are the fixtures'.
 */
import { fromPromise, type EventObject } from 'xstate';
import type { MachineModelSpec } from './lib/model/model-spec';
import { rightsEditMachine, rightsEditIssues, type RightsEditSnapshot } from './rightsEdit.machine';
import { appSections, knownUsers } from './rightsList.machine';
import { admins, applicationAnswers, JAAN, maasikas, MARI, NEW_CODE, TODAY } from './lib/fixtures/represented-settings';

type Ev = EventObject & Record<string, unknown>;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('network') });

const data = {
  apps: {
    OSS: { ok: true as const, answer: applicationAnswers.OSS.answer },
    PERIODICALS: { ok: true as const, answer: applicationAnswers.PERIODICALS.answer },
  },
  trees: { OSS: applicationAnswers.OSS.tree, PERIODICALS: applicationAnswers.PERIODICALS.tree },
  admins,
  customer: maasikas,
};
const users = knownUsers(data);

const valid = (s: RightsEditSnapshot) => Object.keys(rightsEditIssues(s.context)).length === 0;

function events(s: RightsEditSnapshot): Ev[] {
  if (s.matches('lookingUp'))
    return [
      done('lookupUser', { id: 'EE1', userId: `EE${NEW_CODE}`, firstName: 'Uus', lastName: 'Kasutaja' }),
      done('lookupUser', null),
      fail('lookupUser'),
      { type: 'rights.identity', patch: { personalCode: '1' } },
      { type: 'rights.close' },
      // the rest of the form stays editable during the lookup
      { type: 'rights.domain', domain: 'LT' },
      { type: 'rights.admin', admin: !s.context.identity.admin },
      { type: 'rights.category', application: 'OSS', category: 'MANAGEMENT' },
      { type: 'rights.role', application: 'OSS', roleId: 101 },
      { type: 'rights.validity', application: 'OSS', validity: 'UNLIMITED' },
      { type: 'rights.dates', application: 'OSS', begin: '2026-11-24' },
    ];
  if (s.matches('saving')) return [done('saveRights', []), done('saveRights', ['PERIODICALS']), fail('saveRights')];
  if (!s.matches('editing')) return [];
  const c = s.context;
  const out: Ev[] = [];
  if (c.mode === 'new') {
    out.push(
      // a complete new person: the code is valid, so the lookup runs
      {
        type: 'rights.identity',
        patch: { personalCode: NEW_CODE, firstName: 'Uus', lastName: 'Kasutaja', email: 'uus@example.ee' },
      },
      // one of the customer's users: edit mode
      { type: 'rights.identity', patch: { personalCode: JAAN.slice(2) } },
      // an incomplete code: no lookup
      { type: 'rights.identity', patch: { personalCode: '5020' } },
      { type: 'rights.domain', domain: 'LV' },
      { type: 'rights.admin', admin: !c.identity.admin },
    );
  } else {
    out.push({ type: 'rights.identity', patch: { email: 'jaan.tamm@example.ee' } }, { type: 'rights.removeAll' });
  }
  out.push(
    { type: 'rights.category', application: 'OSS', category: 'OPERATIONS' },
    { type: 'rights.role', application: 'OSS', roleId: 103 },
    { type: 'rights.validity', application: 'OSS', validity: 'LIMITED' },
    { type: 'rights.dates', application: 'OSS', begin: '2026-11-23', end: '2026-12-23' },
    { type: 'rights.save' },
    { type: 'rights.close' },
  );
  return out;
}

const inert = fromPromise<never, unknown>(() => new Promise<never>(() => {}));

const spec: MachineModelSpec<typeof rightsEditMachine> = {
  name: 'rightsEdit',
  machine: rightsEditMachine,
  input: {
    customerId: maasikas.id,
    customerCountry: 'EE',
    permissionNoCheckPersonalCode: false,
    currentUserId: MARI,
    user: null,
    sections: appSections(data),
    findUser: (id) => users.get(id) ?? null,
    today: TODAY,
  },
  events,
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.mode, s.context.namesLocked, valid(s), s.context.identity.admin]),
  provide: { actors: { lookupUser: inert, saveRights: inert } } as MachineModelSpec<
    typeof rightsEditMachine
  >['provide'],
  states: {
    saving: (s) => {
      if (!s.hasTag('busy')) throw new Error('Save shows it is busy');
    },
    editing: (s) => {
      if (s.context.mode === 'edit' && s.context.userId === null) throw new Error('edit mode names its person');
    },
  },
};

export default spec;
