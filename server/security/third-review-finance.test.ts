/**
 * The third security review, invoicing management: a company's invoices open only for the finance right itself (a
 * FINANCE role valid today, or the customer's main administrator by their role), never for a right in another
 * application (spec 2 §8 "Subscribe first to billing services and then set the permissions", §6 main administrator).
 * Each test failed on the code before the fix.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { UserContext } from '../../domain/contract.js';
import { EnterpriseUsersAnswer, type SaveCommand } from '../../domain/represented-settings/contract.js';
import { makeAppsWorld, type AppsWorld, type Browser } from '../apps/test-kit.js';
import { bearer } from '../lib/apps-protocol.js';
import { up as addFinanceRole } from '../db/migrations/0340_finance_role.js';

let w: AppsWorld | null = null;
afterEach(async () => {
  await w?.close();
  w = null;
});

const MAASIKAS = 'EPEE11000015'; // finance package; mari is its main administrator, jaan a shipment viewer
const POLDMARI = 'EPEE11000026'; // no finance package; mari holds a shipment-registration role there
const JAAN = 'EE37503124229';
const MARI = 'EE48709050218';

/** The access check invoicing management asks of the portal for `person` and `guid`. */
async function accessOf(world: AppsWorld, person: string, guid: string) {
  const res = await world.portal.inject({
    url: `/api/apps/access?application=FINANCE&person=${person}&guid=${guid}`,
    headers: { authorization: bearer(world.env.apps.secret) },
  });
  return res.json<{ value: { allowed: boolean; reason?: string } }>().value;
}

/** The finance application's page for `guid`: its status and whether it lists invoices with amounts. */
async function invoicesOf(world: AppsWorld, b: Browser, guid: string) {
  const { res } = await b.follow(`${world.appsOrigin}/finance/?guid=${guid}&lang=en`);
  return { status: res.statusCode, invoices: /data-testid="finance-invoices"|INV-|€/.test(res.body) };
}

/** mari's save in Maasikas OÜ's rights modal: jaan's invoicing management role (121) or none. */
function jaansFinance(roleId: number | null): SaveCommand {
  return {
    userId: JAAN,
    userCode: JAAN.slice(2),
    country: 'EE',
    domain: 'EE',
    firstName: 'Jaan',
    lastName: 'Tamm',
    customerId: MAASIKAS,
    admin: false,
    email: 'jaan.tamm@example.ee',
    roles: {
      FINANCE:
        roleId === null
          ? { validity: 'UNLIMITED', categoryId: null, roleId: null, begin: null, end: null }
          : { validity: 'UNLIMITED', categoryId: 'ACCOUNTING', roleId, begin: null, end: null },
    },
  };
}

const post = (b: Browser, world: AppsWorld, path: string, json: unknown) =>
  b.request('POST', `${world.portalOrigin}${path}`, { json, xsrf: true });

