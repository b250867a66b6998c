/**
 * Model-based test spec of the application sections of the rights dialog (machines/rightsRoles.machine.ts): every
 * choice, Remove all rights, another person's roles and the values merged after a refused save (run on its own, it has no parent to report to).
 */
import type { EventObject, SnapshotFrom } from 'xstate';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { appSections, knownUsers } from './rightsList.machine';
import { rightsRolesMachine, rolesOf } from './rightsRoles.machine';
import { admins, applicationAnswers, JAAN, maasikas, TODAY } from '../tests/support/fixtures/represented-settings';

type Ev = EventObject & Record<string, unknown>;
type Spec = MachineModelSpec<typeof rightsRolesMachine>;

const data = {
  apps: {
    OSS: { ok: true as const, answer: applicationAnswers.OSS.answer },
    PERIODICALS: { ok: true as const, answer: applicationAnswers.PERIODICALS.answer },
  },
  trees: { OSS: applicationAnswers.OSS.tree, PERIODICALS: applicationAnswers.PERIODICALS.tree },
  admins,
  customer: maasikas,
};

const events = (s: SnapshotFrom<typeof rightsRolesMachine>): Ev[] => [
  { type: 'rights.category', application: 'OSS', category: 'OPERATIONS' },
  { type: 'rights.role', application: 'OSS', roleId: 103 },
  {
    type: 'rights.validity',
    application: 'OSS',
    validity: s.context.roles.OSS.validity === 'LIMITED' ? 'UNLIMITED' : 'LIMITED',
  },
  { type: 'rights.dates', application: 'OSS', begin: '2026-11-23', end: '2026-12-23' },
  { type: 'rights.clear' },
  { type: 'rights.reset', roles: knownUsers(data).get(JAAN)!.roles },
  { type: 'rights.set', roles: rolesOf({}, appSections(data), TODAY).roles, hadRole: ['OSS'] },
];

const spec: Spec = {
  name: 'rightsRoles',
  tester: {
    person: 'mari (password Maasikas1)',
    address:
      "http://localhost:8080/ui/, choose Maasikas OÜ, then Settings › 'Rights' (http://localhost:8080/ui/settings/rights), then a user's name",
    data: 'Maasikas OÜ, where mari is main administrator',
  },
  machine: rightsRolesMachine,
  input: { sections: appSections(data), roles: {}, today: TODAY },
  events,
  serializeState: (s) => JSON.stringify([s.context.roles.OSS.roleId, s.context.roles.OSS.validity, s.context.hadRole]),
  states: {
    choosing: (s) => {
      const oss = s.context.roles.OSS;
      if (oss.roleId !== null && oss.categoryId === null) throw new Error('a chosen role has its category');
    },
  },
};

export default spec;
