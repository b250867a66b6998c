/**
 * Third review: a right ended by an administrator, or by its end day passing at midnight, ends the representation of
 * a session that already acts for that party at its next call (spec 1 §4 role validity; domain/contract.ts
 * RIGHT_ENDED), instead of when the person happens to switch.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RIGHT_ENDED } from '../../domain/contract.js';
import type { RoleCommand, SaveCommand } from '../../domain/represented-settings/contract.js';
import { bearer } from '../lib/apps-protocol.js';
import { makeTestApp, type Client, type TestApp } from '../test/helpers.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const POLDMARI = 'EPEE11000026';
const MARI = 'EE48709050218';
const MAASIKAS = 'EPEE11000015';

/** DD.MM.YYYY of the app clock's local calendar day plus `days` (the day role validity counts in) */
function wireDay(app: TestApp, days: number): string {
  const d = app.clock.now();
  const day = new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
  return `${String(day.getDate()).padStart(2, '0')}.${String(day.getMonth() + 1).padStart(2, '0')}.${day.getFullYear()}`;
}

/** kristi (EDIT_ANY_CUSTOMER) changes mari's OSS right in Põldmari AS through the rights API */
async function kristiSetsMarisRight(app: TestApp, oss: RoleCommand) {
  const kristi = await app.login('kristi');
  const command: SaveCommand = {
    userId: MARI,
    userCode: '48709050218',
    country: 'EE',
    domain: 'EE',
    firstName: 'Mari',
    lastName: 'Maasikas',
    customerId: POLDMARI,
    admin: false,
    email: 'mari.maasikas@example.ee',
    roles: { OSS: oss },
  };
  const res = await kristi.post('/api/user/role/edit', command);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ value: [] });
}

async function mariActsForPoldmari(app: TestApp): Promise<Client> {
  const mari = await app.login('mari');
  const chosen = await mari.get(`/api/context/changeRepresented/${POLDMARI}`);
  expect(chosen.statusCode, chosen.body).toBe(200);
  return mari;
}

const representedOf = async (app: TestApp, mari: Client) => {
  const row = await app.db
    .selectFrom('sessions')
    .select('represented_gid')
    .where('id', '=', mari.cookies.get('EPIT-SESSION')!)
    .executeTakeFirstOrThrow();
  return row.represented_gid;
};

/** the contract's answer: 409 RIGHT_ENDED with the catalogue's key */
function expectRightEnded(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, `answered ${res.statusCode}: ${res.body}`).toBe(RIGHT_ENDED.status);
  expect(res.json()).toMatchObject({ code: RIGHT_ENDED.code, messageKey: RIGHT_ENDED.messageKey });
}

const END_NOW = (app: TestApp): RoleCommand => ({
  validity: 'UNLIMITED',
  categoryId: null,
  roleId: null,
  begin: null,
  end: wireDay(app, -1), // the portal ends a right yesterday (spec 2 §4 "Saving with no role")
});