describe('low: any right valid today opens a company’s invoices', { timeout: 60_000 }, () => {
  it('a person holding only a shipment-registration viewer role reads no invoices, and the portal offers none', async () => {
    w = await makeAppsWorld();
    const jaan = w.browser();
    await jaan.signIn('jaan');
    const page = await invoicesOf(w, jaan, MAASIKAS);
    expect(page.status, 'the finance page for a shipment viewer').toBe(403);
    expect(page.invoices).toBe(false);
    expect(await accessOf(w, JAAN, MAASIKAS)).toEqual({ allowed: false, reason: 'illegal.represented' });
    // the portal's FINANCE entry asks the finance status first: refused on the server too
    const status = await jaan.get(`${w.portalOrigin}/api/apps/finance/status?customerId=${MAASIKAS}`);
    expect(status.statusCode).toBe(403);
    // kristi (staff) holds only a shipment viewer role anywhere: invoicing management is not among her applications
    const kristi = w.browser();
    await kristi.signIn('kristi');
    const ctx = UserContext.parse((await kristi.get(`${w.portalOrigin}/api/context/getUserContext`)).json());
    expect(ctx.externalApps.map((a) => a.service)).not.toContain('FINANCE');
  });

  it('a main administrator reads them by their role (control)', async () => {
    w = await makeAppsWorld();
    const mari = w.browser();
    await mari.signIn('mari');
    expect(await accessOf(w, MARI, MAASIKAS)).toMatchObject({ allowed: true });
    expect(await invoicesOf(w, mari, MAASIKAS)).toEqual({ status: 200, invoices: true });
  });

  it('the main administrator grants FINANCE through the rights save, and withdrawing it closes the invoices again', async () => {
    w = await makeAppsWorld();
    const mari = w.browser();
    await mari.signIn('mari');
    const granted = await post(mari, w, '/api/user/role/edit', jaansFinance(121));
    expect(granted.statusCode, `the grant: ${granted.body}`).toBe(200);
    expect(granted.json()).toEqual({ value: [] });
    // the rights list's FINANCE column: the customer's users of invoicing management
    const list = await mari.get(`${w.portalOrigin}/api/enterprise/users/clientapp/FINANCE/${MAASIKAS}`);
    expect(list.statusCode, 'the FINANCE column of the rights list').toBe(200);
    const after = EnterpriseUsersAnswer.parse(list.json());
    expect(after.result).toBeNull();
    expect(after.list).toEqual([expect.objectContaining({ userId: JAAN, roleId: 121, application: 'FINANCE' })]);

    const jaan = w.browser();
    await jaan.signIn('jaan');
    expect(await accessOf(w, JAAN, MAASIKAS)).toMatchObject({ allowed: true, roleId: 121 });
    expect(await invoicesOf(w, jaan, MAASIKAS)).toEqual({ status: 200, invoices: true });

    // the main administrator can withhold them: the role ends yesterday and the invoices close
    const withdrawn = await post(mari, w, '/api/user/role/edit', jaansFinance(null));
    expect(withdrawn.statusCode).toBe(200);
    expect(await accessOf(w, JAAN, MAASIKAS)).toEqual({ allowed: false, reason: 'illegal.represented' });
    expect((await invoicesOf(w, jaan, MAASIKAS)).status).toBe(403);
  });

  it('a customer without a finance package cannot be granted FINANCE (400), and its column says so', async () => {
    w = await makeAppsWorld();
    const kristi = w.browser();
    await kristi.signIn('kristi'); // EDIT_ANY_CUSTOMER manages every customer's rights
    const res = await post(kristi, w, '/api/user/role/edit', {
      ...jaansFinance(121),
      userId: MARI,
      userCode: MARI.slice(2),
      firstName: 'Mari',
      lastName: 'Maasikas',
      email: 'mari.maasikas@example.ee',
      customerId: POLDMARI,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields?: Record<string, string> }>().fields).toEqual({
      'roles.FINANCE.roleId': 'The customer has no FINANCE package',
    });
    const rights = await w.db
      .selectFrom('rights')
      .select('person_fgid')
      .where('represented_gid', '=', POLDMARI)
      .where('application', '=', 'FINANCE')
      .execute();
    expect(rights).toEqual([]);
    const list = await kristi.get(`${w.portalOrigin}/api/enterprise/users/clientapp/FINANCE/${POLDMARI}`);
    expect(list.statusCode).toBe(200);
    expect(EnterpriseUsersAnswer.parse(list.json()).result).toBe('PACKET_NOT_FOUND');
  });

  it('a database seeded before gets the role to grant, once per company', async () => {
    w = await makeAppsWorld();
    const financeRoles = () =>
      w!.db
        .selectFrom('roles')
        .select(['id', 'ep_company_id', 'packet_id', 'category'])
        .where('application', '=', 'FINANCE')
        .orderBy('ep_company_id')
        .execute();
    const seeded = await financeRoles();
    await w.db.deleteFrom('roles').where('application', '=', 'FINANCE').execute();
    await addFinanceRole(w.db);
    await addFinanceRole(w.db);
    expect(await financeRoles()).toEqual(seeded);
    expect(seeded.map((r) => r.ep_company_id)).toEqual(['EP', 'LV', 'UB']);
  });
});
