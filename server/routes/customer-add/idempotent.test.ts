/**
 * A create sent twice (a double click, a retry after a lost answer, two tabs) creates one thing: five parallel
 * sends of one customer add make one customer, one contract and one main-administrator right, on SQLite and on
 * PostgreSQL (where the sends really run side by side on a pool of connections).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIGNING_IN_PROGRESS } from '../../../domain/contract.js';
import { makeTestApp, type TestApp } from '../../test/helpers.js';
import { customer, quickChecks, TESTFIRMA, type SignJson } from '../sign/test-kit.js';

const MARY = 'EE60001019906';
const MARI = 'EE48709050218';
const POLDMARI = 'EPEE11000026';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
  await quickChecks(t);
});
afterEach(() => t.close());

const customersOf = (regCode: string) =>
  t.db.selectFrom('customers').selectAll().where('reg_code', '=', regCode).execute();
const adminRights = (fgid: string, jgid: string) =>
  t.db
    .selectFrom('rights')
    .selectAll()
    .where('person_fgid', '=', fgid)
    .where('represented_gid', '=', jgid)
    .where('application', '=', 'AXAPTA')
    .execute();
const boardOf = (jgid: string) =>
  t.db.selectFrom('customer_board_members').selectAll().where('jgid', '=', jgid).execute();

describe('customer add: a create sent five times at once creates one thing', () => {
  it("staff's create-customer: one customer with its contract, its board once", async () => {
    const kristi = await t.login('kristi');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => kristi.post('/api/customer-add/create-customer', { value: TESTFIRMA.code })),
    );
    expect(answers.map((r) => [r.statusCode, r.json<unknown>()])).toEqual(
      answers.map(() => [200, { value: 'SUCCESS' }]),
    );
    const rows = await customersOf(TESTFIRMA.code);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ jgid: TESTFIRMA.jgid, has_contract: 1 });
    const board = await boardOf(TESTFIRMA.jgid);
    expect(board.length).toBeGreaterThan(0);
    expect(new Set(board.map((b) => `${b.country}${b.personal_code}`)).size).toBe(board.length);
  });

  it("a board member's Mobile-ID signing, its final status check sent five times: one customer, one contract, one main-administrator right", async () => {
    const mary = await t.login('mary');
    const start = await mary.post('/api/sign/mobile/start', {
      mobileNr: '+37200000766',
      customer: customer(TESTFIRMA.code, TESTFIRMA.name),
    });
    expect(start.json<SignJson>().status).toBe('SUCCESS');
    t.clock.advance(4000);
    const checks = await Promise.all(Array.from({ length: 5 }, () => mary.get('/api/sign/mobile/check')));
    // each answers the outcome, or (one that came while another finished the signing) still running: the portal
    // asks again; never an error for a contract that is being made
    const statuses = checks.map((r) => [r.statusCode, r.json<SignJson>().status]);
    for (const s of statuses)
      expect([
        [200, 'SUCCESS'],
        [200, SIGNING_IN_PROGRESS],
      ]).toContainEqual(s);
    expect(statuses).toContainEqual([200, 'SUCCESS']);
    expect((await mary.get('/api/sign/mobile/check')).json<SignJson>().status).toBe('SUCCESS');
    expect(await customersOf(TESTFIRMA.code)).toHaveLength(1);
    expect(
      await t.db.selectFrom('signed_contracts').selectAll().where('reg_code', '=', TESTFIRMA.code).execute(),
    ).toHaveLength(1);
    expect(await adminRights(MARY, TESTFIRMA.jgid)).toHaveLength(1);
  });

  it('a board member taking the main administration of a customer with a contract (create-rights), five times: one right', async () => {
    const mari = await t.login('mari');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        mari.post('/api/customer-add/create-rights', {
          customerId: POLDMARI,
          customerName: 'Põldmari AS',
          email: 'mari@example.ee',
        }),
      ),
    );
    expect(answers.map((r) => [r.statusCode, r.json<unknown>()])).toEqual(
      answers.map(() => [200, { value: 'SUCCESS' }]),
    );
    expect(await adminRights(MARI, POLDMARI)).toHaveLength(1);
  });
});
