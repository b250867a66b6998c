/**
 * Model-based test spec of the rights edit modal (machines/rightsEdit.machine.ts). The person part and the roles part
 * are children (machines/rightsPerson.model.ts and rightsRoles.model.ts drive them): here they report nothing, and
 * their reports are synthetic events, as are the save's end and the reload after a refused save (machines/rightsSave.model.ts). Maasikas OÜ's users are the
 * fixtures'.
 */
import { fromPromise, type EventObject } from 'xstate';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { rightsEditMachine, rightsEditIssues, type RightsEditSnapshot } from './rightsEdit.machine';
import { appSections, knownUsers } from './rightsList.machine';
import { personOf, rightsPersonMachine, type PersonValue } from './rightsPerson.machine';
import { rightsRolesMachine, rolesOf, type RolesValue } from './rightsRoles.machine';
import { rightsSaveMachine } from './rightsSave.machine';
import {
  admins,
  applicationAnswers,
  JAAN,
  maasikas,
  MARI,
  NEW_CODE,
  TODAY,
} from '../tests/support/fixtures/represented-settings';

type Ev = EventObject & Record<string, unknown>;
type Spec = MachineModelSpec<typeof rightsEditMachine>;
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
const sections = appSections(data);
const jaan = users.get(JAAN)!;

/** what the person part reports: a complete new person (names locked once the system knows them), or jaan */
const blank = personOf({ user: null, customerCountry: 'EE' });
const newPerson = (namesLocked: boolean): PersonValue => ({
  ...blank,
  namesLocked,
  identity: { ...blank.identity, personalCode: NEW_CODE, firstName: 'Uus', lastName: 'Kasutaja', email: 'uus@x.ee' },
  touched: ['personalCode', 'firstName', 'lastName', 'email'],
});
const jaanPerson = personOf({ user: jaan, customerCountry: 'EE' });
const person = (p: PersonValue, lookingUp: boolean) => ({ type: 'rights.personChanged', person: p, lookingUp });

/** what the roles part reports: OSS limited with an end before its start (invalid), or fixed, or every role cleared */
const roles = (oss: Partial<RolesValue['roles'][string]>, hadRole: string[] = []): Ev => {
  const start = rolesOf({}, sections, TODAY);
  const value: RolesValue = {
    roles: { ...start.roles, OSS: { ...start.roles.OSS, categoryId: 'OPERATIONS', roleId: 103, ...oss } },
    hadRole,
    touched: ['OSS.end'],
  };
  return { type: 'rights.rolesChanged', value };
};
const cleared: Ev = { type: 'rights.rolesChanged', value: { ...rolesOf({}, sections, TODAY), touched: [] } };

/** the person's rights as another administrator saved them meanwhile: OSS now 102 (this dialog's OSS: 103) */
const reloaded = { roles: { ...jaan.roles, OSS: { ...jaan.roles.OSS!, roleId: 102, version: '"5"' } }, version: '"5"' };

const valid = (s: RightsEditSnapshot) => Object.keys(rightsEditIssues(s.context)).length === 0;

/** what the person does: each edit goes to the part it belongs to */
const EDITS: Ev[] = [
  { type: 'rights.identity', patch: { email: 'uus@example.ee' } },
  { type: 'rights.domain', domain: 'LV' },
  { type: 'rights.admin', admin: true },
  { type: 'rights.category', application: 'OSS', category: 'OPERATIONS' },
  { type: 'rights.role', application: 'OSS', roleId: 103 },
  { type: 'rights.validity', application: 'OSS', validity: 'LIMITED' },
  { type: 'rights.dates', application: 'OSS', begin: '2026-11-23', end: '2026-12-23' },
  { type: 'rights.close' },
];