describe(
  'low: a revoked right keeps working for the session that already chose that party',
  { timeout: 30_000 },
  () => {
    it('getUserContext refuses with RIGHT_ENDED once the right is ended, and the session acts for no one', async () => {
      t = await makeTestApp();
      const mari = await mariActsForPoldmari(t);
      expect((await mari.get('/api/context/getUserContext')).json()).toMatchObject({
        epitPrincipal: { represented: { gid: POLDMARI } },
      });
      await kristiSetsMarisRight(t, END_NOW(t));
      expectRightEnded(await mari.get('/api/context/getUserContext'));
      expect(await representedOf(t, mari)).toBeNull();
      // the next call acts for no one: the context without a represented party, her other rights intact
      const next = await mari.get('/api/context/getUserContext');
      expect(next.statusCode).toBe(200);
      expect(next.json()).toMatchObject({ epitPrincipal: { represented: null } });
    });

    it("represented details refuse with RIGHT_ENDED: no phone, address or credit of the party's", async () => {
      t = await makeTestApp();
      const mari = await mariActsForPoldmari(t);
      expect((await mari.get('/api/context/representedDetails')).json()).toMatchObject({
        value: { regCode: '11000026' },
      });
      await kristiSetsMarisRight(t, END_NOW(t));
      const res = await mari.get('/api/context/representedDetails');
      expectRightEnded(res);
      expect(res.json()).not.toHaveProperty('value');
      expect(await representedOf(t, mari)).toBeNull();
      expect((await mari.get('/api/context/representedDetails')).json()).toEqual({ value: null });
    });

    it("the applications' data for the represented party refuse with RIGHT_ENDED", async () => {
      t = await makeTestApp();
      const mari = await mariActsForPoldmari(t);
      await kristiSetsMarisRight(t, END_NOW(t));
      // the portal's own call for the represented party's application data
      expectRightEnded(await mari.get('/api/apps/finance/status'));
      expect(await representedOf(t, mari)).toBeNull();
      // and an application's server asking for her is refused for that party
      const access = await t
        .client()
        .request('GET', `/api/apps/access?application=OSS&person=${MARI}&guid=${POLDMARI}`, {
          headers: { authorization: bearer(t.env.apps.secret) },
        });
      expect(access.json()).toMatchObject({ value: { allowed: false } });
    });

    it("the represented party's settings refuse with RIGHT_ENDED once no right is left in it", async () => {
      t = await makeTestApp();
      const mari = await t.login('mari');
      expect((await mari.get(`/api/context/changeRepresented/${MAASIKAS}`)).statusCode).toBe(200);
      expect((await mari.post('/api/settings/get', { value: MAASIKAS })).statusCode).toBe(200);
      // kristi takes every right of mari's in Maasikas OÜ: the administrator flag and each application's role
      const kristi = await t.login('kristi');
      const none: RoleCommand = {
        validity: 'UNLIMITED',
        categoryId: null,
        roleId: null,
        begin: null,
        end: wireDay(t, -1),
      };
      const res = await kristi.post('/api/user/role/edit', {
        userId: MARI,
        userCode: '48709050218',
        country: 'EE',
        domain: 'EE',
        firstName: 'Mari',
        lastName: 'Maasikas',
        customerId: MAASIKAS,
        admin: false,
        email: 'mari.maasikas@example.ee',
        roles: { OSS: none, PERIODICALS: none },
      } satisfies SaveCommand);
      expect(res.statusCode, res.body).toBe(200);
      expectRightEnded(await mari.post('/api/settings/get', { value: MAASIKAS }));
      expect(await representedOf(t, mari)).toBeNull();
    });

    it('the dead-applications poll refuses with RIGHT_ENDED too (an open tab learns of it without a click)', async () => {
      t = await makeTestApp();
      const mari = await mariActsForPoldmari(t);
      await kristiSetsMarisRight(t, END_NOW(t));
      expectRightEnded(await mari.get('/api/context/checkDeadApplications'));
      expect(await representedOf(t, mari)).toBeNull();
    });

    it('a right whose end day is today works until midnight and is refused at the first call after it', async () => {
      const evening = new Date();
      evening.setHours(23, 50, 0, 0);
      t = await makeTestApp({ now: evening.toISOString() });
      await kristiSetsMarisRight(t, {
        validity: 'LIMITED',
        categoryId: 'OPERATIONS',
        roleId: 102,
        begin: wireDay(t, -10),
        end: wireDay(t, 0),
      });
      const mari = await mariActsForPoldmari(t);
      const lastSecond = new Date(evening);
      lastSecond.setHours(23, 59, 59, 0);
      t.clock.set(lastSecond);
      expect((await mari.get('/api/context/getUserContext')).statusCode).toBe(200);
      expect((await mari.get('/api/context/representedDetails')).json()).toMatchObject({
        value: { regCode: '11000026' },
      });
      t.clock.advance(2_000); // past midnight: the end day is over
      expectRightEnded(await mari.get('/api/context/representedDetails'));
      expect(await representedOf(t, mari)).toBeNull();
    });
  },
);
