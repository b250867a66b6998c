import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appSections, knownUsers } from './rightsList.machine';
import { rightsRolesMachine, type RightsRolesReport, type UserRoles } from './rightsRoles.machine';
import { admins, applicationAnswers, JAAN, maasikas, TODAY } from '../tests/support/fixtures/represented-settings';

const data = {
  apps: {
    OSS: { ok: true as const, answer: applicationAnswers.OSS.answer },
    PERIODICALS: { ok: true as const, answer: applicationAnswers.PERIODICALS.answer },
    FINANCE: { ok: true as const, answer: applicationAnswers.FINANCE.answer },
  },
  trees: {
    OSS: applicationAnswers.OSS.tree,
    PERIODICALS: applicationAnswers.PERIODICALS.tree,
    FINANCE: applicationAnswers.FINANCE.tree,
  },
  admins,
  customer: maasikas,
};
const jaan = knownUsers(data).get(JAAN)!;

function start(roles: UserRoles) {
  const reports: RightsRolesReport[] = [];
  const actor = createActor(rightsRolesMachine, {
    input: { sections: appSections(data), roles, today: TODAY },
  });
  // run on its own, the part has no parent: what it reports is emitted as well
  actor.on('*', (e) => reports.push(e));
  actor.start();
  return { actor, reports, last: () => reports[reports.length - 1].value };
}

describe('rightsRoles', () => {
  it("starts from the person's roles and remembers where they had one", () => {
    const { actor } = start(jaan.roles);
    expect(actor.getSnapshot().context.roles.OSS).toMatchObject({ categoryId: 'OPERATIONS', roleId: 103 });
    expect(actor.getSnapshot().context.hadRole).toEqual(['OSS', 'FINANCE']);
    expect(actor.getSnapshot().context.roles.FINANCE).toMatchObject({ categoryId: 'ACCOUNTING', roleId: 121 });
  });

  it('a category picks its first role, a role its category; each change is reported', () => {
    const { actor, last } = start({});
    actor.send({ type: 'rights.category', application: 'OSS', category: 'OPERATIONS' });
    expect(last().roles.OSS).toMatchObject({ categoryId: 'OPERATIONS', roleId: 102 });
    actor.send({ type: 'rights.role', application: 'OSS', roleId: 101 });
    expect(last().roles.OSS).toMatchObject({ categoryId: 'MANAGEMENT', roleId: 101 });
    actor.send({ type: 'rights.role', application: 'OSS', roleId: 999 });
    expect(actor.getSnapshot().context.roles.OSS.roleId).toBe(101);
  });

  it('validity and dates: touched dates are named for the dialog', () => {
    const { actor, last } = start({});
    actor.send({ type: 'rights.category', application: 'OSS', category: 'OPERATIONS' });
    actor.send({ type: 'rights.validity', application: 'OSS', validity: 'LIMITED' });
    actor.send({ type: 'rights.dates', application: 'OSS', end: '2026-12-23' });
    expect(last()).toMatchObject({
      roles: { OSS: { validity: 'LIMITED', begin: '2026-11-23', end: '2026-12-23' } },
      touched: ['OSS.end'],
    });
  });

  it('clear empties every section; reset takes another person’s roles', () => {
    const { actor, last } = start(jaan.roles);
    actor.send({ type: 'rights.clear' });
    expect(Object.values(last().roles).map((r) => r.roleId)).toEqual([null, null, null]);
    expect(last().hadRole).toEqual(['OSS', 'FINANCE']);
    const fresh = start({});
    fresh.actor.send({ type: 'rights.reset', roles: jaan.roles });
    expect(fresh.last()).toMatchObject({ roles: { OSS: { roleId: 103 } }, hadRole: ['OSS', 'FINANCE'] });
  });
});
