/**
 * The rights modal's job title (spec 2 §2 "labels for job title"): enterprise/users/position/{customerId}/{userId}
 * answers the position the person holds in the customer's company in the business register, null otherwise, and
 * only to someone who may manage the customer's rights. The finance package rides on settings/get (spec 2 §8).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BoardPositionAnswer, RepresentedCustomer } from '../../../domain/represented-settings/contract.js';
import { makeTestApp, type TestApp } from '../../test/helpers.js';

const MAASIKAS = 'EPEE11000015';
const POLDMARI = 'EPEE11000026';
const MARI = 'EE48709050218';
const MARY = 'EE60001019906';
const JAAN = 'EE37503124229';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

describe('enterprise/users/position', () => {
  it("names the register's position of a board member, null for anyone else", async () => {
    const mari = await t.login('mari');
    const position = async (userId: string) => {
      const res = await mari.get(`/api/enterprise/users/position/${MAASIKAS}/${userId}`);
      expect(res.statusCode, userId).toBe(200);
      return BoardPositionAnswer.parse(res.json()).value;
    };
    expect(await position(MARI)).toBe('BOARD_CHAIR');
    expect(await position(JAAN), 'jaan has rights there but is not on the board').toBeNull();
    // the same code in another country is someone else
    expect(await position('LT48709050218')).toBeNull();
  });

  it('a board member listed without a title is a board member; staff may ask for any customer', async () => {
    const kristi = await t.login('kristi');
    const ask = (userId: string) => kristi.get(`/api/enterprise/users/position/${POLDMARI}/${userId}`);
    expect(BoardPositionAnswer.parse((await ask(MARI)).json()).value).toBe('BOARD_MEMBER');
    expect(BoardPositionAnswer.parse((await ask(MARY)).json()).value).toBe('BOARD_CHAIR');
  });

  it('refuses a caller who does not manage the customer, and a malformed person id', async () => {
    const mari = await t.login('mari');
    // mari has an ordinary right at Põldmari AS, not the main administrator's
    expect((await mari.get(`/api/enterprise/users/position/${POLDMARI}/${MARY}`)).statusCode).toBe(403);
    const bad = await mari.get(`/api/enterprise/users/position/${MAASIKAS}/x'1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_INPUT' });
  });
});

describe('settings/get: the finance package', () => {
  it('says whether the customer has invoicing management', async () => {
    const kristi = await t.login('kristi');
    const of = async (id: string) =>
      RepresentedCustomer.parse((await kristi.post('/api/settings/get', { value: id })).json()).financePackage;
    expect(await of(MAASIKAS)).toBe(true);
    expect(await of(POLDMARI)).toBe(false);
  });
});
