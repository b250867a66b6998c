import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CustomerAddGet,
  CustomerFindResponse,
  CustomerSearchResponse,
  ServiceError,
  UserContext,
} from '../../../domain/contract.js';
import { makeTestApp, type Client, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => t.close());

/** Whether customer-add/get reports the caller as a main administrator of `id`. */
const isMainAdministrator = async (c: Client, id: string) =>
  CustomerAddGet.parse((await c.get(`/api/customer-add/get/${id}`)).json()).isMainAdministrator;

const rightsBody = { customerId: 'EPEE11000026', customerName: 'Põldmari AS', email: 'info@poldmari.example' };

describe('customer-add/find', () => {
  it('matches the register by name, case-insensitively, or by code prefix', async () => {
    const mari = await t.login('mari');
    expect((await mari.get('/api/customer-add/find?term=testf')).json()).toEqual([
      { name: 'Testfirma OÜ', code: '11000109' },
    ]);
    expect((await mari.get('/api/customer-add/find?term=PÕLD')).json()).toEqual([
      { name: 'Põldmari AS', code: '11000026' },
    ]);
    const byCode = CustomerFindResponse.parse((await mari.get('/api/customer-add/find?term=1100011')).json());
    expect(byCode.map((x) => x.code).sort()).toEqual(['11000115']);
    expect((await mari.get('/api/customer-add/find?term=nothing-like-this')).json()).toEqual([]);
  });
  it('400 for an empty term, 401 without a session', async () => {
    const mari = await t.login('mari');
    const res = await mari.get('/api/customer-add/find?term=');
    expect(res.statusCode).toBe(400);
    expect(ServiceError.parse(res.json()).fields).toHaveProperty('term');
    expect((await mari.get('/api/customer-add/find')).statusCode).toBe(400);
    expect((await t.client().get('/api/customer-add/find?term=test')).statusCode).toBe(401);
  });
});

describe('customer-add/get', () => {
  it('a register company that is not a customer yet', async () => {
    const mary = await t.login('mary');
    const body = CustomerAddGet.parse((await mary.get('/api/customer-add/get/11000109')).json());
    expect(body).toMatchObject({
      id: null,
      name: 'Testfirma OÜ',
      regCode: '11000109',
      hasContract: false,
      isMainAdministrator: false,
      value: null,
    });
    expect(body.address?.padreFullName).toBe('Tartu mnt 80, Tallinn, 10112');
  });
  it('an existing customer: jgid, contract and its main administrators', async () => {
    const mari = await t.login('mari');
    expect((await mari.get('/api/customer-add/get/11000015')).json()).toMatchObject({
      id: 'EPEE11000015',
      hasContract: true,
      isMainAdministrator: true,
      value: null,
    });
    expect((await mari.get('/api/customer-add/get/EPEE11000015')).json()).toMatchObject({
      id: 'EPEE11000015',
      regCode: '11000015',
    });
  });
  it('a stopped contract answers value CONTRACT_STOPPED', async () => {
    const mary = await t.login('mary');
    expect((await mary.get('/api/customer-add/get/11000115')).json()).toMatchObject({
      id: 'EPEE11000115',
      value: 'CONTRACT_STOPPED',
    });
  });
  it('404 for an unknown company, 400 for a malformed id', async () => {
    const mary = await t.login('mary');
    expect((await mary.get('/api/customer-add/get/99999999')).statusCode).toBe(404);
    expect((await mary.get('/api/customer-add/get/drop%20table')).statusCode).toBe(400);
  });
});

describe('customer-add/create-rights', () => {
  it('mari on Põldmari (board member, contract, not main admin yet) becomes main admin', async () => {
    const mari = await t.login('mari');
    expect(await isMainAdministrator(mari, 'EPEE11000026')).toBe(false);
    const res = await mari.post('/api/customer-add/create-rights', rightsBody);
    expect(res.json()).toEqual({ value: 'SUCCESS' });
    expect(await isMainAdministrator(mari, 'EPEE11000026')).toBe(true);
    const ctx = UserContext.parse((await mari.get('/api/context/getUserContext')).json());
    expect(
      ctx.epitPrincipal?.representationRightsCache.EPEE11000026.userRoleList.some((r) => r.application === 'AXAPTA'),
    ).toBe(true);
  });
  it('jaan is not a board member of Põldmari', async () => {
    const jaan = await t.login('jaan');
    expect((await jaan.post('/api/customer-add/create-rights', rightsBody)).json()).toEqual({
      value: 'NOT_A_BOARD_MEMBER',
    });
    expect(await isMainAdministrator(jaan, 'EPEE11000026')).toBe(false);
  });
  it('400 for a bad e-mail, 403 without the XSRF header; nothing changes', async () => {
    const mari = await t.login('mari');
    const bad = await mari.post('/api/customer-add/create-rights', { ...rightsBody, email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(ServiceError.parse(bad.json()).fields).toHaveProperty('email');
    expect((await mari.post('/api/customer-add/create-rights', rightsBody, { xsrf: false })).statusCode).toBe(403);
    expect(await isMainAdministrator(mari, 'EPEE11000026')).toBe(false);
  });
});

describe('customer-add/create-customer', () => {
  it('403 for mari (no ADD_ANY_CUSTOMER)', async () => {
    const mari = await t.login('mari');
    const res = await mari.post('/api/customer-add/create-customer', { value: '11000109' });
    expect(res.statusCode).toBe(403);
    expect(ServiceError.parse(res.json()).code).toBe('FORBIDDEN');
    expect(await t.db.selectFrom('customers').select('jgid').where('reg_code', '=', '11000109').execute()).toHaveLength(
      0,
    );
  });
  it('kristi adds Testfirma from the register, then it is a customer she can find', async () => {
    const kristi = await t.login('kristi');
    expect((await kristi.post('/api/customer-add/create-customer', { value: '11000109' })).json()).toEqual({
      value: 'SUCCESS',
    });
    expect((await kristi.get('/api/customer-add/get/11000109')).json()).toMatchObject({
      id: 'EPEE11000109',
      hasContract: true,
    });
    const found = CustomerSearchResponse.parse(
      (await kristi.post('/api/customer-search/customer', { value: 'testfirma' })).json(),
    ).value;
    expect(found).toEqual([
      { id: 'EPEE11000109', name: 'Testfirma OÜ', regCode: '11000109', axaCode: null, country: 'EE' },
    ]);
    // a second call completely updates the same customer instead of adding another
    expect((await kristi.post('/api/customer-add/create-customer', { value: '11000109' })).json()).toEqual({
      value: 'SUCCESS',
    });
    expect(await t.db.selectFrom('customers').select('jgid').where('reg_code', '=', '11000109').execute()).toHaveLength(
      1,
    );
  });
  it('400 for a malformed registry code, 404 for one not in the register', async () => {
    const kristi = await t.login('kristi');
    expect((await kristi.post('/api/customer-add/create-customer', { value: 'abc' })).statusCode).toBe(400);
    expect((await kristi.post('/api/customer-add/create-customer', {})).statusCode).toBe(400);
    expect((await kristi.post('/api/customer-add/create-customer', { value: '99999999' })).statusCode).toBe(404);
  });
});
