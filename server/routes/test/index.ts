/**
 * /api/test/* (spec 2 §7, §2 "Developer and test pages": /test/show), staff only, 404 in live run mode.
 *   POST test/digidoc/digest { certHex }     → { digest (base64 SHA-256), hashFunction }   ID-card test, step 1
 *   POST test/digidoc/finalize { value }     → { ok, filename }   ok false: the signature or certificate failed
 *   GET  test/digidoc/download               the signed test document (after an ok finalize)
 *   POST test/execLdap                       → { value: { fgid, savedAt } }  writes the caller's directory entry
 *   POST test/enterprise { value }           → { value: [{ name, code }] }   business register search
 *   GET  test/enterprise/{code}              → { value: company | null }
 *   GET  test/enterprise/vat/{code}          → { value: VAT number | null }  (the portal's customer data)
 *   GET  test/enterprise/rating/{code}       → { value: credit rating | null }
 *   POST test/is-board-member { companyCode, personCode } → { value: boolean }
 *   GET  test/roles, GET test/userRoles      → { value: [...] } all roles; the users' roles (spec 2 §3)
 * The register is asked over HTTP (REGISTRY_URL), like customer-add does.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import {
  BoardMemberBody,
  DigidocDigestBody,
  DigidocFinalizeBody,
  EnterpriseFindBody,
} from '../../../domain/dev-pages/contract.js';
import { signingServices } from '../../clients/index.js';
import { isBoardMember, personOfCode, RegistryCompany, RegistryError } from '../../clients/registry.js';
import { ServiceUnreachableError } from '../../clients/service-http.js';
import { HttpError, notFound, parseOrThrow } from '../../lib/errors.js';
import { issuedByTrusted, parseCert, trustAnchors, verifyData } from '../sign/certificates.js';
import { requireStaff } from '../deployment/dev-access.js';
import { requirePrivilege } from '../../lib/session.js';

interface PendingTest {
  certDer: Buffer;
  document: Buffer;
  signature: Buffer | null;
  filename: string | null;
}

// a registry code is digits: anything else is bad input (400), never passed on to the register to fail there (502)
export const CODE = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, 'must be a registry code (digits) such as 11000015'),
});

/** GET test/enterprise/{code}: the business register's company as the register client reads it, null when unknown */
export const EnterpriseCompanyAnswer = z.object({ value: RegistryCompany.nullable() });

