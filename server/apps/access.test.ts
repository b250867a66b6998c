/**
 * A guid in the frame URL is only a request: each application asks the portal's server (over HTTP, with the shared
 * secret) whether the person may use it for that party. A forged guid shows access denied, never another customer's
 * data.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer } from '../lib/apps-protocol.js';
import { makeAppsWorld, type AppsWorld } from './test-kit.js';

let w: AppsWorld;
beforeEach(async () => {
  w = await makeAppsWorld();
});
afterEach(async () => w.close());

const TAMME = 'EPEE11000049'; // jaan's customer; mari has no right in it

describe('a forged guid', () => {
  it('shows the access-denied page and none of that customer\u2019s data', async () => {
    const b = w.browser();
    await b.signIn('mari');
    const { res } = await b.follow(`${w.appsOrigin}/oss/login?guid=${TAMME}&lang=en&timestamp=1`);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('data-testid="app-denied"');
    expect(res.body).toContain('Access denied');
    expect(res.body).not.toContain('Tamme Logistika');
    const page = await b.get(`${w.appsOrigin}/oss/?guid=${TAMME}&lang=en`);
    expect(page.statusCode).toBe(403);
    expect(page.body).not.toContain('"guid"');
  });

  it('gets 403 from every API and never a shipment of that customer', async () => {
    const theirs = await someShipmentOf('jaan', TAMME);
    const b = w.browser();
    await b.signIn('mari');
    await b.follow(`${w.appsOrigin}/oss/login?guid=EPEE11000015&lang=en`);
    const list = await b.get(`${w.appsOrigin}/oss/api/shipments?guid=${TAMME}`);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ error: 'DENIED' });
    expect((await b.get(`${w.appsOrigin}/oss/api/shipments/${theirs}?guid=${TAMME}`)).statusCode).toBe(403);
    // their shipment asked for under mari's own customer: treated exactly like a missing one
    expect((await b.get(`${w.appsOrigin}/oss/api/shipments/${theirs}?guid=EPEE11000015`)).statusCode).toBe(404);
    const own = await b.get(`${w.appsOrigin}/oss/api/shipments?guid=EPEE11000015`);
    expect(own.json<{ value: { id: string }[] }>().value.map((s) => s.id)).not.toContain(theirs);
    // and without a session of the application, nothing at all
    expect((await w.browser().get(`${w.appsOrigin}/oss/api/shipments?guid=EPEE11000015`)).json()).toEqual({
      error: 'SIGNED_OUT',
    });
  });

  it('is denied for a customer whose role has ended, and for a person who is not the user', async () => {
    const mari = w.browser();
    await mari.signIn('mari');
    expect((await mari.follow(`${w.appsOrigin}/oss/login?guid=EPEE11000032&lang=en`)).res.statusCode).toBe(403); // Vana Kaup: ended
    expect((await mari.follow(`${w.appsOrigin}/periodicals/?guid=EPEE11000026&lang=en`)).res.statusCode).toBe(403); // no PERIODICALS role
    const anna = w.browser();
    await anna.signIn('anna');
    // NO_REPRESENTEE opens OSS only for herself
    expect((await anna.follow(`${w.appsOrigin}/oss/login?guid=EE48709050218&isPerson=1&lang=en`)).res.statusCode).toBe(
      403,
    );
    expect((await anna.follow(`${w.appsOrigin}/oss/login?guid=EPEE11000015&lang=en`)).res.statusCode).toBe(403);
  });

  it('without a guid the application asks to choose whom to act for', async () => {
    const b = w.browser();
    await b.signIn('mari');
    const { res } = await b.follow(`${w.appsOrigin}/oss/?lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="app-noParty"');
    expect(res.body).toContain('data-testid="app-user">Mari Maasikas<');
  });
});

/** A shipment id of `gid`, as `username` (who has a right in it) sees it. */
async function someShipmentOf(username: string, gid: string): Promise<string> {
  const other = w.browser();
  await other.signIn(username);
  await other.follow(`${w.appsOrigin}/oss/login?guid=${gid}&lang=en`);
  const res = await other.get(`${w.appsOrigin}/oss/api/shipments?guid=${gid}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ value: { id: string }[] }>().value[0].id;
}

describe('GET /api/apps/access (the portal side of the check)', () => {
  const url = (q: string) => `/api/apps/access?${q}`;

  it('answers only a caller holding the shared secret', async () => {
    const q = 'application=OSS&person=EE48709050218&guid=EPEE11000015';
    expect((await w.portal.inject({ url: url(q) })).statusCode).toBe(401);
    expect(
      (await w.portal.inject({ url: url(q), headers: { authorization: 'Bearer wrong-secret-0000000' } })).statusCode,
    ).toBe(401);
    const ok = await w.portal.inject({ url: url(q), headers: { authorization: bearer(w.env.apps.secret) } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      value: {
        allowed: true,
        person: { fgid: 'EE48709050218', firstName: 'Mari', lastName: 'Maasikas' },
        party: { gid: 'EPEE11000015', name: 'Maasikas OÜ', isPerson: false, code: '11000015' },
        roleId: 101,
        roleNames: expect.objectContaining({ en: 'Shipment administrator' }) as unknown,
      },
    });
  });

  it('says why it refuses, and checks its input', async () => {
    const auth = { authorization: bearer(w.env.apps.secret) };
    const denied = await w.portal.inject({
      url: url('application=OSS&person=EE48709050218&guid=EPEE11000049'),
      headers: auth,
    });
    expect(denied.json()).toEqual({ value: { allowed: false, reason: 'NO_RIGHT' } });
    const ended = await w.portal.inject({
      url: url('application=OSS&person=EE48709050218&guid=EPEE11000032'),
      headers: auth,
    });
    expect(ended.json()).toEqual({ value: { allowed: false, reason: 'illegal.represented' } });
    const unknown = await w.portal.inject({
      url: url('application=OSS&person=EE00000000000&guid=EPEE11000015'),
      headers: auth,
    });
    expect(unknown.json()).toEqual({ value: { allowed: false, reason: 'UNKNOWN_PERSON' } });
    const bad = await w.portal.inject({
      url: url('application=AXAPTA&person=EE48709050218&guid=EPEE11000015'),
      headers: auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields).toHaveProperty('application');
  });
});
