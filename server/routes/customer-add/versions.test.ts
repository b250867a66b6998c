/**
 * Customer add and the customer data version (RFC 9110 conditional writes, server/lib/versions.ts;
 * docs/conventions.md "Records several people edit"). Customer add never writes what a person typed over a
 * customer's stored data: the e-mail typed in it only fills a customer that has none (create-rights, a signature),
 * and what else it writes on an existing customer comes from the business register (spec 1 §4 steps 6–8: name,
 * legal address, state, board). Each such write raises the version, so a customer data form open on the old one
 * answers 412 and merges; customer add itself has nothing to merge.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RepresentedCustomer } from '../../../domain/represented-settings/contract.js';
import { signingServices } from '../../clients/index.js';
import { makeTestApp, type Client, type TestApp } from '../../test/helpers.js';
import { customer, quickChecks, TESTFIRMA, type SignJson } from '../sign/test-kit.js';

const POLDMARI = 'EPEE11000026';
const rightsBody = { customerId: POLDMARI, customerName: 'Põldmari AS', email: 'mari@typed.example' };

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const row = (jgid: string) =>
  t.db.selectFrom('customers').selectAll().where('jgid', '=', jgid).executeTakeFirstOrThrow();

/** The customer data form's read: the data and its ETag. */
async function dataForm(c: Client, jgid: string) {
  const res = await c.post('/api/settings/get', { value: jgid });
  expect(res.statusCode).toBe(200);
  return { customer: RepresentedCustomer.parse(res.json()), etag: String(res.headers.etag) };
}

/** The customer data form's save of `email` over what it read, with the version it read as If-Match. */
function saveEmail(c: Client, form: Awaited<ReturnType<typeof dataForm>>, email: string) {
  const d = form.customer;
  const body = {
    id: d.id,
    name: d.name,
    permissionNoCheckPersonalCode: d.permissionNoCheckPersonalCode,
    email,
    phone: d.phone ?? '',
    homepage: d.homepage,
    eShop: d.eShop,
    ...(d.vatNrExists ? { vatNr: d.vatNr } : {}),
  };
  return c.post('/api/settings', body, { headers: { 'if-match': form.etag } });
}

describe('customer add on an existing customer: nothing typed replaces stored data', () => {
  it("create-rights leaves an e-mail saved between the add's read (none yet) and its write", async () => {
    await t.db.updateTable('customers').set({ email: null }).where('jgid', '=', POLDMARI).execute();
    const mari = await t.login('mari');
    const kristi = await t.login('kristi');
    // kristi saves Põldmari AS's e-mail in the customer data form while mari's add asks the register about it
    const registry = signingServices(t.app.deps).registry;
    const company = registry.company.bind(registry);
    let kristisSave: { statusCode: number; etag: unknown } | null = null;
    registry.company = async (regCode) => {
      if (!kristisSave) {
        const res = await saveEmail(kristi, await dataForm(kristi, POLDMARI), 'kristi@saved.example');
        kristisSave = { statusCode: res.statusCode, etag: res.headers.etag };
      }
      return company(regCode);
    };

    expect((await mari.post('/api/customer-add/create-rights', rightsBody)).json()).toEqual({ value: 'SUCCESS' });
    expect(kristisSave).toMatchObject({ statusCode: 200 });
    expect((await row(POLDMARI)).email).toBe('kristi@saved.example');
    // the add wrote nothing on the customer: kristi's version is still the current one
    expect((await dataForm(kristi, POLDMARI)).etag).toBe(kristisSave!.etag);
  });

  it('create-rights fills an empty e-mail and moves the version on: a data form open before answers 412', async () => {
    await t.db.updateTable('customers').set({ email: null }).where('jgid', '=', POLDMARI).execute();
    const mari = await t.login('mari');
    const kristi = await t.login('kristi');
    const before = await dataForm(kristi, POLDMARI);

    expect((await mari.post('/api/customer-add/create-rights', rightsBody)).json()).toEqual({ value: 'SUCCESS' });
    expect((await row(POLDMARI)).email).toBe(rightsBody.email);

    const stale = await saveEmail(kristi, before, 'kristi@saved.example');
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'CHANGED_MEANWHILE', messageKey: 'error.changedMeanwhile' });
    expect((await row(POLDMARI)).email).toBe(rightsBody.email);
  });

  it("a signature on an existing customer takes the register's data and keeps the stored e-mail", async () => {
    await quickChecks(t);
    const kristi = await t.login('kristi');
    expect((await kristi.post('/api/customer-add/create-customer', { value: TESTFIRMA.code })).statusCode).toBe(200);
    // a customer without a contract yet, whose data someone has edited
    await t.db
      .updateTable('customers')
      .set({ has_contract: 0, email: 'info@testfirma.example', name: 'Testfirma (typed by hand)' })
      .where('jgid', '=', TESTFIRMA.jgid)
      .execute();
    const before = await row(TESTFIRMA.jgid);

    const mary = await t.login('mary');
    const start = await mary.post('/api/sign/mobile/start', {
      mobileNr: '+37200000766',
      customer: customer(TESTFIRMA.code, TESTFIRMA.name),
    });
    expect(start.json<SignJson>().status).toBe('SUCCESS');
    t.clock.advance(4000);
    expect((await mary.get('/api/sign/mobile/check')).json<SignJson>().status).toBe('SUCCESS');

    const after = await row(TESTFIRMA.jgid);
    // the e-mail typed at signing (customer(): board@example.ee) does not replace the stored one
    expect(after).toMatchObject({ has_contract: 1, email: 'info@testfirma.example', name: TESTFIRMA.name });
    expect(after.version).toBe(before.version + 1);
  });
});
