/**
 * The rights list (enterprise/users/*), the save command (user/role/add|edit), the person lookup (user/{gid}) and the
 * console's "role save fails" switch, on fresh demo databases.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AdminsAnswer,
  EnterpriseUsersAnswer,
  type SaveCommand,
} from '../../../domain/represented-settings/contract.js';
import { RolesAndPackets, UserContext } from '../../../domain/contract.js';
import { addDays, isoDay, isoToDmy } from '../../lib/dates.js';
import { executionOf, makeTestApp, toPath, type Client, type TestApp } from '../../test/helpers.js';

/** a 400 answer's per-field messages */
type Fail = { fields: Record<string, string> };

const MAASIKAS = 'EPEE11000015';
const POLDMARI = 'EPEE11000026';
const MARI = 'EE48709050218';
const JAAN = 'EE37503124229';
const KRISTI = 'EE49004170227';
/** valid EE personal codes nobody in the demo data has */
const NEW_CODE = '39001010000';
const NEW_CODE_2 = '49912319998';
const NOW = '2026-03-10T09:00:00.000Z';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ now: NOW });
});
afterEach(() => t.close());

const day = (offset: number) => isoToDmy(isoDay(addDays(t.clock.now(), offset)))!;

async function usersOf(c: Client, app: 'OSS' | 'PERIODICALS', customer = MAASIKAS) {
  const res = await c.get(`/api/enterprise/users/clientapp/${app}/${customer}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  return EnterpriseUsersAnswer.parse(res.json());
}

/** The sign-on page's demo sign-on by personal code (server/cas/code-login.ts), through the portal's callback. */
async function loginByPersonalCode(code: string): Promise<{ client: Client; status: number }> {
  const c = t.client();
  const start = await c.get('/api/security/login?target=%2Fui%2Fdashboard');
  const casUrl = toPath(start.headers.location as string);
  const service = new URL(casUrl, 'http://localhost').searchParams.get('service')!;
  const page = await c.get(casUrl);
  expect(page.body).toContain('name="demoPersonalCode"');
  const posted = await c.request('POST', '/cas/login', {
    form: { service, demoPersonalCode: code, execution: executionOf(page.body) },
  });
  if (posted.statusCode === 302) await c.get(toPath(posted.headers.location as string));
  return { client: c, status: posted.statusCode };
}

function command(over: Partial<SaveCommand> = {}): SaveCommand {
  return {
    userId: `EE${NEW_CODE}`,
    userCode: NEW_CODE,
    country: 'EE',
    domain: 'EE',
    language: 'ET',
    firstName: 'Uudo',
    lastName: 'Uustulnuk',
    customerId: MAASIKAS,
    admin: false,
    email: 'uudo@example.ee',
    roles: {
      OSS: { validity: 'LIMITED', categoryId: 'OPERATIONS', roleId: 102, begin: day(0), end: day(30) },
      PERIODICALS: { validity: 'UNLIMITED', categoryId: null, roleId: null, begin: null, end: null },
    },
    ...over,
  };
}

describe('enterprise/users', () => {
  it('lists the head administrators apart from the users, with names', async () => {
    const mari = await t.login('mari');
    const res = await mari.get(`/api/enterprise/users/administrators/${MAASIKAS}`);
    expect(res.statusCode).toBe(200);
    expect(AdminsAnswer.parse(res.json())).toEqual([
      { userId: MARI, firstName: 'Mari', lastName: 'Maasikas', email: expect.any(String) as string },
    ]);
  });

  it('lists one entry per user of OSS in user id order, with the packet and DD.MM.YYYY dates', async () => {
    const mari = await t.login('mari');
    const oss = await usersOf(mari, 'OSS');
    expect(oss.packetId).toBe(1);
    expect(oss.result).toBeNull();
    const ids = oss.list.map((u) => u.userId);
    expect(ids).toEqual(expect.arrayContaining([MARI, JAAN, KRISTI]));
    expect(new Set(ids).size).toBe(ids.length);
    // the portal sorts the merged rows by name itself (domain/represented-settings/list.ts)
    expect(ids).toEqual([...ids].sort());
    const jaan = oss.list.find((u) => u.userId === JAAN)!;
    expect(jaan).toMatchObject({
      firstName: 'Jaan',
      lastName: 'Tamm',
      roleId: 103,
      application: 'OSS',
      notActive: false,
    });
    expect(jaan.begin).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  });

  it('shows the current right of a person who has several in one application: running before future before ended', async () => {
    const mari = await t.login('mari');
    const before = (await usersOf(mari, 'OSS')).list.find((u) => u.userId === JAAN)!;
    const iso = (offset: number) => isoDay(addDays(t.clock.now(), offset));
    const right = { person_fgid: JAAN, represented_gid: MAASIKAS, application: 'OSS', not_active: 0 };
    await t.db
      .insertInto('rights')
      .values([
        { ...right, role_id: 101, begin_date: iso(-400), end_date: iso(-30) },
        { ...right, role_id: 102, begin_date: iso(10), end_date: null },
      ])
      .execute();
    const oss = await usersOf(mari, 'OSS');
    expect(oss.list.filter((u) => u.userId === JAAN)).toEqual([before]);
    // once the running right has ended, the future one is the one to show, then the latest ended one
    await t.db
      .updateTable('rights')
      .set({ end_date: iso(-1) })
      .where('person_fgid', '=', JAAN)
      .where('represented_gid', '=', MAASIKAS)
      .where('application', '=', 'OSS')
      .where('role_id', '=', before.roleId)
      .execute();
    expect((await usersOf(mari, 'OSS')).list.find((u) => u.userId === JAAN)).toMatchObject({
      roleId: 102,
      begin: day(10),
    });
    await t.db
      .deleteFrom('rights')
      .where('person_fgid', '=', JAAN)
      .where('represented_gid', '=', MAASIKAS)
      .where('role_id', '=', 102)
      .execute();
    expect((await usersOf(mari, 'OSS')).list.find((u) => u.userId === JAAN)).toMatchObject({
      roleId: before.roleId,
      end: day(-1),
    });
  });

  it('marks a customer without a package for the application (PACKET_NOT_FOUND)', async () => {
    const kristi = await t.login('kristi');
    const periodicals = await usersOf(kristi, 'PERIODICALS', POLDMARI);
    expect(periodicals).toEqual({ list: [], packetId: null, result: 'PACKET_NOT_FOUND' });
  });

  it('answers 403 to someone who is not main administrator there, 503 while the application is dead', async () => {
    const mari = await t.login('mari');
    const denied = await mari.get(`/api/enterprise/users/clientapp/OSS/${POLDMARI}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await mari.get(`/api/enterprise/users/administrators/${POLDMARI}`)).statusCode).toBe(403);
    expect((await mari.get(`/api/enterprise/users/clientapp/AXAPTA/${MAASIKAS}`)).statusCode).toBe(400);
    await t.db.updateTable('application_status').set({ dead: 1 }).where('application', '=', 'PERIODICALS').execute();
    const dead = await mari.get(`/api/enterprise/users/clientapp/PERIODICALS/${MAASIKAS}`);
    expect(dead.statusCode).toBe(503);
    expect(dead.json()).toMatchObject({ code: 'PERIODICALS_DEAD' });
  });

  it('gives staff with EDIT_ANY_CUSTOMER every customer’s list', async () => {
    const kristi = await t.login('kristi');
    const res = await kristi.get(`/api/enterprise/users/administrators/LVLV40003012345`);
    expect(res.json()).toEqual([expect.objectContaining({ userId: 'LV15058912347', lastName: 'Bērziņa' })]);
  });
});

