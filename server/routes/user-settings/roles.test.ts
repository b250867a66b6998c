import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceError } from '../../../domain/contract.js';
import { RoleListAnswer, UserRightsAnswer } from '../../../domain/user-settings/index.js';
import { isoToDmy, isoDay, addDays } from '../../lib/dates.js';
import { makeTestApp, type TestApp } from '../../test/helpers.js';

const MARI = 'EE48709050218';
const JAAN = 'EE37503124229';

let t: TestApp;
afterEach(() => t?.close());

const day = (offset: number) => isoToDmy(isoDay(addDays(t.clock.now(), offset)));

describe('user-settings/roles/clientapp/{app}/{userId}', () => {
  it('lists mari’s customers by name with their OSS roles, the ended one included', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const res = await mari.get(`/api/user-settings/roles/clientapp/OSS/${MARI}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(RoleListAnswer.parse(res.json())).toEqual([
      {
        customerId: 'EPEE11000015',
        name: 'Maasikas OÜ',
        application: 'OSS',
        roleId: 101,
        begin: day(-400),
        end: null,
        notActive: false,
      },
      {
        customerId: 'EPEE11000026',
        name: 'Põldmari AS',
        application: 'OSS',
        roleId: 102,
        begin: day(-400),
        end: null,
        notActive: false,
      },
      {
        customerId: 'EPEE11000032',
        name: 'Vana Kaup OÜ',
        application: 'OSS',
        roleId: 102,
        begin: day(-400),
        end: day(-30),
        notActive: false,
      },
    ]);
    const periodicals = RoleListAnswer.parse(
      (await mari.get(`/api/user-settings/roles/clientapp/PERIODICALS/${MARI}`)).json(),
    );
    expect(periodicals).toEqual([
      {
        customerId: 'EPEE11000015',
        name: 'Maasikas OÜ',
        application: 'PERIODICALS',
        roleId: 111,
        begin: day(-30),
        end: day(335),
        notActive: false,
      },
    ]);
  });

  it('fails with 503 ROLE_LOAD_FAILED while the simulator console switch is on, for that application only', async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const on = await mari.post('/sim/api/roles/load-failure/OSS', { fail: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ value: { OSS: true, PERIODICALS: false } });
    const res = await mari.get(`/api/user-settings/roles/clientapp/OSS/${MARI}`);
    expect(res.statusCode).toBe(503);
    expect(res.json<ServiceError>().code).toBe('ROLE_LOAD_FAILED');
    expect(res.json<ServiceError>().serviceErrorMessage).toMatch(/OSS/);
    expect((await mari.get(`/api/user-settings/roles/clientapp/PERIODICALS/${MARI}`)).statusCode).toBe(200);
    // the customers stay: the rights still answer
    expect(
      Object.keys(UserRightsAnswer.parse((await mari.get(`/api/user-settings/rights/${MARI}`)).json()).value),
    ).toContain('EPEE11000032');
    await mari.post('/sim/api/roles/load-failure/OSS', { fail: false });
    expect((await mari.get(`/api/user-settings/roles/clientapp/OSS/${MARI}`)).statusCode).toBe(200);
    expect((await mari.get('/sim/api/roles/load-failure')).json()).toEqual({
      value: { OSS: false, PERIODICALS: false },
    });
    expect((await mari.post('/sim/api/roles/load-failure/AXAPTA', { fail: true })).statusCode).toBe(400);
    // the switch is in the console page
    expect((await mari.get('/sim/')).body).toContain('data-role-load="OSS"');
  });

  it('fails with 503 while the application is dead', async () => {
    t = await makeTestApp();
    await t.db.updateTable('application_status').set({ dead: 1 }).where('application', '=', 'OSS').execute();
    const mari = await t.login('mari');
    const res = await mari.get(`/api/user-settings/roles/clientapp/OSS/${MARI}`);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'OSS_DEAD' });
  });

  it('answers another person’s roles and rights only to staff with EDIT_ANY_USER', async () => {
    t = await makeTestApp();
    const kristi = await t.login('kristi');
    const jaanRoles = RoleListAnswer.parse((await kristi.get(`/api/user-settings/roles/clientapp/OSS/${JAAN}`)).json());
    expect(jaanRoles.map((r) => r.name)).toEqual([
      'Aiandusselts MTÜ',
      'Järve Ehitus OÜ',
      'Kase Trükk OÜ',
      'Maasikas OÜ',
      'Saare Kaubandus OÜ', // by name in Estonian order, case-insensitive
      'SIA Daugavas Pasts',
      'SIA Rīgas Grāmatas',
      'Tamme Logistika OÜ',
      'UAB Nemuno Siuntos',
    ]);
    expect(jaanRoles.find((r) => r.name === 'Järve Ehitus OÜ')).toMatchObject({ notActive: true });
    const rights = UserRightsAnswer.parse((await kristi.get(`/api/user-settings/rights/${JAAN}`)).json()).value;
    expect(Object.keys(rights)).toHaveLength(12); // his twelve rights: eleven customers and his own private entry
    expect(rights.EPEE11000055).toMatchObject({ name: 'Kase Trükk OÜ', isPerson: false });

    const mari = await t.login('mari');
    for (const url of [`/api/user-settings/roles/clientapp/OSS/${JAAN}`, `/api/user-settings/rights/${JAAN}`]) {
      const res = await mari.get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await mari.get(`/api/user-settings/roles/clientapp/FINANCE/${MARI}`)).statusCode).toBe(400);
  });
});
