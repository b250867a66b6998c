import { afterEach, describe, expect, it } from 'vitest';
import { CustomerAddGet, UserContext } from '../../domain/contract.js';
import { makeTestApp, type TestApp } from '../test/helpers.js';

let t: TestApp;
afterEach(async () => t?.close());

describe('POST /sim/api/registry/reset (demo reset of a register company)', () => {
  it('removes the customer a staff add created, with its search entry; demo customers are kept', async () => {
    t = await makeTestApp();
    const kristi = await t.login('kristi');
    expect((await kristi.post('/api/customer-add/create-customer', { value: '11000109' })).json()).toEqual({
      value: 'SUCCESS',
    });
    expect((await kristi.get('/api/customer-add/get/11000109')).json()).toMatchObject({
      id: 'EPEE11000109',
      hasContract: true,
    });
    const c = kristi; // any client holding the XSRF cookie (the console is not behind a login)
    expect((await c.post('/sim/api/registry/reset', { regCode: '11000109' })).json()).toEqual({
      removed: 'EPEE11000109',
    });
    expect((await kristi.get('/api/customer-add/get/11000109')).json()).toMatchObject({
      id: null,
      hasContract: false,
      isMainAdministrator: false,
    });
    expect((await kristi.post('/api/customer-search/customer', { value: 'Testfirma' })).json()).toEqual({ value: [] });
    expect((await c.post('/sim/api/registry/reset', { regCode: '11000015' })).statusCode).toBe(409);
  });

  it("with fgid: removes only the rights that person got in this run, not the demo data's", async () => {
    t = await makeTestApp();
    const mari = await t.login('mari');
    const principal = UserContext.parse((await mari.get('/api/context/getUserContext')).json()).epitPrincipal;
    if (!principal) throw new Error('a signed-in user context has a principal');
    const fgid = principal.representative.id;
    const before = CustomerAddGet.parse((await mari.get('/api/customer-add/get/11000026')).json());
    expect(before.isMainAdministrator).toBe(false);
    expect(
      (
        await mari.post('/api/customer-add/create-rights', {
          customerId: 'EPEE11000026',
          customerName: 'Põldmari AS',
          email: 'mari@example.ee',
        })
      ).json(),
    ).toEqual({ value: 'SUCCESS' });
    expect(CustomerAddGet.parse((await mari.get('/api/customer-add/get/11000026')).json()).isMainAdministrator).toBe(
      true,
    );
    expect((await mari.post('/sim/api/registry/reset', { regCode: '11000026', fgid })).json()).toEqual({
      removed: null,
      rights: 1,
    });
    expect((await mari.get('/api/customer-add/get/11000026')).json()).toEqual(before);
    const ctx = UserContext.parse((await mari.get('/api/context/getUserContext')).json());
    expect(ctx.epitPrincipal?.representationRightsCache).toHaveProperty('EPEE11000026'); // her demo OSS right stays
  });
});
