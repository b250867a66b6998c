import { afterEach, describe, expect, it } from 'vitest';
import { Preference, UserContext, type ServiceError } from '../../../domain/contract.js';
import { makeTestApp, type Client, type TestApp } from '../../test/helpers.js';

const JAAN = 'EE37503124229';
const KASE_TRUKK = 'EPEE11000055';
const TAMME = 'EPEE11000049';

let t: TestApp;
afterEach(() => t?.close());

const save = (c: Client, representedId: string, serviceUrl: string, fgid = JAAN) =>
  c.post(`/api/user-settings/preferences/${fgid}`, { representedId, serviceUrl });
const stored = () =>
  t.db
    .selectFrom('persons')
    .select(['pref_represented', 'pref_service', 'pref_service_url'])
    .where('fgid', '=', JAAN)
    .executeTakeFirstOrThrow();

describe('user-settings/preferences/{userId}', () => {
  it('shows jaan his start-up preference and saves logistics for Kase Trükk OÜ; his next login has it', async () => {
    t = await makeTestApp();
    const jaan = await t.login('jaan');
    expect(Preference.parse((await jaan.get(`/api/user-settings/preferences/${JAAN}`)).json())).toEqual({
      representedId: TAMME,
      serviceUrl: '/ui/business/ee/et/LOGISTICS',
    });
    const res = await save(jaan, KASE_TRUKK, '/ui/business/ee/et/LOGISTICS');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ representedId: KASE_TRUKK, serviceUrl: '/ui/business/ee/et/LOGISTICS' });
    expect(await stored()).toEqual({
      pref_represented: KASE_TRUKK,
      pref_service: 'LOGISTICS',
      pref_service_url: '/ui/business/ee/et/LOGISTICS',
    });
    const again = await t.login('jaan');
    const ctx = UserContext.parse((await again.get('/api/context/getUserContext')).json());
    expect(ctx.preference).toEqual({ representedId: KASE_TRUKK, serviceUrl: '/ui/business/ee/et/LOGISTICS' });
    expect(ctx.epitPrincipal?.userPreference).toEqual(ctx.preference);
  });

  it('takes the package-private service with a private party, and no preference at all', async () => {
    t = await makeTestApp();
    const jaan = await t.login('jaan');
    const urls = (await jaan.get('/api/user-settings/service-urls')).json<{ value: Record<string, string> }>().value;
    expect((await save(jaan, 'NOPREFERENCE', urls.LV)).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ pref_service: 'PACKAGE-PRIVATE', pref_service_url: urls.LV });
    expect((await save(jaan, JAAN, urls.EE)).statusCode).toBe(200);
    expect((await save(jaan, 'NOPREFERENCE', 'NOPREFERENCE')).statusCode).toBe(200);
    expect(await stored()).toEqual({
      pref_represented: 'NOPREFERENCE',
      pref_service: 'NOPREFERENCE',
      pref_service_url: 'NOPREFERENCE',
    });
    expect((await save(jaan, JAAN, '/ui/private/ee/en/LOGISTICS')).statusCode).toBe(200);
  });

  it('takes invoicing management (FINANCE) for a business party whose right holds it, never for a person', async () => {
    t = await makeTestApp();
    const jaan = await t.login('jaan');
    // Tamme Logistika OÜ: jaan is its main administrator, who holds invoicing management by his role
    const res = await save(jaan, TAMME, '/ui/business/ee/et/FINANCE');
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toEqual({
      pref_represented: TAMME,
      pref_service: 'FINANCE',
      pref_service_url: '/ui/business/ee/et/FINANCE',
    });
    for (const [representedId, serviceUrl, field] of [
      [JAAN, '/ui/private/ee/et/FINANCE', 'representedId'], // his own private entry: invoices are a business's
      ['EPEE11000084', '/ui/business/ee/et/FINANCE', 'representedId'], // Järve Ehitus OÜ: no right valid today
      [KASE_TRUKK, '/ui/business/ee/et/FINANCE', 'representedId'], // Kase Trükk OÜ: a shipment role is no finance right
      [TAMME, '/ui/private/ee/et/FINANCE', 'serviceUrl'],
    ]) {
      const refused = await save(jaan, representedId, serviceUrl);
      expect(refused.statusCode, `${representedId} ${serviceUrl}`).toBe(400);
      expect(refused.json<ServiceError>().fields, `${representedId} ${serviceUrl}`).toHaveProperty(field);
    }
    expect((await stored()).pref_service).toBe('FINANCE');
  });

  it('refuses a party not allowed for the service, a URL of no offered service, and changes nothing', async () => {
    t = await makeTestApp();
    const jaan = await t.login('jaan');
    const urls = (await jaan.get('/api/user-settings/service-urls')).json<{ value: Record<string, string> }>().value;
    const before = await stored();
    const cases: [string, string, string][] = [
      ['EPEE11000084', '/ui/business/ee/et/LOGISTICS', 'representedId'], // Järve Ehitus OÜ: his OSS role is not active
      ['EPEE11000061', '/ui/business/ee/et/LOGISTICS', 'representedId'], // Männi Meedia AS: periodicals only
      ['EPEE99999999', '/ui/business/ee/et/LOGISTICS', 'representedId'], // no right at all
      [KASE_TRUKK, urls.EE, 'representedId'], // package-private is for private persons
      [KASE_TRUKK, '/ui/private/ee/et/LOGISTICS', 'serviceUrl'], // a business party gets the business address
      [JAAN, '/ui/business/ee/et/LOGISTICS', 'serviceUrl'],
      [TAMME, 'https://elsewhere.example/ui/business/ee/et/FINANCE', 'serviceUrl'],
      [KASE_TRUKK, '/ui/business/ee/et/PERIODICS', 'serviceUrl'],
      [KASE_TRUKK, 'https://elsewhere.example/LOGISTICS', 'serviceUrl'],
      ['', '', 'representedId'],
    ];
    for (const [representedId, serviceUrl, field] of cases) {
      const res = await save(jaan, representedId, serviceUrl);
      expect(res.statusCode, `${representedId} ${serviceUrl}`).toBe(400);
      expect(res.json<ServiceError>().fields, `${representedId} ${serviceUrl}`).toHaveProperty(field);
    }
    expect(await stored()).toEqual(before);
  });

  it('lets staff with EDIT_ANY_USER read and set another person’s preference; nobody else', async () => {
    t = await makeTestApp();
    const kristi = await t.login('kristi');
    expect((await kristi.get(`/api/user-settings/preferences/${JAAN}`)).json()).toMatchObject({ representedId: TAMME });
    expect((await save(kristi, KASE_TRUKK, '/ui/business/ee/et/LOGISTICS')).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ pref_represented: KASE_TRUKK });
    const mari = await t.login('mari');
    expect((await mari.get(`/api/user-settings/preferences/${JAAN}`)).statusCode).toBe(403);
    const res = await save(mari, 'NOPREFERENCE', 'NOPREFERENCE');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await stored()).toMatchObject({ pref_represented: KASE_TRUKK });
    // a person without any preference yet
    expect((await mari.get('/api/user-settings/preferences/EE48709050218')).json()).toEqual({
      representedId: null,
      serviceUrl: null,
    });
  });
});
