import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appSections, knownUsers } from './rightsList.machine';
import { personOf } from './rightsPerson.machine';
import { rolesOf } from './rightsRoles.machine';
import { rightsSaveMachine, type RightsSaveInput, type SaveRightsInput } from './rightsSave.machine';
import { admins, applicationAnswers, JAAN, maasikas, TODAY } from '../tests/support/fixtures/represented-settings';

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
const jaanForm: RightsSaveInput = {
  ...personOf({ user: jaan, customerCountry: 'EE' }),
  ...rolesOf(jaan.roles, sections, TODAY),
  sections,
  customerId: maasikas.id,
  today: TODAY,
  version: '"3"',
};

async function save(form: RightsSaveInput, answer: () => Promise<string[]>) {
  const sent: SaveRightsInput[] = [];
  const actor = createActor(
    rightsSaveMachine.provide({ actors: { saveRights: fromPromise(({ input }) => (sent.push(input), answer())) } }),
    { input: form },
  );
  actor.start();
  const end = await waitFor(actor, (s) => s.status === 'done');
  return { sent, output: end.output };
}

describe('rightsSave', () => {
  it('sends the command once and ends saved with the applications that failed', async () => {
    const { sent, output } = await save(jaanForm, () => Promise.resolve(['PERIODICALS']));
    expect(sent).toHaveLength(1);
    expect(sent[0].mode).toBe('edit');
    expect(sent[0].command).toMatchObject({ userId: JAAN, customerId: maasikas.id, admin: false });
    expect(sent[0].command).not.toHaveProperty('language');
    expect(output).toEqual({ saved: true, failed: ['PERIODICALS'] });
  });

  it('a role removed where the person had one ends it yesterday; a main administrator sends no roles', async () => {
    const cleared = { ...jaanForm, roles: rolesOf({}, sections, TODAY).roles };
    const { sent } = await save(cleared, () => Promise.resolve([]));
    expect(sent[0].command.roles).toEqual({
      OSS: { validity: 'LIMITED', categoryId: null, roleId: null, begin: null, end: '22.11.2026' },
    });
    const admin = { ...jaanForm, identity: { ...jaanForm.identity, admin: true } };
    expect((await save(admin, () => Promise.resolve([]))).sent[0].command.roles).toEqual({});
  });

  it('a call that fails ends not saved', async () => {
    const { output } = await save(jaanForm, () => Promise.reject(new Error('502')));
    expect(output).toEqual({ saved: false, stale: false });
  });

  it('sends the version the dialog is based on as If-Match; a 412 ends not saved, stale', async () => {
    const refused = Object.assign(new Error('412'), { status: 412 });
    const { sent, output } = await save(jaanForm, () => Promise.reject(refused));
    expect(sent[0].ifMatch).toBe('"3"');
    expect(output).toEqual({ saved: false, stale: true });
    const { sent: unversioned } = await save({ ...jaanForm, version: null }, () => Promise.resolve([]));
    expect(unversioned[0].ifMatch, 'no version known: no condition').toBeNull();
  });
});