export const testRoutes: FastifyPluginCallback = (app, _opts, done) => {
  const { db, clock, env } = app.deps;
  /** one signature test per portal session, kept in memory (a developer tool, not a contract) */
  const pending = new Map<string, PendingTest>();

  async function register<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof RegistryError || err instanceof ServiceUnreachableError)
        throw new HttpError(502, 'SERVICE_FAILED', `The business register failed: ${err.message}`);
      throw err;
    }
  }

  app.post('/digidoc/digest', async (req) => {
    const session = await requireStaff(req);
    const { certHex } = parseOrThrow(DigidocDigestBody, req.body);
    const parsed = parseCert(Buffer.from(certHex, 'hex'));
    if (!parsed)
      throw new HttpError(400, 'BAD_INPUT', 'certHex: is not a certificate', { certHex: 'is not a certificate' });
    const at = clock.now();
    const document = Buffer.from(
      [
        'EPIT signature test',
        `signer: ${parsed.info.commonName}`,
        `requested by: ${session.fgid}`,
        `time: ${at.toISOString()}`,
        '',
      ].join('\n'),
      'utf8',
    );
    pending.set(session.id, { certDer: parsed.der, document, signature: null, filename: null });
    return { digest: createHash('sha256').update(document).digest('base64'), hashFunction: 'SHA-256' as const };
  });

  app.post('/digidoc/finalize', async (req) => {
    const session = await requireStaff(req);
    const { value } = parseOrThrow(DigidocFinalizeBody, req.body);
    const p = pending.get(session.id);
    if (!p) throw new HttpError(409, 'NO_DIGEST', 'Ask for a digest first.');
    const signature = Buffer.from(value.replace(/\s+/g, ''), 'base64');
    const parsed = parseCert(p.certDer);
    const now = clock.now();
    const ok =
      parsed !== null &&
      verifyData(p.certDer, p.document, signature) &&
      parsed.info.notBefore <= now &&
      now <= parsed.info.notAfter &&
      issuedByTrusted(parsed.cert, trustAnchors(env.signing.trustDir), now);
    const filename = ok ? `signature-test-${now.toISOString().replace(/[:.]/g, '-')}.txt` : null;
    pending.set(session.id, { ...p, signature: ok ? signature : null, filename });
    return { ok, filename };
  });

  app.get('/digidoc/download', async (req, reply) => {
    const session = await requireStaff(req);
    const p = pending.get(session.id);
    if (!p?.signature || !p.filename) throw notFound('No signed test document: sign one first.');
    const body = [
      p.document.toString('utf8'),
      '-----BEGIN CERTIFICATE-----',
      p.certDer.toString('base64').replace(/(.{64})/g, '$1\n'),
      '-----END CERTIFICATE-----',
      `signature (SHA-256, base64): ${p.signature.toString('base64')}`,
      '',
    ].join('\n');
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="${p.filename}"`)
      .type('text/plain; charset=utf-8')
      .send(body);
  });

  app.post('/execLdap', async (req) => {
    const session = await requireStaff(req);
    // the reference backend's directory is the portal database: the entry is the person's row, stamped as saved
    const savedAt = clock.now().toISOString();
    const key = `ldap.saved.${session.fgid}`;
    await db.deleteFrom('meta').where('key', '=', key).execute();
    await db.insertInto('meta').values({ key, value: savedAt }).execute();
    return { value: { fgid: session.fgid, savedAt } };
  });

  app.post('/enterprise', async (req) => {
    await requireStaff(req);
    const { value } = parseOrThrow(EnterpriseFindBody, req.body);
    return { value: await register(() => signingServices(app.deps).registry.find(value)) };
  });

  app.get('/enterprise/vat/:code', async (req) => {
    await requireStaff(req);
    const { code } = parseOrThrow(CODE, req.params, 'code');
    const c = await db.selectFrom('customers').select('vat_nr').where('reg_code', '=', code).executeTakeFirst();
    return { value: c?.vat_nr ?? null };
  });

  app.get('/enterprise/rating/:code', async (req) => {
    await requireStaff(req);
    const { code } = parseOrThrow(CODE, req.params, 'code');
    const c = await register(() => signingServices(app.deps).registry.company(code));
    return { value: c?.creditRating ?? null };
  });

  app.get('/enterprise/:code', async (req) => {
    await requireStaff(req);
    const { code } = parseOrThrow(CODE, req.params, 'code');
    return { value: await register(() => signingServices(app.deps).registry.company(code)) };
  });

  app.post('/is-board-member', async (req) => {
    await requireStaff(req);
    const { companyCode, personCode } = parseOrThrow(BoardMemberBody, req.body);
    // a code without its country is read in the company's country, as the register lists its own people
    const company = await register(() => signingServices(app.deps).registry.company(companyCode));
    return { value: company ? isBoardMember(company, personOfCode(personCode, company.country)) : false };
  });

  app.get('/roles', async (req) => {
    await requireStaff(req);
    const rows = await db
      .selectFrom('roles')
      .select(['id', 'application', 'names'])
      .orderBy('application')
      .orderBy('id')
      .execute();
    const seen = new Set<string>();
    const value = rows
      .filter((r) => !seen.has(`${r.application}:${r.id}`) && seen.add(`${r.application}:${r.id}`))
      .map((r) => ({ id: r.id, application: r.application, names: JSON.parse(r.names) as Record<string, string> }));
    return { value };
  });

  // every person's rights: the same privilege as the customer and user search, not merely a staff login
  app.get('/userRoles', async (req) => {
    requirePrivilege(await requireStaff(req), 'EDIT_ANY_CUSTOMER', 'EDIT_ANY_USER');
    const rows = await db
      .selectFrom('rights')
      .innerJoin('persons', 'persons.fgid', 'rights.person_fgid')
      .leftJoin('customers', 'customers.jgid', 'rights.represented_gid')
      .select([
        'rights.represented_gid',
        'rights.role_id',
        'customers.name as customer_name',
        'persons.fgid',
        'persons.first_name',
        'persons.last_name',
      ])
      .where('rights.role_id', 'is not', null)
      .orderBy('persons.last_name')
      .orderBy('rights.represented_gid')
      .execute();
    return {
      value: rows.map((r) => ({
        name: r.customer_name ?? r.represented_gid,
        customerId: r.represented_gid,
        firstName: r.first_name,
        lastName: r.last_name,
        userId: r.fgid,
        roleId: r.role_id,
      })),
    };
  });
  done();
};
