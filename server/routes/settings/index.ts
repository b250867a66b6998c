/**
 * Business customer settings and rights management (spec 2 §7), the server side. Shapes are the ones of
 * domain/represented-settings/contract.ts; dates on the wire DD.MM.YYYY; every failure is a ServiceError.
 * Who: a main administrator of the customer (active AXAPTA right) or staff with EDIT_ANY_CUSTOMER, else
 * 403 FORBIDDEN (also for an unknown customer; staff get 404 NOT_FOUND). No session: 401. POSTs need X-XSRF-TOKEN.
 *
 * POST /api/settings/get                    body { value: customerId }
 *   → RepresentedCustomer (id, gid, name, regCode, country, permissionNoCheckPersonalCode, email, phone, homepage,
 *     eShop, vatNrExists, vatNr, addressLegal, addressContact {padreId, padreFullName, street, zipCode, city,
 *     country} | null, addressContactManaged, creditLimit, custmanager*, epCompanyId, isPerson)
 *   errors: 400 BAD_INPUT, 403, 404, 503 AXAPTA_DEAD (the accounting system gates settings, spec 2 §6)
 *   header ETag: the customer data's version (server/lib/versions.ts)
 * POST /api/settings                        body SettingsSaveBody → RepresentedCustomer as stored, with its new ETag
 *   If-Match: the ETag the form was based on; a stale one → 412 CHANGED_MEANWHILE (error.changedMeanwhile), nothing
 *   changes; none: saved whatever the version (RFC 9110 §13.1.1)
 *   rules (spec 2 §5, SettingsSaveRules: the form's own): name required ≤140; phone required ≤20, phone format; email required ≤80, e-mail format;
 *   homepage/eShop ≤255, web address ('Invalid format of webpage address'); vatNr present (flag set) → required ≤20,
 *   absent/null → the VAT number is removed; addressLegal absent → unchanged, present → needs a full name, street
 *   or city; addressContact absent → unchanged, null → removed, ignored while addressContactManaged. An address
 *   with a padreId is stored as the address register has it (asked over HTTP), an id it does not know is refused
 *   ('<field>.padreId': 'Address incorrect'); EE customer: an address without padreId gets its padreFullName blanked. permissionNoCheckPersonalCode different from the
 *   stored one without EDIT_ANY_CUSTOMER → 403 FORBIDDEN.
 *   errors: 400 BAD_INPUT { fields: { name: 'Name is mandatory', homepage: 'Invalid format of webpage address' } },
 *   403, 404, 503 AXAPTA_DEAD
 * GET /api/settings/userProfileCode/{customerId} → { userProfileCode: 'OLD' | 'NEW' }
 *   who: anyone with a right (any application, ended ones too) in the customer, or EDIT_ANY_CUSTOMER; else 403
 * GET /api/enterprise/users/administrators/{customerId} → Admin[] { userId, firstName, lastName, email } of the
 *   main administrators (active AXAPTA rights), sorted by last name
 * GET /api/enterprise/users/clientapp/{OSS|PERIODICALS}/{customerId}
 *   → { list: EnterpriseUserRole[] (one per person with a right in that application, ended and notActive ones
 *       included, the current one when there are several; in user id order, the portal sorts by name; userId,
 *       email, roleId, application, begin, end, notActive, firstName, lastName), packetId: the customer's packet
 *       or null, result: null | 'PACKET_NOT_FOUND' }
 *   errors: 400 (other application), 403, 404, 503 `<APP>_DEAD` while the console marks the application dead
 *   (show the service-disrupted placeholder). Timing for a customer with 10,000 users: bench/rights.ts
 * POST /api/user/role/add, POST /api/user/role/edit   body SaveCommand → { value: failed applications }
 *   who: as above for command.customerId. add: creates the person when the system does not know them (fgid =
 *   country + code, names, e-mail, domain, language); edit: 404 when the person is unknown.
 *   checks (400 BAD_INPUT, field names as in the body): userCode per country ('National identification number must
 *   be valid in the chosen country'; ZZ only when the customer has permissionNoCheckPersonalCode), userId =
 *   country + code, firstName/lastName required ≤25, email required ≤80; roles.<APP>.roleId must exist for that
 *   application, the customer's packet and company (and the category when given), and the customer needs a
 *   package for that application; LIMITED needs real begin and end dates, begin ≤ end (roles.<APP>.end: 'From date
 *   must be before end date'); only OSS and PERIODICALS.
 *   admin: true grants an AXAPTA right from today; false ends an active one yesterday. Clearing one's own
 *   administrator flag → 403 FORBIDDEN OWN_ADMIN ('You cannot remove your own administrator rights.').
 *   With admin true the per-application roles are not changed (a main administrator has all rights, spec 2 §6).
 *   Each application is its own transaction; one that fails (dead, or the console's "role save fails" switch) is
 *   named in value and the others still land. roleId null: the right ends yesterday (not active from today);
 *   roleId set: the person's right in that application is replaced by the new role and validity (UNLIMITED: from
 *   begin, today when null, without end).
 * GET /api/user/{gid} → UserLookup { id, firstName, lastName, userId } (id and userId = gid);
 *   404 NOT_FOUND when the system does not know the person; 403 unless the caller is a main administrator of some
 *   customer or holds EDIT_ANY_CUSTOMER; 400 for a malformed gid
 * GET /api/roles-and-packets/clientapp/{OSS|PERIODICALS} → RoleTree (packets → categories → roles with id,
 *   category, packetId, epCompanyId); the client adds the empty "no rights" entry and filters by packet and company.
 * Simulator: POST /sim/api/rights/save-failure/{OSS|PERIODICALS} body { fail: boolean } (server/sim/console/rights.ts),
 *   GET /sim/api/rights/save-failure → { value: { OSS, PERIODICALS } }; the console section "Rights management".
 * Demo: a person added here signs on at the sign-on page's "Sign on by personal code (demo)" form (field
 *   demoPersonalCode = country + code, e.g. EE39001010000), server/cas/code-login.ts; before the save they cannot.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { SettingsGetBody } from '../../../domain/represented-settings/contract.js';
import { SettingsSaveRules } from '../../../domain/represented-settings/rules.js';
import { requireAlive } from '../../lib/application-status.js';
import { forbidden, notFound, parseOrThrow } from '../../lib/errors.js';
import { hasPrivilege, requireSession } from '../../lib/session.js';
import { ifMatchOf, setETag } from '../../lib/versions.js';
import { findCustomer, requireCustomerManager } from './access.js';
import { saveCustomerSettings, toRepresentedCustomer } from './customer.js';
import { CUSTOMER_LABELS } from './rules.js';

export const CustomerIdParam = z.object({ customerId: z.string().min(1).max(40) });

export const settingsRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db } = app.deps;

  app.post('/get', async (req, reply) => {
    const { value } = parseOrThrow(SettingsGetBody, req.body);
    const { customer } = await requireCustomerManager(req, value);
    await requireAlive(db, 'AXAPTA');
    setETag(reply, customer.version);
    return toRepresentedCustomer(customer);
  });

  app.post('/', async (req, reply) => {
    const body = parseOrThrow(SettingsSaveRules, req.body, 'body', CUSTOMER_LABELS);
    const { customer, staff } = await requireCustomerManager(req, body.id);
    await requireAlive(db, 'AXAPTA');
    if (!staff && body.permissionNoCheckPersonalCode !== (customer.permission_no_check_personal_code === 1))
      throw forbidden('Only a customer manager with EDIT_ANY_CUSTOMER may change the personal-code check.');
    const saved = await saveCustomerSettings(app.deps, customer, body, ifMatchOf(req));
    setETag(reply, saved.version);
    return toRepresentedCustomer(saved);
  });

  app.get('/userProfileCode/:customerId', async (req) => {
    const session = await requireSession(req);
    const { customerId } = parseOrThrow(CustomerIdParam, req.params, 'customerId');
    const customer = await findCustomer(db, customerId);
    const staff = hasPrivilege(session, 'EDIT_ANY_CUSTOMER');
    const holder =
      customer &&
      (await db
        .selectFrom('rights')
        .select('id')
        .where('person_fgid', '=', session.fgid)
        .where('represented_gid', '=', customerId)
        .limit(1)
        .executeTakeFirst());
    if (!staff && !holder) throw forbidden();
    if (!customer) throw notFound(`No customer ${customerId}.`);
    return { userProfileCode: customer.user_profile_code || 'OLD' };
  });

  done();
};
