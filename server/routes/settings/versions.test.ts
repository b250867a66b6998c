/**
 * The customer's data is a conditional write (RFC 9110 §13.1.1, server/lib/versions.ts): settings/get answers its
 * version as the ETag, POST settings with a stale If-Match answers 412 CHANGED_MEANWHILE and changes nothing, a
 * fresh one saves and answers the new ETag, and a save without If-Match behaves as it always has.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RepresentedCustomer } from '../../../domain/represented-settings/contract.js';
import { makeTestApp, type Client, type TestApp } from '../../test/helpers.js';

const MAASIKAS = 'EPEE11000015';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

async function load(c: Client) {
  const res = await c.post('/api/settings/get', { value: MAASIKAS });
  expect(res.statusCode).toBe(200);
  return { customer: RepresentedCustomer.parse(res.json()), etag: String(res.headers.etag) };
}

function bodyOf(c: RepresentedCustomer) {
  return {
    id: c.id,
    name: c.name,
    permissionNoCheckPersonalCode: c.permissionNoCheckPersonalCode,
    email: c.email ?? '',
    phone: c.phone ?? '',
    homepage: c.homepage,
    eShop: c.eShop,
    ...(c.vatNrExists ? { vatNr: c.vatNr } : {}),
  };
}

const save = (c: Client, body: object, ifMatch?: string) =>
  c.post('/api/settings', body, ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } });

describe('the customer data version (ETag, If-Match, 412)', () => {
  it('settings/get answers a strong, quoted ETag that every save changes', async () => {
    const mari = await t.login('mari');
    const { customer, etag } = await load(mari);
    expect(etag).toMatch(/^"\d+"$/);
    expect((await load(mari)).etag).toBe(etag);
    const res = await save(mari, { ...bodyOf(customer), phone: '+372 5555 1234' }, etag);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^"\d+"$/);
    expect(res.headers.etag).not.toBe(etag);
    expect((await load(mari)).etag).toBe(res.headers.etag);
  });

  it('a save based on a version someone else has saved over answers 412 changedMeanwhile and changes nothing', async () => {
    const mari = await t.login('mari');
    const kristi = await t.login('kristi');
    const before = await load(kristi);
    const maris = await load(mari);
    expect((await save(mari, { ...bodyOf(maris.customer), phone: '+372 5555 1234' }, maris.etag)).statusCode).toBe(200);
    const afterMari = await load(mari);

    const res = await save(
      kristi,
      { ...bodyOf(before.customer), homepage: 'https://maasikas.example.ee' },
      before.etag,
    );
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ code: 'CHANGED_MEANWHILE', messageKey: 'error.changedMeanwhile' });
    const now = await load(kristi);
    expect(now.customer).toEqual(afterMari.customer);
    expect(now.customer.phone).toBe('+372 5555 1234');
    expect(now.etag).toBe(afterMari.etag);
  });

  it('a save with the current version lands and answers the new ETag, which the next save may use', async () => {
    const kristi = await t.login('kristi');
    const first = await load(kristi);
    const res = await save(kristi, { ...bodyOf(first.customer), homepage: 'https://maasikas.example.ee' }, first.etag);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ homepage: 'https://maasikas.example.ee' });
    const next = String(res.headers.etag);
    const again = await save(kristi, { ...bodyOf(first.customer), phone: '+372 5555 9999' }, next);
    expect(again.statusCode).toBe(200);
    expect((await load(kristi)).customer).toMatchObject({ phone: '+372 5555 9999' });
  });

  it('If-Match: * and a list naming the current version match; a weak or foreign tag does not', async () => {
    const mari = await t.login('mari');
    const { customer, etag } = await load(mari);
    expect((await save(mari, { ...bodyOf(customer), phone: '+372 5555 0001' }, '*')).statusCode).toBe(200);
    const { etag: current } = await load(mari);
    expect((await save(mari, { ...bodyOf(customer), phone: '+372 5555 0002' }, `W/${current}`)).statusCode).toBe(412);
    expect((await save(mari, { ...bodyOf(customer), phone: '+372 5555 0003' }, 'not-a-tag')).statusCode).toBe(412);
    expect((await load(mari)).customer.phone).toBe('+372 5555 0001');
    expect((await save(mari, { ...bodyOf(customer), phone: '+372 5555 0004' }, `${etag}, ${current}`)).statusCode).toBe(
      200,
    );
    expect((await load(mari)).customer.phone).toBe('+372 5555 0004');
  });

  it('a save without If-Match behaves as before: it lands whatever the version, and still moves it on', async () => {
    const mari = await t.login('mari');
    const kristi = await t.login('kristi');
    const old = await load(kristi);
    const maris = await load(mari);
    expect((await save(mari, { ...bodyOf(maris.customer), phone: '+372 5555 1234' })).statusCode).toBe(200);
    const res = await save(kristi, { ...bodyOf(old.customer), homepage: 'https://maasikas.example.ee' });
    expect(res.statusCode).toBe(200);
    const now = await load(kristi);
    expect(now.customer).toMatchObject({ homepage: 'https://maasikas.example.ee' });
    expect(now.etag).not.toBe(old.etag);
    expect(now.etag).not.toBe(maris.etag);
  });

  it('two saves based on one version sent at once: exactly one lands, the other answers 412', async () => {
    const mari = await t.login('mari');
    const kristi = await t.login('kristi');
    const { customer, etag } = await load(mari);
    const answers = await Promise.all([
      save(mari, { ...bodyOf(customer), phone: '+372 5555 0001' }, etag),
      save(kristi, { ...bodyOf(customer), homepage: 'https://maasikas.example.ee' }, etag),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 412]);
    const landed = answers.find((r) => r.statusCode === 200)!;
    expect((await load(mari)).customer).toEqual(RepresentedCustomer.parse(landed.json()));
  });

  it('a refused body (400) changes neither the data nor the version', async () => {
    const mari = await t.login('mari');
    const { customer, etag } = await load(mari);
    expect((await save(mari, { ...bodyOf(customer), phone: 'call me' }, etag)).statusCode).toBe(400);
    expect(await load(mari)).toEqual({ customer, etag });
  });
});