function events(s: RightsEditSnapshot): Ev[] {
  if (s.matches('lookingUp'))
    return [
      ...EDITS,
      person({ ...newPerson(false), identity: { ...newPerson(false).identity, firstName: 'Uu' } }, true),
      person(newPerson(true), false),
      { type: 'rights.lookupFailed' },
    ];
  if (s.matches('removingAll')) return [cleared];
  if (s.matches('confirmingRemoveAll'))
    return [{ type: 'rights.removeAllConfirmed' }, { type: 'rights.removeAllCancelled' }, { type: 'rights.save' }];
  if (s.matches('saving'))
    return [
      done('rightsSave', { saved: true, failed: [] }),
      done('rightsSave', { saved: true, failed: ['PERIODICALS'] }),
      done('rightsSave', { saved: false, stale: true }),
      done('rightsSave', { saved: false, stale: false }),
    ];
  if (s.matches('conflict')) return [done('reloadRights', reloaded), fail('reloadRights')];
  if (!s.matches('editing')) return [];
  const reports: Ev[] =
    s.context.mode === 'new'
      ? [
          person(newPerson(false), true),
          person(newPerson(false), false),
          { type: 'rights.knownUserFound', user: jaan },
          person(jaanPerson, false),
        ]
      : [person({ ...jaanPerson, identity: { ...jaanPerson.identity, email: 'jaan@x.ee' } }, false)];
  return [
    ...EDITS,
    ...reports,
    roles({ validity: 'LIMITED', begin: '2026-11-23', end: '2026-11-01' }),
    roles({ validity: 'LIMITED', begin: '2026-11-23', end: '2026-12-23' }, ['OSS']),
    { type: 'rights.removeAll' },
    { type: 'rights.save' },
    { type: 'rights.choose', application: 'OSS', side: 'theirs' },
  ];
}

/** the parts run but report nothing, and the save never ends: only the path's events drive the dialog */
const silent = () => {};
const inertRequest = <TOut, TIn>() => fromPromise<TOut, TIn>(() => new Promise<TOut>(() => {}));

const spec: Spec = {
  name: 'rightsEdit',
  tester: {
    person: 'mari (password Maasikas1)',
    address:
      "http://localhost:8080/ui/, choose Maasikas OÜ, then Settings › 'Rights' (http://localhost:8080/ui/settings/rights), then 'Add user' or a user's name",
    data: 'Maasikas OÜ, where mari is main administrator; a new user by personal code, e.g. 37503124229 for jaan',
  },
  machine: rightsEditMachine,
  input: {
    customerId: maasikas.id,
    customerCountry: 'EE',
    permissionNoCheckPersonalCode: false,
    currentUserId: MARI,
    user: null,
    sections,
    findUser: (id) => users.get(id) ?? null,
    today: TODAY,
  },
  events,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.mode,
      s.context.namesLocked,
      valid(s),
      s.context.identity.admin,
      s.context.version,
      s.context.roles.OSS.validity,
      s.context.conflict ? Object.keys(s.context.conflict.both) : null,
    ]),
  provide: {
    actors: {
      rightsPerson: rightsPersonMachine.provide({
        actors: { lookupUser: inertRequest() },
        actions: { report: silent, reportKnownUser: silent, reportLookupFailed: silent },
      }),
      rightsRoles: rightsRolesMachine.provide({ actions: { report: silent } }),
      rightsSave: rightsSaveMachine.provide({ actors: { saveRights: inertRequest() } }),
      reloadRights: inertRequest(),
    },
  },
  states: {
    saving: (s) => {
      if (!s.hasTag('busy')) throw new Error('Save shows it is busy');
    },
    editing: (s) => {
      if (s.context.mode === 'edit' && s.context.userId === null) throw new Error('edit mode names its person');
    },
    confirmingRemoveAll: (s) => {
      if (s.hasTag('busy')) throw new Error('nothing is saved while the question shows');
    },
    conflict: (s) => {
      if (!s.hasTag('busy')) throw new Error('Save waits while the rights load again');
    },
    lookingUp: (s) => {
      if (!s.hasTag('lookingUp') || !s.hasTag('editable')) throw new Error('the form stays editable during a lookup');
    },
  },
};

export default spec;
