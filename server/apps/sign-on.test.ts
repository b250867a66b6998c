/**
 * The demo applications sign their user on through the CAS server as their own services, silently (gateway), validate
 * the ticket over HTTP at {CAS base}/p3/serviceValidate, keep their own session, and show the represented party the
 * portal confirms.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAppsWorld, type AppsWorld } from './test-kit.js';

let w: AppsWorld;
beforeEach(async () => {
  w = await makeAppsWorld();
});
afterEach(async () => w.close());

const MAASIKAS = 'EPEE11000015';

describe('silent sign-on as the application\u2019s own CAS service', () => {
  it('mari, signed on at the portal, opens OSS for Maasikas OÜ without seeing a sign-on page', async () => {
    const b = w.browser();
    await b.signIn('mari');
    const { res, url, visited } = await b.follow(
      `${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en&timestamp=1700000000000&menuPath=/shipments/new`,
    );
    // the login URL → CAS with gateway=true and this application's own service URL → its callback → the page
    const cas = new URL(visited[1]);
    expect(cas.origin).toBe(w.portalOrigin);
    expect(cas.pathname).toBe('/cas/login');
    expect(cas.searchParams.get('gateway')).toBe('true');
    const service = new URL(cas.searchParams.get('service')!);
    expect(service.origin).toBe(w.appsOrigin);
    expect(service.pathname).toBe('/oss/auth/cas');
    expect(new URL(visited[2]).searchParams.get('ticket')).toMatch(/^ST-/);
    expect(url).toBe(`${w.appsOrigin}/oss/?guid=${MAASIKAS}&lang=en#/shipments/new`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="app-user">Mari Maasikas<');
    expect(res.body).toContain('data-testid="app-party">Maasikas OÜ<');
    expect(res.body).toContain('data-testid="app-party-code">11000015<');
    expect(res.body).toContain('data-testid="app-role" data-role>Shipment administrator<');
    // the ticket was validated over HTTP at the CAS 3.0 endpoint, and the role checked with the portal over HTTP
    expect(w.fetched.some((f) => f.startsWith(`GET http://127.0.0.1:${w.env.port}/cas/p3/serviceValidate?`))).toBe(
      true,
    );
    expect(
      w.fetched.some((f) => f.includes(`/api/apps/access?application=OSS&person=EE48709050218&guid=${MAASIKAS}`)),
    ).toBe(true);
    // its own session cookie, for its own path, not the portal's
    expect(b.cookies.get('OSS-SESSION')?.path).toBe('/oss/');
  });

  it('keeps the session: a second page load asks CAS nothing', async () => {
    const b = w.browser();
    await b.signIn('mari');
    await b.follow(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`);
    const again = await b.get(`${w.appsOrigin}/oss/?guid=${MAASIKAS}&lang=et`);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('<html lang="et">');
    expect(again.body).toContain('Saadetiste registreerimine');
    expect(again.headers['content-security-policy']).toBe(`frame-ancestors 'self' ${w.portalOrigin}`);
  });

  it('the session cookie is HttpOnly and on the application\u2019s path', async () => {
    const b = w.browser();
    await b.signIn('mari');
    const { visited } = await b.follow(`${w.appsOrigin}/periodicals/?guid=${MAASIKAS}&lang=en`);
    // a stranger replaying the callback: not begun in that browser (and the ticket is spent)
    const callback = await w.browser().get(visited[2]);
    expect(callback.statusCode).toBe(403);
    expect(callback.body).toContain('data-testid="app-notBegun"');
    const b2 = w.browser();
    await b2.signIn('mari');
    const start = await b2.get(`${w.appsOrigin}/periodicals/?guid=${MAASIKAS}&lang=en`);
    const cas = await b2.get(String(start.headers.location));
    const back = await b2.get(String(cas.headers.location));
    const cookie = (back.cookies as { name: string; httpOnly?: boolean; path?: string; sameSite?: string }[]).find(
      (c) => c.name === 'PERIODICALS-SESSION',
    );
    expect(cookie).toMatchObject({ httpOnly: true, path: '/periodicals/', sameSite: 'Lax' });
  });

  it('without a sign-on session the gateway returns no ticket and the application shows it is signed out', async () => {
    const b = w.browser();
    const { res, visited } = await b.follow(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`);
    expect(visited).toHaveLength(3); // login → CAS (gateway) → callback without ticket
    expect(new URL(visited[2]).searchParams.has('ticket')).toBe(false);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="app-signedOut"');
    expect(res.body).toContain('You are not signed in');
    expect(b.cookie('OSS-SESSION')).toBeUndefined();
    // and the page links to the portal in the top window, not inside the frame
    expect(res.body).toContain(`href="${w.portalOrigin}/ui/" target="_top"`);
  });

  it('only its own pages are return targets after sign-on', async () => {
    const b = w.browser();
    await b.signIn('mari');
    // a sign-on begun in this browser, its service URL's `next` changed on the way to CAS
    const start = await b.get(`${w.appsOrigin}/oss/`);
    const state = new URL(new URL(String(start.headers.location)).searchParams.get('service')!).searchParams.get(
      'state',
    )!;
    const service = `${w.appsOrigin}/oss/auth/cas?${new URLSearchParams({ next: 'https://evil.example/', state }).toString()}`;
    const { url } = await b.follow(`${w.portalOrigin}/cas/login?service=${encodeURIComponent(service)}&gateway=true`);
    expect(url).toBe(`${w.appsOrigin}/oss/`);
  });
});

describe('the page for the represented party', () => {
  it('OSS lists only the represented customer\u2019s shipments', async () => {
    const b = w.browser();
    await b.signIn('mari');
    await b.follow(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`);
    const mine = (await b.get(`${w.appsOrigin}/oss/api/shipments?guid=${MAASIKAS}`)).json<{
      value: { id: string }[];
    }>();
    const poldmari = (await b.get(`${w.appsOrigin}/oss/api/shipments?guid=EPEE11000026`)).json<{
      value: { id: string }[];
    }>();
    expect(mine.value.map((s) => s.id)).toContain('CP100038145EE');
    expect(mine.value).toHaveLength(6);
    expect(poldmari.value).toHaveLength(4);
    expect(poldmari.value.some((s) => mine.value.some((m) => m.id === s.id))).toBe(false);
  });

  it('a registrar registers a shipment; it is listed and has a valid S10 number', async () => {
    const b = w.browser();
    await b.signIn('mari');
    const { res } = await b.follow(`${w.appsOrigin}/oss/login?guid=EPEE11000026&lang=en`);
    const csrf = /"csrf":"([^"]+)"/.exec(res.body)![1];
    const body = {
      service: 'PARCEL',
      recipientName: 'Kati Karu',
      street: 'Tartu mnt 14-5',
      city: 'Tallinn',
      zipCode: '10117',
      country: 'EE',
      weightKg: 1.25,
    };
    const url = `${w.appsOrigin}/oss/api/shipments?guid=EPEE11000026`;
    expect((await b.request('POST', url, { json: body })).statusCode).toBe(403); // no token, no change
    const bad = await b.request('POST', url, {
      json: { ...body, zipCode: '', weightKg: 99 },
      headers: { 'x-csrf-token': csrf },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'BAD_INPUT', fields: { zipCode: 'required', weightKg: 'badWeight' } });
    const created = await b.request('POST', url, { json: body, headers: { 'x-csrf-token': csrf } });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ value: { id: string; weightGrams: number } }>().value.id;
    expect(id).toMatch(/^CP\d{9}EE$/);
    const list = (await b.get(url)).json<{ value: { id: string; weightGrams: number }[] }>();
    expect(list.value[0]).toMatchObject({ id, weightGrams: 1250 });
  });

  it('a viewer (role 103) may not register', async () => {
    const b = w.browser();
    await b.signIn('kristi');
    const { res } = await b.follow(`${w.appsOrigin}/oss/login?guid=${MAASIKAS}&lang=en`);
    expect(res.body).toContain('"canRegister":false');
    const csrf = /"csrf":"([^"]+)"/.exec(res.body)![1];
    const posted = await b.request('POST', `${w.appsOrigin}/oss/api/shipments?guid=${MAASIKAS}`, {
      json: {
        service: 'PARCEL',
        recipientName: 'A',
        street: 'B',
        city: 'C',
        zipCode: '10117',
        country: 'EE',
        weightKg: 1,
      },
      headers: { 'x-csrf-token': csrf },
    });
    expect(posted.statusCode).toBe(403);
  });

  it('anna (NO_REPRESENTEE) opens OSS for herself', async () => {
    const b = w.browser();
    await b.signIn('anna');
    const { res } = await b.follow(`${w.appsOrigin}/oss/login?guid=EE49506205717&isPerson=1&lang=ru`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="app-party">Anna Ivanova<');
    expect(res.body).toContain('<html lang="ru">');
  });

  it('periodicals shows the subscriptions, translated by the frame URL\u2019s lang', async () => {
    const b = w.browser();
    await b.signIn('mari');
    const { res } = await b.follow(`${w.appsOrigin}/periodicals/?guid=${MAASIKAS}&lang=lv&timestamp=1`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="lv">');
    expect(res.body).toContain('Abonementi');
    expect(res.body).toContain('Ärileht');
    expect(res.body).toContain('data-testid="app-role" data-role>Periodikas pārvaldnieks<');
  });

  it('invoicing management shows liga the invoices of SIA Bērzi', async () => {
    const b = w.browser();
    await b.signIn('liga');
    const { res } = await b.follow(`${w.appsOrigin}/finance/?guid=LVLV40003012345&lang=lv`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="finance-invoices"');
    expect(res.body).toContain('data-testid="app-party">SIA Bērzi<');
  });

  it('a customer without a finance package is told so', async () => {
    // mari as main administrator of Põldmari AS, which has no finance package: she holds invoicing management by her
    // role, and the application says there is none
    await w.db
      .insertInto('rights')
      .values({
        person_fgid: 'EE48709050218',
        represented_gid: 'EPEE11000026',
        application: 'AXAPTA',
        role_id: 900,
        begin_date: null,
        end_date: null,
        not_active: 0,
      })
      .execute();
    const b = w.browser();
    await b.signIn('mari');
    const { res } = await b.follow(`${w.appsOrigin}/finance/?guid=EPEE11000026&lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="finance-no-package"');
    expect(res.body).not.toContain('finance-invoices');
  });

  it('a right in another application opens no invoices (spec 2 §8: finance has rights of its own)', async () => {
    const b = w.browser();
    await b.signIn('mari'); // a shipment-registration role in Põldmari AS only
    const { res } = await b.follow(`${w.appsOrigin}/finance/?guid=EPEE11000026&lang=en`);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('data-testid="app-denied"');
  });
});
