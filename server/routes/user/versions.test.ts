/**
 * A person's rights in a customer are a conditional write (RFC 9110 §13.1.1, server/lib/versions.ts): two
 * administrators may edit one person's rights at once. The rights list carries each person's version; the rights
 * modal's save (user/role/edit, also "Remove all rights") and a new user's creation for a person the system knows
 * (user/role/add) with a stale If-Match answer 412 CHANGED_MEANWHILE and change nothing; a fresh one saves and
 * answers the new ETag; none behaves as before.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnterpriseUsersAnswer, type SaveCommand } from '../../../domain/represented-settings/contract.js';
import { makeTestApp, type Client, type TestApp } from '../../test/helpers.js';

const MAASIKAS = 'EPEE11000015';
const JAAN = 'EE37503124229';
const NOW = '2026-03-10T09:00:00.000Z';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ now: NOW });
});
afterEach(() => t.close());

async function jaanIn(c: Client) {
  const res = await c.get(`/api/enterprise/users/clientapp/OSS/${MAASIKAS}`);
  expect(res.statusCode).toBe(200);
  return EnterpriseUsersAnswer.parse(res.json()).list.find((u) => u.userId === JAAN)!;
}

const rightsOfJaan = () =>
  t.db
    .selectFrom('rights')
    .selectAll()
    .where('person_fgid', '=', JAAN)
    .where('represented_gid', '=', MAASIKAS)
    .orderBy('id')
    .execute();

const command = (roleId: number | null): SaveCommand => ({
  userId: JAAN,
  userCode: JAAN.slice(2),
  country: 'EE',
  domain: 'EE',
  firstName: 'Jaan',
  lastName: 'Tamm',
  customerId: MAASIKAS,
  admin: false,
  email: 'jaan.tamm@example.ee',
  roles: { OSS: { validity: 'UNLIMITED', categoryId: null, roleId, begin: null, end: null } },
});

const save = (c: Client, mode: 'add' | 'edit', cmd: SaveCommand, ifMatch?: string) =>
  c.post(`/api/user/role/${mode}`, cmd, ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } });

describe("a person's rights in a customer: version, If-Match, 412", () => {
  it('the list carries each person\'s version; "0" before any write', async () => {
    const mari = await t.login('mari');
    expect((await jaanIn(mari)).version).toBe('"0"');
  });

  for (const [what, mode, roleId] of [
    ['the rights modal save', 'edit', 102],
    ['"Remove all rights" (every role ended)', 'edit', null],
    ["a new user's creation for a person the system knows", 'add', 102],
  ] as const) {
    it(`${what}: a stale version answers 412 and changes nothing; a fresh one lands with a new ETag`, async () => {
      const mari = await t.login('mari');
      const kristi = await t.login('kristi');
      const marisVersion = (await jaanIn(mari)).version!;
      const kristisVersion = (await jaanIn(kristi)).version!;
      const first = await save(kristi, 'edit', command(101), kristisVersion);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers.etag).not.toBe(kristisVersion);
      expect((await jaanIn(mari)).version).toBe(first.headers.etag);
      const before = await rightsOfJaan();

      const stale = await save(mari, mode, command(roleId), marisVersion);
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({ code: 'CHANGED_MEANWHILE', messageKey: 'error.changedMeanwhile' });
      expect(await rightsOfJaan()).toEqual(before);
      expect((await jaanIn(mari)).version).toBe(first.headers.etag);

      const fresh = await save(mari, mode, command(roleId), String(first.headers.etag));
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect(fresh.headers.etag).not.toBe(first.headers.etag);
      expect((await jaanIn(mari)).version).toBe(fresh.headers.etag);
      expect(await rightsOfJaan()).not.toEqual(before);
    });
  }

  it('a save without If-Match behaves as before, and still moves the version on', async () => {
    const mari = await t.login('mari');
    const kristi = await t.login('kristi');
    const old = (await jaanIn(mari)).version;
    expect((await save(kristi, 'edit', command(101))).statusCode).toBe(200);
    expect((await save(mari, 'edit', command(102))).statusCode).toBe(200);
    expect((await jaanIn(mari)).roleId).toBe(102);
    expect((await jaanIn(mari)).version).not.toBe(old);
  });
});