describe('user/{gid}', () => {
  it('finds a known person and answers 404 for one the system does not know', async () => {
    const mari = await t.login('mari');
    const jaan = await mari.get(`/api/user/${JAAN}`);
    expect(jaan.json()).toEqual({ id: JAAN, firstName: 'Jaan', lastName: 'Tamm', userId: JAAN });
    const nobody = await mari.get(`/api/user/EE${NEW_CODE}`);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await mari.get('/api/user/not-a-gid')).statusCode).toBe(400);
  });

  it('is not for people who administer no customer', async () => {
    const tomas = await t.login('tomas');
    expect((await tomas.get(`/api/user/${JAAN}`)).statusCode).toBe(403);
  });
});

describe('user/role/add', () => {
  it('adds a person unknown to the system: they get a persons row and the right shows in the list', async () => {
    const mari = await t.login('mari');
    const res = await mari.post('/api/user/role/add', command());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ value: [] });
    const person = await t.db
      .selectFrom('persons')
      .selectAll()
      .where('fgid', '=', `EE${NEW_CODE}`)
      .executeTakeFirstOrThrow();
    expect(person).toMatchObject({
      country: 'EE',
      personal_code: NEW_CODE,
      first_name: 'Uudo',
      last_name: 'Uustulnuk',
      email: 'uudo@example.ee',
      domain: 'EE',
      preferred_language: 'EST',
      username: null,
    });
    const row = (await usersOf(mari, 'OSS')).list.find((u) => u.userId === `EE${NEW_CODE}`);
    expect(row).toMatchObject({ roleId: 102, begin: day(0), end: day(30), notActive: false });
    expect((await usersOf(mari, 'PERIODICALS')).list.some((u) => u.userId === `EE${NEW_CODE}`)).toBe(false);
    expect((await mari.get(`/api/user/EE${NEW_CODE}`)).json()).toMatchObject({ firstName: 'Uudo' });
  });

  it('puts the customer into the new person’s context at their next login', async () => {
    const mari = await t.login('mari');
    expect((await loginByPersonalCode(`EE${NEW_CODE}`)).status).toBe(401);
    // it never stands in for a password: a person with a username (mari) cannot sign on by code
    expect((await loginByPersonalCode(MARI)).status).toBe(401);
    await mari.post('/api/user/role/add', command());
    // unknown to the system before the save: the demo sign-on by personal code refuses them
    expect((await loginByPersonalCode(`EE${NEW_CODE_2}`)).status).toBe(401);
    const { client: c, status } = await loginByPersonalCode(`EE${NEW_CODE}`);
    expect(status).toBe(302);
    const ctx = UserContext.parse((await c.get('/api/context/getUserContext')).json());
    expect(ctx.epitPrincipal?.representative).toEqual({
      id: `EE${NEW_CODE}`,
      firstName: 'Uudo',
      lastName: 'Uustulnuk',
    });
    const right = ctx.epitPrincipal?.representationRightsCache[MAASIKAS];
    expect(right?.name).toBe('Maasikas OÜ');
    expect(right?.userRoleList).toEqual([
      { application: 'OSS', roleId: 102, begin: day(0), end: day(30), notActive: false },
    ]);
  });

  it('refuses an invalid checksum with the national-id message, and writes nothing', async () => {
    const mari = await t.login('mari');
    const res = await mari.post('/api/user/role/add', command({ userId: 'EE39001010001', userCode: '39001010001' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BAD_INPUT',
      fields: { userCode: 'National identification number must be valid in the chosen country' },
    });
    expect(
      await t.db.selectFrom('persons').select('fgid').where('fgid', '=', 'EE39001010001').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('checks LT and LV codes by their own rules, and ZZ only with permissionNoCheckPersonalCode', async () => {
    const mari = await t.login('mari');
    const lt = await mari.post(
      '/api/user/role/add',
      command({ country: 'LT', userId: 'LT38507160455', userCode: '38507160455' }),
    );
    expect(lt.json<Fail>().fields).toMatchObject({
      userCode: expect.stringContaining('National identification') as string,
    });
    const lv = await mari.post(
      '/api/user/role/add',
      command({ country: 'LV', userId: 'LV150589-12348', userCode: '150589-12348' }),
    );
    expect(lv.json<Fail>().fields).toMatchObject({
      userCode: expect.stringContaining('National identification') as string,
    });
    const zz = command({ country: 'ZZ', userId: 'ZZX-1234', userCode: 'X-1234' });
    expect((await mari.post('/api/user/role/add', zz)).json<Fail>().fields).toHaveProperty('country');
    await t.db
      .updateTable('customers')
      .set({ permission_no_check_personal_code: 1 })
      .where('jgid', '=', MAASIKAS)
      .execute();
    expect((await mari.post('/api/user/role/add', zz)).json()).toEqual({ value: [] });
  });

  it('refuses names, e-mail and dates against the rules, and a role the customer is not offered', async () => {
    const mari = await t.login('mari');
    const res = await mari.post(
      '/api/user/role/add',
      command({
        firstName: '',
        lastName: 'x'.repeat(26),
        email: 'nope',
        roles: {
          OSS: { validity: 'LIMITED', categoryId: null, roleId: 104, begin: day(5), end: day(1) },
          PERIODICALS: { validity: 'LIMITED', categoryId: null, roleId: 111, begin: null, end: day(1) },
        },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<Fail>().fields).toEqual({
      firstName: 'First name is mandatory',
      lastName: 'The maximum length of "Last name" is 25 characters',
      email: 'E-mail must look like name@address, for example name@example.com',
      // 104 (courier orderer) exists only in packet 4; Maasikas OÜ has packet 1
      'roles.OSS.roleId': "Role 104 is not offered for this customer's OSS",
      'roles.OSS.end': 'From date must be before end date',
      'roles.PERIODICALS.begin': 'From date is mandatory',
    });
    const notADate = await mari.post(
      '/api/user/role/add',
      command({
        roles: { OSS: { validity: 'LIMITED', categoryId: null, roleId: 102, begin: '31.02.2026', end: day(1) } },
      }),
    );
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json<Fail>().fields).toEqual({ 'roles.OSS.begin': 'Invalid value' });
    const noPackage = await (
      await t.login('kristi')
    ).post(
      '/api/user/role/add',
      command({
        customerId: POLDMARI,
        roles: { PERIODICALS: { validity: 'UNLIMITED', categoryId: null, roleId: 111, begin: null, end: null } },
      }),
    );
    expect(noPackage.json<Fail>().fields).toEqual({
      'roles.PERIODICALS.roleId': 'The customer has no PERIODICALS package',
    });
  });

  it('is refused (403) for a customer where the caller is not main administrator; kristi may change any', async () => {
    const mari = await t.login('mari');
    const denied = await mari.post('/api/user/role/add', command({ customerId: POLDMARI, roles: {} }));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'FORBIDDEN' });
    const kristi = await t.login('kristi');
    const ok = await kristi.post(
      '/api/user/role/add',
      command({ customerId: POLDMARI, roles: { OSS: command().roles.OSS } }),
    );
    expect(ok.json()).toEqual({ value: [] });
    expect((await usersOf(kristi, 'OSS', POLDMARI)).list.some((u) => u.userId === `EE${NEW_CODE}`)).toBe(true);
  });
});

describe('roles-and-packets and the save agree', () => {
  it('accepts exactly the roles of the tree with the customer’s packet and company (spec 2 §5 role offering)', async () => {
    const mari = await t.login('mari');
    const tree = RolesAndPackets.parse((await mari.get('/api/roles-and-packets/clientapp/OSS')).json());
    const roles = tree.packets.flatMap((p) => p.categories.flatMap((c) => c.roles));
    expect(roles.every((r) => typeof r.epCompanyId === 'string' && 'packetId' in r && r.category)).toBe(true);
    const offered = roles.filter((r) => r.packetId === 1 && r.epCompanyId === 'EP').map((r) => r.id);
    expect(offered.sort()).toEqual([101, 102, 103]);
    for (const id of [...new Set(roles.map((r) => r.id))]) {
      const res = await mari.post(
        '/api/user/role/add',
        command({ roles: { OSS: { validity: 'UNLIMITED', categoryId: null, roleId: id, begin: null, end: null } } }),
      );
      expect([id, res.statusCode]).toEqual([id, offered.includes(id) ? 200 : 400]);
    }
  });
});

describe('user/role/edit', () => {
  const jaanCmd = (roles: SaveCommand['roles'], over: Partial<SaveCommand> = {}) =>
    command({
      userId: JAAN,
      userCode: JAAN.slice(2),
      firstName: 'Jaan',
      lastName: 'Tamm',
      email: 'jaan@example.ee',
      language: undefined,
      roles,
      ...over,
    });

  it('moves an existing user’s OSS role to another category', async () => {
    const mari = await t.login('mari');
    const res = await mari.post(
      '/api/user/role/edit',
      jaanCmd({ OSS: { validity: 'UNLIMITED', categoryId: 'MANAGEMENT', roleId: 101, begin: null, end: null } }),
    );
    expect(res.json()).toEqual({ value: [] });
    const jaan = (await usersOf(mari, 'OSS')).list.filter((u) => u.userId === JAAN);
    expect(jaan).toEqual([expect.objectContaining({ roleId: 101, begin: day(0), end: null, notActive: false })]);
    // the names of a person the system knows are not the administrator's to change
    const person = await t.db
      .selectFrom('persons')
      .select(['first_name'])
      .where('fgid', '=', JAAN)
      .executeTakeFirstOrThrow();
    expect(person.first_name).toBe('Jaan');
  });

  it('with the PERIODICALS save switched to fail: names PERIODICALS, the OSS change still lands', async () => {
    const mari = await t.login('mari');
    const sim = t.client();
    const page = await sim.get('/sim/');
    expect(page.body).toContain('data-role-save="PERIODICALS"');
    const on = await sim.post('/sim/api/rights/save-failure/PERIODICALS', { fail: true });
    expect(on.json()).toEqual({ value: { OSS: false, PERIODICALS: true, FINANCE: false } });
    const res = await mari.post(
      '/api/user/role/edit',
      jaanCmd({
        OSS: { validity: 'UNLIMITED', categoryId: 'MANAGEMENT', roleId: 101, begin: null, end: null },
        PERIODICALS: { validity: 'UNLIMITED', categoryId: 'PUBLISHING', roleId: 111, begin: null, end: null },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ value: ['PERIODICALS'] });
    expect((await usersOf(mari, 'OSS')).list.find((u) => u.userId === JAAN)?.roleId).toBe(101);
    // rolled back: Jaan has no PERIODICALS right in Maasikas OÜ
    expect((await usersOf(mari, 'PERIODICALS')).list.some((u) => u.userId === JAAN)).toBe(false);
    await sim.post('/sim/api/rights/save-failure/PERIODICALS', { fail: false });
    const again = await mari.post(
      '/api/user/role/edit',
      jaanCmd({
        PERIODICALS: { validity: 'UNLIMITED', categoryId: 'PUBLISHING', roleId: 111, begin: null, end: null },
      }),
    );
    expect(again.json()).toEqual({ value: [] });
    expect((await usersOf(mari, 'PERIODICALS')).list.find((u) => u.userId === JAAN)?.roleId).toBe(111);
  });

  it('remove all rights: no role ends the right yesterday, so the user shows as not active', async () => {
    const mari = await t.login('mari');
    const none = { validity: 'UNLIMITED' as const, categoryId: null, roleId: null, begin: null, end: null };
    const res = await mari.post('/api/user/role/edit', jaanCmd({ OSS: none, PERIODICALS: none }));
    expect(res.json()).toEqual({ value: [] });
    const jaan = (await usersOf(mari, 'OSS')).list.find((u) => u.userId === JAAN);
    expect(jaan).toMatchObject({ roleId: 103, end: day(-1) });
    const ctx = UserContext.parse((await (await t.login('jaan')).get('/api/context/getUserContext')).json());
    expect(ctx.epitPrincipal?.representationRightsCache[MAASIKAS]?.userRoleList).toEqual([
      expect.objectContaining({ application: 'OSS', end: day(-1) }),
    ]);
  });

  it('no one may clear their own administrator flag', async () => {
    const mari = await t.login('mari');
    const res = await mari.post(
      '/api/user/role/edit',
      command({
        userId: MARI,
        userCode: MARI.slice(2),
        firstName: 'Mari',
        lastName: 'Maasikas',
        admin: false,
        roles: {},
      }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'OWN_ADMIN',
      serviceErrorMessage: 'You cannot remove your own administrator rights.',
    });
    expect((await mari.get(`/api/enterprise/users/administrators/${MAASIKAS}`)).json()).toHaveLength(1);
  });

  it('grants and ends the administrator flag of someone else', async () => {
    const mari = await t.login('mari');
    expect((await mari.post('/api/user/role/edit', jaanCmd({}, { admin: true }))).json()).toEqual({ value: [] });
    const admins = AdminsAnswer.parse((await mari.get(`/api/enterprise/users/administrators/${MAASIKAS}`)).json());
    expect(admins.map((a) => a.userId).sort()).toEqual([JAAN, MARI].sort());
    // jaan is now a main administrator of Maasikas OÜ: he may read its settings
    expect((await (await t.login('jaan')).post('/api/settings/get', { value: MAASIKAS })).statusCode).toBe(200);
    await mari.post('/api/user/role/edit', jaanCmd({}, { admin: false }));
    expect((await mari.get(`/api/enterprise/users/administrators/${MAASIKAS}`)).json()).toHaveLength(1);
    expect((await (await t.login('jaan')).post('/api/settings/get', { value: MAASIKAS })).statusCode).toBe(403);
  });

  it('edit of a person the system does not know is 404', async () => {
    const mari = await t.login('mari');
    const res = await mari.post('/api/user/role/edit', command({ userId: `EE${NEW_CODE_2}`, userCode: NEW_CODE_2 }));
    expect(res.statusCode).toBe(404);
  });
});
