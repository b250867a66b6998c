/**
 * A create sent twice (a double click, a retry after a lost answer) creates one thing: five parallel sends of one
 * new user's rights (user/role/add for a person the system does not know) make one person and one right, and each
 * send answers as the first one did. On PostgreSQL the sends really run side by side on a pool of connections.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SaveCommand } from '../../../domain/represented-settings/contract.js';
import { makeTestApp, type TestApp } from '../../test/helpers.js';

const MAASIKAS = 'EPEE11000015';
// a valid Estonian personal code the demo data does not hold
const NEW_PERSON = 'EE39001010000';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const command: SaveCommand = {
  userId: NEW_PERSON,
  userCode: NEW_PERSON.slice(2),
  country: 'EE',
  domain: 'EE',
  language: 'ET',
  firstName: 'Uus',
  lastName: 'Kasutaja',
  customerId: MAASIKAS,
  admin: false,
  email: 'uus.kasutaja@example.ee',
  roles: { OSS: { validity: 'UNLIMITED', categoryId: null, roleId: 102, begin: null, end: null } },
};

describe("a new user's rights sent five times at once", () => {
  it('create one person and one right in the customer', async () => {
    expect(await t.db.selectFrom('persons').select('fgid').where('fgid', '=', NEW_PERSON).execute()).toEqual([]);
    const mari = await t.login('mari');
    const answers = await Promise.all(Array.from({ length: 5 }, () => mari.post('/api/user/role/add', command)));
    expect(answers.map((r) => [r.statusCode, r.json<unknown>()])).toEqual(answers.map(() => [200, { value: [] }]));
    expect(await t.db.selectFrom('persons').select('fgid').where('fgid', '=', NEW_PERSON).execute()).toHaveLength(1);
    const rights = await t.db
      .selectFrom('rights')
      .select(['represented_gid', 'application', 'role_id'])
      .where('person_fgid', '=', NEW_PERSON)
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', '2000-01-01')]))
      .orderBy('represented_gid')
      .execute();
    // the right in the customer, and (like every person) the representation of themselves
    expect(rights.filter((r) => r.represented_gid === MAASIKAS)).toEqual([
      { represented_gid: MAASIKAS, application: 'OSS', role_id: 102 },
    ]);
    expect(rights.filter((r) => r.represented_gid === NEW_PERSON)).toHaveLength(1);
  });
});
