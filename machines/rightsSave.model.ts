/**
 * Model-based test spec of saving a person's rights (machines/rightsSave.machine.ts): the request's answer (every
 * application saved, or one failed), its refusal (412: the rights changed meanwhile) or its failure are synthetic events; the fake is inert.
 */
import { fromPromise, type EventObject } from 'xstate';
import type { MachineModelSpec } from '../tests/support/model/model-spec';
import { appSections, knownUsers } from './rightsList.machine';
import { personOf } from './rightsPerson.machine';
import { rightsSaveMachine } from './rightsSave.machine';
import { rolesOf } from './rightsRoles.machine';
import { admins, applicationAnswers, JAAN, maasikas, TODAY } from '../tests/support/fixtures/represented-settings';

type Spec = MachineModelSpec<typeof rightsSaveMachine>;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, status?: number) => ({
  type: `xstate.error.actor.${id}`,
  error: Object.assign(new Error(status ? 'refused' : 'network'), status ? { status } : {}),
});

const data = {
  apps: {
    OSS: { ok: true as const, answer: applicationAnswers.OSS.answer },
    PERIODICALS: { ok: true as const, answer: applicationAnswers.PERIODICALS.answer },
  },
  trees: { OSS: applicationAnswers.OSS.tree, PERIODICALS: applicationAnswers.PERIODICALS.tree },
  admins,
  customer: maasikas,
};
const jaan = knownUsers(data).get(JAAN)!;
const sections = appSections(data);

const spec: Spec = {
  name: 'rightsSave',
  tester: {
    person: 'mari (password Maasikas1)',
    address:
      "http://localhost:8080/ui/, choose Maasikas OÜ, then Settings › 'Rights' (http://localhost:8080/ui/settings/rights), then a user's name and 'Save'",
    data: 'Maasikas OÜ; the application switches at http://localhost:8080/sim/ make one application refuse the save',
  },
  machine: rightsSaveMachine,
  input: {
    ...personOf({ user: jaan, customerCountry: 'EE' }),
    ...rolesOf(jaan.roles, sections, TODAY),
    sections,
    customerId: maasikas.id,
    today: TODAY,
    version: '"3"',
  },
  events: (s): EventObject[] =>
    s.matches('saving')
      ? [done('saveRights', []), done('saveRights', ['PERIODICALS']), fail('saveRights', 412), fail('saveRights')]
      : [],
  provide: { actors: { saveRights: fromPromise(() => new Promise<string[]>(() => {})) } },
  states: {
    saving: (s) => {
      if (s.context.command.userId !== JAAN || s.context.mode !== 'edit') throw new Error('jaan is saved in edit mode');
      if (s.context.ifMatch !== '"3"') throw new Error('the save is based on the version the dialog opened with');
    },
    saved: (s) => {
      if (s.output?.saved !== true) throw new Error('an answer ends saved, with the applications that failed');
    },
    stale: (s) => {
      if (s.output?.saved !== false || !s.output.stale) throw new Error('a 412 ends not saved, stale');
    },
    failed: (s) => {
      if (s.output?.saved !== false || s.output.stale) throw new Error('a failed call ends not saved');
    },
  },
};

export default spec;
