/**
 * customer-add/* (spec 1 §4 customer-add steps 1–6, §7), under /api/customer-add.
 *
 *   GET  customer-add/find?term=           → [{ name, code }]   register: name contains term (case-insensitive) or code starts with it
 *   GET  customer-add/get/{jgid|regCode}   → CustomerAddGet     value CONTRACT_STOPPED when the customer's contract is stopped
 *   POST customer-add/create-rights        { customerId, customerName, email } → { value: SUCCESS | end status }
 *   POST customer-add/create-customer      { value: regCode } → { value: 'SUCCESS' }   needs ADD_ANY_CUSTOMER
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { CreateCustomerBody, type CustomerAddGet } from '../../../domain/contract.js';
import { CreateRightsRules } from '../../../domain/customer-add/rules.js';
import { bool } from '../../db/index.js';
import { notFound, parseOrThrow } from '../../lib/errors.js';
import { requirePrivilege, requireSession } from '../../lib/session.js';
import { signingServices } from '../../clients/index.js';
import { isBoardMember } from '../../clients/registry.js';
import { audit } from '../../audit/audit.js';
import {
  customerByJgid,
  customerByRegCode,
  grantMainAdmin,
  mainAdministrators,
  upsertCustomerFromRegistry,
} from './customers.js';

// no NUL: no company name holds one, and PostgreSQL text cannot (a 500 there)
export const FindQuery = z.object({
  term: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((s) => !s.includes('\0'), 'must not contain a NUL character'),
});
export const GidParam = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{0,4}\d{1,20}$/, 'must be a jgid (EPEE11000109) or a registry code'),
});

export const customerAddRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const deps = () => app.deps;
  // the business register is an outside service: reached over HTTP (REGISTRY_URL), never in-process
  const registry = () => signingServices(app.deps).registry;

  app.get('/find', async (req) => {
    await requireSession(req);
    const { term } = parseOrThrow(FindQuery, req.query, 'term');
    return registry().find(term);
  });

  app.get('/get/:id', async (req): Promise<CustomerAddGet> => {
    const session = await requireSession(req);
    const { id } = parseOrThrow(GidParam, req.params, 'id');
    const { db, clock } = deps();
    const byJgid = /^\d+$/.test(id) ? undefined : await customerByJgid(db, id.toUpperCase());
    const regCode = byJgid?.reg_code ?? (/^\d+$/.test(id) ? id : null);
    if (!regCode) throw notFound(`No customer or company ${id}.`);
    const customer = byJgid ?? (await customerByRegCode(db, regCode));
    const company = await registry().company(regCode);
    if (!customer && !company) throw notFound(`No company with registry code ${regCode} in the business register.`);
    const address =
      company?.address ??
      (customer?.legal_padre_full_name || customer?.legal_street
        ? {
            padreFullName: customer.legal_padre_full_name,
            street: customer.legal_street,
            zipCode: customer.legal_zip_code,
            city: customer.legal_city,
          }
        : null);
    return {
      id: customer?.jgid ?? null,
      name: company?.name ?? customer!.name,
      regCode,
      address: address
        ? { padreFullName: address.padreFullName, street: address.street, zipCode: address.zipCode, city: address.city }
        : null,
      hasContract: customer ? bool(customer.has_contract) : false,
      // only whether the caller is one: other people's personal codes never leave the server
      isMainAdministrator: customer
        ? (await mainAdministrators(db, clock, customer.jgid)).includes(session.fgid)
        : false,
      value: customer && bool(customer.contract_stopped) ? 'CONTRACT_STOPPED' : null,
    };
  });

  // Step 4: the contract exists and the caller is not a main administrator yet.
  app.post('/create-rights', async (req) => {
    const session = await requireSession(req);
    const body = parseOrThrow(CreateRightsRules, req.body);
    const { db, clock } = deps();
    const customer = (await customerByJgid(db, body.customerId)) ?? (await customerByRegCode(db, body.customerId));
    if (!customer) throw notFound(`customerId: no customer ${body.customerId}`);
    if (bool(customer.contract_stopped)) return { value: 'CONTRACT_STOPPED' };
    if (!bool(customer.has_contract)) return { value: 'GENERIC_ERROR' }; // no contract: the person must sign one
    const company = await registry().company(customer.reg_code);
    const member = company
      ? isBoardMember(company, session.person)
      : (await db
          .selectFrom('customer_board_members')
          .select('jgid')
          .where('jgid', '=', customer.jgid)
          .where('country', '=', session.person.country.toUpperCase())
          .where('personal_code', '=', session.person.personal_code)
          .executeTakeFirst()) !== undefined;
    if (!member) return { value: 'NOT_A_BOARD_MEMBER' };
    if (company && !company.active) return { value: 'ENTERPRISE_NOT_ACTIVE' };
    await db.transaction().execute(async (trx) => {
      await grantMainAdmin(trx, clock, session.fgid, customer.jgid);
      await audit(req, 'rights.save', {
        db: trx,
        subject: customer.jgid,
        detail: { via: 'customer-add/create-rights' },
      });
      // the e-mail typed here only fills a customer that has none: the condition is in the UPDATE itself, so an
      // e-mail someone saved after the read above (the customer data form) is never replaced; a filled one raises
      // the customer's version (server/lib/versions.ts), so a data form open on the old one answers 412 and merges
      if (!customer.email)
        await trx
          .updateTable('customers')
          .set((eb) => ({ email: body.email, version: eb('version', '+', 1) }))
          .where('jgid', '=', customer.jgid)
          .where((eb) => eb.or([eb('email', 'is', null), eb('email', '=', '')]))
          .execute();
    });
    return { value: 'SUCCESS' };
  });

  // Step 6: staff with ADD_ANY_CUSTOMER add a company, or completely update it from the register.
  app.post('/create-customer', async (req) => {
    const session = await requireSession(req);
    const { value: regCode } = parseOrThrow(CreateCustomerBody, req.body);
    requirePrivilege(session, 'ADD_ANY_CUSTOMER');
    const { db, clock } = deps();
    const company = await registry().company(regCode);
    if (!company) throw notFound(`value: no company with registry code ${regCode} in the business register`);
    // several tables change (customer, board, search index): all or nothing
    await db.transaction().execute(async (trx) => {
      const jgid = await upsertCustomerFromRegistry(trx, clock, company, { contract: true });
      await audit(req, 'customer.add', { db: trx, subject: jgid, detail: { regCode } });
    });
    return { value: 'SUCCESS' };
  });
  done();
};
